// ID photo round 26 (issue #14), the image side: photos that read nothing of the card — a photocopy's
// pale toner under glare on a keyboard, a screenshot of such a photocopy whose status bar read well, a
// faded card at night. A card no reading read a field of (no valid CNP, no zone that holds) is read once
// more set black on white by a local threshold; a valid CNP gained keeps that reading; of two readings
// of half a card's print, one holding twice the other's lines wins.
import { describe, expect, it } from "vitest";
import { readGenerated } from "../fixtures/documents";
import { binarizedCard } from "../../app/server/documents/extraction/card-geometry.server";
import {
  binarizedWorthReading,
  frameMirrorWorthTrying,
  holdsCardField,
  readIdPhoto,
  surerReading,
} from "../../app/server/documents/extraction/extract-document.server";
import { decodeImage, type RgbaImage } from "../../app/server/documents/extraction/image.server";
import { wholeImage } from "../../app/server/documents/extraction/image-source.server";
import type { OcrEngine, OcrPageResult, RecognizeOptions } from "../../app/server/documents/extraction/ocr.server";
import { page as ocrPage } from "../support/ocr-pages";

const grey = (image: RgbaImage, x: number, y: number) => image.data[(y * image.width + x) * 4]!;

/**
 * A pale photocopy, 400 × 200: its left half in shade (paper 120, strokes 95), its right half under a
 * glare (paper 235, strokes 205) crossed by a blind's even band 60 px high (150) holding no print;
 * vertical strokes 3 px wide every 12 px, in rows 40–60 and 150–170.
 */
function palePhotocopy(): RgbaImage {
  const [width, height] = [400, 200];
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const shade = x < 200;
      const band = !shade && y >= 80 && y < 140;
      const stroke = ((y >= 40 && y < 60) || (y >= 150 && y < 170)) && x % 12 < 3 && x > 10 && x < 390;
      const v = band ? 150 : shade ? (stroke ? 95 : 120) : stroke ? 205 : 235;
      data.set([v, v, v, 255], (y * width + x) * 4);
    }
  }
  return { width, height, data };
}

describe("a card set black on white by a local threshold (binarizedCard)", () => {
  const binary = binarizedCard(palePhotocopy());

  it("keeps pale strokes black in the shade and under the glare alike, the paper white", () => {
    // One threshold for the whole card lies between 120 and 205: the shade's strokes and paper both
    // fall below it, the glare's both above it. A local one finds the strokes on either side.
    expect(grey(binary, 49, 50)).toBe(0);
    expect(grey(binary, 253, 50)).toBe(0);
    expect(grey(binary, 55, 50)).toBe(255);
    expect(grey(binary, 259, 50)).toBe(255);
    expect(grey(binary, 301, 160)).toBe(0);
    expect(grey(binary, 100, 110)).toBe(255);
  });

  it("leaves a blind's even band of shade white inside it", () => {
    expect(grey(binary, 300, 110)).toBe(255);
    expect(grey(binary, 250, 110)).toBe(255);
  });

  it("makes every pixel black or white", () => {
    expect(binary.data.every((v, i) => i % 4 === 3 || v === 0 || v === 255)).toBe(true);
  });
});

describe("a card whose readings read none of its fields is read again binarized", () => {
  it("is worth it while no valid CNP and no zone that holds was read, however surely", () => {
    expect(binarizedWorthReading({ page: { text: "14:20 4G ll 86%\n< 2 noiembrie 2026 - 13:57" } }, 2026)).toBe(true);
    expect(
      binarizedWorthReading({ page: { text: "Mun, curete Sec. 3 Str. Tep ap 31: SPCEP 3 biroul nr?" } }, 2026),
    ).toBe(true);
    expect(binarizedWorthReading({ page: { text: "DX 093317\nDUMITRACHE\n1610704162306" } }, 2026)).toBe(false);
    const zone = "IDROUSTEFANESCU<<ANA<MARIA<<<<<<<<<<\nRT715204<9ROU9211236F321123424105761";
    expect(binarizedWorthReading({ page: { text: "nothing" }, mrzText: zone }, 2026)).toBe(false);
  });

  it("reads the binarized card, and keeps its reading for the valid CNP it holds", { timeout: 60_000 }, async () => {
    const image = decodeImage(readGenerated("id-barbu-photo-s11-0.jpg"), "image/jpeg");
    // Every image but a binarized one reads as a few scraps of the card, no field among them.
    const scraps = ["Mun, curete Sec. 3", "ANA-MARIA Română. t", "SPCEP 3 biroul nr?"];
    // The binarized card reads less print than the scraps, less surely, but its CNP.
    const card = ["RT 715204 2921123410576", "STEFANESCU"];
    const binaryRead: boolean[] = [];
    const engine: OcrEngine = {
      async recognize(page: RgbaImage, options: RecognizeOptions = {}): Promise<OcrPageResult> {
        let binary = true;
        for (let i = 0; i < page.data.length && binary; i += 4 * 97)
          binary = page.data[i] === 0 || page.data[i] === 255;
        binaryRead.push(binary);
        const read = binary ? card : scraps;
        return {
          ...ocrPage(read, 0.5, page),
          confidence: binary ? 0.4 : 0.5,
          passes: (options.rotations ?? [0]).length,
        };
      },
      recognizeRegion: () => [],
    };
    const read = await readIdPhoto(engine, wholeImage(image), 0, 2026, 1000);
    expect(binaryRead).toContain(true);
    expect(read.page.text).toContain("2921123410576");
  });
});

describe("of two readings of half a card's print, one holding twice the other's lines wins", () => {
  const reading = (lines: string[], confidence: number) => ({
    page: { text: lines.join("\n"), lines: lines.map((text) => ({ text })), confidence },
  });
  // A screenshot's whole frame: the phone's status bar and caption, read surely, and three of the card's words.
  const frame = reading(["17:55 4G ll 16%", "9 noiembrie 2026 - 16:32", "ROUMANIE", "SENTITATE", "MARIA"], 0.72);
  const card = reading(
    [
      "ROMANIA A ROUMANIE IDENTITATE",
      "530917 GL",
      "BARBU",
      "MARIA",
      "Română / ROU",
      "jua.GL Mun.Galați",
      "Str.Brăilei nr.63 bl.B4",
      "SPCLEP Galați",
      "14.02.18-nelimitat",
      "Sex F Cetățenie",
      "IDROUBARBU<<MARIA<<<<<<<<<<<<<<<<<<",
      "F 18.06.1956",
    ],
    0.63,
  );

  it("the card cut out, read less surely, beats the frame's few sure lines", () => {
    expect(surerReading(card, frame)).toBe(true);
    expect(surerReading(frame, card)).toBe(false);
  });

  it("of two readings of the card closer in print, the surer wins as before", () => {
    const tighter = reading(card.page.text.split("\n").slice(0, 8), 0.7);
    expect(surerReading(tighter, card)).toBe(true);
    expect(surerReading(card, tighter)).toBe(false);
  });
});

describe("a reading of no card field is no reading of the card, however surely read", () => {
  const statusBar = ocrPage(["18:04 4G ll 88%", "< 27 noiembrie 2026 : 17:41"], 0.82);
  // A passport cut out of a screenshot, read unsurely: part of its zone, a place, a date.
  const passport = ocrPage(
    [
      "02.12: ase = M Mun. Pimişoa 37.04.2032",
      "P<ROUVASILESCU<<CRISTINA<ELENA <<< << <<< <<< F<",
      "0523076135R0U9612028F32040722961202351487",
      "o",
    ],
    0.2,
  );

  it("tells a card's field or print from a phone's interface text", () => {
    expect(holdsCardField(statusBar.text)).toBe(false);
    expect(holdsCardField("€ 14 noiembrie 2026 « 15:41")).toBe(false);
    expect(holdsCardField(passport.text)).toBe(true);
    expect(holdsCardField("SPCLEP Galati 14.02.18-nelimitat")).toBe(true);
    expect(holdsCardField("ROUMANIE")).toBe(true);
    expect(holdsCardField("cn 1610704162306")).toBe(true);
  });

  it("a card's scraps read unsurely beat a status bar read surely", () => {
    expect(surerReading({ page: passport }, { page: statusBar })).toBe(true);
    expect(surerReading({ page: statusBar }, { page: passport })).toBe(false);
  });

  it("reads a frame of interface text again mirrored, unless a card cut out read a card's field", () => {
    expect(frameMirrorWorthTrying({ page: statusBar }, [], 2026)).toBe(true);
    expect(frameMirrorWorthTrying({ page: statusBar }, [{ page: { text: "€ 14 noiembrie 2026 « 15:41" } }], 2026)).toBe(
      true,
    );
    expect(frameMirrorWorthTrying({ page: statusBar }, [{ page: passport }], 2026)).toBe(false);
    expect(
      frameMirrorWorthTrying(
        { page: ocrPage(["ROMÂNIA ROUMANIE ROMANIA", "CARTE DE IDENTITATE", "BARBU", "MARIA"], 0.8) },
        [],
        2026,
      ),
    ).toBe(false);
  });
});

describe("the binarized reading leaves the photo as it is its two turns", () => {
  it(
    "a sheet filling the frame still reads there when every cut-out read nothing (tuning round 21)",
    { timeout: 60_000 },
    async () => {
      const image = decodeImage(readGenerated("id-barbu-photo-s11-0.jpg"), "image/jpeg");
      const card = [
        "ROMÂNIA ROUMANIE ROMANIA",
        "CARTE DE IDENTITATE",
        "DX 093317 1610704162306",
        "DUMITRACHE",
        "GHEORGHE",
      ];
      const engine: OcrEngine = {
        async recognize(page: RgbaImage, options: RecognizeOptions = {}): Promise<OcrPageResult> {
          const frame = page.width === image.width && page.height === image.height;
          const read = frame ? card : [];
          return {
            ...ocrPage(read, 0.7, page),
            confidence: frame ? 0.7 : 0,
            passes: (options.rotations ?? [0]).length,
          };
        },
        recognizeRegion: () => [],
      };
      const read = await readIdPhoto(engine, wholeImage(image), 0, 2026);
      expect(read.page.text).toContain("1610704162306");
    },
  );
});
