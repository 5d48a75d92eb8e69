// ID photo round 16 (issue #14): a passport's zone line read one character too long, whose cut inside
// the number made a wrong number pass its check digit by chance; photos that read nothing (a screenshot's
// status bar or a newspaper chosen over the card, a night photocopy read as murk); the reading's deadline.
import { describe, expect, it } from "vitest";
import { findMrz, namesLineAlone } from "../../app/lib/mrz";
import { readGenerated } from "../fixtures/documents";
import {
  budgetAllows,
  holdsValidCnp,
  ID_PHOTO_DEADLINE_MS,
  passesInTime,
  readIdPhoto,
  surerReading,
} from "../../app/server/documents/extraction/extract-document.server";
import type { RgbaImage } from "../../app/server/documents/extraction/image.server";
import { decodeImage } from "../../app/server/documents/extraction/image.server";
import { wholeImage } from "../../app/server/documents/extraction/image-source.server";
import type { OcrEngine, OcrPageResult, RecognizeOptions } from "../../app/server/documents/extraction/ocr.server";
import { namesByShape, parseIdCardText } from "../../app/server/documents/extraction/id-card-parser.server";

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
    expect(shifted.fieldConfidence?.number).toBeLessThan(0.9);
    // The other fields' checks still hold after the cut: the line's alignment is confirmed past it.
    expect(shifted.fieldConfidence?.expiryDate).toBeGreaterThanOrEqual(0.9);
    const clean = parseIdCardText(
      `ROMÂNIA\nPASAPORT * PASSPORT\n${NAMES_LINE}\n0529076135ROU9612028F32040722961202351487<46`,
      { referenceYear: 2026 },
    );
    expect(clean.number).toBe("052907613");
    expect(clean.fieldConfidence?.number).toBeGreaterThanOrEqual(0.9);
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

  it("desk texture read as a dozen unsure lines is no card's print: the surer card wins", () => {
    const texture = reading(
      [
        "FI [) VI i V) VI VI",
        "e LN /) O VIN) fu ,",
        "5 Î â j f Va 7 | )",
        "| 5 GED Bl bd hd",
        "îi TITI) / ) IL LI",
        "af ș ls (5 14 14",
        "NIL, IUL: IT ESTI ET /",
        "LIST 0 ET TI",
      ].join("\n"),
      0.22,
    );
    const zoneCard = reading(["TI ROMANIA ROUMANIE ROMANIA", "IDROUTANASE<<ELENA<<<<<<<<<<<<<<<<<<"].join("\n"), 0.44);
    expect(surerReading(zoneCard, texture)).toBe(true);
    expect(surerReading(texture, zoneCard)).toBe(false);
  });

  it("between two cards' print, the surer reading wins as before", () => {
    const surer = reading(card.page.text, 0.6);
    expect(surerReading(surer, card)).toBe(true);
    expect(surerReading(card, surer)).toBe(false);
  });
});

/** Reads nothing at its first call (every turn it is given), then `text` on one turn. */
function murkThenPrint(text: string[]): OcrEngine & { calls: number } {
  const engine = {
    calls: 0,
    async recognize(image: RgbaImage, options: RecognizeOptions = {}): Promise<OcrPageResult> {
      engine.calls++;
      const read = engine.calls === 1 ? [] : text;
      const lines = read.map((t, i) => ({
        text: t,
        confidence: 0.4,
        rect: { left: 10, top: 20 + i * 30, right: 600, bottom: 44 + i * 30 },
      }));
      const passes = engine.calls === 1 ? (options.rotations ?? [0]).length : 1;
      return {
        text: read.join("\n"),
        lines,
        confidence: read.length > 0 ? 0.4 : 0,
        rotation: 0,
        contrastSpread: 100,
        skewDegrees: 0,
        width: image.width,
        height: image.height,
        durationMs: 500,
        passes,
        image,
      };
    },
    recognizeRegion: () => [],
  };
  return engine;
}

/** A frame with no outline in it: grey, a flash's hot spot in its middle, dim corners. */
function hotSpotFrame(width = 640, height = 460): RgbaImage {
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const d = Math.hypot(x - width / 2, y - height / 2) / Math.hypot(width / 2, height / 2);
      const v = Math.round(200 - 120 * d);
      data.set([v, v, v, 255], (y * width + x) * 4);
    }
  }
  return { width, height, data };
}

describe("a photo as it is read as nothing (round 16: a photocopy shot at night under a flash)", () => {
  it("is not read again evened once a card was cut out and read", { timeout: 60_000 }, async () => {
    const image = decodeImage(readGenerated("id-barbu-photo-s11-0.jpg"), "image/jpeg");
    const frames: RgbaImage[] = [];
    const engine: OcrEngine = {
      async recognize(page: RgbaImage, options: RecognizeOptions = {}): Promise<OcrPageResult> {
        frames.push(page);
        const passes = (options.rotations ?? [0]).length;
        return {
          text: "",
          lines: [],
          confidence: 0,
          rotation: 0,
          contrastSpread: 100,
          skewDegrees: 0,
          width: page.width,
          height: page.height,
          durationMs: 1,
          passes,
          image: page,
        };
      },
      recognizeRegion: () => [],
    };
    await readIdPhoto(engine, wholeImage(image), 0, 2026, 1000);
    // The cards' readings, then the photo as it is once: no evened copy of the whole frame after it.
    expect(frames.filter((f) => f.width === image.width && f.height === image.height)).toHaveLength(1);
    expect(frames.at(-1)).toBe(image);
  });

  it("is read again evened before giving up", { timeout: 60_000 }, async () => {
    const print = [
      "ROMÂNIA ROUMANIE ROMANIA",
      "CARTE DE IDENTITATE",
      "OLTEANU",
      "DAN",
      "30.10.1979",
      "Jud.PH Mun.Ploiești",
      "1791030290256 PH218406",
    ];
    const engine = murkThenPrint(print);
    const read = await readIdPhoto(engine, wholeImage(hotSpotFrame()), 0, 2026);
    expect(engine.calls).toBe(2);
    expect(read.page.text).toContain("OLTEANU");
    expect(read.cardStraightened).toBe(false);
  });
});

/** Reads nothing; each full pass moves `clock` on by `msPerPass`. */
function slowBlindEngine(clock: { t: number }, msPerPass: number): OcrEngine & { passes: number } {
  const engine = {
    passes: 0,
    async recognize(image: RgbaImage, options: RecognizeOptions = {}): Promise<OcrPageResult> {
      const passes = (options.rotations ?? [0]).length;
      engine.passes += passes;
      clock.t += msPerPass * passes;
      return {
        text: "",
        lines: [],
        confidence: 0,
        rotation: 0,
        contrastSpread: 100,
        skewDegrees: 0,
        width: image.width,
        height: image.height,
        durationMs: msPerPass * passes,
        passes,
        image,
      };
    },
    recognizeRegion: () => [],
  };
  return engine;
}

describe("the deadline of a photo's reading (issue #14: < 8 s a document)", () => {
  it("allows another reading only before the deadline", () => {
    const clock = (t: number) => ({ now: () => t, deadline: ID_PHOTO_DEADLINE_MS });
    expect(budgetAllows({ pagePasses: 0 }, 10, clock(0))).toBe(true);
    expect(budgetAllows({ pagePasses: 0 }, 10, clock(ID_PHOTO_DEADLINE_MS - 1))).toBe(true);
    expect(budgetAllows({ pagePasses: 0 }, 10, clock(ID_PHOTO_DEADLINE_MS))).toBe(false);
    // One more pass at the pace so far (2 s a pass) must end before the deadline.
    expect(budgetAllows({ pagePasses: 2, ocrMs: 4000 }, 10, clock(4000))).toBe(true);
    expect(budgetAllows({ pagePasses: 2, ocrMs: 4000 }, 10, clock(5000))).toBe(false);
    expect(passesInTime({ pagePasses: 2, ocrMs: 2000 }, clock(2500))).toBe(4);
    // Without a clock, the passes alone.
    expect(budgetAllows({ pagePasses: 0 }, 10)).toBe(true);
  });

  it("starts no reading past the deadline, however many passes are left", { timeout: 60_000 }, async () => {
    const image = decodeImage(readGenerated("id-barbu-photo-s11-0.jpg"), "image/jpeg");
    // Unhurried, a card read as nothing costs many passes (the budget test: more than five).
    const quick = { t: 0 };
    const unhurried = slowBlindEngine(quick, 1);
    await readIdPhoto(unhurried, wholeImage(image), 0, 2026, 1000, {
      now: () => quick.t,
      deadline: ID_PHOTO_DEADLINE_MS,
    });
    expect(unhurried.passes).toBeGreaterThan(5);
    // Two seconds a pass: the first reading (two turns, 4 s) runs, the next (one more, 6 s) too; then none.
    const slow = { t: 0 };
    const hurried = slowBlindEngine(slow, 2000);
    await readIdPhoto(hurried, wholeImage(image), 0, 2026, 1000, { now: () => slow.t, deadline: ID_PHOTO_DEADLINE_MS });
    expect(hurried.passes).toBeLessThanOrEqual(4);
    expect(slow.t).toBeLessThan(ID_PHOTO_DEADLINE_MS + 2 * 2000 + 1);
  });
});

describe("a zone's names line read on its own (round 16: a passport whose zone's digits were lost)", () => {
  it("gives the holder's names from a first or a third zone line alone", () => {
    expect(namesLineAlone("P<ROUVASILESCU<<CRISTINA<ELENA<<<<<<<<<LLL<L<<")).toEqual({
      lastName: "VASILESCU",
      firstName: "CRISTINA ELENA",
    });
    expect(namesLineAlone("IDROUBARBU<<ION<<<<<<<<<<<<<<<<<<<<<")).toEqual({ lastName: "BARBU", firstName: "ION" });
    expect(namesLineAlone("OLTEANU<<DAN<<<<<<<<<<<**5555")).toEqual({ lastName: "OLTEANU", firstName: "DAN" });
  });

  it("takes no printed label or digits line for names", () => {
    expect(namesLineAlone("ROMÂNIA ROUMANIE ROMANIA")).toBeNull();
    expect(namesLineAlone("DATA NASTERII<<DATE DE NAISSANCE")).toBeNull();
    expect(namesLineAlone("0553182741R0U8403157/M33")).toBeNull();
    expect(namesLineAlone("Nume/Nom/Last name")).toBeNull();
  });

  it("reads the names unsurely when no zone was found and no label read", () => {
    const read = parseIdCardText(
      [
        "ROMÂNIA - ROUMANIE - ROMANIA",
        "PASAPORT - PASSPORT - PASSEPORT",
        "05207613.",
        "2961202353487",
        "P<ROUVASILESCU<<CRISTINA<ELENA<<<<<<<<<LLL<L<<",
      ].join("\n"),
      { referenceYear: 2026 },
    );
    expect(read.lastName).toBe("VASILESCU");
    expect(read.firstName).toBe("CRISTINA ELENA");
    expect(read.fieldConfidence?.lastName).toBeLessThan(0.9);
  });
});

describe("a passport's zone cut short at its right end (round 16: a window's reflection across it)", () => {
  it("reads the fields left in both short lines, their check digits holding, below 0.9", () => {
    const mrz = findMrz("P<ROURADULESCU<-MINAT\n0553182741R0U8403157/M33", 2026)!;
    expect(mrz).toMatchObject({
      format: "TD3",
      documentNumber: "055318274",
      birthDate: "1984-03-15",
      lastName: "RADULESCU",
      valid: false,
    });
    const read = parseIdCardText("PAȘAPORT * PASSPORT * PASSEPORT\nP<ROURADULESCU<-MINAT\n0553182741R0U8403157/M33", {
      referenceYear: 2026,
    });
    expect(read.number).toBe("055318274");
    expect(read.fieldConfidence?.number).toBeLessThan(0.9);
  });

  it("takes no short line without a passport's code and surname for one", () => {
    expect(findMrz("ROMANIA<<ROUMANIE<<ROM\n0553182741R0U8403157/M33", 2026)).toBeNull();
  });
});

describe("names by their shape, no zone and no label read (round 16: a photocopied card held by its corners)", () => {
  it("reads past the classic card's series line and a garbled label between the names", () => {
    const lines = [
      "ROMÂNIA ROUMANIE ROMANI",
      "CARTE DE IDENTITATE CARTE D'IDENTITE",
      "us. DX = 093317",
      "Naomi tt re",
      "DUMITRACHE",
      "Proza trorart 1 E rame :",
      "GHEORGHE",
      "cot oma d ant at",
      "Română / ROU",
      "+» 1610704162306",
    ];
    expect(namesByShape(lines)).toEqual({ lastName: "DUMITRACHE", firstName: "GHEORGHE" });
  });

  it("stops at a date or a CNP, and takes no names two lines apart across one", () => {
    expect(namesByShape(["ROMÂNIA", "1610704162306", "DUMITRACHE", "GHEORGHE"])).toBeNull();
    expect(namesByShape(["ROMÂNIA", "DUMITRACHE", "02.09.19-04.07.2029", "SPCLEP"])).toBeNull();
    expect(namesByShape(["ROMÂNIA", "DUMITRACHE", "a b c", "d e f", "GHEORGHE"])).toBeNull();
  });

  it("prefers two name lines in a row to two with a line between (round 10: a glare's marks in capitals)", () => {
    expect(namesByShape(["ROMÂNIA", "ÎNLIME JOIA NARIE", "Prenume", "OLTEANU", "DAN", "30.10.1979"])).toEqual({
      lastName: "OLTEANU",
      firstName: "DAN",
    });
  });
});
