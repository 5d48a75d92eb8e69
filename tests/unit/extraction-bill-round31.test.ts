// Bill round 31 (issue #14): a bill folded for an envelope whose window is at the bottom right, beside the
// post's franking box; an energy label beside the totals; a report over two pages; scans with a torn bottom
// corner. What its first reading got wrong, each as the general rule it broke.
import { describe, expect, it } from "vitest";
import { dueWithinReach, parseBillText } from "../../app/server/documents/extraction/bill-parser.server";
import { repairOcrText } from "../../app/server/documents/extraction/ocr-text-repair.server";

/** A scan's text as the bill reader gets it: repaired first, as extract-document does. */
const readScan = (text: string) => parseBillText(repairOcrText(text));

/**
 * A bill whose holder is printed only in an envelope's window at its foot, beside the post's franking box:
 * the two boxes' lines interleave. `lines` replace its lines by index (null drops one).
 */
function windowAtFootBill(lines: Record<number, string | null> = {}): string {
  const bill: (string | null)[] = [
    "HIDROELECTRICA\tFACTURĂ",
    "Seria/Nr. HFJ 2175120",
    "Hidroelectrica S.A. · CUI RO13267221 · J40/7426/2000 · www.hidroelectrica.ro",
    "Data facturii\tData scadenței\tPerioada de facturare",
    "01.02.2026\t16.02.2026\t01.01.2026 - 31.01.2026",
    "Cod client\tNr. contract\tCod POD",
    "5722657174\t792713/2021\tRO004E214037210",
    "Produs: Hidro Casnic Fix 12 · Putere aprobată: 4 kW · Tip contor: monofazat electronic",
    "Contor\tIndex vechi\tIndex nou\tConsum (kWh)",
    "Energie activă (citire distribuitor)\t60218\t60452\t234",
    "Denumire\tCantitate (kWh)\tPreț unitar (lei/kWh)\tValoare (lei)",
    "Energie electrică activă\t234\t0,6012\t140,68",
    "Tarif distribuție și transport\t234\t0,2513\t58,80",
    "Certificate verzi\t234\t0,0563\t13,17",
    "Contribuție cogenerare\t234\t0,0046\t1,08",
    "Acciză\t234\t0,0056\t1,31",
    "Total fără TVA\t215,04 lei",
    "TVA 21%\t45,16 lei",
    "Total de plată\t260,20 lei",
    "Exp.: Hidroelectrica S.A., Str. Constantin Nacu nr. 3, Sector 2, București",
    "TAXĂ POȘTALĂ PLĂTITĂ\tOANA IONIȚĂ",
    "Contract nr. 6120/2019",
    "Șos.Pantelimon nr.130 bl.C5 ap.30",
    "cu C.N. Poșta Română S.A.",
    "Mun.București Sec.2",
    "PRIORITAR",
  ];
  for (const [at, line] of Object.entries(lines)) bill[Number(at)] = line;
  return bill.filter((line) => line !== null).join("\n");
}

describe("bill round 31: the envelope's window beside the franking box", () => {
  it("joins the locality printed under a line of the box beside the window", () => {
    const parsed = parseBillText(windowAtFootBill());
    expect(parsed.customerName).toBe("OANA IONIȚĂ");
    expect(parsed.billingAddress).toBe("Mun.București Sec.2 Șos.Pantelimon nr.130 bl.C5 ap.30");
    // Read by shape, never sure.
    expect(parsed.fieldConfidence?.billingAddress).toBeLessThan(0.9);
  });

  it("reads the locality in the street's column where a scan ran the two boxes' lines together", () => {
    const parsed = readScan(
      windowAtFootBill({
        21: "Contract nr. 4320/2019\tCalea Victoriei nr.155 bl.A6 ap.54",
        22: "cu CN. Poșta Română S.A.",
        23: "PRIORITAR\t| Jud.CT Mun.Constanța",
        24: null,
        25: null,
      }),
    );
    expect(parsed.billingAddress).toBe("Jud.CT Mun.Constanța Calea Victoriei nr.155 bl.A6 ap.54");
    // A line between with a cell in the street's column is another row of the same columns: nothing read past it.
    const row = readScan(
      windowAtFootBill({
        21: "Contract nr. 4320/2019\tCalea Victoriei nr.155 bl.A6 ap.54",
        22: "cu CN. Poșta Română S.A.\tPlătiți la timp",
        23: "PRIORITAR\t| Jud.CT Mun.Constanța",
        24: null,
        25: null,
      }),
    );
    expect(row.billingAddress).toBe("Calea Victoriei nr.155 bl.A6 ap.54");
  });

  it("takes the name over the address in its column, not the other box's cell garbled into capitals beside it", () => {
    const parsed = readScan(
      windowAtFootBill({
        20: "TAXĂ POȘTALĂ PLĂTITĂ\tANCA-MARIA STROE",
        21: "SEE EVITE SIAQ IE\tBd.Unirii nr.175 bl.B3 ap.30",
        22: "cu C.N. Poșta Română S.A.",
        23: "PRIORITAR\t| Jud.CT Mun.Constanța",
        24: null,
        25: null,
      }),
    );
    expect(parsed.customerName).toBe("ANCA-MARIA STROE");
    expect(parsed.fieldConfidence?.customerName).toBeLessThan(0.9);
  });

  it("passes over no line that could be the address's own (a number, a label)", () => {
    const parsed = parseBillText(windowAtFootBill({ 23: "Cod loc: 4120" }));
    expect(parsed.billingAddress).toBe("Șos.Pantelimon nr.130 bl.C5 ap.30");
  });
});

describe("bill round 31: the post's franking box on a scan", () => {
  // The holder's name and street lost by the scan; the window's locality read beside 'PRIORITAR'.
  const scan = (lines: Record<number, string | null> = {}) =>
    windowAtFootBill({
      2: "Hidroelectrica\tS.A. - CUI RO:\tSeria/Nr. HFJ 5631339",
      5: "Cod client\tNr.\tcontract\tCod POD",
      6: "5724213945\t769718/2021\tRO002E163717823",
      20: "TAXĂ POȘTALĂ PLĂTITĂ",
      21: "Contract nr. 2339/2019",
      22: "cu C.N. Poșta Română S.A.",
      23: "PRIORITAR\tJud.CT Mun.Constanța",
      24: null,
      25: null,
      ...lines,
    });

  it("never takes the franking box's 'TAXĂ POȘTALĂ PLĂTITĂ' for the holder's name", () => {
    expect(readScan(scan()).customerName).not.toBe("TAXĂ POȘTALĂ PLĂTITĂ");
  });

  it("never takes the post's contract with the sender for the holder's", () => {
    const parsed = readScan(scan());
    expect(parsed.contractNumber).not.toBe("2339/2019");
    // Printed beside the box on the same line, it is the post's all the same.
    expect(
      readScan(scan({ 21: "Contract nr. 2339/2019\tCalea Victoriei nr.155 bl.A6 ap.54" })).contractNumber,
    ).not.toBe("2339/2019");
  });

  it("keeps a contract labelled so far from any postal mark", () => {
    expect(
      readScan(
        windowAtFootBill({ 5: "Cod client\tCod POD", 6: "5724213945\tRO002E163717823", 7: "Contract nr. 769718/2021" }),
      ).contractNumber,
    ).toBe("769718/2021");
  });
});

describe("bill round 31: a due date out of a bill's reach", () => {
  it("drops a due date decades after the bill's period (a misread year)", () => {
    const parsed = readScan(
      [
        "PPC Energie\tFactura energie electrica",
        "Scadența:\t24.06.2075",
        "ȚURCANU MIHAI\tPOD: RO006E735022830",
        "Str.Florilor nr.125 bl.B3 ap.19\tProdus: PPC Verde Casnic",
        "Jud.CT Mun.Constanța\tPutere aprobată 7 kW",
        "Cod client: 5493431439\tPerioada: 01.05.2026 - 31.05.2026",
        "Contract: 047435/2022",
        "Total fără TVA\t580,41 lei",
        "TVA 21%\t121,89 lei",
        "Total de plată\t702,30 lei",
      ].join("\n"),
    );
    expect(parsed.periodEnd).toBe("2026-05-31");
    expect(parsed.dueDate).toBeNull();
  });

  it("a due date weeks after the bill's date is within reach; a year and more, or months before, is not", () => {
    expect(dueWithinReach("2026-06-24", "2026-06-09")).toBe(true);
    expect(dueWithinReach("2026-06-24", null)).toBe(true);
    expect(dueWithinReach("2075-06-24", "2026-06-09")).toBe(false);
    expect(dueWithinReach("2016-06-24", "2026-06-09")).toBe(false);
  });
});

describe("bill round 31: a series' J read as a bracket", () => {
  it("reads 'HF] 5631339' as the series HFJ and its number", () => {
    expect(repairOcrText("Seria/Nr. HF] 5631339")).toBe("Seria/Nr. HFJ 5631339");
    expect(
      readScan(
        "HIDROELECTRICA\tFACTURĂ\nHidroelectrica\tS.A. - CUI RO:\tSeria/Nr. HF] 5631339\nTotal de plată\t260,20 lei",
      ).billNumber,
    ).toBe("HFJ 5631339");
  });

  it("leaves a bracket that closes no series alone ('[nr] 12345', 'A1] 12345')", () => {
    expect(repairOcrText("Cod [A] 123456")).toBe("Cod [A] 123456");
    expect(repairOcrText("A1] 12345")).toBe("A1] 12345");
    expect(repairOcrText("ABCD] 12345")).toBe("ABCD] 12345");
  });
});

describe("bill round 31: a POD's tail is no client code", () => {
  it("leaves the digits after a POD's label and misread head to the POD ('POD: ROD06F73 5022830')", () => {
    const parsed = readScan(
      [
        "PPC Energie\tFactura energie electrica",
        "Scadența:\t24.06.2026",
        "ȚURCANU MIHAI\tPOD: ROD06F73 5022830",
        "Str.Florilor nr.125 bl.B3 ap.19\tProdus: PPC Verde Casnic",
        "Jud.CT Mun.Constanța\tPutere aprobată 7 kW",
        "Cod cliant: 5493431439\tPerioada: 01.05.2026 - 31.05.2026",
        "Contract: 047435/2022",
        "Total fără TVA\t580,41 lei",
      ].join("\n"),
    );
    expect(parsed.clientCode).toBe("5493431439");
    expect(parsed.fieldConfidence?.clientCode).toBeLessThan(0.9);
  });
});
