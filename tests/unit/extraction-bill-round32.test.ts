// Bill round 32 (issue #14): a disconnection notice for an older unpaid bill printed above the bill; totals
// set by a designer with their bani smaller and raised; labels in spaced capitals; scans with a halftone's
// moiré. What its first reading got wrong, each as the general rule it broke.
import { describe, expect, it } from "vitest";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { parseBillText } from "../../app/server/documents/extraction/bill-parser.server";
import { readPdfText } from "../../app/server/documents/extraction/pdf-text.server";
import { repairOcrText } from "../../app/server/documents/extraction/ocr-text-repair.server";

/** A bill opening with a notice about an older bill left unpaid. `notice` replaces the notice's lines. */
function billWithNotice(notice?: string[]): string {
  return [
    "e.on\tE.ON Energie România S.A. · CUI RO22043010 · J27/276/2007",
    "Str. Ciprian Porumbescu nr. 6, Târgu Mureș, jud. Mureș",
    ...(notice ?? [
      "PREAVIZ DE DECONECTARE",
      "Până la data emiterii prezentei facturi nu am primit plata facturii seria EPD nr. 5087000 din 18.01.2026, scadentă la 02.02.2026.",
      "Vă rugăm să achitați suma restantă pentru a evita întreruperea alimentării cu energie electrică.",
      "Factura restantă\tEPD 5087000",
      "Data scadentă a facturii restante\t02.02.2026",
      "Sumă restantă\t297,57 lei",
      "Data de la care poate fi întreruptă alimentarea\t10.03.2026",
    ]),
    "FACTURĂ\tData emiterii\t18.02.2026",
    "Seria EPD nr. 5088213\tData scadentă\t05.03.2026",
    "Perioada de facturare\t01.01.2026 - 31.01.2026",
    "Titular\tLoc de consum",
    "OANA IONIȚĂ\tPOD: RO004E214037210",
    "Șos.Pantelimon nr.130 bl.C5 ap.30\tProdus: E.ON Fix 12 luni",
    "Mun.București Sec.2\tPutere aprobată: 6 kW",
    "Cod client: 5722657174",
    "Cont contract: 792713/2021",
    "Contor\tIndex vechi\tIndex nou\tConsum (kWh)",
    "Energie activă (citire distribuitor)\t60218\t60452\t234",
    "Denumire\tCantitate (kWh)\tPreț unitar (lei/kWh)\tValoare (lei)",
    "Energie electrică activă\t234\t0,8123\t190,08",
    "Tarif distribuție și transport\t234\t0,2513\t58,80",
    "Certificate verzi\t234\t0,0563\t13,17",
    "Contribuție cogenerare\t234\t0,0046\t1,08",
    "Acciză\t234\t0,0056\t1,31",
    "Total fără TVA\t264,44 lei",
    "TVA 21%\t55,53 lei",
    "Total factură curentă\t319,97 lei",
    "Sold restant (facturi anterioare)\t297,57 lei",
    "Total sold de plată\t617,54 lei",
  ].join("\n");
}

describe("bill round 32: a notice about an older unpaid bill", () => {
  it("reads the bill's own number and dates, never the unpaid bill's the notice names", () => {
    const parsed = parseBillText(billWithNotice());
    expect(parsed.billNumber).toBe("EPD 5088213");
    expect(parsed.billDate).toBe("2026-02-18");
    expect(parsed.dueDate).toBe("2026-03-05");
    expect(parsed.totalWithVat).toBe("319.97");
  });

  it("keeps neither of two issue dates sure where both sit beside their label and no arrears word tells them apart", () => {
    const parsed = parseBillText(
      billWithNotice(["Factura precedentă\tEPD 5087000", "Data emiterii\t18.01.2026", "Data scadentă\t02.02.2026"]),
    );
    expect(parsed.fieldConfidence?.billDate ?? 0).toBeLessThan(0.9);
    expect(parsed.fieldConfidence?.dueDate ?? 0).toBeLessThan(0.9);
  });
});

/** A one-page PDF with `runs` drawn in Helvetica: text, left, baseline, size. */
async function pdfOf(runs: [string, number, number, number][]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([595, 842]);
  for (const [text, x, y, size] of runs) page.drawText(text, { x, y, size, font });
  return doc.save();
}

describe("bill round 32: totals with their bani smaller and raised", () => {
  it("joins ',58' set smaller, raised and touching '1.724' into one amount", async () => {
    const lei = 26;
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const end = 300 + font.widthOfTextAtSize("1.724", lei);
    const baniSize = lei * 0.55;
    const pdf = await pdfOf([
      ["Total de plata", 80, 500, 11],
      ["1.724", 300, 500, lei],
      [",58", end, 500 + lei * 0.38, baniSize],
      ["lei", end + font.widthOfTextAtSize(",58", baniSize) + 3, 500, 11],
    ]);
    const { text } = await readPdfText(pdf);
    expect(text).toMatch(/^Total de plata\t1\.724,58 ?lei$/m);
  });

  it("keeps a total read as whole lei below sure where other amounts print their bani and the VAT is not the rate's to the ban", () => {
    const text = billWithNotice([])
      .replace("Total fără TVA\t264,44 lei", "Total fără TVA\t264 lei")
      .replace("TVA 21%\t55,53 lei", "TVA 21%\t55 lei")
      .replace("Total factură curentă\t319,97 lei", "Total factură curentă\t319 lei");
    const parsed = parseBillText(text);
    expect(parsed.totalWithVat).toBe("319.00");
    for (const field of ["totalWithoutVat", "vat", "totalWithVat"] as const)
      expect(parsed.fieldConfidence?.[field] ?? 0).toBeLessThan(0.9);
  });

  it("still trusts whole-lei totals whose VAT is the rate's to the ban", () => {
    const text = billWithNotice([])
      .replace("Total fără TVA\t264,44 lei", "Total fără TVA\t300 lei")
      .replace("TVA 21%\t55,53 lei", "TVA 21%\t63 lei")
      .replace("Total factură curentă\t319,97 lei", "Total factură curentă\t363 lei");
    const parsed = parseBillText(text);
    expect(parsed.totalWithVat).toBe("363.00");
    expect(parsed.fieldConfidence?.totalWithVat ?? 0).toBeGreaterThanOrEqual(0.9);
  });
});

describe("bill round 32: labels in capitals over the values (a scan of spaced capitals, read whole)", () => {
  const card = (offerLine: string) =>
    [
      "NOVA power & gas\tFACTURĂ FISCALĂ",
      "Nova Power & Gas S.R.L. · CUI RO30495225 · Str. Avram Iancu nr. 86, Cluj-Napoca\tNER 5610817",
      "DATA EMITERII\tDATA SCADENTĂ\tPERIOADA DE FACTURARE",
      "06.05.2025\t21.05.2025\t01.04.2025 - 30.04.2025",
      "COD CLIENT\tNUMĂR CONTRACT",
      "7702660348\t633609/2022",
      "CLIENT\tLOC DE CONSUM",
      "LUPU OANA\tCOD POD",
      "Str.Florilor nr.7\tRO002E183854632",
      "Mun.București Sec.2",
      "OFERTĂ\tPUTERE APROBATĂ",
      offerLine,
      "CONSUM",
      "INDEX VECHI\tINDEX NOU\tCONSUM FACTURAT\tTIP CITIRE",
      "12436\t13018\t582 kWh\tcitire distribuitor",
      "DETALII FACTURĂ",
      "Energie electrică activă\t582 kWh\t0,6877 lei\t400,24 lei",
      "TOTAL FĂRĂ TVA\t585,21 lei\tTOTAL DE PLATĂ",
      "TVA 19%\t111,19 lei\t696,40 lei",
    ].join("\n");

  it("never takes the next card's heading in capitals ('CONSUM') for the rest of the offer above it", () => {
    expect(parseBillText(card("Nova Casa Verde\t5 kW")).tariffType).toBe("Nova Casa Verde");
    // The offer's caption and words lost by the scan: no offer rather than the brand and the heading.
    expect(parseBillText(card("Nova\ta Vel\t5 kW")).tariffType ?? "").not.toMatch(/CONSUM/);
  });
});

describe("bill round 32: the notice on a scan", () => {
  it("reads none of the notice's dates where the scan broke its sentence into cells and lost the bill's own captions", () => {
    const text = billWithNotice([
      "PREAVIZ DE DECONECTARE",
      "Până la data emiterii prezentei facturi nu am primit plata facti\t) nr.\t5087000 dir\t18.01\t2026, scadentă la 02.02.2026.",
      "Factura restantă\tEPD 5087000",
      "Data scadentă a facturiijrestante\t02.02.2026",
      "Data de la care poate fi întreruptă aliment,\t3\t10.03.2026",
    ])
      .replace("FACTURĂ\tData emiterii\t18.02.2026", "FACTURĂ\t18.0:")
      .replace("Seria EPD nr. 5088213\tData scadentă\t05.03.2026", "Seria EPD nr, 5088213\tE\tv\t05.03.2026");
    const parsed = parseBillText(text);
    // The abbreviation's full stop read as a comma: still the series and its number.
    expect(parsed.billNumber).toBe("EPD 5088213");
    for (const day of ["2026-01-18", "2026-02-02", "2026-03-10"]) {
      expect(parsed.billDate).not.toBe(day);
      expect(parsed.dueDate).not.toBe(day);
    }
  });
});

describe("bill round 32: totals whose raised bani a scan lost", () => {
  const premier = (net: string, vat: string, gross: string) =>
    [
      "PREMIER ENERGY\tDe plată",
      "Factură",
      "Nr. PZM 2183956\tpână la 04.05.2025",
      "Emisă la 19.04.2025",
      "Perioada: 01.03.2025 - 31.03.2025",
      "Date client\tLoc de consum",
      "ANDREI CRĂCIUN\tPOD: RO001E439640607",
      "Str.Florilor nr.28\tOfertă: Premier Casa Fix 12",
      "Jud.TM Mun.Timișoara\tPutere aprobată: 4 kW",
      "Cod client: C-168554",
      "Contor\tIndex vechi\tIndex nou\tConsum (kWh)",
      "Energie activă\t69878\t70300\t422",
      "Denumire\tCantitate (kWh)\tPreț unitar (lei/kWh)\tValoare (lei)",
      "Energie electrică activă\t422\t0,7233\t305,23",
      "Tarif distribuție și transport\t422\t0,2513\t106,05",
      "Certificate verzi\t422\t0,0563\t23,76",
      "Contribuție cogenerare\t422\t0,0046\t1,94",
      "Acciză\t422\t0,0056\t2,36",
      `Total fără TVA\t${net}`,
      `TVA 19%\t${vat}`,
      `Total de plată\t${gross}`,
    ].join("\n");

  it("puts the bani back from the charges table's rows where the lei read agree, below sure", () => {
    const parsed = parseBillText(premier("439”! ei", "83 ei", "522'“ tei"));
    expect([parsed.totalWithoutVat, parsed.vat, parsed.totalWithVat]).toEqual(["439.34", "83.47", "522.81"]);
    for (const field of ["totalWithoutVat", "vat", "totalWithVat", "pricePerKwh"] as const)
      expect(parsed.fieldConfidence?.[field] ?? 0).toBeLessThan(0.9);
  });

  it("puts nothing back where the lei read are not the rows' sum", () => {
    const parsed = parseBillText(premier("440”! ei", "83 ei", "522'“ tei"));
    expect(parsed.totalWithoutVat).not.toBe("439.34");
  });
});

describe("bill round 32: an offer's term read by a scan", () => {
  it("reads 'luni' after a number of months where the engine read its l and u as 'IL'", () => {
    for (const misread of ["IL ni", "ILni", "Iuni"]) {
      const parsed = parseBillText(
        repairOcrText(billWithNotice([]).replace("E.ON Fix 12 luni", `E.ON Fix 12 ${misread}`)),
      );
      expect(parsed.tariffType).toBe("E.ON Fix 12 luni");
    }
  });
});

describe("bill round 32: a speck after the address", () => {
  it("drops a lone small letter a scan read after the address's last figure", () => {
    const parsed = parseBillText(
      repairOcrText(
        billWithNotice([]).replace("Șos.Pantelimon nr.130 bl.C5 ap.30\t", "Șos.Pantelimon nr.130 bl.C5 ap.30 n\t"),
      ),
    );
    expect(parsed.billingAddress).toBe("Mun.București Sec.2 Șos.Pantelimon nr.130 bl.C5 ap.30");
  });
});
