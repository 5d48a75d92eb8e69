// Bill round 29 (issue #14): a holiday home's bill (a few kWh, a year's history under the meter), a bill
// with a direct-debit discount, a bill printing its POD and client code only under a payment slip's
// barcode; scans with one edge lifted off the glass. What its first reading got wrong, each as the general
// rule it broke.
import { describe, expect, it } from "vitest";
import { parseBillText } from "../../app/server/documents/extraction/bill-parser.server";
import { repairOcrText } from "../../app/server/documents/extraction/ocr-text-repair.server";

/** A scan's text as the bill reader gets it: repaired first, as extract-document does. */
const readScan = (lines: string[]) => parseBillText(repairOcrText(lines.join("\n")));

/** A holiday home's bill as its text PDF reads; `lines` replace its lines by index (null drops one). */
function holidayHomeBill(lines: Record<number, string | null> = {}): string[] {
  const bill: (string | null)[] = [
    "ppcenergie\tFACTURĂ",
    "Seria și nr. PCV 2175120",
    "PPC Energie S.A. · CUI RO13267221 · București, Str. Grigore Alexandrescu nr. 9",
    "Emisă la 01.02.2026 · Scadentă la 16.02.2026",
    "Consum redus în perioada facturată",
    "Locul de consum este utilizat sezonier (locuință de vacanță). Consum mediu zilnic: 0,19 kWh/zi.",
    "Titular\tLoc de consum (locuință de vacanță)",
    "OANA IONIȚĂ\tPOD: RO004E214037210",
    "Șos.Pantelimon nr.130 bl.C5 ap.30\tProdus: PPC Casa de Vacanță",
    "Mun.București Sec.2\tPutere aprobată: 3 kW",
    "Cod client: 5722657174\tPerioada: 01.01.2026 - 31.01.2026",
    "Contract nr. 792713/2021",
    "Contor\tIndex anterior\tIndex actual\tConsum (kWh)",
    "Energie activă (autocitire)\t60218\t60224\t6",
    "Istoric consum (kWh)",
    "7\t3\t9\t8\t4\t134\t134\t10\t2\t16\t121\t6",
    "feb. 25\tmar. 25\tapr. 25\tmai. 25\tiun. 25\tiul. 25\taug. 25\tsep. 25\toct. 25\tnoi. 25\tdec. 25\tian. 26",
    "Denumire\tCantitate (kWh)\tPreț unitar (lei/kWh)\tValoare (lei)",
    "Energie electrică activă\t6\t0,8136\t4,88",
    "Tarif distribuție și transport\t6\t0,2513\t1,51",
    "Certificate verzi\t6\t0,0563\t0,34",
    "Contribuție cogenerare\t6\t0,0046\t0,03",
    "Acciză\t6\t0,0056\t0,03",
    "Total fără TVA\t6,79 lei",
    "TVA 21%\t1,43 lei",
    "Total de plată\t8,22 lei",
    "Cost mediu pe zi: 0,27 lei/zi (31 zile).",
  ];
  for (const [at, line] of Object.entries(lines)) bill[Number(at)] = line;
  return bill.filter((line): line is string => line !== null);
}

describe("a holiday home's few kWh beside a year's history (round 29)", () => {
  it("reads the meter's kWh, not twice it: the history's caption is no second line of the meter row's label", () => {
    const bill = parseBillText(holidayHomeBill().join("\n"));
    expect(bill.consumptionKwh).toBe(6);
    expect(bill.pricePerKwh).toBe("1.3700");
    expect(bill.checks?.filter((c) => !c.passed)).toEqual([]);
  });

  it("takes no history row for a second register, its caption lost", () => {
    // A scan that lost 'Istoric consum (kWh)': the months' figures right under the meter's row.
    const bill = readScan(holidayHomeBill({ 14: null }));
    expect(bill.consumptionKwh).toBe(6);
    expect(bill.pricePerKwh).toBe("1.3700");
  });

  it("adds registers' kWh as printed, and keeps a sum their readings do not confirm below sure", () => {
    const registers = (day: string, night: string) =>
      holidayHomeBill({
        12: "Registru\tIndex anterior\tIndex actual\tConsum (kWh)",
        13: day,
        14: night,
        15: null,
        16: null,
        18: "Energie electrică activă\t25,05\t1,0778\t27,00",
        19: null,
        20: null,
        21: null,
        22: null,
        23: "Total fără TVA\t27,00 lei",
        24: "TVA 21%\t5,67 lei",
        25: "Total de plată\t32,67 lei",
      });
    const checked = parseBillText(
      registers("Zi (T1)\t100,00\t108,45\t8,45", "Noapte (T2)\t200,00\t216,60\t16,60").join("\n"),
    );
    expect(checked.consumptionKwh).toBe(25.05);
    expect(checked.fieldConfidence?.consumptionKwh).toBeGreaterThanOrEqual(0.9);
    // The night register's readings make 26,60, not its 16,60: nothing confirms the 25,05 summed.
    const unchecked = parseBillText(
      registers("Zi (T1)\t100,00\t108,45\t8,45", "Noapte (T2)\t200,00\t226,60\t16,60").join("\n"),
    );
    expect(unchecked.consumptionKwh).toBe(25.05);
    expect(unchecked.fieldConfidence?.consumptionKwh).toBeLessThan(0.9);
  });
});

/** A bill whose POD and client code are printed only under a payment slip's barcode; `lines` replace its lines by index. */
function slipBill(lines: Record<number, string> = {}): string[] {
  const bill = [
    "Hidroelectrica\tFACTURĂ",
    "Seria HCB 2183956",
    "S.P.E.E.H. Hidroelectrica S.A. · CUI RO13267213 · București, Bd. Ion Mihalache nr. 15-17",
    "Data facturii 19.04.2025 · Termen de plată 04.05.2025",
    "Client\tContract\t657837/2023",
    "ANDREI CRĂCIUN\tProdus\tHidro Casnic Plus",
    "Str.Florilor nr.28\tPutere aprobată\t5 kW",
    "Jud.TM Mun.Timișoara\tPerioada\t01.03.2025 - 31.03.2025",
    "Contor\tIndex vechi\tIndex nou\tConsum (kWh)",
    "Energie activă\t69878\t70300\t422",
    "Denumire\tCantitate (kWh)\tPreț unitar (lei/kWh)\tValoare (lei)",
    "Energie electrică activă\t422\t0,6318\t266,62",
    "Tarif distribuție și transport\t422\t0,2513\t106,05",
    "Total fără TVA\t400,73 lei",
    "TVA 19%\t76,14 lei",
    "Total de plată\t476,87 lei",
    "Talon de plată — se prezintă la ghișeu sau se scanează în aplicația băncii",
    "9150 4664 0121 8395 6000 4768 7",
    "POD RO001E439640607 · Cod client 5046640121 · Factura HCB 2183956 · 476,87 lei",
  ];
  for (const [at, line] of Object.entries(lines)) bill[Number(at)] = line;
  return bill;
}

describe("scan misreads of round 29", () => {
  it("takes no POD's digits for the client code", () => {
    // The caption's POD misread in its middle ('RO00SE\'' for 'RO008E5'), the client code's label cut ('Cod clier').
    const bill = readScan(
      slipBill({ 18: "POD RO00SE' 74598414 - Cod clier\t5046640121 - Factura\tHCB 2183956\t476,87 lei" }),
    );
    expect(bill.clientCode).not.toBe("74598414");
    expect(bill.fieldConfidence?.clientCode ?? 0).toBeLessThan(0.9);
    // Read whole, the caption gives both.
    const whole = readScan(slipBill());
    expect([whole.pod, whole.clientCode]).toEqual(["RO001E439640607", "5046640121"]);
  });

  it("takes no distribution row a scan cut a letter from for the offer", () => {
    const bill = readScan(slipBill({ 5: "ANDREI CRĂCIUN", 12: "Tarif dis ribuție și transport\t422\t0,2513\t106,05" }));
    expect(bill.tariffType).not.toBe("Tarif dis ribuție și transport");
    const offered = readScan(
      slipBill({
        5: "ANDREI CRĂCIUN\tOfertă Hidro Casnic Plus",
        12: "Tarif dis ribuție și transport\t422\t0,2513\t106,05",
      }),
    );
    expect(offered.tariffType).toBe("Hidro Casnic Plus");
  });
});

describe("an offer named after its supplier (round 29 scans)", () => {
  it("spells the supplier's brand as the supplier does when a scan read one letter of it wrong", () => {
    const bill = readScan(
      slipBill({
        0: "ENGIE\tFACTURĂ",
        2: "Engie România S.A. · CUI RO13093222 · București",
        5: "ANDREI CRĂCIUN\tOfertă ENCIE Casa Debit Direct",
      }),
    );
    expect(bill.supplierName).toBe("Engie România");
    expect(bill.tariffType).toBe("ENGIE Casa Debit Direct");
    // Another word of capitals is left as read.
    const other = readScan(
      slipBill({
        0: "ENGIE\tFACTURĂ",
        2: "Engie România S.A. · CUI RO13093222 · București",
        5: "ANDREI CRĂCIUN\tOfertă CASA Debit Direct",
      }),
    );
    expect(other.tariffType).toBe("CASA Debit Direct");
  });
});
