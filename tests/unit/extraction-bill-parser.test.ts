import { describe, expect, it } from "vitest";
import { parseBillText, pricePerKwh } from "../../app/server/documents/extraction/bill-parser.server";
import { readPdfText } from "../../app/server/documents/extraction/pdf-text.server";
import { findDates, parseAmountCents, parseQuantity } from "../../app/server/documents/extraction/text-fields.server";
import { BILL_LAYOUTS, renderBillPdf, type BillInput } from "../fixtures/bills";

describe("Romanian numbers and dates", () => {
  it("reads amounts in Romanian, English and plain forms", () => {
    expect(parseAmountCents("1.234,56 lei")).toBe(123456);
    expect(parseAmountCents("1,234.56 RON")).toBe(123456);
    expect(parseAmountCents("1234.56")).toBe(123456);
    expect(parseAmountCents("258,2")).toBe(25820);
    expect(parseAmountCents("12.345")).toBe(1234500);
    expect(parseAmountCents("fără sumă")).toBeNull();
  });

  it("reads kWh with thousands groups either way", () => {
    expect(parseQuantity("1.245 kWh")).toBe(1245);
    expect(parseQuantity("1,245 kWh")).toBe(1245);
    expect(parseQuantity("182,5 kWh")).toBe(182.5);
    expect(parseQuantity("96 kWh")).toBe(96);
  });

  it("reads numeric and named dates", () => {
    expect(findDates("01.10.2026 - 31.10.2026")).toEqual(["2026-10-01", "2026-10-31"]);
    expect(findDates("emisă la 5/11/2026 și 7 noiembrie 2026")).toEqual(["2026-11-05", "2026-11-07"]);
    expect(findDates("31.02.2026")).toEqual([]);
  });
});

describe("price per kWh", () => {
  it("is (net + VAT) / kWh to 4 decimals, falling back to the total", () => {
    expect(pricePerKwh(100000, 21000, 121000, 100)).toEqual({ value: "12.1000", source: "net_plus_vat" });
    expect(pricePerKwh(21345, 4482, null, 182)).toEqual({ value: "1.4191", source: "net_plus_vat" });
    expect(pricePerKwh(null, null, 25827, 182)).toEqual({ value: "1.4191", source: "total_with_vat" });
    expect(pricePerKwh(21345, 4482, 25827, null)).toBeNull();
  });
});

const variants: Omit<BillInput, "layout">[] = [
  {
    customerName: "ȘTEFĂNESCU ANA-MARIA",
    billingAddress: "Mun.București Sec.3 Str.Țepeș Vodă nr.14 bl.A2 ap.31",
    billDate: "2026-11-05",
    consumptionKwh: 1245,
    pod: "RO005E123456789",
    clientCode: "5200123456",
    contractNumber: "1234567/2021",
    billNumber: "EFT 10384721",
  },
  {
    customerName: "Gheorghe Dumitrache",
    billingAddress: "Jud.DJ Mun.Craiova Str.Brestei nr.101",
    billDate: "2026-10-31",
    consumptionKwh: 87,
    pod: "RO002E500123456",
    clientCode: "C-884512",
    contractNumber: "HE-2024/1187",
    billNumber: "EON 55012",
  },
];

describe("bill parser on the text layer of four supplier layouts", () => {
  for (const layout of BILL_LAYOUTS) {
    for (const [i, variant] of variants.entries()) {
      it(`${layout} #${i + 1}`, async () => {
        const billNumber = layout === "hidroelectrica" ? "HE2026 0012345" : layout === "ppc" ? "PPC4512339871" : variant.billNumber;
        const { pdf, truth } = await renderBillPdf({ ...variant, layout, billNumber });
        // Speed is measured by bench/extraction.mjs, never asserted here.
        const { text } = await readPdfText(pdf);
        const parsed = parseBillText(text);
        expect(parsed).toMatchObject(truth);
        expect(parsed.missingFields).toEqual([]);
        expect(parsed.pricePerKwhSource).toBe("net_plus_vat");
      });
    }
  }

  it("reports what it cannot find instead of guessing", () => {
    const parsed = parseBillText("Factură\nTotal de plată: 120,00 lei");
    expect(parsed.totalWithVat).toBe("120.00");
    expect(parsed.pod).toBeNull();
    expect(parsed.missingFields).toContain("pod");
    expect(parsed.pricePerKwh).toBeNull();
  });
});
