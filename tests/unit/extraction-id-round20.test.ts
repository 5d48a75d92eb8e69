// ID photo round 20 (issue #14): the whole card's reading can drop the classic card's lower rows (the
// address's last row, 'Emisă de', the validity) whole, even on a plain scanner-app photo; read again
// on their own, under the address, they are there.
import { describe, expect, it } from "vitest";
import { rereadLowerHalf } from "../../app/server/documents/extraction/extract-document.server";
import {
  adoptLowerHalf,
  gluedBeforeName,
  lowerHalfAnchor,
  nameInRun,
  runsPastName,
  lowerHalfWorthRereading,
  parseIdCardText,
} from "../../app/server/documents/extraction/id-card-parser.server";
import type { OcrEngine, OcrLine } from "../../app/server/documents/extraction/ocr.server";
import { page } from "../support/ocr-pages";
import { buildTd1, buildTd3 } from "../../app/lib/mrz";

const ZONE = ["IDROUPOPESCU<<ION<MARIAN<<<<<<<<<<<<", "KX482913<0ROU8001014M310101211211415"];

/** Round 20's popescu s31-0 as first read: the rows under the address's first lost, one date left. */
const FIRST_READING = [
  "ROMÂNIA ROUMANIE ROMANIA",
  "CARTE DE IDENTITATE CARTE D'IDENTITE IDENTITY CARD",
  "SERIA KX NR 482913 CNP 1800101121141",
  "Nume/Nom/Last name",
  "POPESCU",
  "Prenume/Prénom/First name",
  "ION-MARIAN",
  "Loc naștere/Lieu de naissance/Place of birth",
  "Jud.CJ Mun.Cluj-Napoca",
  "Domiciliu/Adresse/Address",
  "Jud.CJ Mun.Ciuj-Napoca Str.Memorandumului nr.28",
  "Maat",
  "-01.01.2031",
  ...ZONE,
];

/** The same rows read again on their own, as the engine read them. */
const LOWER_HALF = ["ap:5,", "n SĂ se Delicren și a va it", "SPCLEP Cluj- Napoca 12. 03.21-01.01.2031"];

function engineReading(lines: string[]): { engine: OcrEngine; regions: OcrLine["rect"][] } {
  const regions: OcrLine["rect"][] = [];
  const engine: OcrEngine = {
    recognize: async () => {
      throw new Error("not read whole");
    },
    recognizeRegion: (_image, rect) => {
      regions.push(rect);
      return lines.map((text, i) => ({
        text,
        confidence: 0.6,
        rect: { left: rect.left, top: rect.top + i * 20, right: rect.right, bottom: rect.top + i * 20 + 16 },
      }));
    },
  };
  return { engine, regions };
}

describe("the classic card's lower half read again on its own (round 20's popescu s31-0)", () => {
  const options = { referenceYear: 2026 };
  const first = page(FIRST_READING, 0.6, { width: 1000, height: 700, data: new Uint8ClampedArray(1000 * 700 * 4) });

  it("brings back the issuer, the issue date and the address's last row, printed-only", () => {
    const parsed = parseIdCardText(first.text, options);
    expect(parsed.issuedBy).toBeNull();
    expect(parsed.issueDate).toBeNull();
    expect(lowerHalfWorthRereading(parsed)).toBe(true);
    const { engine, regions } = engineReading(LOWER_HALF);
    const reread = rereadLowerHalf(engine, first, parsed, options);
    expect(reread.issuedBy).toBe("SPCLEP Cluj-Napoca");
    expect(reread.issueDate).toBe("2021-03-12");
    expect(reread.address).toBe("Jud.CJ Mun.Cluj-Napoca Str.Memorandumului nr.28 ap.5");
    for (const field of ["issuedBy", "issueDate", "address"] as const)
      expect(reread.fieldConfidence?.[field]).toBeLessThanOrEqual(0.7);
    expect(reread.missingFields).not.toContain("issuedBy");
    // The band: from under the address's last row read down to the zone's first line.
    const address = first.lines[10]!.rect;
    expect(regions).toHaveLength(1);
    expect(regions[0]!.top).toBe(address.bottom);
    expect(regions[0]!.bottom).toBe(first.lines[13]!.rect.top);
    // The zone's fields are the first reading's (the band is read for the print only).
    expect(reread.cnp).toBe(parsed.cnp);
    expect(reread.expiryDate).toBe(parsed.expiryDate);
  });

  it("is read only when the issuer or the issue date is missing, on a classic card, and not past the deadline", () => {
    const whole = parseIdCardText(
      [
        ...FIRST_READING.slice(0, 11),
        "ap.5",
        "Emisă de/Délivrée par/Issued by",
        "SPCLEP Cluj-Napoca 12.03.21-01.01.2031",
        ...ZONE,
      ].join("\n"),
      options,
    );
    expect(whole.issuedBy).toBe("SPCLEP Cluj-Napoca");
    expect(lowerHalfWorthRereading(whole)).toBe(false);
    expect(lowerHalfWorthRereading({ ...whole, cardType: "cei", issuedBy: null })).toBe(false);
    expect(lowerHalfWorthRereading({ ...whole, issueDate: null })).toBe(true);
    const parsed = parseIdCardText(first.text, options);
    const { engine, regions } = engineReading(LOWER_HALF);
    expect(rereadLowerHalf(engine, first, parsed, options, { now: () => 7000, deadline: 6500 })).toBe(parsed);
    expect(regions).toHaveLength(0);
  });

  it("anchors under the address's last row read, else its label", () => {
    expect(lowerHalfAnchor(FIRST_READING, "Jud.CJ Mun.Cluj-Napoca Str.Memorandumului nr.28")).toBe(10);
    expect(lowerHalfAnchor(FIRST_READING, null)).toBe(9);
    expect(lowerHalfAnchor(["POPESCU", "ION"], null)).toBe(-1);
  });

  it("takes only what the first reading lacks or holds a part of", () => {
    const parsed = parseIdCardText(first.text, options);
    const other = parseIdCardText(
      [
        ...FIRST_READING.slice(0, 10),
        "Jud.CJ Mun.Cluj-Napoca Str.Horea nr.3",
        "Emisă de/Délivrée par/Issued by",
        "SPCLEP Cluj-Napoca 12.03.21-01.01.2031",
        ...ZONE,
      ].join("\n"),
      options,
    );
    const adopted = adoptLowerHalf(parsed, other);
    // Another street is no continuation of the first's address: the first's stays.
    expect(adopted.address).toBe(parsed.address);
    expect(adopted.issuedBy).toBe("SPCLEP Cluj-Napoca");
  });
});

describe("an abbreviation's dot read as a colon (round 20's popescu s31-0)", () => {
  it("keeps the flat's row in the address ('ap:5')", () => {
    const text = [
      "Domiciliu/Adresse/Address",
      "Jud.CJ Mun.Cluj-Napoca Str.Memorandumului nr.28",
      "ap:5,",
      "Emisă de/Délivrée par/Issued by",
      "SPCLEP Cluj-Napoca 12.03.21-01.01.2031",
    ].join("\n");
    expect(parseIdCardText(text, { referenceYear: 2026 }).address).toBe(
      "Jud.CJ Mun.Cluj-Napoca Str.Memorandumului nr.28 ap.5",
    );
  });
});

describe("zone names lines against the print (round 20's constantin s31-1 and vasilescu s31-0)", () => {
  it("drops marks glued before the electronic card's surname where the print has the surname alone", () => {
    expect(gluedBeforeName("CONSTANTIN", "LLCONSTANTIN")).toBe(true);
    expect(gluedBeforeName("CONSTANTIN", "CONSTANTIN")).toBe(false);
    expect(gluedBeforeName("ION", "SION")).toBe(false);
    expect(gluedBeforeName("CONSTANTIN", "ABCCONSTANTIN")).toBe(false);
    const [l1, l2, l3] = buildTd1({
      documentNumber: "KT104876",
      birthDate: "1988-09-09",
      sex: "F",
      expiryDate: "2034-09-09",
      optionalData: "2880909136611",
      lastName: "CONSTANTIN",
      firstName: "IOANA",
    });
    // The labels unread (a newspaper's print over them), the zone's names line with two marks before it.
    const text = [
      "CARTE DE IDENTITATE * CARTE GIDENTITE * IDENTITY CARD",
      "MAFIA NI",
      "CONSTANTIN",
      "PREMIER LN NAMES",
      "IOANA",
      l1,
      l2,
      `LL${l3}`.slice(0, 30),
    ].join("\n");
    const id = parseIdCardText(text, { referenceYear: 2026 });
    expect(id.lastName).toBe("CONSTANTIN");
    expect(id.fieldConfidence?.lastName).toBeLessThanOrEqual(0.7);
  });

  it("cuts a passport's surname run on into its given names at the printed surname, and takes the printed given names", () => {
    expect(runsPastName("VASILESCU", "VASILESCCIECRISTINASELENA")).toBe(true);
    expect(runsPastName("VASILESCU", "VASILESCUA")).toBe(false);
    expect(runsPastName("POPESCU", "IONESCUMARIA")).toBe(false);
    expect(nameInRun("CRISTINA-ELENA", "CIECRISTINASELENA")).toBe(true);
    expect(nameInRun("CRISTINA-ELENA", "CIECRISTINA")).toBe(false);
    const [, l2] = buildTd3({
      documentNumber: "052907613",
      birthDate: "1996-12-02",
      sex: "F",
      expiryDate: "2032-04-07",
      optionalData: "2961202351487",
      lastName: "VASILESCU",
      firstName: "CRISTINA ELENA",
    });
    const text = [
      "ROMÂNIA RO",
      "PASAPORT PASSPOI",
      "052907613.",
      "VASILESCU.",
      "CRISTINA-ELENA",
      "2961202351487",
      "P<ROUVASILESCCIECRISTINASELENA<CZ<IE<<<<<<<<<<<<",
      l2,
    ].join("\n");
    const id = parseIdCardText(text, { referenceYear: 2026 });
    expect(id.lastName).toBe("VASILESCU");
    expect(id.firstName).toBe("CRISTINA-ELENA");
    expect(id.fieldConfidence?.lastName).toBeLessThanOrEqual(0.7);
    expect(id.fieldConfidence?.firstName).toBeLessThanOrEqual(0.7);
  });
});

describe("a place's abbreviations misread (round 20's stefanescu s31-1 and barbu s31-0)", () => {
  const card = (birthPlace: string, address: string) =>
    parseIdCardText(
      [
        "Loc naștere/Lieu de naissance/Place of birth",
        birthPlace,
        "Domiciliu/Adresse/Address",
        address,
        "Emisă de/Délivrée par/Issued by",
        "SPCLEP Galați 12.03.21-01.01.2031",
      ].join("\n"),
      { referenceYear: 2026 },
    );

  it("reads Bucharest's sector 1 with its dot lost and its digit read as a letter", () => {
    expect(card("Mun.Bucuresti Seci", "Jud.GL Mun.Galați Str.Brăilei nr.63").birthPlace).toBe("Mun.Bucuresti Sec.1");
    expect(card("Mun.București Sec|", "Jud.GL Mun.Galați Str.Brăilei nr.63").birthPlace).toBe("Mun.București Sec.1");
  });

  it("reads 'Mun,' as 'Mun.'", () => {
    expect(card("Jud.GL Mun.Galați", "Jud.GL Mun, Galați Str.Brăilei nr.63 bl.B4 ap.20").address).toBe(
      "Jud.GL Mun.Galați Str.Brăilei nr.63 bl.B4 ap.20",
    );
  });
});

describe("an issuer's row under an unread 'Emisă de' label (the lower half read again)", () => {
  it("is no part of the address above it, for all its 'nr.2'", () => {
    const text = [
      "Domiciliu/Adresse/Address",
      "Mun.București Sec.3 Str.Țepeș Vodă nr.14 bl.A2",
      "ap.31",
      "SPCEP S3 biroul nr.2 30.06.22-23.11.2032",
    ].join("\n");
    const id = parseIdCardText(text, { referenceYear: 2026 });
    expect(id.address).toBe("Mun.București Sec.3 Str.Țepeș Vodă nr.14 bl.A2 ap.31");
    expect(id.issuedBy).toBe("SPCEP S3 biroul nr.2");
  });
});
