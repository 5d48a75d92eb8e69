// ID photo round 26 (issue #14), the text side: a birth date 'confirmed' by the zone's own CNP, and
// fields misread on photos whose print was read.
import { describe, expect, it } from "vitest";
import {
  parseIdCardText,
  repairCountySeat,
  repairIssuerLocality,
  twoLettersSwapped,
  UNLIMITED_RUN_IN,
} from "../../app/server/documents/extraction/id-card-parser.server";
import { cleanMrzLine, findMrz } from "../../app/lib/mrz";

const options = { referenceYear: 2026 };

const popescuCard = (cnpLine: string, zone: string) =>
  [
    "ROMÂNIA ROUMANIE ROMANIA",
    "CARTE DE IDENTITATE CARTE D'IDENTITE IDENTITY CARD",
    cnpLine,
    "Nume/Nom/Last name",
    "POPESCU",
    "Prenume/Prenom/First name",
    "ION-MARIAN",
    "Română / ROU M",
    "Jud.CJ Mun.Cluj-Napoca",
    "Domiciliu/Adresse/Address",
    "Jud.CJ Mun.Cluj-Napoca Str.Memorandumului nr.28 ap.5",
    "Emisă de/Délivrée par/Issued by Valabilitate/Validité/Validity",
    "SPCLEP Cluj-Napoca 12.03.21-01.01.2031",
    "IDROUPOPESCU<<ION<MARIAN<<<<<<<<<<<<",
    zone,
  ].join("\n");

describe("a birth date the zone's own CNP 'confirms' (issue #14, ID round 26)", () => {
  // '8001014' read '3909104', and the CNP's '121141' read '121741': every check digit holds by chance.
  const misreadZone = "KX482913<0ROU3909104M310101211217415";

  it("sets the zone's birth date against the printed CNP's, not against the CNP rebuilt from the zone", () => {
    const id = parseIdCardText(popescuCard("KX 482913 1800101121141", misreadZone), options);
    expect(id.fieldConfidence?.birthDate).toBeLessThan(0.9);
    expect(id.fieldConfidence?.cnp).toBeLessThan(0.9);
  });

  it("reports a classic card's zone birth date with no printed CNP as the zone's alone", () => {
    const id = parseIdCardText(popescuCard("KX 482913", misreadZone), options);
    expect(id.birthDate).toBe("1939-09-10");
    expect(id.sources.birthDate).toBe("mrz");
    expect(id.fieldConfidence?.birthDate).toBeLessThan(0.99);
  });

  it("still confirms a zone's birth date the printed CNP holds", () => {
    const id = parseIdCardText(popescuCard("KX 482913 1800101121141", "KX482913<0ROU8001014M310101211211415"), options);
    expect(id.birthDate).toBe("1980-01-01");
    expect(id.sources.birthDate).toBe("mrz+printed");
    expect(id.fieldConfidence?.birthDate).toBe(0.99);
  });
});

describe("a zone's fillers read as words, a names line read as an electronic card's (issue #14, ID round 26)", () => {
  it("reads words in small letters at a zone line's end as its fillers", () => {
    expect(cleanMrzLine("IDROUBARBU<<MARIA Eticii zecea")).toBe("IDROUBARBU<<MARIA<<<<<<<<<<<");
    expect(cleanMrzLine("IDROUBARBU<<MARIA<<<<<<<<<<<<<<<<<<<")).toBe("IDROUBARBU<<MARIA<<<<<<<<<<<<<<<<<<<");
  });

  it("keeps a classic card's given names apart from its fillers read as words", () => {
    const text = [
      "ROMÂNIA ROUMANIE ROMANIA",
      "CARTE DE IDENTITATE CARTE DIDENTITE IDENTITY CARD",
      "GL 530917 2560618175092",
      "BARBU",
      "IDROUBARBU<<MARIA Eticii zecea",
      "GL530917<8ROU5606186F<<<<<<<2175092",
    ].join("\n");
    expect(parseIdCardText(text, options).firstName).toBe("MARIA");
  });

  it("takes no names line cut to 30 characters for an electronic card's first line", () => {
    expect(findMrz("DROUPOPESCU<<ION<MARIAN<<<< <<<<\nX482913<0R0U80010 14M31010121", 2026)).toBeNull();
    const tuple = findMrz(
      "IDROUPH218406<11791030290256<<\n7910306M3510306ROU<<<<<<<<<<<1\nOLTEANU<<DAN<<<<<<<<<<<<<<<<<<",
      2026,
    );
    expect(tuple?.format).toBe("TD1");
  });

  it("keeps a classic card's address and issuer when its zone pass read only cut lines", () => {
    const text = popescuCard("KX 482913 1800101121141", "182913<0ROU8001014M310101211211415");
    const id = parseIdCardText(text, {
      ...options,
      mrzText: "DROUPOPESCU<<ION<MARIAN<<<< <<<<\nX482913<0R0U80010 14M31010121",
    });
    expect(id.cardType).toBe("ci");
    expect(id.issuedBy).toBe("SPCLEP Cluj-Napoca");
  });
});

describe("places and issuers misread on a read photo (issue #14, ID round 26)", () => {
  it("repairs a county seat read with 'Mun-', a quote for a letter and a mark after it", () => {
    expect(repairCountySeat("Jud.GL Mun-Ga'ati Fr")).toBe("Jud.GL Mun.Galați");
  });

  it("repairs a county seat with two of its letters swapped, and no name of other letters", () => {
    expect(repairCountySeat("Jud.PH Mun.Piolești")).toBe("Jud.PH Mun.Ploiești");
    expect(twoLettersSwapped("ploiesti", "pioleşti")).toBe(false);
    expect(twoLettersSwapped("ploiesti", "pioleati")).toBe(false);
  });

  it("completes a municipality whose name was lost with its county's seat", () => {
    expect(repairCountySeat("Jud.BV Mun")).toBe("Jud.BV Mun.Brașov");
    expect(repairCountySeat("Jud.XY Mun")).toBe("Jud.XY Mun");
  });

  it("reads a name cut at its start before a sector as Bucharest", () => {
    for (const read of ["urești Sec.1l", "Murești Sec.1"]) {
      const id = parseIdCardText(
        ["CARTE DE IDENTITATE", "RT 715204 2921123410576", "Lieu de naissance/Place of birth", read].join("\n"),
        options,
      );
      expect(id.birthPlace).toBe("Mun.București Sec.1");
      expect(id.fieldConfidence?.birthPlace).toBeLessThan(0.9);
    }
  });

  it("cuts a validity's 'nelimitat' run into the issuer, and spells the issuer's seat as the card's place does", () => {
    expect("SPCLEP Galati d i S-nelmitat".replace(UNLIMITED_RUN_IN, "")).toBe("SPCLEP Galati");
    expect("SPCLEP Galați".replace(UNLIMITED_RUN_IN, "")).toBe("SPCLEP Galați");
    expect(repairIssuerLocality("SPCLEP Galati", ["Jud.GL Mun.Galați"])).toBe("SPCLEP Galați");
  });
});

describe("an address read out of order under an unread label (issue #14, ID round 26)", () => {
  const card = (lines: string[]) =>
    ["CARTE DE IDENTITATE CARTE D'IDENTITE IDENTITY CARD", "KX 482913 1800101121141", "POPESCU", ...lines].join("\n");

  it("rebuilds a seat cut at its start with a quote and a mark after its hyphen, and takes a lone flat line read above it", () => {
    const id = parseIdCardText(
      card([
        "Jud. - Mun.Cluj-Napoca",
        "ap.5",
        "SPCLEP Ciuj-Napoca",
        "un. „Cluj-l Napoca Str.Memorandumului nr.28",
        "12.03.21-01.01.2031",
      ]),
      options,
    );
    expect(id.address).toBe("Jud.CJ Mun.Cluj-Napoca Str.Memorandumului nr.28 ap.5");
    expect(id.fieldConfidence?.address).toBeLessThan(0.9);
  });

  it("takes no lone flat line when the address has its own, or when two could belong to it", () => {
    expect(
      parseIdCardText(
        card(["ap.7", "Jud.CJ Mun.Cluj-Napoca Str.Memorandumului nr.28 ap.5", "12.03.21-01.01.2031"]),
        options,
      ).address,
    ).toBe("Jud.CJ Mun.Cluj-Napoca Str.Memorandumului nr.28 ap.5");
    expect(
      parseIdCardText(
        card(["ap.7", "ap.5", "Jud.CJ Mun.Cluj-Napoca Str.Memorandumului nr.28", "12.03.21-01.01.2031"]),
        options,
      ).address,
    ).toBe("Jud.CJ Mun.Cluj-Napoca Str.Memorandumului nr.28");
  });
});

describe("a hyphenated seat with a quote read in its gap (issue #14, ID round 26)", () => {
  it("reads 'SPCLEP Cluj- “Napoca' as 'SPCLEP Cluj-Napoca'", () => {
    const text = [
      "CARTE DE IDENTITATE",
      "KX 482913 1800101121141",
      "POPESCU",
      "Jud.CJ Mun.Cluj-Napoca",
      "SPCLEP Cluj- “Napoca 12.03. 21-01. .01.2031",
    ].join("\n");
    expect(parseIdCardText(text, options).issuedBy).toBe("SPCLEP Cluj-Napoca");
  });
});

describe("a zone line's small-letter words read in linear time (issue #14, ID round 26)", () => {
  it("cleans a line with a long run of small letters ending in a mark at once", () => {
    const started = performance.now();
    expect(cleanMrzLine(`IDROU ${"a".repeat(60)}.`)).toBe(`IDROU${"A".repeat(60)}<`);
    expect(performance.now() - started).toBeLessThan(200);
  });
});
