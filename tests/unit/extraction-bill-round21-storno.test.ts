// A storno and re-billing note (issue #14, bill round 21): an invoice issued on an estimate is cancelled
// in full (negative rows, its own net, VAT and total) and the period billed again on the reading. The
// bill is the re-billed section; a cancelled section's total, or a sum across the two, adds up at the
// rate as well, so no arithmetic check may vouch for which section a total came from.
import { describe, expect, it } from "vitest";
import { billLines, parseBillText } from "../../app/server/documents/extraction/bill-parser.server";

/** Another supplier's wording than the round's layout: the cancelled section larger than the re-billed one. */
const STORNO_NOTE = [
  "Factură de stornare și refacturare",
  "Seria și nr.\tEFR nr. 3141592",
  "Data emiterii\t10.04.2026",
  "Data scadentă\t25.04.2026",
  "Perioada refacturată\t01.03.2026 - 31.03.2026",
  "Client\tPOPA MARIA",
  "Adresa\tJud.IS Mun.Iași Str.Lăpușneanu nr.7",
  "POD\tRO002E123456789",
  "Produs / putere aprobată\tCasa Verde / 5 kW",
  "Factura EFR 3100255 din 31.03.2026, emisă pe un consum estimat de 500 kWh, se stornează integral.",
  "Storno factura EFR 3100255 din 31.03.2026",
  "Energie electrică activă\t-500\t0,8000\t-400,00",
  "Total fără TVA\t-400,00 lei",
  "TVA 21%\t-84,00 lei",
  "Total stornat\t-484,00 lei",
  "Refacturare pe baza indexului citit",
  "Energie electrică activă\t300\t0,8000\t240,00",
  "Total fără TVA\t240,00 lei",
  "TVA 21%\t50,40 lei",
  "Total refacturat\t290,40 lei",
  "Sold notă (refacturare + stornare)\t-193,60 lei",
].join("\n");

const TOTALS = ["totalWithoutVat", "vat", "totalWithVat", "pricePerKwh", "consumptionKwh"] as const;

function expectRebilledTotals(text: string) {
  const parsed = parseBillText(text);
  expect(parsed).toMatchObject({
    totalWithoutVat: "240.00",
    vat: "50.40",
    totalWithVat: "290.40",
    consumptionKwh: 300,
  });
  // Which section a total (or the consumption) was read in is never sure.
  for (const field of TOTALS) expect(parsed.fieldConfidence?.[field] ?? 0).toBeLessThan(0.9);
}

describe("storno and re-billing note", () => {
  it("reads the totals of the re-billed section, not the cancelled one's", () => {
    expectRebilledTotals(STORNO_NOTE);
  });

  it("leaves the cancelled section out by its heading when a scan lost the minus signs", () => {
    expectRebilledTotals(STORNO_NOTE.replace(/-(?=\d)/g, ""));
  });

  it("leaves amounts printed negative out when a scan lost the section's heading", () => {
    expectRebilledTotals(STORNO_NOTE.replace("Storno factura EFR 3100255 din 31.03.2026", "EFR 3100255 31.03.2026"));
  });

  it("reads the note's own number ('SERIES nr. NUMBER'), not the cancelled invoice's", () => {
    expect(parseBillText(STORNO_NOTE).billNumber).toBe("EFR 3141592");
  });
});

describe("two captions sharing a cell", () => {
  it("gives each caption its own value ('Produs / putere aprobată ⇥ Casa Verde / 5 kW')", () => {
    const parsed = parseBillText(STORNO_NOTE);
    expect(parsed.tariffType).toBe("Casa Verde");
    expect(parsed.contractedPowerKw).toBe("5.00");
  });

  it("leaves a caption's gloss in another language whole (one value)", () => {
    expect(billLines("Produs / Product\tCasa Verde")[0]!.cells).toHaveLength(2);
  });
});

describe("a bill number under a label a scan broke apart", () => {
  it("reads 'SERIES nr. NUMBER' on the line the label opens ('Seria ⇥ și ⇥ PSR nr. 8181807')", () => {
    const scanned = STORNO_NOTE.replace("Seria și nr.\tEFR nr. 3141592", "Seria\tși\tEFR nr. 3141592");
    expect(parseBillText(scanned).billNumber).toBe("EFR 3141592");
  });
});
