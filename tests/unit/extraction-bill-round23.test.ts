// Bill round 23 (issue #14): a reading straddling the change of VAT rate on 1 August 2025 (a VAT row per
// rate), a price-cap bill's compensation row, a bill made from the consumption agreement; scans fed
// upside down. What its first reading got wrong, each as the general rule it broke.
import { describe, expect, it } from "vitest";
import { parseBillText } from "../../app/server/documents/extraction/bill-parser.server";
import { podDigitsGuessed, supplierByLikeness } from "../../app/server/documents/extraction/ocr-bill-checks.server";
import { findPod } from "../../app/lib/pod";
import { repairOcrText } from "../../app/server/documents/extraction/ocr-text-repair.server";

/** A bill for a reading from 07.07 to 05.08.2025: 19 % before 1 August, 21 % from it, a VAT row each. */
const SPLIT = [
  "e.on\tE.ON Energie România S.A.\tFactură",
  "Emisă la: 12.08.2025\tScadentă la: 27.08.2025",
  "Citire: 07.07.2025 - 05.08.2025",
  "Cod POD: RO003E100200300",
  "Contor 100200300: index 14000 (07.07.2025) → index 14500 (05.08.2025) = 500 kWh",
  "Componentă\tkWh\tPreț (lei/kWh)\tValoare fără TVA (lei)",
  "Energie electrică activă\t500\t0,9400\t470,00",
  "Tarif distribuție și transport\t500\t0,2500\t125,00",
  "Total fără TVA\t595,00 lei",
  "Bază TVA 19% (07.07.2025 - 31.07.2025)\t500,00\tTVA 19%\t95,00",
  "Bază TVA 21% (01.08.2025 - 05.08.2025)\t95,00\tTVA 21%\t19,95",
  "Total TVA\t114,95 lei",
  "Total factură cu TVA\t709,95 lei",
];

describe("a reading billed at two VAT rates", () => {
  it("takes the VAT rows' sum as the bill's VAT, never one rate's row (95,00 + 19,95 = 114,95 adds up at 21 %)", () => {
    const bill = parseBillText(SPLIT.join("\n"));
    expect([bill.totalWithoutVat, bill.vat, bill.totalWithVat]).toEqual(["595.00", "114.95", "709.95"]);
    // The net, the rows' sum and the total tie three printed figures: the rate's check passes for the blend.
    expect(bill.checks?.find((c) => c.name === "vat_rate")?.passed).toBe(true);
    expect(bill.fieldConfidence?.vat).toBeGreaterThanOrEqual(0.9);
  });

  it("finds the bill's totals by their amounts where a scan lost their labels, below sure", () => {
    const scanned = SPLIT.map((line) =>
      line.replace("Total fără TVA", "Tot: Ă TVA").replace("Total factură cu TVA", "tal factură cu TVA"),
    );
    const bill = parseBillText(scanned.join("\n"));
    expect([bill.totalWithoutVat, bill.vat, bill.totalWithVat]).toEqual(["595.00", "114.95", "709.95"]);
    expect(bill.fieldConfidence?.totalWithoutVat).toBeLessThan(0.9);
  });
});

describe("a charges table whose total row lost its VAT (a scan)", () => {
  const TABLE = [
    "TINMAR ENERGY\tFACTURĂ FISCALĂ",
    "Data emiterii:\t01.04.2026\tData scadenței: 16.04.2026",
    "Ni pr\t| un. | Cantitate | Pret unitar fără |. Valoara fără | TVA (ni) Valoare cu TVA",
    "1 Energie electrică activă\tkwn\t500\t0,80000\t400,00\t84,00\t484,00",
    "2 Tarif distribuție și transport\tkWh\t500\t0,20000\t100,00\t21,00\t121,00",
    "| TOTAL FACTURA\t|\t500,00\t605,00",
    "Total de plată:\t605,00 lei",
  ];

  it("takes the total printed under a total's label over a charge row's triple, its VAT the difference", () => {
    const bill = parseBillText(TABLE.join("\n"));
    expect([bill.totalWithoutVat, bill.vat, bill.totalWithVat]).toEqual(["500.00", "105.00", "605.00"]);
    expect(bill.fieldConfidence?.totalWithVat).toBeLessThan(0.9);
  });

  it("with no net the larger total is the rate above, reads the row's triple as no more than likely", () => {
    const bill = parseBillText(
      TABLE.filter((line) => !line.includes("TOTAL FACTURA"))
        .map((line) => line.replace("605,00", "655,00"))
        .join("\n"),
    );
    expect(bill.fieldConfidence?.totalWithVat ?? 0).toBeLessThan(0.9);
  });
});

describe("an address whose locality is printed on the line under it", () => {
  const HEAD = [
    "PPC Energie\tFACTURĂ DE ENERGIE ELECTRICĂ",
    "Seria PPL nr. 3540089",
    "Titular: ANA POPESCU\tData emiterii: 08.04.2025",
  ];
  const TAIL = [
    "Cod client: 0268166452\tProdus: PPC Casa Clasic",
    "Total fără TVA\t100,00 lei",
    "TVA 19%\t19,00 lei",
    "Total de plată\t119,00 lei",
  ];

  it("is never sure without its county or municipality (the line under unread)", () => {
    const bill = parseBillText(
      [
        ...HEAD,
        "Adresa: Bd.Unirii nr.19\tData scadentă: 23.04.2025",
        "J d T  M n T miș ara\tPerioada: 01.03.2025 - 31.03.2025",
        ...TAIL,
      ].join("\n"),
    );
    expect(bill.billingAddress).toBe("Bd.Unirii nr.19");
    expect(bill.fieldConfidence?.billingAddress).toBeLessThan(0.9);
  });

  it("takes it past a speck the scan read as a cell at the line's start, below sure", () => {
    const bill = parseBillText(
      [
        ...HEAD,
        "o\tAdresa: Bd.Unirii nr.19\tData scadentă: 23.04.2025",
        "Jud.TM Mun.Timișoara\tPerioada: 01.03.2025 - 31.03.2025",
        ...TAIL,
      ].join("\n"),
    );
    expect(bill.billingAddress).toBe("Jud.TM Mun.Timișoara Bd.Unirii nr.19");
    expect(bill.fieldConfidence?.billingAddress).toBeLessThan(0.9);
  });

  it("takes it from the first column when the scan parted the line under at a misread separator", () => {
    const bill = parseBillText(
      [
        ...HEAD,
        "Adresa: Șos.Pantelimon nr.84\tData scadentă: 23.04.2025",
        "Jud.CJ Mun.Cluj-Napoca\tPerioada: 01.03.2025 · 31.03.2025",
        ...TAIL,
      ].join("\n"),
    );
    expect(bill.billingAddress).toBe("Jud.CJ Mun.Cluj-Napoca Șos.Pantelimon nr.84");
    expect(bill.fieldConfidence?.billingAddress).toBeLessThan(0.9);
  });

  it("reads 'Mun' or 'Jud' with its dot lost to a space as the abbreviation", () => {
    expect(repairOcrText("Jud TM Mun Timișoara\tPerioada")).toBe("Jud.TM Mun.Timișoara\tPerioada");
    expect(repairOcrText("Munca prestată")).toBe("Munca prestată");
  });

  it("joins a street's name the scan parted after its first capital, never an initial", () => {
    expect(repairOcrText("Mun.București Sec.2 Bd.U nirii nr.143")).toBe("Mun.București Sec.2 Bd.Unirii nr.143");
    expect(repairOcrText("Șos. P antelimon nr.9")).toBe("Șos. Pantelimon nr.9");
    expect(repairOcrText("Str. N Titulescu nr.4")).toBe("Str. N Titulescu nr.4");
  });

  it("without a label, its locality past a speck too (the address found by its shape)", () => {
    const bill = parseBillText(
      [
        "electrica furnizare\tFactură fiscală",
        "Seria EFC nr. 5641557",
        "O\tELENA IONIȚĂ\tPerioada de facturare: 01.07.2026 - 31.07.2026",
        "-\tStr.Florilor nr.162 bl.C2 ap.55\tData scadentă:\t27.08.2026",
        "Jud.BV Mun.Brașov\tCod\tde\t(POD): RO004E480651565",
        "Total fără TVA\t100,00 lei",
        "TVA 21%\t21,00 lei",
        "Total de plată\t121,00 lei",
      ].join("\n"),
    );
    expect(bill.billingAddress).toBe("Jud.BV Mun.Brașov Str.Florilor nr.162 bl.C2 ap.55");
  });
});

describe("the holder's address under the name, without a label", () => {
  it("takes its flat wrapped to the next line beside another column's labelled fact", () => {
    const bill = parseBillText(
      [
        "e.on\tE.ON Energie România S.A.\tFactură",
        "Târgu Mureș, Str. Prieteniei nr. 1 · CUI RO22043010\tnr. EVS 0872884",
        "IOANA POPA\tEmisă la: 25.08.2025",
        "Jud.CT Mun.Constanța Str.Mihai Eminescu nr.107 bl.C3\tScadentă la: 09.09.2025",
        "ap.53\tCitire: 22.07.2025 - 19.08.2025",
        "Cod client C-538633\tProdus: E.ON Start Fix 12",
        "Total fără TVA\t100,00 lei",
        "TVA 21%\t21,00 lei",
        "Total de plată\t121,00 lei",
      ].join("\n"),
    );
    expect(bill.billingAddress).toBe("Jud.CT Mun.Constanța Str.Mihai Eminescu nr.107 bl.C3 ap.53");
  });
});

describe("a POD whose operator digit a scan read as a D", () => {
  it("is the POD with a zero there, a guess below sure", () => {
    const read = "| | Cod loc consum (POD): RO0D1E125331485";
    expect(findPod(read)).toBe("RO001E125331485");
    expect(podDigitsGuessed("RO001E125331485", read)).toBe(true);
  });
});

describe("names a scan cut", () => {
  it("knows a supplier's name whose first letters the sheet's edge or a staple cut off", () => {
    expect(supplierByLikeness("sctrica furnizare\tFactură fiscală\nSeria EFC nr. 1")).toBe("Electrica Furnizare");
    // Too little left, or too far from the name: none.
    expect(supplierByLikeness("rica furnizare\tFactură fiscală")).toBeNull();
    expect(supplierByLikeness("Furnizare\tFactură fiscală")).toBeNull();
  });

  it("reads no offer out of a stub of three letters cut at a colon read inside the name", () => {
    const bill = parseBillText(
      [
        "Cod client: C-088832\tProdus: Ele:\tsshic Convenție",
        "Contract: 091140/2025\tPutere aprobată: 7 kW",
        "Total fără TVA\t100,00 lei",
        "TVA 21%\t21,00 lei",
        "Total de plată\t121,00 lei",
      ].join("\n"),
    );
    expect(bill.tariffType).toBeNull();
  });
});
