// Scans of a phone app's cards, of a bill naming a place of consumption with its own user, and of a
// supplier portal's page printed from a browser (issue #14, bill round 19), in a wording of their own.
import { describe, expect, it } from "vitest";
import { parseBillText } from "../../app/server/documents/extraction/bill-parser.server";

describe("a history table whose row the scan read with a cell more than its captions", () => {
  // The status column's caption ('Stare') was too pale for the engine; its icon in the row was read ('N').
  const PORTAL = [
    "Contul meu\tFacturi",
    "Factură FE 102030",
    "Cod client\t5566778899",
    "Loc de consum RO005E100200300",
    "Consum facturat\t300 kWh",
    "Perioada de facturare\t01.03.2026 - 31.03.2026",
    "Valoare fără TVA\t300,00 lei",
    "TVA 21%\t63,00 lei",
    "Total de plată\t363,00 lei",
    "Istoric facturi",
    "Număr factură\tData emiterii\tScadență\tValoare",
    "FE 102030\t10.04.2026\t25.04.2026\tN\t363,00 lei",
    "FE 101010\t10.03.2026\t25.03.2026\tP\t340,10 lei",
  ].join("\n");

  it("never gives the issue date's caption the due date's cell, and keeps a date whose column was guessed below sure", () => {
    const bill = parseBillText(PORTAL);
    expect(bill.dueDate).toBe("2026-04-25");
    expect(bill.billDate).toBe("2026-04-10");
    expect(bill.fieldConfidence.billDate).toBeLessThan(0.9);
    expect(bill.fieldConfidence.dueDate).toBeLessThan(0.9);
  });

  it("still vouches for dates under captions whose row has as many cells", () => {
    const bill = parseBillText(
      PORTAL.replace("\tN\t363,00 lei", "\t363,00 lei").replace("\tP\t340,10 lei", "\t340,10 lei"),
    );
    expect(bill.billDate).toBe("2026-04-10");
    expect(bill.fieldConfidence.billDate).toBeGreaterThanOrEqual(0.9);
  });
});
