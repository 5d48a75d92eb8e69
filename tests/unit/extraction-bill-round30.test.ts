// Bill round 30 (issue #14): a bill whose narrow client column breaks the POD over two lines, a contract
// passed to an heir, a due date printed only as a term from the issue date; scans under a flatbed lamp's
// flicker (light and dark bands). What its first reading got wrong, each as the general rule it broke.
import { describe, expect, it } from "vitest";
import { parseBillText } from "../../app/server/documents/extraction/bill-parser.server";
import { repairOcrText } from "../../app/server/documents/extraction/ocr-text-repair.server";

/** A scan's text as the bill reader gets it: repaired first, as extract-document does. */
const readScan = (lines: string[]) => parseBillText(repairOcrText(lines.join("\n")));

/**
 * A bill with a narrow client column at the left: its lines read between the wide column's rows, the POD
 * broken after its head. `lines` replace its lines by index (null drops one).
 */
function narrowColumnBill(lines: Record<number, string | null> = {}): string[] {
  const bill: (string | null)[] = [
    "restart energy\tFACTURĂ FISCALĂ",
    "Seria și nr. RPD 2175120",
    "Restart Energy One S.A. · CUI RO32156640 · Timișoara, Str. Popa Șapcă nr. 9",
    "Data emiterii 01.02.2026 · Data scadentă 16.02.2026",
    "DATE CLIENT\tPerioada de facturare\t01.01.2026 - 31.01.2026",
    "OANA IONIȚĂ",
    "Șos.Pantelimon nr.130 bl.C5",
    "Contor\tIndex vechi\tIndex nou\tkWh",
    "ap.30",
    "Energie activă (citire)\t60218\t60452\t234",
    "Mun.București Sec.2",
    "Cod client: 5722657174",
    "Contract: 792713/2021\tProdus / serviciu\tCant.\tPreț unitar\tValoare (lei)",
    "LOC DE CONSUM\tEnergie electrică activă\t234\t0,7152\t167,36",
    "POD: RO004E2140\tTarif distribuție și transport\t234\t0,2513\t58,80",
    "37210",
    "Certificate verzi\t234\t0,0563\t13,17",
    "Serie contor: 2265 7174",
    "Contribuție cogenerare\t234\t0,0046\t1,08",
    "Putere: 6 kW",
    "Produs: Restart Casa Fix 24\tAcciză\t234\t0,0056\t1,31",
    "Total fără TVA\t241,72 lei",
    "TVA 21%\t50,76 lei",
    "TOTAL DE PLATĂ\t292,48 lei",
  ];
  for (const [at, line] of Object.entries(lines)) bill[Number(at)] = line;
  return bill.filter((line): line is string => line !== null);
}

/** A bill whose due date is printed only as a term, the next reading's window beside it. */
function termBill(lines: Record<number, string | null> = {}): string[] {
  const bill: (string | null)[] = [
    "grenerg\tFACTURĂ",
    "Nr. GSZ 0386234",
    "Grenerg S.R.L. · CUI RO33745212 · Cluj-Napoca, Str. Fabricii nr. 93-103",
    "Data emiterii\tTermen de plată",
    "02.07.2025\t15 zile calendaristice de la data emiterii",
    "Perioada de consum\tUrmătoarea citire",
    "01.06.2025 - 30.06.2025\t27.07.2025 - 02.08.2025",
    "Client\tLoc de consum",
    "ELENA STROE\tPOD: RO002E705310145",
    "Bd.Unirii nr.73\tOfertă: Grenerg Casnic Verde",
    "Jud.CT Mun.Constanța\tPutere aprobată: 6 kW",
    "Cod client: 9304230699",
    "Contract: 275280/2018",
    "Contor\tIndex vechi\tIndex nou\tConsum (kWh)",
    "Energie activă\t14893\t16155\t1262",
    "Denumire\tCantitate (kWh)\tPreț unitar (lei/kWh)\tValoare (lei)",
    "Energie electrică activă\t1262\t0,6645\t838,60",
    "Tarif distribuție și transport\t1262\t0,2513\t317,14",
    "Total fără TVA\t1.239,67 lei",
    "TVA 19%\t235,54 lei",
    "Total de plată\t1.475,21 lei",
  ];
  for (const [at, line] of Object.entries(lines)) bill[Number(at)] = line;
  return bill.filter((line): line is string => line !== null);
}

describe("an issue date no check confirms stays below sure (round 30)", () => {
  it("never takes the due date after its own label for the issue date, its own date misread", () => {
    // A band across the line parted the issue date's year: the only date left in the cell is the due date's.
    const bill = parseBillText(
      narrowColumnBill({ 3: "Data emiterii 01.02.2 026 - Data scadentă 16.02.2026" }).join("\n"),
    );
    expect(bill.billDate).not.toBe("2026-02-16");
    expect(bill.dueDate).toBe("2026-02-16");
    if (bill.billDate !== null) expect(bill.fieldConfidence?.billDate ?? 0).toBeLessThan(0.9);
  });

  it("puts a year parted by a space back together", () => {
    const bill = readScan(narrowColumnBill({ 3: "Data emiterii 01.02.2 026 - Data scadentă 16.02.2026" }));
    expect(bill.billDate).toBe("2026-02-01");
    expect(bill.dueDate).toBe("2026-02-16");
  });

  it("reads no due date before its label from the issue date's cell either", () => {
    const bill = parseBillText(
      narrowColumnBill({ 3: "Data scadentă 16.0 2.2026 · Data emiterii 01.02.2026" }).join("\n"),
    );
    expect(bill.dueDate).not.toBe("2026-02-01");
    expect(bill.billDate).toBe("2026-02-01");
  });
});

describe("a narrow client column beside the charges (round 30)", () => {
  it("joins a POD's head and the bare digits right under it, below sure", () => {
    const bill = parseBillText(narrowColumnBill().join("\n"));
    expect(bill.pod).toBe("RO004E214037210");
    expect(bill.fieldConfidence?.pod ?? 1).toBeLessThan(0.9);
  });

  it("never makes a POD of its head and the meter's series under it", () => {
    const bill = parseBillText(narrowColumnBill({ 15: null }).join("\n"));
    expect(bill.pod).toBeNull();
  });

  it("never joins digits that leave the POD too long or too short", () => {
    expect(parseBillText(narrowColumnBill({ 15: "372101" }).join("\n")).pod).toBeNull();
    expect(parseBillText(narrowColumnBill({ 15: "3721" }).join("\n")).pod).toBeNull();
  });

  it("joins a head the scan read with a letter for a digit", () => {
    const bill = readScan(
      narrowColumnBill({ 14: "POD: RO0O4E2140\tTarif distribuție și transport\t234\t0,2513\t58,80" }),
    );
    expect(bill.pod).toBe("RO004E214037210");
  });

  it("keeps the block's heading out of the holder's name", () => {
    expect(parseBillText(narrowColumnBill().join("\n")).customerName).toBe("OANA IONIȚĂ");
  });

  it("reads the address's flat and locality past the other column's rows", () => {
    const bill = parseBillText(narrowColumnBill().join("\n"));
    expect(bill.billingAddress).toBe("Mun.București Sec.2 Șos.Pantelimon nr.130 bl.C5 ap.30");
  });

  it("takes no address's flat under the indexes' captions for a reading", () => {
    const bill = parseBillText(narrowColumnBill().join("\n"));
    expect(bill.consumptionKwh).toBe(234);
    expect(bill.pricePerKwh).toBe("1.2499");
  });

  it("takes no locality under the indexes' captions for a reading, nor for a label's second line", () => {
    // The flat on the street's line: the locality alone falls between the captions and the meter's row.
    const bill = parseBillText(
      narrowColumnBill({ 6: "Șos.Pantelimon nr.130 bl.C5 ap.30", 8: "Mun.București Sec.2", 10: null }).join("\n"),
    );
    expect(bill.consumptionKwh).toBe(234);
    expect(bill.billingAddress).toBe("Mun.București Sec.2 Șos.Pantelimon nr.130 bl.C5 ap.30");
  });
});

describe("a due date printed only as a term (round 30)", () => {
  it("is the issue date plus the term's calendar days, below sure", () => {
    const bill = parseBillText(termBill().join("\n"));
    expect(bill.billDate).toBe("2025-07-02");
    expect(bill.dueDate).toBe("2025-07-17");
    expect(bill.fieldConfidence?.dueDate ?? 1).toBeLessThan(0.9);
  });

  it("is never the next reading's window", () => {
    // The term cut short by the scan: no due date rather than the reading window's first day.
    const bill = readScan(termBill({ 4: "02.07.2025\t15 zile" }));
    expect(bill.dueDate).not.toBe("2025-07-27");
  });

  it("is below sure under a caption whose row lost a cell", () => {
    // 'Data emiterii ⇥ Termen de plată' over the issue date alone: which caption it is under is a guess.
    const bill = readScan(termBill({ 4: "02.07.2025" }));
    if (bill.dueDate !== null) expect(bill.fieldConfidence?.dueDate ?? 0).toBeLessThan(0.9);
  });

  it("counts no term in working days as calendar days", () => {
    const bill = parseBillText(termBill({ 4: "02.07.2025\t15 zile lucrătoare de la data emiterii" }).join("\n"));
    expect(bill.dueDate).not.toBe("2025-07-17");
  });
});

describe("scans under a flickering lamp: a band across a line (round 30)", () => {
  it("puts back a total whose first digit the scan misread, below sure", () => {
    const bill = readScan(termBill({ 20: "Total de plată\t7.475,21 lei" }));
    expect(bill.totalWithVat).toBe("1475.21");
    expect(bill.fieldConfidence?.totalWithVat ?? 1).toBeLessThan(0.9);
    expect(bill.fieldConfidence?.pricePerKwh ?? 1).toBeLessThan(0.9);
  });

  it("puts back a net amount whose first digit the scan lost, below sure", () => {
    const bill = readScan(narrowColumnBill({ 21: "Total fără TVA\t41,72 lei" }));
    expect(bill.totalWithoutVat).toBe("241.72");
    expect(bill.fieldConfidence?.totalWithoutVat ?? 1).toBeLessThan(0.9);
    expect(bill.pricePerKwh).toBe("1.2499");
  });

  it("puts back no total the VAT's rate does not vouch for", () => {
    // 1.239,67 + 200,00 makes 1.439,67: the VAT is no 19 % of the net, so which amount is wrong is not known.
    const bill = readScan(termBill({ 19: "TVA 19%\t200,00 lei", 20: "Total de plată\t7.439,67 lei" }));
    expect(bill.totalWithVat).toBe("7439.67");
    expect(bill.fieldConfidence?.totalWithVat ?? 0).toBeLessThan(0.9);
  });

  it("reads 'TOTAL DE PL ATĂ', the word parted by a band, as the total's label", () => {
    // The net's first digit lost too: only the total read by its label puts it back.
    const bill = readScan(narrowColumnBill({ 21: "Total fără TVA\t41,72 lei", 23: "TOTAL DE PL ATĂ\t292,48 lei" }));
    expect(bill.totalWithVat).toBe("292.48");
    expect(bill.totalWithoutVat).toBe("241.72");
  });

  it("joins a code's digits a gap parted", () => {
    const bill = readScan(termBill({ 12: "Contract: 27528 0/2018" }));
    expect(bill.contractNumber).toBe("275280/2018");
    expect(bill.fieldConfidence?.contractNumber ?? 1).toBeLessThan(0.9);
  });

  it("takes no table's 'Cant.' caption for the offer", () => {
    // The offer's line lost to the band: the products' column caption 'Produs / serviciu' has 'Cant.' beside it.
    const bill = readScan(
      narrowColumnBill({
        12: "Contract: 792713/2021",
        13: "LOC DE CONSUM\tProdus / serviciu\tCant.\t| Preț unitar",
        20: "citez BestariCasoiEOR\tAcciză\t234\t0,0056\t1,31",
      }),
    );
    expect(bill.tariffType).not.toBe("Cant");
    expect(bill.tariffType).not.toBe("Cant.");
  });

  it("takes no contract's number before its slash for the client code", () => {
    // The client code's line lost; the contract's year misread.
    const bill = readScan(narrowColumnBill({ 11: null, 12: "294005/20U19 (preluat prin succesiune)" }));
    expect(bill.clientCode).not.toBe("294005");
  });

  it("reads the term whose label the scan lost, from an issue date placed by its role, below sure", () => {
    const bill = readScan(termBill({ 3: null }));
    expect(bill.billDate).toBe("2025-07-02");
    expect(bill.dueDate).toBe("2025-07-17");
    expect(bill.fieldConfidence?.dueDate ?? 1).toBeLessThan(0.9);
  });
});

describe("a code's digit groups (round 30)", () => {
  it("joins a client code a gap parted, below sure", () => {
    const bill = readScan(termBill({ 11: "Cod client: 930 4230699" }));
    expect(bill.clientCode).toBe("9304230699");
    expect(bill.fieldConfidence?.clientCode ?? 1).toBeLessThan(0.9);
  });

  it("joins no other column's figure to a whole client code", () => {
    const bill = readScan(termBill({ 11: "Cod client: 9304230699 1262" }));
    expect(bill.clientCode).toBe("9304230699");
  });
});

describe("a locality's dots a scan lost (round 30)", () => {
  it("puts back Bucharest's sector dot and the locality's dot read as a colon", () => {
    expect(repairOcrText("Adresă\tMun.București Sec 2 Str.Libertății nr.85 bl.B9 ap.60")).toBe(
      "Adresă\tMun.București Sec.2 Str.Libertății nr.85 bl.B9 ap.60",
    );
    expect(repairOcrText("Mun:București Sec:2")).toBe("Mun.București Sec.2");
    // No sector 25, no 'Sec' away from the city's name.
    expect(repairOcrText("Mun.București Sec 25")).toBe("Mun.București Sec 25");
    expect(repairOcrText("Sec 2")).toBe("Sec 2");
  });
});
