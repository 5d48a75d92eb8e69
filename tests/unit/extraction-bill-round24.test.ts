// Bill round 24 (issue #14): a rented home's bill paid by the tenant for the holder, a bill with its
// totals first in EUR, a price-change notice printed before the bill; scans from a printer low on
// toner. What its first reading got wrong, each as the general rule it broke.
import { describe, expect, it } from "vitest";
import { parseBillText } from "../../app/server/documents/extraction/bill-parser.server";

/** A tenant pays the owner's bill: the envelope, a payer's box beside the holder's, a stub in the payer's name. */
const TENANT = [
  "PREMIERENERGY\tFACTURĂ",
  "seria PTC nr. 4878568",
  "Emisă: 08.05.2026",
  "Scadență: 23.05.2026\tDestinatar factură",
  "Perioada: 01.04.2026 - 30.04.2026\tDOBRE ADINA",
  "Calea Victoriei nr.155 bl.C3 ap.10",
  "Mun.București Sec.2",
  "Plătitor (chiriaș)\tTitular contract (proprietar)",
  "DOBRE ADINA\tIONIȚĂ MIHAI",
  "Telefon: 0733989314\tCod client: C-989314",
  "Loc de consum",
  "Adresa: Mun.București Sec.2 Calea Victoriei nr.155 bl.C3 ap.10",
  "POD: RO005E229313133 · Putere aprobată: 5 kW",
  "Valoare fără TVA\t427,54 lei",
  "TVA 21%\t89,78 lei",
  "Total de plată\t517,32 lei",
  "TALON DE PLATĂ",
  "Plătitor: DOBRE ADINA\tCod client: C-989314",
];

describe("a holder and someone else who pays or receives the bill", () => {
  it("takes the holder's column beside the payer's, never the payer printed first", () => {
    const bill = parseBillText(TENANT.join("\n"));
    expect(bill.customerName).toBe("IONIȚĂ MIHAI");
    // A new kind of reading: below sure.
    expect(bill.fieldConfidence?.customerName).toBeLessThan(0.9);
  });

  it("reads the columns past a speck a scan read as a cell, and a heading's bracket cut", () => {
    const scanned = TENANT.map((line) =>
      line.replace(
        "Plătitor (chiriaș)\tTitular contract (proprietar)",
        "Plătitor (chiria\tTitular contract (proprietar)\t/",
      ),
    );
    expect(parseBillText(scanned.join("\n")).customerName).toBe("IONIȚĂ MIHAI");
  });

  for (const [payer, holder] of [
    ["Destinatar factură", "Titular contract (proprietar)"],
    ["Utilizator loc de consum", "Titular (proprietar)"],
    ["Plătitor în numele titularului", "Titular contract (proprietar)"],
  ]) {
    it(`takes the holder beside '${payer} ⇥ ${holder}'`, () => {
      const bill = parseBillText(
        TENANT.map((line) =>
          line.replace("Plătitor (chiriaș)\tTitular contract (proprietar)", `${payer}\t${holder}`),
        ).join("\n"),
      );
      expect(bill.customerName).toBe("IONIȚĂ MIHAI");
    });
  }
});
