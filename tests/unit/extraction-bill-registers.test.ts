import { describe, expect, it } from "vitest";
import { parseBillText } from "../../app/server/documents/extraction/bill-parser.server";

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
