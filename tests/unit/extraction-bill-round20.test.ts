// A dual-fuel invoice (electricity and natural gas on one bill) and a bill's notification e-mail
// printed to PDF (issue #14, bill round 20), in a wording of their own.
import { describe, expect, it } from "vitest";
import { electricityLines, parseBillText } from "../../app/server/documents/extraction/bill-parser.server";
import { toLines } from "../../app/server/documents/extraction/text-fields.server";

/** One invoice, two supply points: the gas section first, then the electricity's. */
const DUAL_FUEL = [
  "Factură seria GE nr. 4455667",
  "Data emiterii 05.03.2026 · Scadența 20.03.2026",
  "Client",
  "MARIN ELENA",
  "Jud.PH Mun.Ploiești Str.Gării nr.12",
  "Cod client 77001122",
  "Perioada de facturare 01.02.2026 - 28.02.2026",
  "A. Gaze naturale",
  "Loc de consum gaz DEG10203040 · Contract nr. 55120/2023 · Ofertă Gaz Casnic Fix",
  "Index vechi 1200 m³ · Index nou 1350 m³ · Volum 150 m³ × PCS 10,60 kWh/m³",
  "Consum facturat 1590 kWh",
  "Gaze naturale\t1590 kWh\t0,3100\t492,90",
  "Total gaze naturale fără TVA\t492,90",
  "TVA gaze naturale 21%\t103,51",
  "Total gaze naturale cu TVA\t596,41",
  "B. Energie electrică",
  "POD RO005E123456789 · Contract nr. 88231/2021 · Ofertă Curent Casa Fix",
  "Putere aprobată 7 kW · Index vechi 30100 · Index nou 30400",
  "Consum facturat 300 kWh",
  "Energie electrică activă\t300 kWh\t0,7000\t210,00",
  "Total energie electrică fără TVA\t300,00",
  "TVA energie electrică 21%\t63,00",
  "Total energie electrică cu TVA\t363,00",
].join("\n");

describe("an invoice for electricity and natural gas", () => {
  it("reads the supply point's facts from the electricity section, the gas section coming first", () => {
    const bill = parseBillText(DUAL_FUEL);
    expect(bill.contractNumber).toBe("88231/2021");
    expect(bill.tariffType).toBe("Curent Casa Fix");
    expect(bill.consumptionKwh).toBe(300);
    expect(bill.contractedPowerKw).toBe("7.00");
    expect(bill.pod).toBe("RO005E123456789");
  });

  it("leaves out the gas section up to the next fuel's heading, and lines with a gas mark anywhere", () => {
    const kept = electricityLines(toLines(DUAL_FUEL)).map((line) => line.cells.join(" | "));
    expect(kept.some((line) => /DEG|m³|Gaz Casnic|1590/.test(line))).toBe(false);
    expect(kept).toContain("B. Energie electrică");
    expect(kept).toContain("Cod client 77001122");
    // A gas mark outside any section: the line alone is left out.
    expect(
      electricityLines(toLines("Cod client 1\nConsum gaz 120 mc în ianuarie\nPOD RO005E123456789")).map(
        (l) => l.cells[0],
      ),
    ).toEqual(["Cod client 1", "POD RO005E123456789"]);
  });

  it("reads the electricity's totals, never the gas section's, even where the electricity prints none", () => {
    expect(parseBillText(DUAL_FUEL).totalWithVat).toBe("363.00");
    const noPowerTotals = parseBillText(
      DUAL_FUEL.split("\n")
        .filter((line) => !/energie electrică (?:fără|cu) TVA|TVA energie/.test(line))
        .join("\n"),
    );
    expect(noPowerTotals.totalWithVat).not.toBe("596.41");
    expect(noPowerTotals.totalWithoutVat).not.toBe("492.90");
  });

  it("ends the gas section at the electricity's POD when its heading is worded otherwise", () => {
    const bill = parseBillText(DUAL_FUEL.replace("B. Energie electrică", "B. Curent și servicii de rețea"));
    expect(bill.contractNumber).toBe("88231/2021");
    expect(bill.tariffType).toBe("Curent Casa Fix");
    expect(bill.consumptionKwh).toBe(300);
  });

  it("keeps every line of an electricity bill, a fuel mix's gas share or a summary's gas row included", () => {
    const lines = toLines(
      [
        "Structura energiei",
        "Gaze naturale 15,31 %",
        "Gaze naturale (cu TVA)\t120,00 lei",
        "Contract nr. 1234/2020",
        "Consum facturat 100 kWh",
      ].join("\n"),
    );
    expect(electricityLines(lines)).toEqual(lines);
  });
});

/** A bill's notification e-mail, printed from the holder's mail client: the body is prose. */
const EMAIL = [
  "popa.ion@example.ro",
  "From:\tFurnizorul <facturi@furnizor.ro>",
  "Subject:\tFactura FX 1234567 este disponibilă",
  "Stimate client POPA ION,",
  "Vă informăm că a fost emisă factura pentru locul de consum din Jud.SB Mun.Sibiu Str.Mihai",
  "Viteazu nr.8 bl.2 ap.14. Factura este atașată acestui mesaj.",
  "Număr factură: FX 1234567",
  "Data facturii: 02.03.2026",
  "Data scadentă: 17.03.2026",
  "Consum facturat: 210 kWh",
].join("\n");

describe("a bill's notification e-mail printed to PDF", () => {
  it("never reads the body's sentence as the address; reads the address the sentence names, below sure", () => {
    const bill = parseBillText(EMAIL);
    expect(bill.customerName).toBe("POPA ION");
    expect(bill.billingAddress).toBe("Jud.SB Mun.Sibiu Str.Mihai Viteazu nr.8 bl.2 ap.14");
    expect(bill.fieldConfidence!.billingAddress).toBeLessThan(0.9);
  });

  it("reads the sentence's wrapped rest past a scan's speck read as a cell of its own", () => {
    const bill = parseBillText(EMAIL.replace("Str.Mihai\n", "Str.Mihai\t/\n"));
    expect(bill.billingAddress).toBe("Jud.SB Mun.Sibiu Str.Mihai Viteazu nr.8 bl.2 ap.14");
  });

  it("ends the named address at the sentence's end, not at an abbreviation's dot", () => {
    const bill = parseBillText(
      EMAIL.replace("Jud.SB Mun.Sibiu Str.Mihai\nViteazu nr.8 bl.2 ap.14.", "Mun.Sibiu Str. Lungă nr. 8. Vă"),
    );
    expect(bill.billingAddress).toBe("Mun.Sibiu Str. Lungă nr. 8");
  });

  it("reads no address out of a sentence naming none, a number in it notwithstanding", () => {
    const bill = parseBillText(
      EMAIL.replace(
        /din Jud\.SB Mun\.Sibiu Str\.Mihai\nViteazu nr\.8 bl\.2 ap\.14\./,
        "din contul dumneavoastră nr. 5566.",
      ),
    );
    expect(bill.billingAddress).toBeNull();
  });
});

describe("a power whose caption the scan ran into the next one's", () => {
  it("never takes the supply's voltage in kV for the contracted power", () => {
    // 'Putere aprobată · Tensiune' over '7 kW · JT (0,4 kV)', read as one line.
    const bill = parseBillText(
      ["Factură nr. ABC 1234567", "Putere aprobată - Tensiune 7 kW · JT (0,4 kV)", "Consum facturat 200 kWh"].join(
        "\n",
      ),
    );
    expect(bill.contractedPowerKw).not.toBe("0.40");
  });

  it("still reads a power printed in kW beside a voltage", () => {
    const bill = parseBillText(
      ["Factură nr. ABC 1234567", "Putere aprobată\t6 kW\tTensiune\t0,4 kV", "Consum facturat 200 kWh"].join("\n"),
    );
    expect(bill.contractedPowerKw).toBe("6.00");
  });
});

describe("a total without VAT the scan read with one digit wrong", () => {
  const BILL = [
    "FACTURA NR. ABC 7654321",
    "CONSUM FACTURAT 500 KWH",
    "TOTAL FARA TVA\t1.818,17 LEI",
    "TVA 21%\t213,82 LEI",
    "TOTAL DE PLATA\t1.231,99 LEI",
  ].join("\n");

  it("is put right as total − VAT when the VAT read is the rate of it, below sure", () => {
    const bill = parseBillText(BILL);
    expect(bill.totalWithoutVat).toBe("1018.17");
    expect(bill.vat).toBe("213.82");
    expect(bill.totalWithVat).toBe("1231.99");
    expect(bill.fieldConfidence!.totalWithoutVat).toBeLessThan(0.9);
  });

  it("is left as read when total − VAT is more than one digit from it", () => {
    const bill = parseBillText(BILL.replace("1.818,17", "1.899,17"));
    expect(bill.totalWithoutVat).not.toBe("1018.17");
  });
});

describe("an offer's name the scan ran on into the next fact", () => {
  it("ends before another field's label with its figure, whatever its capitals", () => {
    const bill = parseBillText(
      [
        "Factură seria ABC nr. 1234567",
        "Produs Curent Lunar Fix Putere aprobată 9 kW : plată lunară",
        "Consum facturat 200 kWh",
      ].join("\n"),
    );
    expect(bill.tariffType).toBe("Curent Lunar Fix");
  });

  it("keeps a label's word inside the name when no figure follows it", () => {
    const bill = parseBillText(
      ["Factură seria ABC nr. 1234567", "Produs Casa Consum Redus", "Consum facturat 200 kWh"].join("\n"),
    );
    expect(bill.tariffType).toBe("Casa Consum Redus");
  });
});
