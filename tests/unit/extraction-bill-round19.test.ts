// Scans of a phone app's cards, of a bill naming a place of consumption with its own user, and of a
// supplier portal's page printed from a browser (issue #14, bill round 19), in a wording of their own.
import { describe, expect, it } from "vitest";
import { parseBillText } from "../../app/server/documents/extraction/bill-parser.server";
import {
  checkOcrBill,
  offerBrandRepaired,
  supplierByOffer,
  type OcrWord,
} from "../../app/server/documents/extraction/ocr-bill-checks.server";

describe("a history table whose row the scan read with a cell more than its captions", () => {
  // The status column's caption ('Stare') was too pale for the engine; its icon in the row was read ('N').
  const PORTAL = [
    "Contul meu\tFacturi",
    "Factură FE 102030",
    "Cod client\t5566778899",
    "Loc de consum RO005E100200300",
    "Consum facturat\t300 kWh",
    "Perioada de facturare\t01.03.2026 - 31.03.2026",
    "Valoare fără TVA\t300,00 lei",
    "TVA 21%\t63,00 lei",
    "Total de plată\t363,00 lei",
    "Istoric facturi",
    "Număr factură\tData emiterii\tScadență\tValoare",
    "FE 102030\t10.04.2026\t25.04.2026\tN\t363,00 lei",
    "FE 101010\t10.03.2026\t25.03.2026\tP\t340,10 lei",
  ].join("\n");

  it("never gives the issue date's caption the due date's cell, and keeps a date whose column was guessed below sure", () => {
    const bill = parseBillText(PORTAL);
    expect(bill.dueDate).toBe("2026-04-25");
    expect(bill.billDate).toBe("2026-04-10");
    // Counted from the row's end, the issue date's caption falls on the due date: two dates, one guess.
    expect(bill.fieldConfidence!.billDate).toBeLessThan(0.9);
  });

  it("still vouches for dates under captions whose row has as many cells", () => {
    const bill = parseBillText(
      PORTAL.replace("\tN\t363,00 lei", "\t363,00 lei").replace("\tP\t340,10 lei", "\t340,10 lei"),
    );
    expect(bill.billDate).toBe("2026-04-10");
    expect(bill.fieldConfidence!.billDate).toBeGreaterThanOrEqual(0.9);
  });
});

describe("a scan whose header held no supplier's name (an app's bar, a portal's logo, small print at the foot)", () => {
  const APP_SCAN = [
    "<\tFactura mea\tiApp",
    "Total de plată\t182,40 lei",
    "Serie și număr\tHAP 100200",
    "Emisă pe\t05 apr. 2026",
    "Cod client\t3900112233",
    "POD\tRO002E100200300",
    "Produs\tPremier Casa Verde",
    "Consum facturat\t150 kWh",
    "Total fără TVA\t150,74 lei",
    "TVA 21%\t31,66 lei",
    "Total factură\t182,40 lei",
  ].join("\n");

  it("names the supplier from the offer's brand, below sure", () => {
    const bill = checkOcrBill(parseBillText(APP_SCAN), APP_SCAN, []);
    expect(bill.supplierName).toBe("Premier Energy");
    expect(bill.fieldConfidence!.supplierName).toBeLessThan(0.9);
  });

  it("reads a brand's start as the brand, and no brand from a generic or unknown first word", () => {
    expect(supplierByOffer("Hidro Digital Fix")).toBe("Hidroelectrica");
    expect(supplierByOffer("Tinmar Home")).toBe("Tinmar Energy");
    expect(supplierByOffer("Energie Verde Fix")).toBeNull();
    expect(supplierByOffer("Monom standard")).toBeNull();
    expect(supplierByOffer("Fix 12")).toBeNull();
    expect(supplierByOffer(null)).toBeNull();
  });

  it("drops an icon read as a lone letter before the offer's brand", () => {
    expect(offerBrandRepaired("N ENGIE Casa Confort", "Engie România")).toBe("ENGIE Casa Confort");
    expect(offerBrandRepaired("A Plus Fix", "Engie România")).toBe("A Plus Fix");
  });
});

describe("codes under captions whose row the scan merged with the captions of the row below", () => {
  const MERGED = [
    "Nr. FEL 2282440 din 12.06.2025",
    "Data emiterii\tData scadentă\tPerioada de facturare",
    "12.06.2025\t27.06.2025\t01.05.2025 - 31.05.2025",
    "Cod loc de consum (POD)\tCod client",
    "Putere aprobată\tContract de furnizare nr. 7 kW\t794166/2018\tRO006E424952012\t4579141252",
    "Consum facturat\t300 kWh",
    "Plata se face menționând codul de client.\tTotal fără TVA\t1.256,68 lei",
    "Total factură\t1.495,45 lei",
  ].join("\n");

  it("never takes the POD, nor an amount, for the client code", () => {
    const bill = parseBillText(MERGED);
    expect(bill.pod).toBe("RO006E424952012");
    expect(bill.clientCode).not.toBe("RO006E424952012");
    expect(bill.clientCode).not.toBe("1.495,45");
    expect(bill.clientCode).not.toBe("1.256,68");
  });
});

describe("a place of consumption with a user of its own, beside the contract's holder", () => {
  const COLUMNS = (captions: string, names: string) =>
    [
      "FACTURĂ DE ENERGIE ELECTRICĂ",
      "Nr. FEL 1020304 din 12.06.2026",
      "LOC DE CONSUM\tTITULAR CONTRACT",
      captions,
      names,
      "Adresa locului de consum\tAdresa de facturare",
      "Jud.AG Mun.Pitești Str.Zorilor nr.5\tJud.CT Mun.Constanța Str.Florilor nr.56 ap.34",
      "Total factură\t121,00 lei",
    ].join("\n");

  it("takes the holder from the holder's column, whatever the scan made of the captions", () => {
    expect(parseBillText(COLUMNS("Nume\tato)\tNume\ttituli", "PETCU SORIN\tRADU IOANA")).customerName).toBe(
      "RADU IOANA",
    );
    expect(parseBillText(COLUMNS("Nume utilizator\tNume titular", "PETCU SORIN\tRADU IOANA")).customerName).toBe(
      "RADU IOANA",
    );
    const runTogether = parseBillText(
      COLUMNS("", "PETCU SORIN\tRADU IOANA Nume utilizator\tNume titular").replace(
        "TITULAR CONTRACT",
        "| TITULAR CONTRA!",
      ),
    );
    expect(runTogether.customerName).toBe("RADU IOANA");
    expect(runTogether.fieldConfidence!.customerName).toBeLessThan(0.9);
  });
});

describe("the date a copy was made, at the page's foot", () => {
  // The issue date's label lost its first letter on the scan ('misă pe'): the date is placed by its role.
  const APP = [
    "Factura mea",
    "67,40 lei",
    "Scadentă pe 24 iun. 2025",
    "Serie și număr\tHAP 6808207",
    "misă pe\t09 iun. 2025",
    "Perioada de facturare",
    "01 mai 2025 - 31 mai 2025",
    "Consum facturat\t70 kWh",
    "Total fără TVA\t56,64 lei",
    "TVA 19%\t10,76 lei",
    "Total factură\t67,40 lei",
    "Document generat în aplicație la 12.06.2025, ora 18:10. Factura fiscală originală se găsește în secțiunea Documente.",
  ].join("\n");

  it("is never the issue date, by the bill's word beside it nor by its place before the due date", () => {
    const bill = parseBillText(APP);
    expect(bill.dueDate).toBe("2025-06-24");
    expect(bill.billDate).toBe("2025-06-09");
    expect(bill.fieldConfidence!.billDate).toBeLessThan(0.9);
    const printed = parseBillText(
      APP.replace("misă pe\t09 iun. 2025\n", "").replace("Document generat în aplicație", "Pagină tipărită"),
    );
    expect(printed.billDate).not.toBe("2025-06-12");
  });
});

describe("a phone app's cards, scanned", () => {
  const CARDS = [
    "Factura mea",
    "Serie și număr\tHAP 5720200",
    "Emisă pe\t05 apr. 2026",
    "= Titular",
    "STROE ANCA-MARIA",
    "Cod client\t3945764894",
    "POD\tRO002E995162886",
    "Putere apr\t6",
    "Produs\tHidro Digital Fix",
    "Consum\tfacturat",
    "Index\tanterior\t44258",
    "Index act\t44504",
    "Energie electrică activă\t120,88 lei",
    "Total fără TVA\t199,06 lei",
    "TVA 21%\t41,80 lei",
    "Total factură\t240,86 lei",
  ].join("\n");

  it("reads a card's caption after its icon read as a symbol ('= Titular')", () => {
    expect(parseBillText(CARDS).customerName).toBe("STROE ANCA-MARIA");
  });

  it("reads abbreviated captions and a caption parted at a gap, the consumption from the indexes below sure", () => {
    const bill = parseBillText(CARDS);
    expect(bill.contractedPowerKw).toBe("6.00");
    expect(bill.fieldConfidence!.contractedPowerKw).toBeLessThan(0.9);
    expect(bill.consumptionKwh).toBe(246);
    expect(bill.fieldConfidence!.consumptionKwh).toBeLessThan(0.9);
    expect(bill.fieldConfidence!.pricePerKwh).toBeLessThan(0.9);
  });

  it("reads again a power whose figure came out as the letter it resembles ('SkW'), never sure", () => {
    const text = ["Cod POD\tRO001E822339661", "Putere aprobată\tSkW", "Total de plată: 121,00 lei"].join("\n");
    const word = (twice: string, thrice: string): OcrWord => ({
      text: "SkW",
      confidence: 0.4,
      readAgain: (scale) => (scale === 3 ? thrice : twice),
    });
    const bill = parseBillText(text);
    expect(bill.contractedPowerKw).toBeNull();
    const checked = checkOcrBill(bill, text, [word("6 kW", "6 kW")]);
    expect(checked.contractedPowerKw).toBe("6.00");
    expect(checked.fieldConfidence!.contractedPowerKw).toBeLessThan(0.9);
    expect(checkOcrBill(bill, text, [word("5 kW", "6 kW")]).contractedPowerKw).toBeNull();
  });
});

describe("a consumption read with a digit wrong in the meter's row", () => {
  const METER = [
    "Perioada de facturare\t01.05.2026 - 31.05.2026",
    "Serie contor\tIndex vechi\tIndex nou\tConsum (kWh)",
    "ENG 11894\t25953\t26700\t147",
    "Denumire\tCantitate\tU.M.\tPreț unitar (lei)\tValoare (lei)",
    "Energie electrică activă\t147\tkWh\t0,7499\t560,18",
    "Tarif distribuție și transport\t747\tkWh\t0,2513\t187,72",
    "Certificate verzi\t747\tkWh\t0,0563\t42,06",
    "Acciză\t747\tkWh\t0,0056\t4,18",
    "Total fără TVA\t797,58 lei",
    "TVA 21%\t167,49 lei",
    "Total factură\t965,07 lei",
  ].join("\n");

  it("is outvoted by new − old index and the other charge rows' quantity, below sure", () => {
    const bill = parseBillText(METER);
    expect(bill.consumptionKwh).toBe(747);
    expect(bill.fieldConfidence!.consumptionKwh).toBeLessThan(0.9);
    expect(bill.fieldConfidence!.pricePerKwh).toBeLessThan(0.9);
  });

  it("stands when the charge rows agree with it", () => {
    expect(parseBillText(METER.replace(/\t747\t/g, "\t147\t")).consumptionKwh).toBe(147);
  });
});

describe("captions a scan parted at their gaps, over a row of fewer cells", () => {
  const PORTAL = [
    "Total\tde\tplat\tScadență\tPerioada de consum",
    "1.155,25 lei\t01.10.2025\t01.08.2025 - 31.08.2025",
    "Data emiterii\t16.09.2025",
  ].join("\n");

  it("never takes a period for the due date", () => {
    const bill = parseBillText(PORTAL);
    expect(bill.dueDate).not.toBe("2025-08-01");
    expect(bill.periodStart).toBe("2025-08-01");
  });
});

describe("a period read under captions over a row of another cell count", () => {
  // The caption of the next reading's period was lost: two periods under one caption.
  const TABLE = [
    "Număr factură\tPerioada\tValoare",
    "FE 102030\t01.08.2025 - 31.08.2025\t01.09.2025 - 30.09.2025\t363,00 lei",
    "Data emiterii\t16.09.2025",
    "Data scadenței\t01.10.2025",
  ].join("\n");

  it("stays below sure when the other way of counting the row's cells gives another period", () => {
    const bill = parseBillText(TABLE);
    expect(bill.periodStart).not.toBeNull();
    expect(bill.fieldConfidence!.periodStart).toBeLessThan(0.9);
    expect(bill.fieldConfidence!.periodEnd).toBeLessThan(0.9);
  });

  it("is vouched for when the other way gives no date", () => {
    const bill = parseBillText(TABLE.replace("\t01.09.2025 - 30.09.2025\t", "\tN\t"));
    expect(bill.periodStart).toBe("2025-08-01");
    expect(bill.fieldConfidence!.periodStart).toBeGreaterThanOrEqual(0.9);
  });
});
