// Bills whose captions sit under their values, with dates whose month is a Roman numeral (issue #14,
// bill round 17), written here in a wording of their own: the dates read, no code or power read out of
// a date or an index, and a supply point's code never taken for the address.
import { describe, expect, it } from "vitest";
import { billLines, parseBillText } from "../../app/server/documents/extraction/bill-parser.server";
import { codesByStem } from "../../app/server/documents/extraction/bill-values.server";
import { checkOcrBill, type OcrWord } from "../../app/server/documents/extraction/ocr-bill-checks.server";
import { repairOcrText } from "../../app/server/documents/extraction/ocr-text-repair.server";
import { findDates } from "../../app/server/documents/extraction/text-fields.server";

const CAPTIONS_BELOW = [
  "FURNIZORUL X SRL\tFACTURĂ",
  "ABC 7712345\t14.III.2026\t29.III.2026",
  "număr factură\temisă la\tse plătește până la",
  "01.II.2026 – 28.II.2026\t5566778899\t123456/2022",
  "luna facturată\tcod abonat\tcontract",
  "MIHAI DORINA",
  "titular",
  "Jud.IS Mun.Iași Str.Lalelelor nr.9",
  "adresa locului de consum",
  "RO003E112233445\t5 kW\tCasnic Simplu",
  "cod loc de consum (POD)\tputere aprobată\tofertă",
  "20417\t20688\t271 kWh",
  "index vechi\tindex nou\tconsum",
  "100,00\t21,00\t121,00",
  "total fără TVA (lei)\tTVA 21% (lei)\ttotal de plată (lei)",
].join("\n");

describe("captions under their values, Roman-numeral months", () => {
  it("reads a date whose month is a Roman numeral, I to XII, and nothing that is no month", () => {
    expect(findDates("emisă 05.XI.2026, scadentă 20-XII-2026")).toEqual(["2026-11-05", "2026-12-20"]);
    expect(findDates("01.IV.2025 – 30.IV.2025")).toEqual(["2025-04-01", "2025-04-30"]);
    expect(findDates("perioada 1.I.26")).toEqual(["2026-01-01"]);
    // 'XIII' and 'IIII' are no months, and a day out of the month is no date.
    expect(findDates("05.XIII.2026 05.IIII.2026 31.IV.2026")).toEqual([]);
  });

  it("reads no bill number out of a date ('01.III.2026' holds no 'III 2026')", () => {
    expect(codesByStem(billLines("perioada de facturare\t01.III.2026 – 31.III.2026")).billNumber).toBeNull();
    expect(
      codesByStem(billLines("perioada de facturare\t01.III.2026 – 31.III.2026\tfactura ABC 7712345")).billNumber?.value,
    ).toBe("ABC 7712345");
  });

  it("reads the bill's dates, number and power where captions sit under the values", () => {
    expect(parseBillText(CAPTIONS_BELOW)).toMatchObject({
      billNumber: "ABC 7712345",
      billDate: "2026-03-14",
      dueDate: "2026-03-29",
      periodStart: "2026-02-01",
      periodEnd: "2026-02-28",
      // The index under the power's caption (four digits or more) is no power: the '5 kW' is.
      contractedPowerKw: "5.00",
    });
  });

  it("never reads a supply point's code as the address: the holder's block gives it", () => {
    const bill = parseBillText(CAPTIONS_BELOW);
    expect(bill.pod).toBe("RO003E112233445");
    expect(bill.billingAddress).toBe("Jud.IS Mun.Iași Str.Lalelelor nr.9");
  });

  it("reads the holder's unlabelled block (name, street, locality) beside another column's facts as one address", () => {
    const bill = parseBillText(
      [
        "FACTURĂ\tSeria ZZ nr. 4455667",
        "IONESCU MARIA-ELENA",
        "Str.Teiului nr.7 ap.3\tCod client\t8800112233",
        "Jud.BH Mun.Oradea\tPOD\tRO009E998877665",
        "Total de plată\t121,00 lei",
      ].join("\n"),
    );
    expect(bill.customerName).toBe("IONESCU MARIA-ELENA");
    expect(bill.billingAddress).toBe("Jud.BH Mun.Oradea Str.Teiului nr.7 ap.3");
  });

  it("reads no power out of an energy in kWh under the power's caption", () => {
    const bill = parseBillText(
      ["RO003E112233445\t8 kW", "cod loc de consum (POD)\tputere aprobată", "consum lunar\t271 kWh"].join("\n"),
    );
    expect(bill.contractedPowerKw).toBe("8.00");
    // A power run on into the facts after it keeps its figure, an energy later in the sentence notwithstanding.
    expect(
      parseBillText("Casnic Standard - putere aprobată 4 kW Index nou 51682 - Consum 1040 kWh").contractedPowerKw,
    ).toBe("4.00");
  });

  it("takes no issue date from another invoice this bill settles", () => {
    const bill = parseBillText(
      [
        "FACTURĂ DE REGULARIZARE\tSeria QWE nr. 5550001",
        "Factura de avans QWE 5549000 din 03.10.2025 (avans)\t300,00 lei",
        "Total de plată\t121,00 lei",
      ].join("\n"),
    );
    expect(bill.billNumber).toBe("QWE 5550001");
    expect(bill.billDate).not.toBe("2025-10-03");
  });

  it("repairs a scanned Roman month whose I's the engine read as 1, l or |, and leaves figures alone", () => {
    expect(repairOcrText("01.X11,2025 - 31.XI1.2025")).toBe("01.XII.2025 - 31.XII.2025");
    expect(findDates(repairOcrText("emisă 19.V1.2025, scadentă 04.Vl.2025"))).toEqual(["2025-06-19", "2025-06-04"]);
    expect(repairOcrText("bl.X1 ap.12 · 12.05.2026")).toBe("bl.X1 ap.12 · 12.05.2026");
  });
});

describe("a scanned power whose figure the engine read as a symbol ('&kW')", () => {
  const text = ["Factură nr. ABC 7712345", "RO003E112233445\t&kW\tCasnic Simplu", "Total de plată: 121,00 lei"].join(
    "\n",
  );
  const symbolWord = (twice: string, thrice: string): OcrWord => ({
    text: "&kW",
    confidence: 0.4,
    readAgain: (scale) => (scale === 3 ? thrice : twice),
  });

  it("is the power two larger readings of its word agree on, never sure", () => {
    const bill = parseBillText(text);
    expect(bill.contractedPowerKw).toBeNull();
    const checked = checkOcrBill(bill, text, [symbolWord("6 kW", "6kW")]);
    expect(checked.contractedPowerKw).toBe("6.00");
    expect(checked.fieldConfidence!.contractedPowerKw).toBeLessThan(0.9);
    expect(checked.missingFields).not.toContain("contractedPowerKw");
  });

  it("stays unread when the larger readings disagree or find no power", () => {
    const bill = parseBillText(text);
    expect(checkOcrBill(bill, text, [symbolWord("6 kW", "8 kW")]).contractedPowerKw).toBeNull();
    expect(checkOcrBill(bill, text, [symbolWord("&kW", "&kW")]).contractedPowerKw).toBeNull();
  });
});

describe("an offer's name run on into the next fact after a spaced dash (a scan's middle dot)", () => {
  it("ends at the dash before another field's label, and keeps a dash inside the name", () => {
    expect(parseBillText("Produs Casa Verde Fix - Putere aprobată 7 kW Plată lunară").tariffType).toBe(
      "Casa Verde Fix",
    );
    expect(parseBillText("Produs Casa Verde - Fix 12 luni").tariffType).toBe("Casa Verde - Fix 12 luni");
  });
});
