// ID photo round 16 (issue #14): a passport's zone line read one character too long, whose cut inside
// the number made a wrong number pass its check digit by chance.
import { describe, expect, it } from "vitest";
import { findMrz } from "../../app/lib/mrz";
import { holdsValidCnp, surerReading } from "../../app/server/documents/extraction/extract-document.server";
import { parseIdCardText } from "../../app/server/documents/extraction/id-card-parser.server";

const NAMES_LINE = "P<ROUVASILESCU<<CRISTINA<ELENA<<<<<<<<<<<<<<";
// The number '052907613' with its first '0' read as 'i 9': one character too many. Cut inside the
// number ('I95290…' less its '0'), it reads '195297613', whose check digit holds by chance.
const LINE_TOO_LONG = "i 9529076135R0U9612028F32040722961202351487<46";

describe("a zone line cut inside a field (round 16's sure wrong passport number)", () => {
  it("marks the check the cut chose as no confirmation", () => {
    const mrz = findMrz(`${NAMES_LINE}\n${LINE_TOO_LONG}`, 2026)!;
    expect(mrz.documentNumber).toBe("195297613");
    expect(mrz.valid).toBe(true);
    expect(mrz.shiftedChecks).toEqual(["documentNumber"]);
  });

  it("a stray mark before the line is cut without doubt", () => {
    const mrz = findMrz(`${NAMES_LINE}\ni 0529076135R0U9612028F32040722961202351487<46`, 2026)!;
    expect(mrz.documentNumber).toBe("052907613");
    expect(mrz.valid).toBe(true);
    expect(mrz.shiftedChecks).toBeUndefined();
  });

  it("reports such a number below 0.9 when no print agrees, and sure when it does", () => {
    const shifted = parseIdCardText(`ROMÂNIA\nPASAPORT * PASSPORT\n${NAMES_LINE}\n${LINE_TOO_LONG}`, {
      referenceYear: 2026,
    });
    expect(shifted.number).toBe("195297613");
    expect(shifted.fieldConfidence.number).toBeLessThan(0.9);
    // The other fields' checks still hold after the cut: the line's alignment is confirmed past it.
    expect(shifted.fieldConfidence.expiryDate).toBeGreaterThanOrEqual(0.9);
    const clean = parseIdCardText(
      `ROMÂNIA\nPASAPORT * PASSPORT\n${NAMES_LINE}\n0529076135ROU9612028F32040722961202351487<46`,
      { referenceYear: 2026 },
    );
    expect(clean.number).toBe("052907613");
    expect(clean.fieldConfidence.number).toBeGreaterThanOrEqual(0.9);
  });
});

/** A reading as readIdPhoto weighs it: its text, its lines, the engine's confidence. */
function reading(text: string, confidence: number) {
  return { page: { text, lines: text.split("\n").map((line) => ({ text: line })), confidence } };
}

describe("of two readings whose zones do not hold, the card's wins (round 16's photos that read nothing)", () => {
  // A card shot off a phone's screen: the whole frame reads the status bar, surely, and nothing else.
  const statusBar = reading("13:26 4G all 61%\n< 25 noiembrie 2026 : 12:03", 0.84);
  const card = reading(
    [
      "ROMÂNIA ROUMANIE ROMANIA",
      "CARTE DE IDENTITATE CARTE D'IDENTITE IDENTITY CARD",
      "MX = 310554",
      "TANASE",
      "B4| Sos. Pacurari nr? bl.550 ap.12",
      "SPCLEP lasi 16.01,23-26,02.2033",
      "R0UT ANASE SELENA «<a CE<ee ze <<<",
      "310554<5ROUO1022581F330228862200389",
    ].join("\n"),
    0.39,
  );
  it("a card's print read unsurely beats a status bar read surely", () => {
    expect(surerReading(card, statusBar)).toBe(true);
    expect(surerReading(statusBar, card)).toBe(false);
  });

  it("a reading holding a valid CNP beats a newspaper read as surely", () => {
    const newspaper = reading(
      [
        "Un școlilor şi a străzilor din cartier",
        "batru nl, Lucrările la reteaua de apă",
        "Je lei strada. Teflor vor cant",
        "bite. 15,03.2026",
        "ac sonerii d antreu 1 bit",
        "Jud.DJ Mun.Cralova Str.Brestei nr.101",
      ].join("\n"),
      0.51,
    );
    const idCard = reading(
      [
        "ROMÂNIA ROUMANIE ROMANI",
        "CARTE DE IDENTITATE",
        "DX = 093317",
        "DUMITRACHE",
        "GHEORGHE",
        "+» 1610704162306",
      ].join("\n"),
      0.5,
    );
    expect(holdsValidCnp(idCard.page.text)).toBe(true);
    expect(holdsValidCnp("1610704162307 and 16107041623061")).toBe(false);
    expect(surerReading(idCard, newspaper)).toBe(true);
    expect(surerReading(newspaper, idCard)).toBe(false);
  });

  it("between two cards' print, the surer reading wins as before", () => {
    const surer = reading(card.page.text, 0.6);
    expect(surerReading(surer, card)).toBe(true);
    expect(surerReading(card, surer)).toBe(false);
  });
});
