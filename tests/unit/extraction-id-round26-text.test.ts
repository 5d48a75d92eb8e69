// ID photo round 26 (issue #14), the text side: a birth date 'confirmed' by the zone's own CNP, and
// fields misread on photos whose print was read.
import { describe, expect, it } from "vitest";
import { parseIdCardText } from "../../app/server/documents/extraction/id-card-parser.server";

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
