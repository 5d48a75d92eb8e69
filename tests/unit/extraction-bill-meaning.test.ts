// Shapes round 12 of the held-out bill layouts showed (issue #14), each written here in a wording of
// its own rather than copied from the fixture: a quantity read by what its separators and unit mean,
// an offer named inside a sentence, a holder addressed 'În atenția', an address over two lines, and a
// bill of several services known by its subtotal blocks.
import { describe, expect, it } from "vitest";
import { billLines, parseBillText } from "../../app/server/documents/extraction/bill-parser.server";
import {
  moneyAmounts,
  parseKwh,
  priceToLeiPerKwh,
  rowKwh,
  subtotalBlocks,
} from "../../app/server/documents/extraction/bill-values.server";

describe("a quantity of energy read by what its separators and unit mean", () => {
  it("reads a separator after four digits or more as a decimal one, not a thousands group", () => {
    expect(parseKwh("2215,000")).toBe(2215);
    expect(parseKwh("2215.500 kWh")).toBe(2215.5);
  });

  it("still reads one to three digits and a group of three as thousands", () => {
    expect(parseKwh("2.215")).toBe(2215);
    expect(parseKwh("2,215 kWh")).toBe(2215);
    expect(parseKwh("2 215 kWh")).toBe(2215);
    expect(parseKwh("96,5 kWh")).toBe(96.5);
  });

  it("reads the last of two different separators as the decimal one", () => {
    expect(parseKwh("2.215,250")).toBe(2215.25);
    expect(parseKwh("2,215.5")).toBe(2215.5);
  });

  it("converts MWh and Wh to kWh, a MWh figure printed to the kWh", () => {
    expect(parseKwh("0,315 MWh")).toBe(315);
    expect(parseKwh("2,215 MWh")).toBe(2215);
    expect(parseKwh("2.215,5 MWh")).toBe(2215500);
    expect(parseKwh("315000 Wh")).toBe(315);
    expect(parseKwh("2,215", "MWh")).toBe(2215);
  });

  it("picks the reading of a charges row's quantity that × its unit price makes the row's value", () => {
    // 315 kWh × 0,6120 lei/kWh = 192,78 lei: '315,000' is 315 with three decimals, not 315 000.
    const row = ["1", "Energie activă", "315,000", "KWH", "0,61200", "21,00%", "192,78"];
    expect(rowKwh(row, 3, "315,000", "KWH", 1)?.kwh).toBe(315);
    // The same quantity grouped when the row's value says so.
    const big = ["Energie activă", "1,215", "kWh", "0,5000", "607,50"];
    expect(rowKwh(big, 2, "1,215", "kWh", 1)?.kwh).toBe(1215);
  });

  it("converts a unit price in lei/MWh or bani/kWh before the row's check", () => {
    expect(priceToLeiPerKwh("Preț unitar (lei/MWh)")).toBe(0.001);
    expect(priceToLeiPerKwh("Preț (bani/kWh)")).toBe(0.01);
    expect(priceToLeiPerKwh("Preț (lei/kWh)")).toBe(1);
    // 0,315 MWh × 612,00 lei/MWh = 192,78 lei.
    const row = ["Energie activă", "0,315", "MWh", "612,00", "192,78"];
    expect(rowKwh(row, 2, "0,315", "MWh", priceToLeiPerKwh("lei/MWh"))).toEqual({ kwh: 315, checked: true });
    expect(rowKwh(row, 2, "0,315", "MWh", 1)).toEqual({ kwh: 315, checked: false });
  });

  it("takes the reading that is the printed new − old index difference", () => {
    expect(rowKwh(["Energie activă", "315,000", "KWH"], 2, "315,000", "KWH", 1, 315)).toEqual({
      kwh: 315,
      checked: true,
    });
  });

  it("lets another row of the charges table vouch for the quantity when the energy row's price is unreadable", () => {
    const text = [
      "Nr.\tDenumire articol\tCantitate\tUM\tPreț net\tValoare netă",
      "1\tEnergie electrică activă\t315,000\tKWH\t06120.\t192,78",
      "2\tServicii de rețea\t315,000\tKWH\t0,20000\t63,00",
    ].join("\n");
    expect(parseBillText(text).consumptionKwh).toBe(315);
  });

  it("reads the consumption of an e-Factura charges table with three-decimal quantities", () => {
    const text = [
      "Data emitere:\t2026-03-04",
      "Nr.\tDenumire articol\tCantitate\tUM\tPreț net\tCota TVA\tValoare netă",
      "1\tEnergie electrică activă\t315,000\tKWH\t0,61200\t21,00%\t192,78",
      "2\tServicii de rețea\t315,000\tKWH\t0,20000\t21,00%\t63,00",
      "Valoarea totală a facturii fără TVA\t255,78",
      "Valoarea totală a TVA\t53,71",
      "Valoarea totală a facturii cu TVA\t309,49",
    ].join("\n");
    const bill = parseBillText(text);
    expect(bill.consumptionKwh).toBe(315);
    expect(bill.pricePerKwh).toBe("0.9825");
  });
});

describe("the holder on an envelope: an addressee under the address, a salutation beside it", () => {
  const envelope = [
    "LUMINA ENERGIE",
    "Stimată clientă,\tStr. Gării nr. 7",
    "vă transmitem mai jos factura lunii trecute.\tJud.SV Mun.Suceava",
    "\tÎn atenția: MARIA ENACHE",
    "Total de plată: 120,00 lei",
  ].join("\n");

  it("reads the name after 'În atenția', not the street beside the salutation", () => {
    expect(parseBillText(envelope).customerName).toBe("MARIA ENACHE");
  });

  it("joins the street and the locality printed under it into one address, locality first", () => {
    expect(parseBillText(envelope).billingAddress).toBe("Jud.SV Mun.Suceava Str. Gării nr. 7");
  });

  it("takes neither a street nor the letter's sentence as the holder's name", () => {
    const bill = parseBillText(
      ["Stimate client,\tBd. Decebal nr. 12 bl. 3", "găsiți atașată factura.\tJud.NT Mun.Piatra Neamț"].join("\n"),
    );
    expect(bill.customerName).toBeNull();
    expect(bill.billingAddress).toBe("Jud.NT Mun.Piatra Neamț Bd. Decebal nr. 12 bl. 3");
  });
});

describe("an offer named with no colon, alone or inside a sentence of facts", () => {
  it("reads the capitalised name after 'produs' and ends it at the next fact", () => {
    const note =
      "* Locul de consum POD RO002E100200300, produs Lumina Verde 24, putere aprobată 5 kW; cod client 700100";
    expect(parseBillText(note).tariffType).toBe("Lumina Verde 24");
    expect(parseBillText("Notă: Produs Casa Stabil 2026; Putere aprobată 9 kW").tariffType).toBe("Casa Stabil 2026");
  });

  it("keeps a caption in lower case as a label with its value beside it", () => {
    expect(parseBillText("Produs contractat\tSoare Fix").tariffType).toBe("Soare Fix");
  });
});

describe("the holder's address: what an address is and where it ends", () => {
  it("skips a caption printed beside the address's label and reads the address under it", () => {
    const bill = parseBillText(
      ["Adresa de facturare\tOfertă aleasă\tSoare Fix", "Jud.GL Mun.Galați Bd. Carol I nr. 5 ap.2"].join("\n"),
    );
    expect(bill.billingAddress).toBe("Jud.GL Mun.Galați Bd. Carol I nr. 5 ap.2");
  });

  it("never reads an amount beside the address's label as the address", () => {
    expect(
      parseBillText(["Titular: ION POPA\tAdresa:\t900,54", "Total de plată\t900,54"].join("\n")).billingAddress,
    ).toBeNull();
  });

  it("reads the buyer's block by its CNP label as the holder's, and drops the country after the address", () => {
    const blocks = [
      "FURNIZOR\tCLIENT",
      "Denumire:\tALFA CURENT S.A.\tDenumire:\tRADU ILIE",
      "CIF:\tRO998877\tCIF/CNP:\t-",
      "IBAN:\tRO11BANK0000111122223333\tAdresa:\tJud.AG Mun.Pitești Str.Viilor nr.8 bl.2",
      "Adresa:\tStr. Fabricii nr. 1, Pitești, RO\tsc.A ap.14, RO",
    ].join("\n");
    const bill = parseBillText(blocks);
    expect(bill.billingAddress).toBe("Jud.AG Mun.Pitești Str.Viilor nr.8 bl.2 sc.A ap.14");
    expect(parseBillText("Adresa de facturare: Jud.AG Mun.Pitești Str.Viilor nr.8, România").billingAddress).toBe(
      "Jud.AG Mun.Pitești Str.Viilor nr.8",
    );
  });
});

describe("a bill of several services known by its structure, not by the words naming them", () => {
  // Two sections, neither named by a service word (TV, internet, mobile…): a subtotal block for the
  // electricity section, another for the whole bill.
  const sections = [
    "Factura seria QX nr. 4400123 din 05.02.2026",
    "A. Abonament Plus",
    "\tpachet lunar\t40,00",
    "B. Energie electrică",
    "\tConsum 200 kWh",
    "\tEnergie activă\t150,00",
    "\tSubtotal secțiune\t150,00",
    "\tTVA 21%\t31,50",
    "\tTotal secțiune B\t181,50",
    "Total fără TVA\t190,00",
    "TVA 21%\t39,90",
    "Total de plată\t229,90",
  ].join("\n");

  it("counts a subtotal block per section and one for the whole bill", () => {
    const lines = billLines(sections);
    expect(subtotalBlocks(moneyAmounts(lines), [0.21])).toBe(2);
  });

  it("reports totals, VAT and price below 0.9 when no chosen sum names electricity", () => {
    const confidence = parseBillText(sections).fieldConfidence ?? {};
    for (const field of ["totalWithoutVat", "vat", "totalWithVat", "pricePerKwh"] as const)
      expect(confidence[field]).toBeLessThan(0.9);
  });

  it("keeps a bill of one service with an older debt added confident", () => {
    const one = [
      "Factura seria QX nr. 4400123 din 05.02.2026",
      "Consum 200 kWh",
      "Energie activă\t150,00",
      "Total fără TVA\t150,00",
      "TVA 21%\t31,50",
      "Total de plată\t181,50",
      "Sold restant\t12,00",
      "Total de achitat\t193,50",
    ].join("\n");
    expect(subtotalBlocks(moneyAmounts(billLines(one)), [0.21])).toBe(1);
    const bill = parseBillText(one);
    expect(bill.totalWithVat).toBe("181.50");
    expect(bill.fieldConfidence?.totalWithVat).toBeGreaterThanOrEqual(0.9);
  });

  it("does not count a charges table with net, VAT and gross on each row as sections", () => {
    const table = [
      "Energie activă\t100,00\t21,00\t121,00",
      "Distribuție\t50,00\t10,50\t60,50",
      "Total fără TVA\t150,00",
      "TVA\t31,50",
      "Total\t181,50",
    ].join("\n");
    expect(subtotalBlocks(moneyAmounts(billLines(table)), [0.21])).toBe(1);
  });
});

describe("an invoice's party headings", () => {
  it("reads the seller's block under 'VÂNZĂTOR' and a company's 'Nume:' as the supplier's, the buyer's as the holder's", () => {
    const blocks = [
      "VÂNZĂTOR\tCUMPĂRĂTOR",
      "Nume:\tALFA CURENT S.A.\tNume:\tRADU ILIE",
      "Adresa:\tStr. Fabricii nr. 1, Pitești\tAdresa:\tJud.AG Mun.Pitești Str.Viilor nr.8",
    ].join("\n");
    const bill = parseBillText(blocks);
    expect(bill.customerName).toBe("RADU ILIE");
    expect(bill.billingAddress).toBe("Jud.AG Mun.Pitești Str.Viilor nr.8");
  });

  it("never reads 'VÂNZĂTOR' (the seller's heading, a caption's neighbour) as the holder's name", () => {
    const merged = [
      "VÂNZĂTOR\tCUMPĂRĂTOR",
      "Nume:\tALFA CURENT S.A. CIF: RO998877 Adresa: Str. Fabricii nr. 1 Nume: RADU ILIE",
    ].join("\n");
    expect(parseBillText(merged).customerName).not.toBe("VÂNZĂTOR");
  });
});
