// The bill read by what its values are (issue #14): each reader of bill-values.server.ts on text
// whose labels it has never met, and the parser preferring a triple that passes its checks.
import { describe, expect, it } from "vitest";
import { billLines, parseBillText } from "../../app/server/documents/extraction/bill-parser.server";
import {
  amountTriple,
  codesByStem,
  datesByRole,
  holderAndAddressByShape,
  kwhByValue,
  moneyAmounts,
  podByFormat,
  powerByValue,
  soleKwhFigure,
  tariffByWords,
} from "../../app/server/documents/extraction/bill-values.server";

const lines = (...rows: string[]) => billLines(rows.join("\n"));
const cents = (t: ReturnType<typeof amountTriple>) => t && [t.net.cents, t.vat.cents, t.gross.cents];

describe("amounts by adding up", () => {
  it("finds net + VAT = gross at the rate among every amount, whatever the labels say", () => {
    const text = lines("Zorb\t185,41", "Kalp\t58,80", "Mirt\t259,77", "Vank 21%\t54,55", "Tulp\t314,32 lei");
    expect(cents(amountTriple(moneyAmounts(text), [0.21]))).toEqual([25977, 5455, 31432]);
  });

  it("keeps to the billing date's rate: a 19 % triple is no triple in 2026", () => {
    const text = lines("A\t100,00", "B\t19,00", "C\t119,00");
    expect(amountTriple(moneyAmounts(text), [0.21])).toBeNull();
    expect(cents(amountTriple(moneyAmounts(text), [0.19]))).toEqual([10000, 1900, 11900]);
  });

  it("prefers the gross by a 'total'-ish word, else the largest gross", () => {
    // Two triples that add up: a charges row (small) and the bill (large).
    const rows = ["Rând\t10,00\t2,10\t12,10", "X\t200,00", "Y\t42,00", "Z\t242,00"];
    expect(cents(amountTriple(moneyAmounts(lines(...rows)), [0.21]))).toEqual([20000, 4200, 24200]);
    const labelled = ["Totalul de achitat\t12,10", "Q\t10,00\t2,10", "X\t200,00", "Y\t42,00", "Z\t242,00"];
    expect(cents(amountTriple(moneyAmounts(lines(...labelled)), [0.21]))?.[2]).toBe(1210);
  });

  it("does not take dates, prices per kWh, powers or percentages for money", () => {
    const found = moneyAmounts(lines("16.02.2026\t0,79236 lei/kWh\t6,00 kW\t21,00%\t1.234,56 lei\t1,234.56 Lei"));
    expect(found.map((a) => a.cents)).toEqual([123456, 123456]);
  });

  it("a labelled triple that fails its checks loses to a label-free one that passes", () => {
    const bill = parseBillText(
      [
        "Data emiterii: 05.03.2026",
        "Total fără TVA: 100,00 lei",
        "TVA: 30,00 lei",
        "Total de plată: 130,00 lei",
        "Energie\t500,00",
        "Taxe\t105,00",
        "Sumă\t605,00",
      ].join("\n"),
    );
    expect(bill).toMatchObject({ totalWithoutVat: "500.00", vat: "105.00", totalWithVat: "605.00" });
    expect(bill.fieldSource).toMatchObject({
      totalWithoutVat: "arithmetic",
      vat: "arithmetic",
      totalWithVat: "arithmetic",
    });
    expect(bill.checks?.every((c) => c.passed)).toBe(true);
  });
});

describe("a bill that sells other services too", () => {
  // 2026: VAT 21 %. Electricity 400,00 + 84,00 = 484,00; with internet and mobile 500,00 + 105,00 = 605,00.
  const head = ["Factura nr. TLK 552310 din 05.03.2026", "Consum 1.200 kWh"];
  const services = ["Abonament internet\t60,00", "Abonament mobil\t40,00"];

  it("reads the electricity section's subtotals, not the whole invoice's", () => {
    const bill = parseBillText(
      [
        ...head,
        ...services,
        "Energie electrică activă\t400,00",
        "Subtotal energie electrică fără TVA\t400,00",
        "TVA energie electrică 21%\t84,00",
        "Total energie electrică cu TVA\t484,00",
        "Total factură fără TVA\t500,00",
        "TVA 21%\t105,00",
        "Total de plată\t605,00",
      ].join("\n"),
    );
    expect([bill.totalWithoutVat, bill.vat, bill.totalWithVat]).toEqual(["400.00", "84.00", "484.00"]);
    expect(bill.fieldConfidence?.totalWithVat).toBeGreaterThanOrEqual(0.9);
  });

  it("is not confident in the biggest sum when no subtotal says which is the electricity's", () => {
    const bill = parseBillText(
      [...head, ...services, "Secțiunea A\t400,00", "Taxa A\t84,00", "Suma A\t484,00", "Total fără TVA\t500,00", "TVA 21%\t105,00", "Total de plată\t605,00"].join("\n"),
    );
    for (const field of ["totalWithoutVat", "vat", "totalWithVat", "pricePerKwh"] as const) expect(bill.fieldConfidence?.[field]).toBeLessThan(0.9);
  });

  it("stays confident on an electricity-only bill with a charges row that adds up too", () => {
    const bill = parseBillText([...head, "Energie activă\t400,00\t84,00\t484,00", "Total fără TVA\t500,00", "TVA 21%\t105,00", "Total de plată\t605,00"].join("\n"));
    expect(bill.fieldConfidence?.totalWithVat).toBeGreaterThanOrEqual(0.9);
  });
});

describe("dates by role", () => {
  it("reads a period as two dates printed together a month apart, and issue and due dates by their order", () => {
    const roles = datesByRole(lines("Qwe\t06.05.2025, 21.05.2025", "Rty\t01.04.2025 - 30.04.2025"));
    expect(roles.period).toMatchObject({ start: "2025-04-01", end: "2025-04-30" });
    expect(roles.issue).toEqual({ day: "2025-05-06", by: "role" });
    expect(roles.due).toEqual({ day: "2025-05-21", by: "role" });
  });

  it("takes two dates printed together a fortnight apart for issue and due dates, not for a period", () => {
    const roles = datesByRole(lines("Qwe\t06.05.2025, 21.05.2025"));
    expect(roles.period).toBeNull();
    expect(roles).toMatchObject({ issue: { day: "2025-05-06" }, due: { day: "2025-05-21" } });
  });

  it("puts no due date more than 60 days after the issue date, nor an issue date before the period's end", () => {
    const roles = datesByRole(lines("01.04.2025 - 30.04.2025", "Abc 15.04.2025", "Def 06.05.2025", "Ghi 20.08.2025"));
    expect(roles.issue).toBeNull();
    expect(roles.due).toBeNull();
  });

  it("lands every wording of the issue date on the issue date by its stem", () => {
    for (const label of ["Data emiterii", "Emisă la", "Dată emitere", "EMISĂ", "Data facturii"]) {
      const roles = datesByRole(lines(`${label}\t20.03.2026`, "Xyz\t01.02.2026 - 28.02.2026"));
      expect(roles.issue, label).toEqual({ day: "2026-03-20", by: "stem" });
    }
  });

  it("reads a due date by 'scad…', 'termen' or 'până la', even printed before the issue date", () => {
    for (const label of ["Scadent", "Termen plată", "Se achită până la"]) {
      const roles = datesByRole(lines(`${label} 04.04.2026`, "Qqq 20.03.2026"));
      expect(roles.due, label).toEqual({ day: "2026-04-04", by: "stem" });
      expect(roles.issue, label).toEqual({ day: "2026-03-20", by: "role" });
    }
  });

  it("places the due date after the issue date its label named, not after an earlier date", () => {
    const bill = parseBillText(
      ["Abc 01.02.2026 - 28.02.2026", "Ghi 01.03.2026", "Data: 10.03.2026", "Xyz 25.03.2026"].join("\n"),
    );
    expect(bill).toMatchObject({ billDate: "2026-03-10", dueDate: "2026-03-25" });
    expect(bill.fieldSource).toMatchObject({ billDate: "label", dueDate: "role" });
  });

  it("reads a period printed as two facts of one calendar month, or a month's name", () => {
    expect(datesByRole(lines(": 01.06.2026", ": 30.06.2026", ": 09.07.2026")).period).toMatchObject({
      start: "2026-06-01",
      end: "2026-06-30",
    });
    expect(datesByRole(lines("Luna: octombrie 2025")).period).toMatchObject({ start: "2025-10-01", end: "2025-10-31" });
    expect(datesByRole(lines("Luna facturată\t02/2024")).period).toEqual({
      start: "2024-02-01",
      end: "2024-02-29",
      by: "stem",
    });
    expect(datesByRole(lines("Abc\t02/2024")).period).toBeNull();
  });
});

describe("codes by stem and shape", () => {
  it("tells bill number, contract and client code apart by the stems of the words beside them", () => {
    const codes = codesByStem(
      lines("Seria și numărul facturii\tKLM 445566", "Codul abonatului\t90817263", "Contractul de furnizare\tAB-7788"),
    );
    expect(codes.billNumber).toEqual({ value: "KLM 445566", by: "stem" });
    expect(codes.clientCode).toEqual({ value: "90817263", by: "stem" });
    expect(codes.contractNumber).toEqual({ value: "AB-7788", by: "stem" });
  });

  it("takes no year for a code", () => {
    expect(codesByStem(lines("Factura din 2025")).billNumber).toBeNull();
  });

  it("with no words, by shape: a series before a number, number/year, a bare long number", () => {
    const codes = codesByStem(
      lines(": 5722657174\t: 01.01.2026 - 31.01.2026", ". : 792713/2021", "EFT . 2175120", ": RO004E214037210"),
    );
    expect(codes).toEqual({
      billNumber: { value: "EFT 2175120", by: "shape" },
      contractNumber: { value: "792713/2021", by: "shape" },
      clientCode: { value: "5722657174", by: "shape" },
    });
  });
});

describe("quantities by their numbers", () => {
  it("reads consumption as new − old index printed with their difference", () => {
    expect(kwhByValue(lines("a\tb\t(kWh)", "20415\t20518\t103"))).toEqual({ kwh: 103, by: "indexes" });
  });

  it("reads consumption as the quantity whose price × kWh is the row's value", () => {
    expect(kwhByValue(lines("Zorb\t234\tkWh\t0,79236\t185,41"))).toEqual({ kwh: 234, by: "row" });
    expect(kwhByValue(lines("Zorb\t234\tkWh\t0,79236\t185,00"))).toBeNull();
  });

  it("reads the one kWh figure, its unit in the next cell or in a caption", () => {
    expect(soleKwhFigure(lines("x\t422\tkWh\t278,98", "y\t422\tkWh\t106,05"))).toBe(422);
    expect(soleKwhFigure(lines("Qqq (kWh)\t394"))).toBe(394);
    expect(soleKwhFigure(lines("Preț 0,79 lei/kWh", "182 kWh", "200 kWh"))).toBeNull();
  });

  it("reads the one power in kW, not a kWh figure, within a household's range", () => {
    expect(powerByValue(lines(": 6,00 kW", "234 kWh"))).toBe("6.00");
    expect(powerByValue(lines("Abc (kW)", "4,00"))).toBe("4.00");
    expect(powerByValue(lines("150 kW"))).toBeNull();
    expect(powerByValue(lines("6 kW", "9 kW"))).toBeNull();
  });
});

describe("holder, address and offer by shape", () => {
  const isSupplier = (t: string) => /ENGIE/i.test(t);

  it("reads an address over two lines locality first, and the holder above it", () => {
    expect(
      holderAndAddressByShape(
        lines("DUMITRU GEORGE", "\t01.12.2025-31.12.2025", "Str.Mihai Eminescu nr.13", "Jud.CT Mun.Constanța"),
        isSupplier,
      ),
    ).toEqual({
      name: "DUMITRU GEORGE",
      address: "Jud.CT Mun.Constanța Str.Mihai Eminescu nr.13",
    });
  });

  it("completes a locality with the street under it, and reads a name after a label of any wording", () => {
    expect(
      holderAndAddressByShape(
        lines("Gedu guvede: MUNTEANU ANCA-MARIA", "Vuduge: Jud.IS Mun.Iași", "Str.Libertății nr.180"),
        isSupplier,
      ),
    ).toEqual({
      name: "MUNTEANU ANCA-MARIA",
      address: "Jud.IS Mun.Iași Str.Libertății nr.180",
    });
  });

  it("reads a name ending a cell after a label of any wording, and a value cell before its label's", () => {
    expect(
      holderAndAddressByShape(
        lines("Kobudeg kovuku VLAD STROE,", "Vuduge Jud.TM Mun.Timișoara Str.Libertății nr.2"),
        isSupplier,
      ).name,
    ).toBe("VLAD STROE");
    expect(
      holderAndAddressByShape(
        lines("KOVU BEKIGO\tSTAN OANA", "KIGIBU\tJud.CT Mun.Constanța Str.Mare nr.14"),
        isSupplier,
      ).name,
    ).toBe("STAN OANA");
  });

  it("splits a name printed before the address in one cell, and never takes a supplier or a heading for a name", () => {
    expect(
      holderAndAddressByShape(lines(": VLAD POPA, Jud.CJ Mun.Cluj-Napoca Calea Victoriei nr.98"), isSupplier),
    ).toEqual({
      name: "VLAD POPA",
      address: "Jud.CJ Mun.Cluj-Napoca Calea Victoriei nr.98",
    });
    expect(
      holderAndAddressByShape(lines("ENGIE ROMANIA", "TOTAL FACTURA", "Str.Lungă nr.1 Mun.Arad"), isSupplier).name,
    ).toBeNull();
  });

  it("reads an offer by its words or the supplier's brand, never the supplier's own name", () => {
    expect(tariffByWords(lines("Premier Energy", ": Premier Smart"), "Premier Energy")).toBe("Premier Smart");
    expect(tariffByWords(lines("MVM Energie ..", ": MVM Fix Casnic"), "MVM Energie")).toBe("MVM Fix Casnic");
    expect(tariffByWords(lines("Kop: Preț fix 12 luni"), null)).toBe("Preț fix 12 luni");
    // The supplier's other services on the same bill are not its electricity offer.
    expect(tariffByWords(lines("Digi TV\t29,00", "Digi Mobil\t15,00", "Digi Standard\t4 kW"), "Digi Energy")).toBe("Digi Standard");
    expect(tariffByWords(lines("Grenerg", "Grenerg Fix"), "Grenerg")).toBe("Grenerg Fix");
  });
});

describe("POD by the operator's format", () => {
  it("reads the national form, Delgaz Grid's EMO… and the numeric 594… form", () => {
    expect(podByFormat("loc RO005E123456789 x")).toEqual({ pod: "RO005E123456789", form: "national" });
    expect(podByFormat("cod EMO1234567")).toEqual({ pod: "EMO1234567", form: "delgaz" });
    expect(podByFormat("594012345678901234")).toEqual({ pod: "594012345678901234", form: "numeric" });
    expect(podByFormat("5940123")).toBeNull();
  });
});

describe("a bill labelled in English", () => {
  it("reads dates, codes and totals by the English stems", () => {
    const bill = parseBillText(
      [
        "Invoice no.\tINV 7788990",
        "Issued on\t5 Jan 2026",
        "Payment due\t20 Jan 2026",
        "Billing period\t01 Dec 2025 - 31 Dec 2025",
        "Customer ID\t55667788",
        "Amount excl. VAT\t300,00",
        "VAT\t63,00",
        "Amount\t363,00",
      ].join("\n"),
    );
    expect(bill).toMatchObject({
      billNumber: "INV 7788990",
      billDate: "2026-01-05",
      dueDate: "2026-01-20",
      periodStart: "2025-12-01",
      periodEnd: "2025-12-31",
      clientCode: "55667788",
      totalWithoutVat: "300.00",
      vat: "63.00",
      totalWithVat: "363.00",
    });
    expect(bill.fieldSource).toMatchObject({
      billNumber: "stem",
      billDate: "stem",
      dueDate: "stem",
      clientCode: "stem",
    });
  });
});

describe("a bill whose labels are all new", () => {
  const text = [
    "Kovuku Energie S.A.",
    "Zdrob nr. AB 1234567",
    "Vebu: 05.02.2026\tBokiv: 20.02.2026",
    "Kibivuvu: 01.01.2026 - 31.01.2026",
    "Gedu: POPA ION",
    "Vuduge: Mun.Arad Str.Lungă nr.1",
    "Kobi: 1122334455\tVeb: 4455/2024",
    "RO005E123456789\t: 6,00 kW",
    "Abc\t200\tkWh\t0,75000\t150,00",
    "Def\t200\tkWh\t0,25000\t50,00",
    "Ghi\t200,00",
    "Jkl (21%)\t42,00",
    "Mno\t242,00 lei",
  ].join("\n");

  it("still reads it by what the values are", () => {
    const bill = parseBillText(text);
    expect(bill).toMatchObject({
      billNumber: "AB 1234567",
      billDate: "2026-02-05",
      dueDate: "2026-02-20",
      periodStart: "2026-01-01",
      periodEnd: "2026-01-31",
      customerName: "POPA ION",
      billingAddress: "Mun.Arad Str.Lungă nr.1",
      clientCode: "1122334455",
      contractNumber: "4455/2024",
      pod: "RO005E123456789",
      contractedPowerKw: "6.00",
      consumptionKwh: 200,
      totalWithoutVat: "200.00",
      vat: "42.00",
      totalWithVat: "242.00",
      pricePerKwh: "1.2100",
    });
  });

  it("reports what it placed by role or shape below 0.9, and what passed its checks above", () => {
    const bill = parseBillText(text);
    const sure = (field: keyof NonNullable<typeof bill.fieldConfidence>) => bill.fieldConfidence![field]! >= 0.9;
    for (const field of [
      "billDate",
      "dueDate",
      "customerName",
      "billingAddress",
      "clientCode",
      "contractNumber",
      "contractedPowerKw",
      "billNumber",
    ] as const) {
      expect(sure(field), field).toBe(false);
    }
    for (const field of ["totalWithoutVat", "vat", "totalWithVat", "consumptionKwh"] as const)
      expect(sure(field), field).toBe(true);
    expect(bill.fieldSource).toMatchObject({
      billDate: "role",
      dueDate: "role",
      customerName: "shape",
      consumptionKwh: "arithmetic",
    });
  });
});
