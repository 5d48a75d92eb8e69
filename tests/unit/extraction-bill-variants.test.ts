// The label variants and value forms that a first field test on unseen supplier layouts missed
// (issue #14), each in the shape a PDF text layer gives: lines, cells split by tabs.
import { describe, expect, it } from "vitest";
import { parseBillText, splitNameAndAddress, totalsAddUp, vatMatchesRate, vatRateOn } from "../../app/server/documents/extraction/bill-parser.server";
import { findDates, parseAmountCents } from "../../app/server/documents/extraction/text-fields.server";

describe("value parsers", () => {
  it("reads Romanian dates with month names, abbreviations and two-digit years", () => {
    expect(findDates("15 noiembrie 2026")).toEqual(["2026-11-15"]);
    expect(findDates("5 nov. 26")).toEqual(["2026-11-05"]);
    expect(findDates("01 octombrie 2026 – 31 octombrie 2026")).toEqual(["2026-10-01", "2026-10-31"]);
    expect(findDates("05.11.26")).toEqual(["2026-11-05"]);
    expect(findDates("2026-11-05")).toEqual(["2026-11-05"]);
  });

  it("reads a period with the year printed once", () => {
    expect(findDates("01.10-31.10.2026")).toEqual(["2026-10-01", "2026-10-31"]);
  });

  it("does not take amounts or indexes for dates", () => {
    expect(findDates("1.234,56 lei")).toEqual([]);
    expect(findDates("index 10.234")).toEqual([]);
  });

  it("reads amounts with a decimal comma and a thousands dot", () => {
    expect(parseAmountCents("1.234,56")).toBe(123456);
    expect(parseAmountCents("12.345,06 lei")).toBe(1234506);
    expect(parseAmountCents("1 234,56 RON")).toBe(123456);
  });
});

describe("cross-checks", () => {
  it("adds total without VAT and VAT to the total, to the ban", () => {
    expect(totalsAddUp(21345, 4482, 25827)).toBe(true);
    expect(totalsAddUp(21345, 4482, 25927)).toBe(false);
  });

  it("expects 21 % VAT from August 2025 and 19 % before", () => {
    expect(vatRateOn("2026-11-05")).toEqual([0.21]);
    expect(vatRateOn("2025-07-31")).toEqual([0.19]);
    expect(vatMatchesRate(21345, 4482, [0.21])).toBe(true);
    expect(vatMatchesRate(21345, 4056, [0.21])).toBe(false);
    expect(vatMatchesRate(21345, 4056, [0.19])).toBe(true);
  });
});

describe("name and address on one line", () => {
  it("cuts the address off the name", () => {
    expect(splitNameAndAddress("POPESCU ION, Str. Lungă nr. 12, Cluj-Napoca")).toEqual({ name: "POPESCU ION", address: "Str. Lungă nr. 12, Cluj-Napoca" });
    expect(splitNameAndAddress("STROE MARIA Mun.București Sec.3")).toEqual({ name: "STROE MARIA", address: "Mun.București Sec.3" });
    expect(splitNameAndAddress("STROE MARIA")).toEqual({ name: "STROE MARIA", address: null });
  });
});

const tabbed = (...lines: string[][]) => lines.map((cells) => cells.join("\t")).join("\n");

describe("bill reader on label variants", () => {
  it("reads 'Emisă la', 'Termen de plată', a one-line period and totals in a table row", () => {
    const parsed = parseBillText(
      tabbed(
        ["Factură seria și nr. HID 0045123"],
        ["Emisă la", "05 noiembrie 2026"],
        ["Termen de plată", "20.11.26"],
        ["Perioada: 01.10-31.10.2026"],
        ["Client: POPESCU ION, Str. Lungă nr. 12, Cluj-Napoca"],
        ["Total fără TVA", "TVA 21%", "Total de plată"],
        ["1.234,56", "259,26", "1.493,82"],
        ["Consum facturat: 1.020 kWh"],
      ),
    );
    expect(parsed).toMatchObject({
      billNumber: "HID 0045123",
      billDate: "2026-11-05",
      dueDate: "2026-11-20",
      periodStart: "2026-10-01",
      periodEnd: "2026-10-31",
      customerName: "POPESCU ION",
      billingAddress: "Str. Lungă nr. 12, Cluj-Napoca",
      totalWithoutVat: "1234.56",
      vat: "259.26",
      totalWithVat: "1493.82",
      consumptionKwh: 1020,
    });
    expect(parsed.checks?.find((c) => c.name === "totals_add_up")?.passed).toBe(true);
    expect(parsed.checks?.find((c) => c.name === "period_before_due_date")?.passed).toBe(true);
    expect(parsed.fieldConfidence?.totalWithVat).toBeGreaterThanOrEqual(0.9);
  });

  it("pairs labels in one column with amounts in another", () => {
    const parsed = parseBillText(tabbed(["Baza de impozitare", "213,45 lei"], ["TVA", "44,82 lei"], ["Total factură", "258,27 lei"]));
    expect(parsed).toMatchObject({ totalWithoutVat: "213.45", vat: "44.82", totalWithVat: "258.27" });
  });

  it("prefers the net / VAT / total triple that adds up over the first amounts seen", () => {
    const parsed = parseBillText(
      tabbed(["Sold anterior - Total de plată", "12,00"], ["Total fără TVA", "213,45"], ["TVA 21%", "44,82"], ["Total de plată", "258,27"]),
    );
    expect(parsed).toMatchObject({ totalWithoutVat: "213.45", vat: "44.82", totalWithVat: "258.27" });
  });

  it("reads a net / VAT / gross charges table from its TOTAL row, not from the first row that also adds up", () => {
    const parsed = parseBillText(
      tabbed(
        ["Denumire", "Valoare fără TVA", "TVA", "Valoare cu TVA"],
        ["Energie electrică activă", "582,38", "122,30", "704,68"],
        ["Certificate verzi", "41,38", "8,69", "50,07"],
        ["TOTAL", "623,76", "130,99", "754,75"],
      ),
    );
    expect(parsed).toMatchObject({ totalWithoutVat: "623.76", vat: "130.99", totalWithVat: "754.75" });
  });

  it("takes the issue date printed with the bill number and cuts it off the number", () => {
    const parsed = parseBillText(tabbed(["FACTURA Nr. CEZ 0838382 / 08 NOI 2025"], ["Scadenta 23 NOI 2025"]));
    expect(parsed).toMatchObject({ billNumber: "CEZ 0838382", billDate: "2025-11-08", dueDate: "2025-11-23" });
  });

  it("flags totals that do not add up and lowers their confidence", () => {
    const parsed = parseBillText(tabbed(["Total fără TVA", "213,45"], ["TVA 21%", "44,82"], ["Total de plată", "298,27"]));
    expect(parsed.checks?.find((c) => c.name === "totals_add_up")?.passed).toBe(false);
    expect(parsed.fieldConfidence?.totalWithVat).toBeLessThanOrEqual(0.5);
  });

  it("checks consumption against the printed indexes and derives it when only they are printed", () => {
    const both = parseBillText(tabbed(["Index vechi", "10234"], ["Index nou", "10416"], ["Consum facturat", "182 kWh"]));
    expect(both.checks?.find((c) => c.name === "consumption_matches_indexes")?.passed).toBe(true);
    const misread = parseBillText(tabbed(["Index vechi", "10234"], ["Index nou", "10416"], ["Consum facturat", "1182 kWh"]));
    expect(misread.checks?.find((c) => c.name === "consumption_matches_indexes")?.passed).toBe(false);
    expect(parseBillText(tabbed(["Index vechi", "10234"], ["Index nou", "10416"])).consumptionKwh).toBe(182);
  });

  it("flags a price per kWh outside the plausible band", () => {
    const parsed = parseBillText(tabbed(["Total fără TVA", "213,45"], ["TVA 21%", "44,82"], ["Total de plată", "258,27"], ["Consum facturat", "18 kWh"]));
    expect(parsed.checks?.find((c) => c.name === "price_in_band")?.passed).toBe(false);
    expect(parsed.fieldConfidence?.consumptionKwh).toBeLessThanOrEqual(0.5);
  });

  it("flags a billing period that ends after the due date", () => {
    const parsed = parseBillText(tabbed(["Perioada de facturare: 01.10.2026 - 31.10.2026"], ["Data scadenței: 15.10.2026"]));
    expect(parsed.checks?.find((c) => c.name === "period_before_due_date")?.passed).toBe(false);
  });
});

describe("bill reader on round 6's shapes (issue #14): grids, bilingual labels, bars, sentences", () => {
  it("reads a grid whose labels sit above their values, with no colons", () => {
    const parsed = parseBillText(
      tabbed(["Perioadă", "Titular contract"], ["01.01.2026 - 31.01.2026", "OANA IONIȚĂ"], ["Putere contractată", "Energie facturată"], ["6,00 kW", "234 kWh"]),
    );
    expect(parsed).toMatchObject({ customerName: "OANA IONIȚĂ", consumptionKwh: 234, contractedPowerKw: "6.00", periodEnd: "2026-01-31" });
  });

  it("keeps only the Romanian part of a bilingual label", () => {
    const parsed = parseBillText(tabbed(["Tarif / Tariff:", "MVM Casnic Variabil"], ["Data emiterii / Issue date:", "18.02.2026"]));
    expect(parsed).toMatchObject({ tariffType: "MVM Casnic Variabil", billDate: "2026-02-18" });
  });

  it("leaves a slash inside a value alone", () => {
    expect(parseBillText(tabbed(["Contract:", "131436/2022"])).contractNumber).toBe("131436/2022");
  });

  it("reads several facts a line separated by bars, labels without colons", () => {
    const parsed = parseBillText(
      [
        "Factura NPX 9866233 | emisă 06.08.2026 | scadentă 21.08.2026",
        "Client GEORGE RADU | cod client 9378028772 | contract 014528/2020",
        "POD RO005E527299801 | Nova Fix 12 | putere 6,00 kW",
        "Valoare fără TVA 207,12 lei | TVA 21% 43,50 lei",
        "De plată 250,62 lei",
      ].join("\n"),
    );
    expect(parsed).toMatchObject({
      billNumber: "NPX 9866233",
      billDate: "2026-08-06",
      dueDate: "2026-08-21",
      customerName: "GEORGE RADU",
      contractNumber: "014528/2020",
      tariffType: "Nova Fix 12",
      contractedPowerKw: "6.00",
      totalWithoutVat: "207.12",
      vat: "43.50",
      totalWithVat: "250.62",
    });
    // An offer name read without its label is worth less than a labelled one.
    expect(parsed.fieldConfidence?.tariffType).toBeLessThan(0.75);
  });

  it("does not take a date right of 'de plată până la' for an amount", () => {
    const parsed = parseBillText(tabbed(["258,27 lei", "de plată până la", "16.02.2026"]));
    expect(parsed).toMatchObject({ totalWithVat: "258.27", dueDate: "2026-02-16" });
  });

  it("reads facts written as sentences: salutation, address, amount due with its date, the one kWh figure", () => {
    const parsed = parseBillText(
      [
        "Stimate client OANA IONIȚĂ,",
        "consumată la adresa Mun.București Sec.2 Șos.Pantelimon nr.130",
        "în perioada 01.01.2026 - 31.01.2026: 234 kWh.",
        "Vă rugăm să achitați 314,32 lei până la 16.02.2026.",
        "Total fără TVA\t259,77",
        "TVA 21%\t54,55",
      ].join("\n"),
    );
    expect(parsed).toMatchObject({
      customerName: "OANA IONIȚĂ",
      billingAddress: "Mun.București Sec.2 Șos.Pantelimon nr.130",
      consumptionKwh: 234,
      totalWithVat: "314.32",
      dueDate: "2026-02-16",
    });
    expect(parsed.checks?.find((c) => c.name === "totals_add_up")?.passed).toBe(true);
  });

  it("does not guess the consumption when the bill prints two kWh figures and no label", () => {
    expect(parseBillText(["Zi: 120 kWh", "Noapte: 80 kWh"].join("\n")).consumptionKwh).toBeNull();
  });

  it("names the supplier from a logo alone", () => {
    expect(parseBillText("ENGIE\nFactura nr. EGR 1234567").supplierName).toBe("Engie România");
  });
});

describe("bill reader on round 7's shapes (issue #14): abbreviations, windows, captions under figures", () => {
  it("reads abbreviated labels ('Nr. fact.', 'Dt. emit.', 'Dt. scad.', 'Nr. ctr.', 'Pt. aprobată')", () => {
    const parsed = parseBillText(
      tabbed(["Nr. fact. EON 5898369", "Dt. emit. 12/11/2025", "Dt. scad. 27/11/2025"], ["Nr. ctr.: 167699/2025"], ["Pt. aprobată: 6,00 kW"]),
    );
    expect(parsed).toMatchObject({ billNumber: "EON 5898369", billDate: "2025-11-12", dueDate: "2025-11-27", contractNumber: "167699/2025", contractedPowerKw: "6.00" });
  });

  it("joins an address printed street first with its locality on the next line, locality first", () => {
    const parsed = parseBillText(tabbed(["Adr. loc consum:", "Calea Victoriei nr.126 bl.C8 ap.43"], ["Jud.IS Mun.Iași"]));
    expect(parsed.billingAddress).toBe("Jud.IS Mun.Iași Calea Victoriei nr.126 bl.C8 ap.43");
  });

  it("reads the holder and address of an envelope window past a line of the column beside it", () => {
    const parsed = parseBillText(
      tabbed(["ANDREI MUNTEANU"], ["Perioada facturare", "01.03.2026-31.03.2026"], ["Str.Mihai Eminescu nr.30 bl.B2 ap.6"], ["Jud.IS Mun.Iași"]),
    );
    expect(parsed).toMatchObject({ customerName: "ANDREI MUNTEANU", billingAddress: "Jud.IS Mun.Iași Str.Mihai Eminescu nr.30 bl.B2 ap.6" });
  });

  it("reads the total and its VAT from one sentence ('…, din care TVA …')", () => {
    const parsed = parseBillText(
      tabbed(["Total energie și servicii (fără TVA)", "838,37"], ["Total factură curentă: 1.014,43 lei, din care TVA (21%): 176,06 lei"], ["Data emitere", "01.04.2026"]),
    );
    expect(parsed).toMatchObject({ totalWithoutVat: "838.37", vat: "176.06", totalWithVat: "1014.43" });
  });

  it("reads the consumption right of a label that carries the unit", () => {
    expect(parseBillText(tabbed(["Consum energie activă (kWh)", "987"])).consumptionKwh).toBe(987);
  });

  it("reads key figures printed above their captions", () => {
    const parsed = parseBillText(tabbed(["218,95 lei", "27.09.2025", "163 kWh", "01.08.2025 - 31.08.2025"], ["Total de plată", "Scadență", "Consum", "Perioada"]));
    expect(parsed).toMatchObject({ totalWithVat: "218.95", dueDate: "2025-09-27", consumptionKwh: 163, periodStart: "2025-08-01", periodEnd: "2025-08-31" });
  });

  it("takes net and VAT from a 'Total' row with those two columns, checked against the rate", () => {
    const parsed = parseBillText(tabbed(["Data emiterii facturii 12.09.2025"], ["218,95 lei", "27.09.2025"], ["Total de plată", "Scadență"], ["Total", "180,95", "38,00"]));
    expect(parsed).toMatchObject({ totalWithoutVat: "180.95", vat: "38.00", totalWithVat: "218.95" });
    expect(parsed.checks?.filter((c) => !c.passed)).toEqual([]);
  });

  it("does not vouch for a price per kWh worked out from totals that fail their checks", () => {
    const parsed = parseBillText(tabbed(["Total fără TVA", "213,45"], ["TVA 21%", "44,82"], ["Total de plată", "298,27"], ["Consum facturat", "200 kWh"]));
    expect(parsed.checks?.find((c) => c.name === "price_in_band")?.passed).toBe(true);
    expect(parsed.fieldConfidence?.pricePerKwh).toBeLessThanOrEqual(0.5);
  });
});

describe("bill reader on round 8's shapes (issue #14): columns, other wording, three pages", () => {
  it("completes an address wrapping inside its column with the street below it, and reads 'De la' / 'Până la'", () => {
    const parsed = parseBillText(
      tabbed(
        ["Adresă: Mun.București Sec.2", "Data: 01.02.2026", "Tarif: Tinmar Fix Casa"],
        ["Șos.Pantelimon nr.130 bl.C5 ap.30", "Scadență: 16.02.2026", "Putere: 6,00 kW"],
        ["Cod client: 5722657174", "De la: 01.01.2026", "Consum: 234 kWh"],
        ["Contract: 792713/2021", "Până la: 31.01.2026"],
      ),
    );
    expect(parsed).toMatchObject({ billingAddress: "Mun.București Sec.2 Șos.Pantelimon nr.130 bl.C5 ap.30", periodStart: "2026-01-01", periodEnd: "2026-01-31" });
  });

  it("does not vouch for an address that is only a locality", () => {
    const parsed = parseBillText(tabbed(["Adresă: Mun.București Sec.2", "Data: 01.02.2026"], ["Cod client: 5722657174", "Scadență: 16.02.2026"]));
    expect(parsed.billingAddress).toBe("Mun.București Sec.2");
    expect(parsed.fieldConfidence?.billingAddress).toBeLessThan(0.9);
  });

  it("reads another supplier's wording ('Document fiscal nr.', 'Scadent', 'Interval', 'Titularul contractului', 'De achitat')", () => {
    const parsed = parseBillText(
      tabbed(
        ["Document fiscal nr.:", "PRS 5088213"],
        ["Scadent:", "05 MAR 2026"],
        ["Interval:", "01 IAN 2026 - 31 IAN 2026"],
        ["Titularul contractului:", "OANA STAN"],
        ["Locul consumului:", "Jud.IS Mun.Iași Bd.Unirii nr.122"],
        ["Cod unic client:", "C-716919"],
        ["Nr. înregistrare contract:", "131436/2022"],
        ["Ofertă contractată:", "Premier Smart"],
        ["De achitat:", "RON 1.632,99"],
      ),
    );
    expect(parsed).toMatchObject({
      billNumber: "PRS 5088213",
      dueDate: "2026-03-05",
      periodStart: "2026-01-01",
      periodEnd: "2026-01-31",
      customerName: "OANA STAN",
      billingAddress: "Jud.IS Mun.Iași Bd.Unirii nr.122",
      clientCode: "C-716919",
      contractNumber: "131436/2022",
      tariffType: "Premier Smart",
      totalWithVat: "1632.99",
    });
  });

  it("reads an unlabelled holder first on a line whose other cells are another column's facts", () => {
    const parsed = parseBillText(tabbed(["GEORGE RADU", "Total de plată", "235,24 lei"], ["Mun.București Sec.2 Str.Florilor nr.26", "Scadență", "21.08.2026"]));
    expect(parsed).toMatchObject({ customerName: "GEORGE RADU", billingAddress: "Mun.București Sec.2 Str.Florilor nr.26", totalWithVat: "235.24" });
  });

  it("does not take a power printed after 'la locul de consum:' for an address", () => {
    expect(parseBillText(tabbed(["Putere aprobată la locul de consum: 7,00 kW"])).billingAddress).toBeNull();
  });
});

