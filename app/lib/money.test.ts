import { describe, expect, it } from "vitest";
import { applyRate, decimalToMicro, formatLei, formatPricePerKwh, microToDecimal } from "./money";
import { annualCostBani, finalPricePerKwh } from "./pricing";

describe("micro-lei", () => {
  it("parses decimals exactly", () => {
    expect(decimalToMicro("0.79236")).toBe(792_360);
    expect(decimalToMicro("1")).toBe(1_000_000);
    expect(decimalToMicro("0.000001")).toBe(1);
    expect(() => decimalToMicro("1,5")).toThrow();
    expect(() => decimalToMicro("-1")).toThrow();
    expect(() => decimalToMicro("0.1234567")).toThrow();
  });

  it("rounds half up to 4 decimals", () => {
    expect(microToDecimal(1_059_450)).toBe("1.0595");
    expect(microToDecimal(1_059_449)).toBe("1.0594");
    expect(microToDecimal(999_950)).toBe("1.0000");
    expect(microToDecimal(363_000)).toBe("0.3630");
  });

  it("applies a VAT rate without float drift", () => {
    expect(applyRate(1_000_000, "0.21")).toBe(210_000);
    expect(applyRate(875_690, "0.21")).toBe(183_895);
  });

  it("formats for Romanian readers", () => {
    expect(formatPricePerKwh("1.0595")).toBe("1,0595");
    expect(formatLei(1234.5)).toBe("1.234,50");
  });
});

describe("final price", () => {
  const charges = {
    vatRate: "0.21",
    transportLeiPerKwh: "0.03632",
    systemServicesLeiPerKwh: "0.00704",
    greenCertificatesLeiPerKwh: "0.07254",
    cogenerationLeiPerKwh: "0.00840",
    exciseLeiPerKwh: "0.00724",
  };

  it("adds energy, distribution and regulated charges, then VAT", () => {
    const price = finalPricePerKwh("0.45000", "0.29408", charges);
    expect(price.regulatedMicroLei).toBe(131_540);
    expect(price.energyMicroLei + price.distributionMicroLei + price.regulatedMicroLei).toBe(875_620);
    expect(price.vatMicroLei).toBe(183_880);
    expect(price.totalMicroLei).toBe(1_059_500);
    expect(microToDecimal(price.totalMicroLei)).toBe("1.0595");
  });

  it("computes an annual cost with the monthly fee", () => {
    // 1.0595 lei/kWh × 150 kWh × 12 = 1907.10 lei; + 9.99 lei × 12 = 119.88 lei.
    expect(annualCostBani(1_059_500, 150, 0)).toBe(190_710);
    expect(annualCostBani(1_059_500, 150, 999)).toBe(190_710 + 11_988);
  });
});
