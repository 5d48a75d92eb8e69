// Bill round 28 (issue #14): a bill announcing an indexed price, a bill asking a financial guarantee, a
// bill on a monthly subscription; scans of sheets punched for a ring binder. What its first reading of the
// scans got wrong, each as the general rule it broke.
import { describe, expect, it } from "vitest";
import { parseBillText, type BillExtraction } from "../../app/server/documents/extraction/bill-parser.server";
import { filledFrom } from "../../app/server/documents/extraction/ocr-bill-checks.server";
import { repairOcrText } from "../../app/server/documents/extraction/ocr-text-repair.server";

/** A scan's text as the bill reader gets it: repaired first, as extract-document does. */
const readScan = (lines: string[]) => parseBillText(repairOcrText(lines.join("\n")));

/** A monthly-subscription bill's head and client block, as a good scan reads it; `lines` replace its lines by index. */
function subscriptionBill(lines: Record<number, string> = {}): string[] {
  const bill = [
    "TINMAR\tFACTURĂ",
    "Seria și numărul TAL 4079331",
    "Tinmar Energy S.A. · CUI RO14178160 · București, Bd. Iancu de Hunedoara nr. 54B",
    "Emisă 01.10.2026 · Scadentă 16.10.2026",
    "Oferta ta: Tinmar Abonament Casa",
    "Energie activă 0,5984 lei/kWh + abonament 12,40 lei/lună (prețuri fără TVA)",
    "Client\tLoc de consum",
    "OANA LUPU\tPOD RO002E666858857",
    "Str.Florilor nr.151\tPutere aprobată 7 kW",
    "Jud.CJ Mun.Cluj-Napoca\tPerioada 01.09.2026 - 30.09.2026",
    "Cod client 1166341038",
    "Nr. contract 206188/2023",
    "Contor\tIndex vechi\tIndex nou\tConsum (kWh)",
    "Energie activă\t17266\t18362\t1096",
    "Total fără TVA\t1.016,55 lei",
    "TVA 21%\t213,48 lei",
    "Total de plată\t1.230,03 lei",
  ];
  for (const [at, line] of Object.entries(lines)) bill[Number(at)] = line;
  return bill;
}

describe("scan misreads of round 28", () => {
  it("reads a date whose dot the scan read as a colon", () => {
    const bill = readScan(subscriptionBill({ 9: "Jud.CJ Mun.Cluj-Napoca\tPerioada 01.09.2026 - 30.09:2026" }));
    expect([bill.periodStart, bill.periodEnd]).toEqual(["2026-09-01", "2026-09-30"]);
    // A time keeps its colon: no date is made of one.
    expect(repairOcrText("Program: 10:30.")).toBe("Program: 10:30.");
  });

  it("reads the issue date after its label 'Emisă' misread in a faint head", () => {
    const bill = readScan(subscriptionBill({ 3: "Emlss:14.08. 2025 · Scadortă 5b 06 7095 -" }));
    expect(bill.billDate).toBe("2025-08-14");
    expect(bill.dueDate).toBeNull();
  });

  it("reads a bar between two words as a space", () => {
    const bill = readScan(subscriptionBill({ 4: "Oferta ta: Tinmar|Abonament Casa" }));
    expect(bill.tariffType).toBe("Tinmar Abonament Casa");
  });

  it("ends an offer's name where the price line a scan ran into it starts", () => {
    const runIn = {
      4: "Oferta ta: Tinmar Abonament Casa Energie activă 0,5984 lei/kWh + abonament 12,40 lei/lună (prețuri fără TVA)",
      5: "",
    };
    expect(readScan(subscriptionBill(runIn)).tariffType).toBe("Tinmar Abonament Casa");
    // The same after a label with its colon.
    const labelled = {
      4: "Ofertă: Tinmar Abonament Casa Energie activă 0,5984 lei/kWh + abonament 12,40 lei/lună",
      5: "",
    };
    expect(readScan(subscriptionBill(labelled)).tariffType).toBe("Tinmar Abonament Casa");
  });

  it("takes no cut word's piece for the tariff", () => {
    // A charge row the scan cut ('Tarif ⇥ di ⇥ uție și transr…' for 'Tarif distribuție și transport') and the offer's line lost.
    const bill = readScan(subscriptionBill({ 4: "", 5: "", 13: "Tarif\tdi\tuție și transr\t20;\t),2513" }));
    expect(bill.tariffType).not.toBe("di");
  });

  it("puts back a boulevard's B lost at the start of the address", () => {
    const bill = readScan(subscriptionBill({ 8: "d.Unirii nr.83\tPutere aprobată 7 kW" }));
    expect(bill.billingAddress).toBe("Jud.CJ Mun.Cluj-Napoca Bd.Unirii nr.83");
  });

  it("drops a punched hole read as a letter before a line", () => {
    for (const hole of ["o\t", "O || ", "o "]) {
      const bill = readScan(subscriptionBill({ 7: `${hole}OANA LUPU\tPOD RO002E666858857` }));
      expect([bill.customerName, bill.billingAddress]).toEqual([
        "OANA LUPU",
        "Jud.CJ Mun.Cluj-Napoca Str.Florilor nr.151",
      ]);
    }
    // A sentence's 'o' before a word in small letters is a word.
    expect(repairOcrText("o factură nouă")).toBe("o factură nouă");
  });
});

describe("a faded page read again darkened", () => {
  // The first reading lost half its lines' ends to a toner streak; the darkened one read the page whole.
  const streaked = readScan(
    subscriptionBill({
      1: "TAL 40793",
      8: "Str.Flo\t51\tPutere\taprobată\t7 kW",
    }),
  );
  const whole = readScan(subscriptionBill());

  it("replaces the first reading's unsure fields when the second read far more of the page", () => {
    expect(streaked.billNumber).toBe("TAL 40793");
    expect(streaked.fieldConfidence?.billNumber).toBeLessThan(0.9);
    const bill = filledFrom(streaked, whole, true);
    expect(bill.billNumber).toBe("TAL 4079331");
    expect(bill.billingAddress).toBe("Jud.CJ Mun.Cluj-Napoca Str.Florilor nr.151");
    expect(bill.fieldConfidence?.billNumber).toBeLessThan(0.9);
    expect(bill.fieldConfidence?.billingAddress).toBeLessThan(0.9);
  });

  it("keeps the first reading's sure fields, and all its fields when the second read no more", () => {
    const sureOther = { ...whole, pod: "RO002E666858858", totalWithVat: "1.230,08" } as BillExtraction;
    const bill = filledFrom(streaked, sureOther, true);
    expect(streaked.fieldConfidence?.pod).toBeGreaterThanOrEqual(0.9);
    expect(bill.pod).toBe(streaked.pod);
    expect(bill.totalWithVat).toBe(streaked.totalWithVat);
    expect(filledFrom(streaked, whole).billNumber).toBe("TAL 40793");
  });
});
