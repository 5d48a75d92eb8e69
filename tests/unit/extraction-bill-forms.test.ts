// Shapes round 13 of the held-out bill layouts showed (issue #14), each written here in a wording of
// its own rather than copied from the fixture: the classic invoice form (a title box between seller
// and buyer, 'Domiciliul:'), facts printed 'Label – value', an address whose number, block and flat
// wrap onto the next line, and a dual-tariff meter (day and night registers) beside a comparison with
// the previous bill.
import { describe, expect, it } from "vitest";
import { billLines, parseBillText } from "../../app/server/documents/extraction/bill-parser.server";

const lines = (...rows: string[][]) => rows.map((cells) => cells.join("\t")).join("\n");

describe("the classic invoice form: seller and buyer either side of a title box", () => {
  const form = lines(
    ["Vânzător:", "Cumpărător:"],
    ["FACTURĂ"],
    ["LUMINA FURNIZARE S.R.L.", "MIHAI DOBRE"],
    ["Seria LMF nr. 0042177"],
    ["Nr. ord. reg. com./an: J12/3344/2015", "Nr. ord. reg. com./an: -"],
    ["C.I.F.: RO11223344", "Data:", "C.I.F./CNP: -"],
    ["Sediul: Str. Morii nr. 3, Cluj-Napoca", "Domiciliul: Jud.AB Mun.Alba Iulia Str.Teilor nr.15"],
    ["07.03.2026"],
    ["Jud. Cluj", "bl.4 ap.12"],
    ["Total de plată", "250,00 lei"],
  );

  it("never takes the document's title for the holder: the buyer's name is under its heading", () => {
    const bill = parseBillText(form);
    expect(bill.customerName).toBe("MIHAI DOBRE");
    expect(bill.fieldConfidence?.customerName).toBeLessThan(0.9);
  });

  it("reads the buyer's 'Domiciliul:' as the address, beside the seller's 'Sediul:', its flat wrapped under it", () => {
    expect(parseBillText(form).billingAddress).toBe("Jud.AB Mun.Alba Iulia Str.Teilor nr.15 bl.4 ap.12");
  });
});

describe("facts printed 'Label – value'", () => {
  it("reads a spaced dash after a label as the label's colon", () => {
    const bill = parseBillText(
      lines(
        ["Titular – ELENA SAVU", "Produs – Lumina Noapte Plus"],
        ["Adresă – Jud.GL Mun.Galați Str.Brăilei nr.9"],
        ["Perioada – 01.02.2026 – 28.02.2026"],
      ),
    );
    expect(bill.customerName).toBe("ELENA SAVU");
    expect(bill.tariffType).toBe("Lumina Noapte Plus");
    expect(bill.billingAddress).toBe("Jud.GL Mun.Galați Str.Brăilei nr.9");
    expect([bill.periodStart, bill.periodEnd]).toEqual(["2026-02-01", "2026-02-28"]);
  });

  it("leaves a dash between two values alone", () => {
    expect(billLines("Valabil 01.02.2026 – 28.02.2026")[0]!.cells).toEqual(["Valabil 01.02.2026 – 28.02.2026"]);
  });
});

describe("an address cut at its column's edge in a box of label and value cells", () => {
  it("joins the street number wrapped under the label's empty column", () => {
    const bill = parseBillText(
      lines(
        ["Nume și prenume", "DAN ENE", "Cod POD", "RO003E123456789"],
        [
          "Adresă de facturare",
          "Jud.SB Mun.Sibiu Str.Morilor",
          "Adresă",
          "Jud.SB Mun.Sibiu Str.Morilor",
          "Data emiterii",
        ],
        ["nr.71A", "nr.71A", "03.03.26"],
      ),
    );
    expect(bill.billingAddress).toBe("Jud.SB Mun.Sibiu Str.Morilor nr.71A");
  });

  it("joins the street wrapped under a locality the same way", () => {
    const bill = parseBillText(
      lines(
        ["Nume și prenume", "DAN ENE"],
        ["Adresă de facturare", "Mun.București Sec.4", "Adresă", "Mun.București Sec.4", "Data emiterii"],
        ["Bd.Unirii nr.3 bl.2 ap.8", "Bd.Unirii nr.3 bl.2 ap.8", "03.03.26"],
      ),
    );
    expect(bill.billingAddress).toBe("Mun.București Sec.4 Bd.Unirii nr.3 bl.2 ap.8");
  });

  it("joins the rest of a street name and its number wrapped under a street with no number yet", () => {
    const bill = parseBillText(
      lines(
        ["Vânzător:", "Cumpărător:"],
        ["ATLAS ENERGIE S.A.", "ANA VOICU"],
        ["Sediul: Str. Lungă nr. 2", "Domiciliul: Jud.AR Mun.Arad Calea"],
        ["Arad", "Aurel Vlaicu nr.40 ap.3"],
      ),
    );
    expect(bill.billingAddress).toBe("Jud.AR Mun.Arad Calea Aurel Vlaicu nr.40 ap.3");
  });

  it("joins a house number wrapped alone under a short label's row: a number never wraps a label", () => {
    const text = lines(
      ["Titular", "DAN ENE", "Contract", "221100/2024"],
      ["Adresă", "Jud.CJ Mun.Cluj-Napoca Str.Fabricii", "Cod POD", "RO005E123456789"],
      ["bl.C2 ap.14"],
      ["Tip ofertă", "Fix Casa"],
    );
    expect(billLines(text)[1]!.cells[0]).toBe("Adresă");
    expect(parseBillText(text).billingAddress).toBe("Jud.CJ Mun.Cluj-Napoca Str.Fabricii bl.C2 ap.14");
    expect(parseBillText(text.replace("bl.C2 ap.14", "nr.9")).billingAddress).toBe("Jud.CJ Mun.Cluj-Napoca Str.Fabricii nr.9");
  });

  it("ends after the number when a caption printed after it was misread ('adrexa locului de consum')", () => {
    const bill = parseBillText(
      lines(["PRV 5815599 număr factură", "DAN ENE titular"], ["C-455652 cod client", "1295 kWh consum facturat"], ["Jud.TM Mun.Timișoara Bd.Unirii nr.144 bl.A2 adrexa locului de consum"]),
    );
    expect(bill.billingAddress).toBe("Jud.TM Mun.Timișoara Bd.Unirii nr.144 bl.A2");
  });

  it("does not take a code or a label under the address for its tail", () => {
    const bill = parseBillText(
      lines(["Adresă de facturare", "Jud.SB Mun.Sibiu Str.Morilor nr.2"], ["Cod client", "5566778"]),
    );
    expect(bill.billingAddress).toBe("Jud.SB Mun.Sibiu Str.Morilor nr.2");
    const unnumbered = parseBillText(
      lines(["Adresă de facturare", "Jud.SB Mun.Sibiu Str.Morilor"], ["Contract nr. 5566778"]),
    );
    expect(unnumbered.billingAddress).toBe("Jud.SB Mun.Sibiu Str.Morilor");
  });
});

describe("a dual-tariff meter: day and night registers", () => {
  const registers = (withTotal: boolean) =>
    lines(
      ["Registru", "Index vechi", "Index nou", "Consum (kWh)"],
      ["Zi", "12000", "12150", "150"],
      ["Noapte", "5000", "5070", "70"],
      ...(withTotal ? [["Total", "17000", "17220", "220"]] : []),
      ["Valoare fără TVA", "220,00 lei"],
      ["TVA 21%", "46,20 lei"],
      ["Total de plată", "266,20 lei"],
    );

  it("bills the registers' sum, not the first register's readings", () => {
    expect(parseBillText(registers(false)).consumptionKwh).toBe(220);
  });

  it("takes the total row's readings when the table prints one", () => {
    const bill = parseBillText(registers(true));
    expect(bill.consumptionKwh).toBe(220);
    expect(bill.pricePerKwh).toBe("1.2100");
  });

  it("does not take the previous bill's figure from a comparison row, but the one the readings vouch for", () => {
    const bill = parseBillText(
      lines(
        ["Registru", "Index vechi", "Index nou", "Consum (kWh)"],
        ["Zi", "12000", "12150", "150"],
        ["Noapte", "5000", "5070", "70"],
        ["Total de plată", "266,20 lei"],
        ["", "Luna trecută", "Luna aceasta"],
        ["Energie consumată (kWh)", "301", "220"],
      ),
    );
    expect(bill.consumptionKwh).toBe(220);
    expect(bill.checks?.find((c) => c.name === "consumption_matches_indexes")?.passed).toBe(true);
  });

  it("is never sure of a comparison row's figure with no readings to vouch for one", () => {
    const bill = parseBillText(lines(["Total de plată", "266,20 lei"], ["Energie consumată (kWh)", "301", "220"]));
    expect(bill.fieldConfidence?.consumptionKwh ?? 0).toBeLessThan(0.9);
  });
});

describe("a dual-tariff meter read from a scan", () => {
  it("reads the registers' columns from the row's end when a stray mark adds a cell at its start", () => {
    const bill = parseBillText(
      lines(
        ["Registru", "Interval", "Index vechi", "Index nou", "Consum (kWh)"],
        ["Zi", "_", "06-22", "12000", "12150", "150"],
        ["Noapte", "22-06", "5000", "5070", "70"],
        ["Total", "=", "17000", "17220", "220"],
        ["Total de plată", "266,20 lei"],
      ),
    );
    expect(bill.consumptionKwh).toBe(220);
  });
});
