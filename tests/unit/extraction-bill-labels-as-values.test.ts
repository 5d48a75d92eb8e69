// Shapes round 10 of the held-out bill layouts showed (issue #14), each written here in a wording of
// its own rather than copied from the fixture: a label's last word is never its value, and the
// supplier's block is never the holder's.
import { describe, expect, it } from "vitest";
import { parseBillText } from "../../app/server/documents/extraction/bill-parser.server";

describe("a label's own words are not its value", () => {
  it("reads the bill number beside 'Seria și nr. factură', not the label's last word", () => {
    const text = ["Seria și nr. factură\tENX 0041177\tData emiterii\t04.03.2026", "Seria și numărul documentului\tXYZ 900112"].join("\n");
    expect(parseBillText(text).billNumber).toBe("ENX 0041177");
  });
});

describe("a code after a label that runs on into the value's cell", () => {
  it("skips the label's last words ending in ':' and reads the code", () => {
    const bill = parseBillText("Cod client: 66120045\tNr. contract energie: 31877/2024");
    expect(bill.contractNumber).toBe("31877/2024");
    expect(bill.clientCode).toBe("66120045");
  });

  it("drops a colon left after the code", () => {
    expect(parseBillText("Nr. contract\t55120/2023: Cod client 1182200").contractNumber).toBe("55120/2023");
  });
});
