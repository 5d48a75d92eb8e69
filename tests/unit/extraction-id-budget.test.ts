// How the reader of a photographed identity document spends its OCR passes (issue #14, ID round 9),
// with engines whose readings are scripted: the time budget (a photo nothing read well tried every
// candidate, turn and sharpening, 23 s in all), and the second reading of a card that lost its print.
import { describe, expect, it } from "vitest";
import { budgetAllows, cardTurns, extractDocument, ID_PHOTO_MAX_PASSES, printedLines, readIdImage, readIdPhoto, readsAsTexture, smallCard, surePrint, wayUpKnown, zoneRegion } from "../../app/server/documents/extraction/extract-document.server";
import { decodeImage, globalInkShare } from "../../app/server/documents/extraction/image.server";
import { wholeImage } from "../../app/server/documents/extraction/image-source.server";
import type { OcrEngine, OcrPageResult, RecognizeOptions } from "../../app/server/documents/extraction/ocr.server";
import type { RgbaImage } from "../../app/server/documents/extraction/image.server";
import { FIXTURE_NOW, readGenerated } from "../fixtures/documents";

/** Reads nothing; counts the full passes (one per turn tried). */
function blindEngine(): OcrEngine & { passes: number } {
  const engine = {
    passes: 0,
    async recognize(image: RgbaImage, options: RecognizeOptions = {}): Promise<OcrPageResult> {
      const passes = (options.rotations ?? [0]).length;
      engine.passes += passes;
      return { text: "", lines: [], confidence: 0, rotation: 0, contrastSpread: 100, skewDegrees: 0, width: image.width, height: image.height, durationMs: 800 * passes, passes, image };
    },
    recognizeRegion: () => [],
  };
  return engine;
}

describe("the OCR budget of a photographed identity document", () => {
  it("allows another reading only while full passes are left", () => {
    expect(budgetAllows({ pagePasses: 0 })).toBe(true);
    expect(budgetAllows({ pagePasses: ID_PHOTO_MAX_PASSES - 1 })).toBe(true);
    expect(budgetAllows({ pagePasses: ID_PHOTO_MAX_PASSES })).toBe(false);
  });

  it("stops trying candidates, turns and sharpenings once the budget is spent", { timeout: 60_000 }, async () => {
    const image = decodeImage(readGenerated("id-barbu-photo-s11-0.jpg"), "image/jpeg");
    // Unlimited, a card read as nothing costs its two turns, two sharpenings and the shadow-evened
    // and the evened readings (two turns each), then the photo as it is: twelve passes. Five allowed: five run.
    const unlimited = blindEngine();
    await readIdPhoto(unlimited, wholeImage(image), 0, 2026, 1000);
    expect(unlimited.passes).toBeGreaterThan(5);
    const capped = blindEngine();
    const read = await readIdPhoto(capped, wholeImage(image), 0, 2026, 5);
    expect(capped.passes).toBeLessThanOrEqual(5);
    expect(read.pagePasses).toBe(capped.passes);
  });

  it("holds every photo to the default budget", { timeout: 60_000 }, async () => {
    const engine = blindEngine();
    const result = await extractDocument({ bytes: readGenerated("id-barbu-photo-s11-0.jpg"), mimeType: "image/jpeg", documentType: "document_identitate", now: FIXTURE_NOW, ocr: async () => engine });
    expect(result.extractedData.kind).toBe("unreadable");
    expect(engine.passes).toBeLessThanOrEqual(ID_PHOTO_MAX_PASSES);
  });
});

/** A classic card's zone, valid, and its print as the engine reads a well-lit card. */
const ZONE = ["IDROUSTEFANESCU<<ANA<MARIA<<<<<<<<<<", "RT715204<9R0U9211236F321123424105761"];
const PRINT = [
  "ROMÂNIA ROUMANIE ROMANIA",
  "CARTE DE IDENTITATE CARTE D'IDENTITE IDENTITY CARD",
  "SERIA RT NR 715204 CNP 2921123410576",
  "Nume/Nom/Last name",
  "ȘTEFĂNESCU",
  "Prenume/Prénom/First name",
  "ANA-MARIA",
  "Cetățenie/Nationalité/Nationality Sex/Sexe/Sex",
  "Română / ROU F",
  "Loc naștere/Lieu de naissance/Place of birth",
  "Mun.București Sec.1",
  "Domiciliu/Adresse/Address",
  "Mun.București Sec.3 Str.Țepeș Vodă nr.14 bl.A2",
  "ap.31",
  "Emisă de/Délivrée par/Issued by Valabilitate/Validité/Validity",
  "SPCEP S3 biroul nr.2 30.06.22-23.11.2032",
];

/** Reads `readings[i]` at its i-th full pass (the last one after that), confidently. */
function scriptedEngine(readings: string[][]): OcrEngine & { passes: number } {
  const engine = {
    passes: 0,
    async recognize(image: RgbaImage): Promise<OcrPageResult> {
      const text = readings[Math.min(engine.passes, readings.length - 1)]!;
      engine.passes++;
      const lines = text.map((t, i) => ({ text: t, confidence: 0.9, rect: { left: 10, top: 20 + i * 30, right: 600, bottom: 44 + i * 30 } }));
      return { text: text.join("\n"), lines, confidence: 0.9, rotation: 0, contrastSpread: 100, skewDegrees: 0, width: image.width, height: image.height, durationMs: 500, passes: 1, image };
    },
    recognizeRegion: () => [],
  };
  return engine;
}

describe("a card whose zone held but whose print was lost (a lamp's shadow across it)", () => {
  it("counts the print's lines outside the zone", () => {
    // The series and CNP row, its spaces taken out, has a zone line's shape (isZoneLike): one line less.
    expect(printedLines({ lines: [...PRINT, ...ZONE].map((text) => ({ text })) })).toBe(PRINT.length - 1);
    expect(printedLines({ lines: ["ȘTEFĂNESCU", "F", "iroul nr.2 30.06.22-23.11.2032", ...ZONE].map((text) => ({ text })) })).toBe(2);
  });

  it("keeps the print of one reading and the zone of another when the one with the better zone read less of the print", { timeout: 60_000 }, async () => {
    const brokenZone = [ZONE[0]!, "RT715204<3R0U9211231F321123824105761"];
    const zoneOnly = ["RO AN", ...ZONE];
    const engine = scriptedEngine([[...PRINT, ...brokenZone], [...PRINT.slice(0, 4), ...brokenZone], zoneOnly]);
    const result = await extractDocument({ bytes: readGenerated("id-barbu-photo-s11-0.jpg"), mimeType: "image/jpeg", documentType: "document_identitate", now: FIXTURE_NOW, ocr: async () => engine });
    const data = result.extractedData;
    if (data.kind !== "id_card") throw new Error(`read as ${data.kind}`);
    expect(engine.passes).toBe(3);
    expect(data.mrz?.valid).toBe(true);
    expect(data).toMatchObject({ birthDate: "1992-11-23", issuedBy: "SPCEP S3 biroul nr.2", birthPlace: "Mun.București Sec.1" });
  });

  it("weighs the print a reading holds by the engine's confidence: many unsure lines of grain and glare lose to fewer sure ones", () => {
    const lines = (n: number) => PRINT.slice(0, n).map((text) => ({ text }));
    const grainy = { lines: [...lines(16), { text: "aTYpeType Cad" }, { text: "ROU_- II osăs" }], confidence: 0.34 };
    const evened = { lines: lines(16), confidence: 0.59 };
    expect(printedLines(grainy)).toBeGreaterThan(printedLines(evened));
    expect(surePrint(evened)).toBeGreaterThan(surePrint(grainy));
  });

  it("is read again, and the reading that holds more of the print is kept", { timeout: 60_000 }, async () => {
    const lost = ["ROMÂNIA ROUMANIE ROMANIA", "715204 ci 2921123410576", "ȘTEFĂNESCU", "ANA-MARIA", "iroul nr.2 30.06.22-23.11.2032", ...ZONE];
    const engine = scriptedEngine([lost, [...PRINT, ...ZONE]]);
    const result = await extractDocument({ bytes: readGenerated("id-barbu-photo-s11-0.jpg"), mimeType: "image/jpeg", documentType: "document_identitate", now: FIXTURE_NOW, ocr: async () => engine });
    const data = result.extractedData;
    if (data.kind !== "id_card") throw new Error(`read as ${data.kind}`);
    expect(engine.passes).toBe(2);
    expect(data).toMatchObject({ cnp: "2921123410576", birthPlace: "Mun.București Sec.1", issuedBy: "SPCEP S3 biroul nr.2" });
    expect(data.address).toContain("Str.Țepeș Vodă nr.14");
  });

  it("is read a third time, evened but not sharpened, when the shadow-evened reading lost it too (a grainy photo)", { timeout: 60_000 }, async () => {
    const lost = ["ROMÂNIA ROUMANIE ROMANIA", "715204 ci 2921123410576", "ȘTEFĂNESCU", "ANA-MARIA", "iroul nr.2 30.06.22-23.11.2032", ...ZONE];
    const grain = ["RO AN E", "a ci 29211", "ȘTEF", ...ZONE];
    const engine = scriptedEngine([lost, grain, [...PRINT, ...ZONE]]);
    const result = await extractDocument({ bytes: readGenerated("id-barbu-photo-s11-0.jpg"), mimeType: "image/jpeg", documentType: "document_identitate", now: FIXTURE_NOW, ocr: async () => engine });
    const data = result.extractedData;
    if (data.kind !== "id_card") throw new Error(`read as ${data.kind}`);
    expect(engine.passes).toBe(3);
    expect(data).toMatchObject({ birthPlace: "Mun.București Sec.1", issuedBy: "SPCEP S3 biroul nr.2" });
  });
});

describe("the zone passes of a reading (issue #14, ID round 10: a third evened reading costs a zone pass, not three)", () => {
  it("reads a zone that does not hold once more, and sharpened along each axis only when asked", async () => {
    const broken = [ZONE[0]!, "RT715204<3R0U9211231F321123824105761"];
    const counting = () => {
      const engine = scriptedEngine([[...PRINT, ...broken]]);
      let regions = 0;
      engine.recognizeRegion = () => {
        regions++;
        return [];
      };
      return { engine, regions: () => regions };
    };
    const image = { width: 640, height: 400, data: new Uint8ClampedArray(640 * 400 * 4).fill(255) };
    const full = counting();
    await readIdImage(full.engine, image, [0], 2026);
    expect(full.regions()).toBe(3);
    const once = counting();
    const read = await readIdImage(once.engine, image, [0], 2026, 1, false);
    expect(once.regions()).toBe(1);
    expect(read.passes).toBe(2);
  });
});

describe("the second readings of a card whose way up a reading showed (issue #14, ID round 12: photos over 8 s)", () => {
  /** Reads the card's print without its zone at `confidence`, right side up at 180°; records the turns each reading asked for. */
  function upsideDownEngine(confidence: number): OcrEngine & { turns: number[][] } {
    const engine = {
      turns: [] as number[][],
      async recognize(image: RgbaImage, options: RecognizeOptions = {}): Promise<OcrPageResult> {
        const rotations = options.rotations ?? [0];
        engine.turns.push([...rotations]);
        const lines = PRINT.map((t, i) => ({ text: t, confidence, rect: { left: 10, top: 20 + i * 30, right: 600, bottom: 44 + i * 30 } }));
        return { text: PRINT.join("\n"), lines, confidence, rotation: 180, contrastSpread: 100, skewDegrees: 0, width: image.width, height: image.height, durationMs: 500, passes: rotations.length, image };
      },
      recognizeRegion: () => [],
    };
    return engine;
  }

  it("knows the way up from a reading of the print that was surely read, not from an unsure one or a few lines", () => {
    const print = PRINT.map((text) => ({ text }));
    expect(wayUpKnown({ lines: print, confidence: 0.45 })).toBe(true);
    expect(wayUpKnown({ lines: print, confidence: 0.18 })).toBe(false);
    expect(wayUpKnown({ lines: print.slice(0, 3), confidence: 0.8 })).toBe(false);
  });

  it("reads a card's next outline only the way up an earlier outline's sure reading found", () => {
    const print = PRINT.map((text) => ({ text }));
    expect(cardTurns([])).toEqual([0, 180]);
    expect(cardTurns([{ page: { lines: print, confidence: 0.18, rotation: 0 } }])).toEqual([0, 180]);
    expect(cardTurns([{ page: { lines: print, confidence: 0.18, rotation: 0 } }, { page: { lines: print, confidence: 0.45, rotation: 180 } }])).toEqual([180]);
  });

  it("reads the shadow-evened card only the way up the first reading found", { timeout: 60_000 }, async () => {
    const image = decodeImage(readGenerated("id-barbu-photo-s11-0.jpg"), "image/jpeg");
    const sure = upsideDownEngine(0.45);
    await readIdPhoto(sure, wholeImage(image), 0, 2026);
    // The card's first reading tries both turns; the evened readings only the one that read the print.
    expect(sure.turns[0]).toEqual([0, 180]);
    expect(sure.turns[1]).toEqual([180]);
    expect(sure.turns[2]).toEqual([180]);
    const unsure = upsideDownEngine(0.18);
    await readIdPhoto(unsure, wholeImage(image), 0, 2026);
    expect(unsure.turns[1]).toEqual([0, 180]);
  });
});

describe("a card cut out small (issue #14, ID round 12: a photo resent through a messaging app)", () => {
  it("is enlarged twice over when narrower than a readable card, and left as it is otherwise", () => {
    const blank = (width: number, height: number) => ({ width, height, data: new Uint8ClampedArray(width * height * 4).fill(255) });
    expect(smallCard(blank(666, 427))).toMatchObject({ width: 1332, height: 854 });
    expect(smallCard(blank(1100, 700))).toBeNull();
  });
});

describe("the work of one pass (issue #14, ID round 14: a card shot off a screen, 32 s in 22 passes)", () => {
  /** A white image with black rectangles: `cover` of it in marks `size` px across (a field of marks), seeded. */
  function marks(width: number, height: number, cover: number, size: number): RgbaImage {
    const data = new Uint8ClampedArray(width * height * 4).fill(255);
    let seed = 25;
    const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    let ink = 0;
    while (ink < cover * width * height) {
      const [x0, y0] = [Math.floor(next() * width), Math.floor(next() * height)];
      const [w, h] = [1 + Math.floor(next() * size), 1 + Math.floor(next() * size)];
      for (let y = y0; y < Math.min(height, y0 + h); y++) {
        for (let x = x0; x < Math.min(width, x0 + w); x++) {
          const i = (y * width + x) * 4;
          if (data[i] === 0) continue;
          data[i] = data[i + 1] = data[i + 2] = 0;
          ink++;
        }
      }
    }
    return { width, height, data };
  }
  /** Lines of print: rows of letter-sized marks on white, about a tenth ink. */
  function print(width: number, height: number): RgbaImage {
    const data = new Uint8ClampedArray(width * height * 4).fill(255);
    for (let row = 40; row + 24 < height; row += 60) {
      for (let x = 30; x + 12 < width - 30; x += 18) {
        for (let y = row; y < row + 24; y++) for (let dx = 0; dx < 4; dx++) data.fill(0, ((y * width + x + dx) * 4), ((y * width + x + dx) * 4) + 3);
        for (let dy = 0; dy < 4; dy++) for (let dx = 0; dx < 12; dx++) data.fill(0, (((row + dy) * width + x + dx) * 4), (((row + dy) * width + x + dx) * 4) + 3);
      }
    }
    return { width, height, data };
  }

  it("tells a card's print from a field of marks by the share of it that is ink", () => {
    expect(globalInkShare(print(1200, 760))).toBeGreaterThan(0.05);
    expect(globalInkShare(print(1200, 760))).toBeLessThan(0.2);
    expect(globalInkShare(marks(1200, 760, 0.4, 14))).toBeGreaterThan(0.35);
    expect(readsAsTexture(print(1200, 760))).toBe(false);
    expect(readsAsTexture(marks(1200, 760, 0.4, 14))).toBe(true);
    // A small region costs little whatever it holds (a tight band of a sharpened zone is dense).
    expect(readsAsTexture(marks(360, 40, 0.4, 14))).toBe(false);
  });

  it("does not read a card made into a field of marks at all: no pass, no zone pass", async () => {
    let pages = 0;
    let regions = 0;
    const engine: OcrEngine = {
      async recognize(image: RgbaImage, options: RecognizeOptions = {}): Promise<OcrPageResult> {
        pages++;
        const passes = (options.rotations ?? [0]).length;
        return { text: "", lines: [], confidence: 0, rotation: 0, contrastSpread: 100, skewDegrees: 0, width: image.width, height: image.height, durationMs: 800 * passes, passes, image };
      },
      recognizeRegion: () => {
        regions++;
        return [];
      },
    };
    const read = await readIdImage(engine, marks(1234, 778, 0.4, 14), [0, 180], 2026);
    expect([pages, regions, read.passes, read.pagePasses]).toEqual([0, 0, 0, 0]);
    // The photo as it is may be mostly a dark desk: it is read whatever its ink.
    await readIdImage(engine, marks(1234, 778, 0.4, 14), [0, 180], 2026, 2, true, true);
    expect(pages).toBe(1);
  });

  it("reads a zone no taller than a third of the card: the lowest zone-like lines, not a title read as one higher up", async () => {
    const image = print(1200, 760);
    const line = (text: string, top: number) => ({ text, confidence: 0.8, rect: { left: 40, top, right: 1100, bottom: top + 30 } });
    const page = { image, lines: [line("CARTEDEIDENTITATEIDENTITYCARD2024<<", 40), line("SERIA RT NR 715204", 300), line(ZONE[0]!, 640), line("RT715204<3R0U9211231F321123824105761", 690)] };
    const rect = zoneRegion(page)!;
    expect(rect.bottom - rect.top).toBeLessThanOrEqual(image.height / 3);
    expect(rect.top).toBeLessThanOrEqual(640);
    expect(rect.bottom).toBeGreaterThanOrEqual(720);
    // Without a zone-like line, the densest band of a field of marks spreads over the lower half: its lowest third.
    const field = marks(1234, 778, 0.25, 14);
    const band = zoneRegion({ image: field, lines: [] });
    expect(band).not.toBeNull();
    expect(band!.bottom - band!.top).toBeLessThanOrEqual(field.height / 3);
  });

  it("holds every zone pass of a reading to that band", async () => {
    const rects: { top: number; bottom: number }[] = [];
    const image = print(1200, 760);
    const engine: OcrEngine = {
      async recognize(input: RgbaImage): Promise<OcrPageResult> {
        const lines = ["CARTEDEIDENTITATEIDENTITYCARD2024<<", ...PRINT.slice(2, 12), ZONE[0]!, "RT715204<3R0U9211231F321123824105761"].map((text, i) => ({ text, confidence: 0.8, rect: { left: 40, top: 20 + i * 56, right: 1100, bottom: 50 + i * 56 } }));
        return { text: lines.map((l) => l.text).join("\n"), lines, confidence: 0.8, rotation: 0, contrastSpread: 100, skewDegrees: 0, width: input.width, height: input.height, durationMs: 500, passes: 1, image: input };
      },
      recognizeRegion: (region, rect) => {
        rects.push(rect.right - rect.left === region.width && rect.top === 0 ? { top: 0, bottom: region.height } : rect);
        return [];
      },
    };
    await readIdImage(engine, image, [0], 2026);
    expect(rects.length).toBeGreaterThan(0);
    for (const rect of rects) expect(rect.bottom - rect.top).toBeLessThanOrEqual(image.height / 3);
  });
});
