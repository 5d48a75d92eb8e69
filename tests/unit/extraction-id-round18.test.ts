// ID photo round 18 (issue #14): a picture saved mirrored left to right by a front camera or a webcam
// reads as letter-like marks at either turn; it is read again mirrored back. A reading near its
// deadline starts no sharpened zone pass that would end well past it. A scanner app's photo read with
// its left edge cut, and a vowel read twice with two marks.
import { describe, expect, it } from "vitest";
import {
  mirrorWorthTrying,
  readIdImage,
  readIdPhoto,
  readsMirrored,
  ZONE_PASS_GRACE_MS,
} from "../../app/server/documents/extraction/extract-document.server";
import {
  parseIdCardText,
  repairIssuerLocality,
  restoreCutSeat,
} from "../../app/server/documents/extraction/id-card-parser.server";
import { mirror, type RgbaImage } from "../../app/server/documents/extraction/image.server";
import { halves, page } from "../support/ocr-pages";
import { wholeImage } from "../../app/server/documents/extraction/image-source.server";
import type { OcrEngine, OcrPageResult, RecognizeOptions } from "../../app/server/documents/extraction/ocr.server";

const CARD = [
  "ROMÂNIA ROUMANIE ROMANIA",
  "CARTE DE IDENTITATE CARTE D'IDENTITE IDENTITY CARD",
  "DX 093317 CNP 1610704162306",
  "Nume/Nom/Last name",
  "DUMITRACHE",
  "Prenume/Prénom/First name",
  "GHEORGHE",
  "Loc naștere/Lieu de naissance/Place of birth",
  "Jud.DJ Mun.Craiova",
  "Domiciliu/Adresse/Address",
  "Jud.DJ Mun.Craiova Str.Brestei nr.101",
  "Emisă de/Délivrée par/Issued by",
  "SPCLEP Craiova 02.09.19-04.07.2029",
];

/** The same card saved mirrored: what the engine makes of mirrored letters (round 18's radulescu s29-0, as read). */
const MIRRORED_MARKS = [
  "0223185AYIBON8t03I21AW33085131840312083150<58",
  "b<EONEVDNTE2CN<<WIHVI<<<<<<<< << < << < << << << <<<",
  "VĂEOUEIL ES VIUUOLENVACOUGE",
  "DS supei fAD9r6 o; eznetoss ae ațuisuca.",
  "INq'BA WNU'BLSZ0A",
  "Tec isărsibracs 04 przulrica qs viizzaucc",
  "Dra WSEreLIADS Fo O PAGIADSFS ge Usyzzsuce.",
  "BOWyYuUYiEon",
  "CEEIsurSM NOVI IAOUIErE",
  "bVEVLOLL : bV22bOWL - bVE2EbOUL",
];

const leftIsDark = (image: RgbaImage) => {
  const grey = (x: number) => image.data[(Math.floor(image.height / 2) * image.width + x) * 4]!;
  return grey(5) < grey(image.width - 5);
};

describe("a picture saved mirrored (a front camera, a webcam)", () => {
  it("mirror turns an image left to right, and back", () => {
    const image: RgbaImage = {
      width: 3,
      height: 2,
      data: new Uint8ClampedArray([1, 1, 1, 255, 2, 2, 2, 255, 3, 3, 3, 255, 4, 4, 4, 255, 5, 5, 5, 255, 6, 6, 6, 255]),
    };
    const mirrored = mirror(image);
    expect([...mirrored.data].filter((_, i) => i % 4 === 0)).toEqual([3, 2, 1, 6, 5, 4]);
    expect(mirror(mirrored).data).toEqual(image.data);
  });

  it("a reading of marks, unsure, with no CNP and no zone, is worth reading mirrored", () => {
    expect(mirrorWorthTrying({ page: page(MIRRORED_MARKS, 0.18) }, 2026)).toBe(true);
    // The card read right: a valid CNP, or the engine sure of it.
    expect(mirrorWorthTrying({ page: page(CARD, 0.25) }, 2026)).toBe(false);
    expect(mirrorWorthTrying({ page: page(MIRRORED_MARKS, 0.6) }, 2026)).toBe(false);
    // As sure as a card read the right way up (a hard photo's 0.33): its passes go to its own readings.
    expect(mirrorWorthTrying({ page: page(MIRRORED_MARKS, 0.33) }, 2026)).toBe(false);
    // Nothing read at all (a card's back, a dark bank card): no print to mirror.
    expect(mirrorWorthTrying({ page: page(["'", "ie"], 0.1) }, 2026)).toBe(false);
  });

  it("the mirrored reading is kept when it holds a valid CNP, or the engine is much surer of it", () => {
    const marks = { page: page(MIRRORED_MARKS, 0.24) };
    expect(readsMirrored(marks, { page: page(CARD, 0.31) }, 2026)).toBe(true);
    const noCnp = CARD.map((line) => line.replace(/\d{13}/, ""));
    expect(readsMirrored({ page: page(MIRRORED_MARKS, 0.29) }, { page: page(noCnp, 0.72) }, 2026)).toBe(true);
    expect(readsMirrored({ page: page(MIRRORED_MARKS, 0.12) }, { page: page(noCnp, 0.25) }, 2026)).toBe(true);
    // A card read right, then mirrored, reads as marks: not kept.
    expect(readsMirrored({ page: page(noCnp, 0.3) }, { page: page(MIRRORED_MARKS, 0.2) }, 2026)).toBe(false);
    // As unsure either way: not kept.
    expect(readsMirrored({ page: page(MIRRORED_MARKS, 0.2) }, { page: page(MIRRORED_MARKS, 0.25) }, 2026)).toBe(false);
  });

  it("a photo read as marks is read mirrored back, and its card's print is kept", { timeout: 60_000 }, async () => {
    // The card fills the photo. Saved mirrored: its dark half is on the right; only the image mirrored
    // back (dark half on the left) reads as the card.
    const photo = halves(856, 540, false);
    const engine: OcrEngine = {
      async recognize(image: RgbaImage, options: RecognizeOptions = {}): Promise<OcrPageResult> {
        const read = leftIsDark(image) ? page(CARD, 0.6, image) : page(MIRRORED_MARKS, 0.2, image);
        return { ...read, passes: (options.rotations ?? [0]).length };
      },
      recognizeRegion: () => [],
    };
    const read = await readIdPhoto(engine, wholeImage(photo), 0, 2026, 1000);
    expect(read.page.text).toContain("DUMITRACHE");
    expect(leftIsDark(read.page.image)).toBe(true);
  });
});

describe("a reading past its deadline", () => {
  it("starts no sharpened zone pass that would end past the deadline", async () => {
    let regionPasses = 0;
    let t = 0;
    const engine: OcrEngine = {
      async recognize(image: RgbaImage, options: RecognizeOptions = {}): Promise<OcrPageResult> {
        t += 1000;
        return {
          ...page(
            ["CARTE DE IDENTITATE", "IDROUDUMITRACHE<<GHEORGHE<<<<<<<<<<<<", "DX093317<9ROU6107048M290704"],
            0.5,
            image,
          ),
          passes: (options.rotations ?? [0]).length,
        };
      },
      recognizeRegion: () => {
        regionPasses++;
        t += 400;
        return [
          {
            text: "IDROUDUMITRACHE<<GHEORGHE<<<<<<<",
            confidence: 0.5,
            rect: { left: 0, top: 0, right: 10, bottom: 10 },
          },
        ];
      },
    };
    const image = halves();
    // Unhurried: the zone, then sharpened along each axis.
    await readIdImage(engine, image, [0], 2026, 1, true, false, { now: () => t, deadline: 1e9 });
    expect(regionPasses).toBe(3);
    // The card's pass ends 100 ms before the deadline, its plain zone pass 300 ms past it: that pass
    // (the reading's only look at the zone) and no sharpened one, which would end 1100 ms past it.
    regionPasses = 0;
    t = 0;
    await readIdImage(engine, image, [0], 2026, 1, true, false, { now: () => t, deadline: 1100 });
    expect(regionPasses).toBe(1);
    // Sharpened passes that end within the grace still run.
    regionPasses = 0;
    t = 0;
    await readIdImage(engine, image, [0], 2026, 1, true, false, { now: () => t, deadline: 2300 - ZONE_PASS_GRACE_MS });
    expect(regionPasses).toBe(2);
  });
});

describe("a scanner app's photo read with its left edge cut, or a vowel read twice (round 18's barbu)", () => {
  const lines = (address: string, issuer: string) =>
    [
      "ROMÂNIA ROUMANIE ROMANIA",
      "CARTE DE IDENTITATE CARTE D'IDENTITE IDENTITY CARD",
      "«rr 2560618175092",
      "BARBU",
      "MARIA",
      "Lo: naşcereitiei,",
      address,
      "14.02.18-nelimitat",
      issuer,
      "IDROUBARBU<<MARIA<<<<<<<<<<<<<<<<<<<<<",
      "GL530917<8ROU5606186F<<<<<<<21750920",
    ].join("\n");

  it("rebuilds a county seat's line cut at the card's edge ('un.Galaţi Str.…')", () => {
    expect(restoreCutSeat("un.Galaţi Str.Brăilei nr.63 bl.B4 ap.20")).toBe(
      "Jud.GL Mun.Galați Str.Brăilei nr.63 bl.B4 ap.20",
    );
    expect(restoreCutSeat("n.Alba Iulia Str.Mare nr.2")).toBe("Jud.AB Mun.Alba Iulia Str.Mare nr.2");
    // Not a seat (its county is not known from its name), nor a seat's prefix of a longer word.
    expect(restoreCutSeat("un.Tecuci Str.Mare nr.2")).toBe("un.Tecuci Str.Mare nr.2");
    expect(restoreCutSeat("un.Aradului nr.2")).toBe("un.Aradului nr.2");
    const id = parseIdCardText(lines("un.Galaţi Str.Brăilei nr.63 bl.B4 ap.20", "SPCLEP Gala"), {
      referenceYear: 2026,
    });
    expect(id.address).toBe("Jud.GL Mun.Galați Str.Brăilei nr.63 bl.B4 ap.20");
    expect(id.fieldConfidence?.address ?? 0).toBeLessThan(0.9);
  });

  it("completes the issuer's locality cut short when the card's address names the seat", () => {
    expect(repairIssuerLocality("SPCLEP Gala", ["Jud.GL Mun.Galați Str.Brăilei nr.63"])).toBe("SPCLEP Galați");
    expect(repairIssuerLocality("SPCLEP Gal", ["Jud.GL Mun.Galați Str.Brăilei nr.63"])).toBe("SPCLEP Gal");
    expect(repairIssuerLocality("SPCLEP Gala", ["Jud.CJ Mun.Cluj-Napoca Str.Mare nr.1"])).toBe("SPCLEP Gala");
    // A county's passport office is named by the county, not cut short from its seat.
    expect(repairIssuerLocality("SPCEP Timiș", ["Jud.TM Mun.Timișoara"])).toBe("SPCEP Timiș");
  });

  it("keeps one of two marked a's read side by side ('Str.Brăâilei')", () => {
    const id = parseIdCardText(lines("Jud.GL Mun.Galați Str.Brăâilei nr.63 bl.B4 ap.20", "SPCLEP Galați"), {
      referenceYear: 2026,
    });
    expect(id.address).toBe("Jud.GL Mun.Galați Str.Brăilei nr.63 bl.B4 ap.20");
  });
});
