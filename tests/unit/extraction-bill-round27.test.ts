// Bill round 27 (issue #14): a smart meter's bill with its consumption profile, a prosumer's bill on
// quantitative compensation, a supplier of last resort's first bill after a takeover notice; scans with a
// highlighter's stroke across a line of print. What its first reading got wrong, each as the general rule it broke.
import { describe, expect, it } from "vitest";
import { parseBillText } from "../../app/server/documents/extraction/bill-parser.server";

/** A supplier of last resort's first bill: the takeover notice names the previous supplier's codes first. */
const TAKEOVER_NOTICE = [
  "PPC Energie\tFACTURĂ",
  "Seria și nr. PFU 2175120 · 01.02.2026",
  "NOTIFICARE — PRELUAREA LOCULUI DE CONSUM DE CĂTRE FURNIZORUL DE ULTIMĂ INSTANȚĂ",
  "Furnizorul dumneavoastră anterior, Voltaris Energy S.R.L., nu mai are dreptul să furnizeze energie electrică (licență retrasă",
  "prin Decizia ANRE nr. 1874 din 27.12.2025). Începând cu 01.01.2026, locul de consum cu POD RO004E214037210 este",
  "La furnizorul anterior: cod client C26571741, contract VN-2026-57174. Index la preluare: 60218.",
  "Client (preluat)\tDate PPC",
  "OANA IONIȚĂ\tCod client nou\t5722657174",
  "Șos.Pantelimon nr.130 bl.C5 ap.30\tContract nr.\t792713/2021",
  "Mun.București Sec.2\tPOD\tRO004E214037210",
  "Perioada de facturare: 01.01.2026 – 31.01.2026",
  "Termen de plată: 16.02.2026",
  "Total fără TVA\t273,75 lei",
  "TVA (21%)\t57,49 lei",
  "TOTAL DE PLATĂ\t331,24 lei",
];

describe("a code introduced as the previous supplier's is never the bill's own", () => {
  it("reads 'Cod client nou', not the client code 'la furnizorul anterior'", () => {
    const bill = parseBillText(TAKEOVER_NOTICE.join("\n"));
    expect(bill.clientCode).toBe("5722657174");
    expect(bill.contractNumber).toBe("792713/2021");
  });

  it("nor the previous supplier's contract where the bill's own contract label was lost", () => {
    const bill = parseBillText(TAKEOVER_NOTICE.filter((line) => !line.includes("Contract nr.")).join("\n"));
    expect(bill.contractNumber).not.toBe("VN-2026-57174");
    expect(bill.clientCode).toBe("5722657174");
  });

  it("keeps the rest of the line after the previous supplier's sentence", () => {
    const bill = parseBillText(
      TAKEOVER_NOTICE.map((line) => line.replace("Index la preluare: 60218.", "Cod client: 5722657174"))
        .filter((line) => !line.includes("Cod client nou"))
        .join("\n"),
    );
    expect(bill.clientCode).toBe("5722657174");
  });
});

/** A prosumer's bidirectional meter: the billed kWh is what was taken less what was delivered. */
const COMPENSATED_PROSUMER = [
  "Hidroelectrica\tFACTURĂ FISCALĂ — PROSUMATOR",
  "Nr. HPC 5088213 din 18.02.2026",
  "Titular\tOANA STAN\tPOD\tRO006E989108285",
  "Cod client\tC-716919\tPerioada\t01.01.2026 - 31.01.2026",
  "Scadență\t05.03.2026",
  "Citiri contor bidirecțional",
  "Registru\tIndex vechi\tIndex nou\tCantitate (kWh)",
  "1.8.0 Energie activă consumată din rețea\t58433\t60075\t1642",
  "2.8.0 Energie activă livrată în rețea\t1108\t1418\t310",
  "Compensare cantitativă (prosumator)",
  "Cantitate compensată\t310 kWh",
  "Cantitate facturată (consum net)\t1332 kWh",
  "Valoare fără TVA\t1.215,32 lei",
  "TVA 21%\t255,22 lei",
  "Total de plată\t1.470,54 lei",
];

describe("a prosumer's compensated consumption", () => {
  it("agrees with the taken register's difference less the delivered one's", () => {
    const bill = parseBillText(COMPENSATED_PROSUMER.join("\n"));
    expect(bill.consumptionKwh).toBe(1332);
    expect(bill.checks?.find((c) => c.name === "consumption_matches_indexes")?.passed).toBe(true);
  });

  it("is taken − delivered where the billed quantity's line was lost", () => {
    const bill = parseBillText(
      COMPENSATED_PROSUMER.filter((line) => !line.startsWith("Cantitate facturată")).join("\n"),
    );
    expect(bill.consumptionKwh).toBe(1332);
  });

  it("a prosumer's bill settling the delivered energy elsewhere still bills the taken register's difference", () => {
    const lines = COMPENSATED_PROSUMER.filter((line) => !/^(?:Compensare|Cantitate compensată)/.test(line)).map(
      (line) => line.replace("Cantitate facturată (consum net)\t1332 kWh", "Cantitate facturată\t1642 kWh"),
    );
    const bill = parseBillText(lines.join("\n"));
    expect(bill.consumptionKwh).toBe(1642);
    expect(bill.checks?.find((c) => c.name === "consumption_matches_indexes")?.passed).toBe(true);
  });
});

describe("a bill number never ends with a separator", () => {
  it("drops the dash the scan read for '·' before the issue date in the next cell", () => {
    const bill = parseBillText(
      ["PPC Energie\tFACTURĂ", "Seria și nr. PFU 7263163 -\t13.08.2026", "Total de plată\t100,00 lei"].join("\n"),
    );
    expect(bill.billNumber).toBe("PFU 7263163");
  });

  it("keeps a dash inside the number", () => {
    const bill = parseBillText(["FACTURĂ", "Seria și nr. EFT-2026 123456", "Total de plată\t100,00 lei"].join("\n"));
    expect(bill.billNumber).toBe("EFT-2026 123456");
  });
});

describe("a consumption is the figure right before its unit", () => {
  it("not a meter's serial a scan ran into the same cell (its '·' read as colons)", () => {
    const bill = parseBillText(
      [
        "e.on\tFactură energie electrică",
        "Seria și nr. ECI 4225907",
        "Contor inteligent — citire de la distanță",
        "Serie contor ZMX11753087 - index 01.08.2026: 31609 : index 31.08.2026: 31655 : energie activă 46 kWh",
        "Total fără TVA\t48,63 lei",
        "TVA 21%\t10,21 lei",
        "Total de plată\t58,84 lei",
      ].join("\n"),
    );
    expect(bill.consumptionKwh).toBe(46);
    expect(bill.pricePerKwh).toBe("1.2791");
  });
});

describe("a tariff named with the word 'Tarif'", () => {
  const bill = (line: string) =>
    parseBillText(["PPC Energie\tFACTURĂ", "Seria și nr. PFU 4577173", line, "Total de plată\t260,34 lei"].join("\n"));

  it("keeps 'Tarif' where the caption beside it was lost ('ari ⇥ Tarif ultimă instanță casnic')", () => {
    expect(bill("ari\tTarif ultimă instanță casnic").tariffType).toBe("Tarif ultimă instanță casnic");
  });

  it("still reads the value after 'Tarif:'", () => {
    expect(bill("Tarif: casnic").tariffType).toBe("casnic");
    expect(bill("Tarif\tTarif ultimă instanță casnic").tariffType).toBe("Tarif ultimă instanță casnic");
  });
});

describe("the first column's locality under its street", () => {
  const bill = (street: string) =>
    parseBillText(
      [
        "PPC Energie\tFACTURĂ",
        "Seria și nr. PFU 4577173",
        "Client (preluat)\tDate PPC",
        "MIHAI POPA\tCod client nou\t3773473227",
        street,
        "Jud.CT Mun.Constanța\tPOD\tRO005E431395699",
        "Total de plată\t260,34 lei",
      ].join("\n"),
    );

  it("is read where a scan parted a caption on the street's line into two cells", () => {
    const parted = bill("Șos.Pantelimon nr.14\tContract\tnr\t684142/2022");
    expect(parted.billingAddress).toBe("Jud.CT Mun.Constanța Șos.Pantelimon nr.14");
    expect(parted.fieldConfidence?.billingAddress).toBeLessThan(0.9);
  });

  it("and as before where the lines count alike", () => {
    expect(bill("Șos.Pantelimon nr.14\tContract nr.\t684142/2022").billingAddress).toBe(
      "Jud.CT Mun.Constanța Șos.Pantelimon nr.14",
    );
  });
});
