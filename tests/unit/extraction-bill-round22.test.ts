// Bill round 22 (issue #14): a bill for one of an account's several places of consumption, which lists
// every place with its own POD, bill number, kWh and amount; a dense accounting template's
// seven-column table; a payment aggregator's page printed from the browser.
import { describe, expect, it } from "vitest";
import { parseBillText } from "../../app/server/documents/extraction/bill-parser.server";

/** The account's places listed on place 2's bill: place 1 first, with its own bill. */
const SECOND_PLACE = [
  "Factura nr. ABC 4412007",
  "emisă la 12.03.2026 · scadentă la 27.03.2026",
  "LOC DE CONSUM 2 DIN 2\tJud.SV Com.Vatra Dornei Str.Bradului nr.9",
  "Titular cont\tSTAN ELENA",
  "Adresa de corespondență\tJud.IS Mun.Iași Str.Lăpușneanu nr.14 ap.3",
  "Cod client\t88120044",
  "Contract\t441020/2022",
  "Locurile de consum din cont",
  "Nr.\tAdresa locului de consum\tPOD\tFactura\tConsum\tSumă (lei)",
  "1\tJud.IS Mun.Iași Str.Lăpușneanu nr.14 ap.3\tRO004E100200300\tABC 4412008\t512 kWh\t611,20",
  "facturată separat",
  "2\tJud.SV Com.Vatra Dornei Str.Bradului nr.9\tRO004E100777888\tABC 4412007\t200 kWh\t236,36",
  "această factură",
  "Detalii loc de consum 2",
  "Cod POD\tRO004E100777888",
  "Putere aprobată\t4 kW",
  "Perioada de facturare\t01.02.2026 - 28.02.2026",
  "Index vechi / Index nou\t1200 / 1400",
  "Energie electrică activă\t200 kWh × 0,8000\t160,00 lei",
  "Tarif distribuție\t200 kWh × 0,1766\t35,32 lei",
  "Total fără TVA\t195,32 lei",
  "TVA 21%\t41,04 lei",
  "Total de plată loc de consum 2\t236,36 lei",
];

describe("a bill that lists the account's several places of consumption", () => {
  it("takes the POD tied to this bill (its own label, its row's bill number and mark), never the first one", () => {
    const bill = parseBillText(SECOND_PLACE.join("\n"));
    expect(bill.pod).toBe("RO004E100777888");
    expect(bill.fieldConfidence?.pod).toBeGreaterThanOrEqual(0.9);
  });

  it("reads no fact off another place's row: its consumption under the table's caption is not this bill's", () => {
    // The detail section's consumption line lost (a scan): the caption 'Consum' over the table remains.
    const bill = parseBillText(SECOND_PLACE.filter((line) => !/^Index/.test(line)).join("\n"));
    expect(bill.consumptionKwh).toBe(200);
    expect(bill.totalWithVat).toBe("236.36");
  });

  it("with nothing tying one POD to this bill, reads none of them as sure", () => {
    const untied = SECOND_PLACE.filter((line) => !/^(?:Cod POD|această factură)/.test(line)).map((line) =>
      line.replace("\tABC 4412007\t", "\t—\t"),
    );
    const bill = parseBillText(untied.join("\n"));
    expect(bill.fieldConfidence?.pod ?? 0).toBeLessThan(0.9);
  });

  it("with nothing tying a row to this bill, reads no kWh of the table's as sure either", () => {
    const untied = SECOND_PLACE.filter((line) => !/^(?:Cod POD|această factură|Index)/.test(line)).map((line) =>
      line.replace("\tABC 4412007\t", "\t—\t"),
    );
    const bill = parseBillText(untied.join("\n"));
    expect(bill.fieldConfidence?.consumptionKwh ?? 0).toBeLessThan(0.9);
    expect(bill.fieldConfidence?.pricePerKwh ?? 0).toBeLessThan(0.9);
  });

  it("with two ties at odds (a scan misread this bill's POD under its label), reads none of them as sure", () => {
    const misread = SECOND_PLACE.map((line) => line.replace("Cod POD\tRO004E100777888", "Cod POD\tRO005E100777888"));
    const bill = parseBillText(misread.join("\n"));
    expect(bill.fieldConfidence?.pod ?? 0).toBeLessThan(0.9);
  });
});

/** Seller and buyer side by side: the buyer's address wraps its flat onto the seller's next line. */
const BUYER_BESIDE_SELLER = (flat: string) =>
  [
    "FACTURĂ FISCALĂ",
    "Seria ABC nr. 5510203",
    "Furnizor: LUMEN ENERGIE S.A.\tCumpărător: POPESCU ION",
    "CUI: RO12345678\tAdresa: Jud.CJ Mun.Cluj-Napoca Str.Horea nr.12 bl.C3",
    `Sediu: Cluj-Napoca, Str. Morii nr. 5\t${flat}`,
    "Cod client: 40012345",
    "Data emiterii: 05.02.2026\tData scadenței: 20.02.2026",
    "Total de plată: 120,00 lei",
  ].join("\n");

describe("an address whose flat runs on to the next line, beside another column's line", () => {
  it("reads the flat a scan printed with a dash for its dot, the dot put back, below sure", () => {
    const bill = parseBillText(BUYER_BESIDE_SELLER("ap-14"));
    expect(bill.billingAddress).toBe("Jud.CJ Mun.Cluj-Napoca Str.Horea nr.12 bl.C3 ap.14");
    expect(bill.fieldConfidence?.billingAddress).toBeLessThan(0.9);
  });

  it("never reads an address cut before what starts as its flat as sure", () => {
    const bill = parseBillText(BUYER_BESIDE_SELLER("ap 1Ä"));
    expect(bill.billingAddress).toMatch(/^Jud\.CJ Mun\.Cluj-Napoca Str\.Horea nr\.12 bl\.C3/);
    expect(bill.fieldConfidence?.billingAddress).toBeLessThan(0.9);
  });

  it("keeps a flat read with its dot as sure as the address beside its label", () => {
    const bill = parseBillText(BUYER_BESIDE_SELLER("ap.14"));
    expect(bill.billingAddress).toBe("Jud.CJ Mun.Cluj-Napoca Str.Horea nr.12 bl.C3 ap.14");
    expect(bill.fieldConfidence?.billingAddress).toBeGreaterThanOrEqual(0.9);
  });
});

/** A dense template's charges table, its header read by a scan with the first two captions in one cell. */
const SEVEN_COLUMNS = (header: string) =>
  [
    "FACTURĂ FISCALĂ",
    "Seria LUM nr. 7700123",
    "Cumpărător: VASILE ANA",
    "Data emiterii: 03.03.2026\tData scadenței: 18.03.2026\tPerioada: 01.02.2026 - 28.02.2026",
    header,
    "1 | Energie electrică activă\tkWh\t300\t0,70000\t210,00\t44,10\t254,10",
    "TOTAL FACTURĂ\t210,00\t44,10\t254,10",
    "Total de plată: 254,10 lei",
    "Produs: Lumen Casnic Fix 24 · Putere aprobată: 5 kW",
  ].join("\n");

describe("a charges table's header", () => {
  it("is never a value: the rest of its caption 'Denumire produs / serviciu' is no offer", () => {
    for (const header of [
      "Nr. Denumire produs / serviciu\tU.M. |\tCantitate\tPreț unitar fără TVA\tValoare fără TVA\tTVA (lei)\tValoare cu TVA",
      "Nr. Denumire produs / serviciu\tPreț unitar fără | Valoare fără |\tTVA (lei)\tValoare cu TVA",
    ]) {
      const bill = parseBillText(SEVEN_COLUMNS(header));
      expect(bill.tariffType).toBe("Lumen Casnic Fix 24");
    }
  });
});

/** A payment service's page quoting the bill, then its own summary with its fee (the VAT read with a digit wrong by a scan). */
const PAYMENT_PAGE = [
  "PlătescUșor\tPlata facturii",
  "Factură Lumen Energie — datele sunt preluate de la furnizor",
  "Număr factură:\tLUM 5566778",
  "Data emiterii\t10.02.2026",
  "Titular\tRADU MIRCEA",
  "Energie electrică activă\t700,00",
  "Total fără TVA\t1.242,50 lei",
  "TVA 21%\t266,93 lei",
  "Valoare factură\t1.503,43 lei",
  "Sumar plată",
  "Valoare factură\t1.503,43 lei",
  "Comision serviciu PlătescUșor\t1,99 lei",
  "Total de plată\t1.505,42 lei",
].join("\n");

describe("a payment service's page printed", () => {
  it("reads the bill's value, never its total with the service's fee", () => {
    const bill = parseBillText(PAYMENT_PAGE);
    expect(bill.totalWithVat).toBe("1503.43");
    expect(bill.vat).toBe("260.93");
  });
});

describe("a charge row's name cut by a scan", () => {
  it("'Tarif distribu…' is the distribution charge, never an offer's label", () => {
    const bill = parseBillText(
      [
        "Factură Hidroelectrica",
        "Număr factură\tHAG 7001234",
        "Data emiterii\t19.12.2025",
        "Energie ele:\tactivă\t69,61",
        "Tarif distribu\t35,43",
        "Tip ofe\tHidro Casnic Fix 12",
        "Valoare fără TVA\t105,04 lei",
      ].join("\n"),
    );
    // The offer's own label cut too ('Tip ofe…'): its name is read by its words, below sure.
    expect(bill.tariffType).toBe("Hidro Casnic Fix 12");
    expect(bill.fieldConfidence?.tariffType).toBeLessThan(0.9);
  });
});

describe("a holder's name a scan read with a speck after it", () => {
  it("leaves out a lone lower-case letter after a name in capitals", () => {
    const bill = parseBillText(
      [
        "Număr factură\tHAG 7001234",
        "Data emiterii\t19.12.2025",
        "Titular\tIONESCU MARIA i\tAcciză\t1",
        "Adresa\tJud.CJ Mun.Dej Str.Libertății nr.3",
      ].join("\n"),
    );
    expect(bill.customerName).toBe("IONESCU MARIA");
    expect(bill.fieldConfidence?.customerName).toBeLessThan(0.9);
  });
});

describe("an amount with its unit beside a label of capitalised and lower-case words", () => {
  it("reads 'Valoare fără TVA ⇥ 1.242,50 lei' as the total without VAT: 'lei' is a unit, never a caption after its value", () => {
    const bill = parseBillText(
      ["Valoare fără TVA\t1.242,50 lei", "TVA 21%\t260,93 lei", "Valoare factură\t1.503,43 lei"].join("\n"),
    );
    expect(bill.totalWithoutVat).toBe("1242.50");
    expect(parseBillText("Valoare totală fără TVA\t1.242,50 lei").totalWithoutVat).toBe("1242.50");
  });
});
