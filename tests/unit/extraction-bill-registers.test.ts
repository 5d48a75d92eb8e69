import { describe, expect, it } from "vitest";
import { billLines, parseBillText } from "../../app/server/documents/extraction/bill-parser.server";
import { codesByStem } from "../../app/server/documents/extraction/bill-values.server";
import { repairOcrText } from "../../app/server/documents/extraction/ocr-text-repair.server";

const lines = (...rows: string[][]) => rows.map((cells) => cells.join("\t")).join("\n");

// A dual-tariff meter read on two dates, its registers' consumption in the table's last column.
const dualTariff = (totalRow: string[]) =>
  lines(
    ["Data facturii", "05.10.2026"],
    ["Data scadentă", "20.10.2026"],
    ["Serie contor", "Registru", "Citire 31.08.2026", "Citire 01.10.2026", "Constantă", "Consum (kWh)"],
    ["EMH 1111 2222", "Zi (T1)", "67421", "67476", "1", "55"],
    ["EMH 1111 2222", "Noapte (T2)", "37082", "37118", "1", "36"],
    totalRow,
    ["Produs / serviciu", "U.M.", "Cantitate", "Preț unitar (lei)", "Valoare (lei)"],
    ["Energie activă zi", "kWh", "55", "0,84170", "46,29"],
    ["Energie activă noapte", "kWh", "36", "0,84170", "30,30"],
    ["Total fără TVA", "105,51"],
    ["TVA 21%", "22,16"],
    ["Total factură curentă", "127,67"],
  );

describe("a meter with several registers", () => {
  it("bills the 'Total consum' row (the registers' sum), not the first register's figure", () => {
    const bill = parseBillText(dualTariff(["Total consum", "91"]));
    expect(bill.consumptionKwh).toBe(91);
    expect(bill.pricePerKwh).toBe("1.4030");
  });

  it("does not vouch for one register's figure, nor for the price derived from it", () => {
    // The total row disagrees with the registers (a misread digit): whatever is read is not sure.
    const bill = parseBillText(dualTariff(["Total consum", "97"]));
    expect(bill.consumptionKwh).toBe(55);
    expect(bill.fieldConfidence?.consumptionKwh).toBeLessThan(0.9);
    expect(bill.fieldConfidence?.pricePerKwh).toBeLessThan(0.9);
  });
});

describe("a bill number printed in boxes: series and number each under its own caption", () => {
  it("joins the series to the number, as the other layouts print it", () => {
    const bill = parseBillText(lines(["Serie", "Număr", "Data emiterii", "Scadență"], ["ABC", "1234567", "02.07.2025", "17.07.2025"], ["Total de plată", "120,00 lei"]));
    expect(bill.billNumber).toBe("ABC 1234567");
  });

  it("leaves out the document's title printed in the same band", () => {
    const bill = parseBillText(lines(["Furnizor", "Serie", "Număr", "Data emiterii"], ["XY FACTURĂ", "7654321", "02.07.2025"], ["Total de plată", "120,00 lei"]));
    expect(bill.billNumber).toBe("XY 7654321");
  });
});

// A buyer's and a seller's block side by side, the buyer's address known only by its shape (no label
// over it): the rows given are printed where the address stands.
const buyerBesideSeller = (...addressRows: string[][]) =>
  parseBillText(
    lines(
      ["Cumpărător", "Vânzător"],
      ["POPA ANA", "Furnizorul S.A."],
      ["CNP: 2*********223", "CIF RO13093222"],
      ["Adresa loc de consum:", "Str. Mare nr. 4-6, Sector 4, București"],
      ...addressRows,
      ["Cod client", "1234567890"],
      ["Total de plată", "120,00 lei"],
    ),
  );

describe("the next section's caption printed on the address's line", () => {
  it("ends the address", () => {
    const bill = buyerBesideSeller(["Jud.BV Mun.Brașov Str.Lungă nr.7 Date contractuale", "Relații clienți: 021 9366"]);
    expect(bill.billingAddress).toBe("Jud.BV Mun.Brașov Str.Lungă nr.7");
  });

  it("keeps a street named by a word a caption starts with", () => {
    const bill = parseBillText(lines(["Adresa de facturare:", "Jud.BV Mun.Brașov Str.Detalii nr.7"], ["Total de plată", "120,00 lei"]));
    expect(bill.billingAddress).toBe("Jud.BV Mun.Brașov Str.Detalii nr.7");
  });
});

describe("a charges table headed 'Denumire produs'", () => {
  const bill = (offer: string[][]) =>
    parseBillText(
      lines(
        ...offer,
        ["Nr.", "Denumire produs / serviciu", "U.M.", "Cantitate", "Preț unitar fără TVA", "Valoare (lei)"],
        ["1.", "Energie electrică activă", "kWh", "100", "0,73120", "73,12"],
        ["Total de plată", "120,00 lei"],
      ),
    );

  it("reads neither its unit column's caption nor its energy row as the product's name", () => {
    expect(bill([["Ofertă", "Casa Verde 12"]]).tariffType).toBe("Casa Verde 12");
    expect(bill([]).tariffType).toBeNull();
  });
});

describe("the supplier's trade-registry number ('Nr. Reg. Com. J40/2011/2000')", () => {
  it("holds no contract number in its tail", () => {
    expect(codesByStem(billLines(lines(["Nr. Reg. Com. j40/2011/2000", "CIF RO13093222"]))).contractNumber).toBeNull();
    expect(codesByStem(billLines(lines([". : 792713/2021"]))).contractNumber).toEqual({ value: "792713/2021", by: "shape" });
  });
});

// A scan's letters read as digits and digits read as letters, repaired only where the place allows
// one reading: each row is the case, the text read, then the text repaired (the same text: left alone).
describe("a scan's misread characters, repaired by their place", () => {
  it.each([
    ["a power's 7 read as a 'T' before its unit", "Putere contractată TkW\nT kW Operator de distribuție", "Putere contractată 7 kW\n7 kW Operator de distribuție"],
    ["a power's 7 read as a 'T', its unit in lower case", "Putere contractată\tTkw", "Putere contractată\t7 kw"],
    ["a power's 7 read as a 'T', its unit in capitals", "Putere aprobată\tTKW", "Putere aprobată\t7 KW"],
    ["a 'T' before kWh, or ending a word, left alone", "PT kWh\tT kWh", "PT kWh\tT kWh"],
    ["a block's 1 read as a small l after its letter ('bl.Al')", "Calea Victoriei nr.138 bl.Al ap.40", "Calea Victoriei nr.138 bl.A1 ap.40"],
    ["a block's 1 read as a small l before a digit", "Str.Lungă nr.7 Bl. Cl2, ap.3", "Str.Lungă nr.7 Bl. C12, ap.3"],
    ["a block's 5 read as an S after its letter ('bl.CS')", "Str.Libertății nr.22 bl.CS ap.6", "Str.Libertății nr.22 bl.C5 ap.6"],
    ["a block's 0 read as an O, its 8 as a B, after two letters", "bl.AO, bl. MB ap.1", "bl.A0, bl. M8 ap.1"],
    ["a block of one letter, or with its number, left alone", "bl.S ap.2 · bl.C5 · bl.A12", "bl.S ap.2 · bl.C5 · bl.A12"],
    ["a word after 'bl.' and letters elsewhere, left alone", "bl.Alba ap.4 · Ali SRL · bl.A7", "bl.Alba ap.4 · Ali SRL · bl.A7"],
    ["a place's capital I read as l after 'Mun' whose dot was lost", "Jud.IS Mun lași Str.Florilor nr.9", "Jud.IS Mun.Iași Str.Florilor nr.9"],
    ["a place's capital I read as l after 'Jud'; after another word left alone", "Jud lalomița · Sat lunca · mun lași", "Jud.Ialomița · Sat lunca · mun lași"],
    ["a county's code with a 1 for its I ('Jud.1S')", "Localitate\tJud.1S Mun.Iași", "Localitate\tJud.IS Mun.Iași"],
    ["a county's code with an 8 for its B", "Domiciliul: Jud.8Y Mun.Brașov", "Domiciliul: Jud.BY Mun.Brașov"],
    ["a county's code of letters, and a figure after another word, left alone", "Jud.IS Mun.Iași · Lot.15 · Jud. C7", "Jud.IS Mun.Iași · Lot.15 · Jud. C7"],
  ])("%s", (_case, read, repaired) => {
    expect(repairOcrText(read)).toBe(repaired);
  });
});

describe("a box's edge read as a double bar between two dates of a band of captions", () => {
  it("parts them: the issue date under its caption, the due date under its own", () => {
    const bill = parseBillText(
      lines(["LOGO", "Număr", "Data emiterii", "Scadență"], ["energie și gaze", "2287584", "04.12.2025 || 19.12.2025"], ["Total de plată", "120,00 lei"]),
    );
    expect(bill.billDate).toBe("2025-12-04");
    expect(bill.dueDate).toBe("2025-12-19");
  });
});

describe("facts run on in one line, a scan's dash where a dot parted them", () => {
  it("parts the offer's name from the power's label after a dash, and leaves a period's dash alone", () => {
    const bill = parseBillText(
      lines(
        ["Factura nr. ABC 1234567"],
        ["Perioada 01-12-2025 - 31-12-2025", "POD RO005E669030324", "Casa Energie Standard - putere aprobată 4 kW Index vechi 50642 Index nou 51682 - Consum 1040 kWh"],
        ["Total de plată", "120,00 lei"],
      ),
    );
    expect(bill.tariffType).toBe("Casa Energie Standard");
    expect(bill.periodEnd).toBe("2025-12-31");
  });
});

describe("a wrapped address whose block and flat were printed beside its label, the street after them", () => {
  it("puts the street first, and is not sure of the reassembled address", () => {
    const bill = parseBillText(
      lines(["Titular", "RADU ANA", "Contract", "460332/2019"], ["Adresa bl.C3 ap.12", "Mun.Cluj-Napoca Str.Morii nr.5", "Cod POD", "RO003E921381870"], ["Total de plată", "120,00 lei"]),
    );
    expect(bill.billingAddress).toBe("Mun.Cluj-Napoca Str.Morii nr.5 bl.C3 ap.12");
    expect(bill.fieldConfidence?.billingAddress).toBeLessThan(0.9);
  });
});

describe("a holder's address above which no label survived, its street wrapped to the next line", () => {
  it("takes the street's rest and number from the line under it", () => {
    const bill = parseBillText(lines(["Factura fiscală nr. ABC 1234567"], ["POPA ION"], ["Jud.CJ Mun.Cluj-Napoca Str.Avram"], ["Iancu nr.19"], ["Total de plată", "120,00 lei"]));
    expect(bill.billingAddress).toBe("Jud.CJ Mun.Cluj-Napoca Str.Avram Iancu nr.19");
  });
});

describe("an address known by its shape, its flat wrapped to a line of its own", () => {
  it("ends with the flat", () => {
    const bill = buyerBesideSeller(["Jud.BV Mun.Brașov Str.Lungă nr.7 bl.C2", "Relații clienți: 021 9366"], ["ap.14"]);
    expect(bill.billingAddress).toBe("Jud.BV Mun.Brașov Str.Lungă nr.7 bl.C2 ap.14");
  });
});

describe("an address known by its shape, its street's rest and number wrapped under the label's column", () => {
  const bill = (under: string) =>
    parseBillText(
      lines(
        ["Factura fiscală nr. ABC 1234567"],
        ["Titula!", "RADU ANA", "460332/2019"],
        ["Adre", "Jud.CJ Mun.Cluj-Napoca Str.Avram", "RO003E921381870"],
        [under, "Casa Fix 12"],
        ["Total de plată", "120,00 lei"],
      ),
    );

  it("ends with the street's rest and its number", () => {
    expect(bill("Iancu nr.19").billingAddress).toBe("Jud.CJ Mun.Cluj-Napoca Str.Avram Iancu nr.19");
  });

  it("takes no code or label's number for it", () => {
    expect(bill("Contract nr. 5566778").billingAddress).toBe("Jud.CJ Mun.Cluj-Napoca Str.Avram");
    expect(bill("Factura nr. 12").billingAddress).toBe("Jud.CJ Mun.Cluj-Napoca Str.Avram");
  });
});
