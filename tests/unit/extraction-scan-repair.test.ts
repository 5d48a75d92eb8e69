// OCR text repairs applied to scanned bills before the bill reader (issue #14): one case per rule,
// and the words each rule must leave alone.
import { describe, expect, it } from "vitest";
import { parseBillText } from "../../app/server/documents/extraction/bill-parser.server";
import { repairFigure, repairOcrText } from "../../app/server/documents/extraction/ocr-text-repair.server";

describe("letters read into figures", () => {
  it("reads O, o, Q, D as 0, I, l, | as 1, S as 5 and B as 8 inside a figure", () => {
    expect(repairFigure("2O26")).toBe("2026");
    expect(repairFigure("l.195,04")).toBe("1.195,04");
    expect(repairFigure("I9.O6.2026")).toBe("19.06.2026");
    expect(repairFigure("3S,B0")).toBe("35,80");
    expect(repairFigure("1|4")).toBe("114");
  });

  it("leaves words with other letters, words with fewer than two digits and mostly-letter words alone", () => {
    for (const word of ["RO002E705310145", "HE2025", "bl.B7", "C-972200", "ISO", "S.A.", "B1", "OIS5", "Sos.", "lei"])
      expect(repairFigure(word)).toBe(word);
  });

  it("repairs each figure of a row without merging its cells", () => {
    expect(repairOcrText("Total de plată\tl.195,O4 lei\nData scadenței\t28.0l.2026")).toBe(
      "Total de plată\t1.195,04 lei\nData scadenței\t28.01.2026",
    );
  });

  it("lets the reader find an amount and a date it missed in the raw OCR text", () => {
    const raw = "Factura nr. EFT 1234567\nData scadenței\t28.0l.2026\nTotal de plată\tl.195,O4 lei";
    expect(parseBillText(raw).totalWithVat).not.toBe("1195.04");
    const repaired = parseBillText(repairOcrText(raw));
    expect(repaired.totalWithVat).toBe("1195.04");
    expect(repaired.dueDate).toBe("2026-01-28");
  });
});

describe("a POD's O read twice", () => {
  it("drops the one too many: after RO come three digits and an E", () => {
    expect(repairOcrText("COD POD\tROO003E874389908")).toBe("COD POD\tRO003E874389908");
    expect(parseBillText(repairOcrText("Cod POD: ROO003E874389908")).pod).toBe("RO003E874389908");
    expect(parseBillText(repairOcrText("Cod loc de consum (POD)\tROO003E 597 910 474")).pod).toBe("RO003E597910474");
  });

  it("leaves a POD with three digits after RO alone, however its zeros were read", () => {
    for (const text of ["RO003E874389908", "ROO03E874389908", "RO0O3E874389908", "ROO0(3E"]) expect(repairOcrText(text)).toBe(text);
  });
});

describe("a POD's E read as F", () => {
  it("is put back where the code's shape demands an E", () => {
    expect(repairOcrText("POD: RO008F791904160\tProdus: PPC Flexi")).toBe("POD: RO008E791904160\tProdus: PPC Flexi");
    expect(parseBillText(repairOcrText("Cod POD: RO008F791904160")).pod).toBe("RO008E791904160");
  });

  it("leaves other codes alone", () => {
    expect(repairOcrText("Ref. RO12F3 · ROF791904160")).toBe("Ref. RO12F3 · ROF791904160");
  });
});

describe("a place name's capital I read as a small l", () => {
  it("after the abbreviation that introduces a place, with or without a space", () => {
    expect(repairOcrText("Jud.IS Mun.lași Bd.Unirii nr.122")).toBe("Jud.IS Mun.Iași Bd.Unirii nr.122");
    expect(repairOcrText("Jud. lalomița Mun. lași")).toBe("Jud. Ialomița Mun. Iași");
  });

  it("leaves small l elsewhere", () => {
    expect(repairOcrText("lei 12,00 · luna curentă · Str.Libertății")).toBe(
      "lei 12,00 · luna curentă · Str.Libertății",
    );
  });
});

describe("cedilla forms", () => {
  it("become Romanian comma-below letters", () => {
    expect(repairOcrText("ELENA ŢURCANU, Şos.Pantelimon, Contribuţie, şi")).toBe(
      "ELENA ȚURCANU, Șos.Pantelimon, Contribuție, și",
    );
  });
});
