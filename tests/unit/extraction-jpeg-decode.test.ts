// The JPEG decoder of issue #14 (a phone frame must fit a Worker's 128 MB) against jpeg-js, on small
// files of every coding a phone or a scanner writes: tests/fixtures/jpeg/ (made once with libjpeg-turbo's
// cjpeg from one 150 × 97 picture — odd sizes, so the last MCUs are partial) and jpeg-js's own encoder.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import jpeg from "jpeg-js";
import { describe, expect, it } from "vitest";
import {
  decodeJpeg,
  JpegDecodeError,
  readJpegHeader,
  type DctScale,
} from "../../app/server/documents/extraction/jpeg-decode.server";
import {
  dctScaleFor,
  openImage,
  straightenFromSource,
} from "../../app/server/documents/extraction/image-source.server";
import { straightenCard, type CardLocation } from "../../app/server/documents/extraction/card-geometry.server";
import { decodeImage, ImageDecodeError, type RgbaImage } from "../../app/server/documents/extraction/image.server";

const DIR = join(__dirname, "../fixtures/jpeg");
const FILES = readdirSync(DIR).filter((f) => f.endsWith(".jpg"));
const read = (name: string) => new Uint8Array(readFileSync(join(DIR, name)));

function reference(bytes: Uint8Array): RgbaImage {
  const decoded = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true });
  return { width: decoded.width, height: decoded.height, data: new Uint8ClampedArray(decoded.data) };
}

/** Mean absolute difference per colour channel. */
function meanDifference(a: RgbaImage, b: RgbaImage): number {
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) if (i % 4 !== 3) sum += Math.abs(a.data[i]! - b.data[i]!);
  return sum / (a.width * a.height * 3);
}

/** The full image box-filtered by `scale` (only whole boxes), against the same pixels of `small`. */
function boxDifference(full: RgbaImage, small: RgbaImage, scale: number): number {
  let sum = 0;
  let n = 0;
  for (let y = 0; y < Math.floor(full.height / scale); y++) {
    for (let x = 0; x < Math.floor(full.width / scale); x++) {
      for (let c = 0; c < 3; c++) {
        let box = 0;
        for (let dy = 0; dy < scale; dy++)
          for (let dx = 0; dx < scale; dx++)
            box += full.data[((y * scale + dy) * full.width + x * scale + dx) * 4 + c]!;
        sum += Math.abs(box / (scale * scale) - small.data[(y * small.width + x) * 4 + c]!);
        n++;
      }
    }
  }
  return sum / n;
}

function region(image: RgbaImage, left: number, top: number, width: number, height: number): Uint8ClampedArray {
  const out = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++)
    out.set(
      image.data.subarray(((top + y) * image.width + left) * 4, ((top + y) * image.width + left + width) * 4),
      y * width * 4,
    );
  return out;
}

/** How many bytes differ (a deep equality of megabytes would be slow to report). */
function differingBytes(a: Uint8ClampedArray, b: Uint8ClampedArray): number {
  if (a.length !== b.length) return Math.max(a.length, b.length);
  let count = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) count++;
  return count;
}

describe("decodeJpeg", () => {
  it("has every kind of file to test", () => {
    expect(FILES.sort()).toEqual([
      "baseline-420.jpg",
      "baseline-422.jpg",
      "baseline-444.jpg",
      "greyscale.jpg",
      "progressive-420.jpg",
      "progressive-444-restart.jpg",
      "progressive-greyscale.jpg",
      "restart-420.jpg",
    ]);
  });

  it.each(FILES)("decodes %s at 1/1 like jpeg-js (within 2 per channel on average)", (name) => {
    const bytes = read(name);
    const ours = decodeJpeg(bytes);
    const theirs = reference(bytes);
    expect([ours.width, ours.height]).toEqual([150, 97]);
    expect([ours.width, ours.height]).toEqual([theirs.width, theirs.height]);
    expect(meanDifference(ours, theirs)).toBeLessThan(2);
  });

  it("decodes jpeg-js's own files (4:4:4) like jpeg-js", () => {
    const width = 70;
    const height = 45;
    const data = new Uint8Array(width * height * 4);
    for (let i = 0; i < width * height; i++)
      data.set([(i * 7) % 256, (i * 3) % 200, 255 - ((i * 5) % 256), 255], i * 4);
    const bytes = new Uint8Array(jpeg.encode({ width, height, data }, 90).data);
    expect(meanDifference(decodeJpeg(bytes), reference(bytes))).toBeLessThan(2);
  });

  it.each(FILES)("decodes %s reduced (1/2, 1/4, 1/8) close to the full decode box-filtered", (name) => {
    const bytes = read(name);
    const full = decodeJpeg(bytes);
    for (const scale of [2, 4, 8] as DctScale[]) {
      const small = decodeJpeg(bytes, { scale });
      expect([small.width, small.height]).toEqual([Math.ceil(150 / scale), Math.ceil(97 / scale)]);
      // The picture has hard 12 px checks: a reduced IDCT is a smooth average, not an exact box.
      expect(boxDifference(full, small, scale)).toBeLessThan(6);
    }
  });

  it.each(FILES)("decodes a window of %s equal to the same region of the whole decode, at 1/1 and 1/2", (name) => {
    const bytes = read(name);
    for (const scale of [1, 2] as DctScale[]) {
      const whole = decodeJpeg(bytes, { scale });
      const part = decodeJpeg(bytes, { scale, window: { left: 37, top: 21, right: 131, bottom: 90 } });
      expect([part.left, part.top]).toEqual([Math.floor(37 / scale), Math.floor(21 / scale)]);
      expect([part.width, part.height]).toEqual([Math.ceil(131 / scale) - part.left, Math.ceil(90 / scale) - part.top]);
      expect(differingBytes(part.data, region(whole, part.left, part.top, part.width, part.height))).toBe(0);
    }
  });

  it("reads the header alone", () => {
    expect(readJpegHeader(read("progressive-420.jpg"))).toEqual({
      width: 150,
      height: 97,
      components: 3,
      progressive: true,
    });
    expect(readJpegHeader(read("greyscale.jpg"))).toEqual({
      width: 150,
      height: 97,
      components: 1,
      progressive: false,
    });
  });

  it("refuses a truncated file, garbage, and a frame above the size limit with a JpegDecodeError", () => {
    for (const name of ["baseline-420.jpg", "progressive-420.jpg", "restart-420.jpg"]) {
      const bytes = read(name);
      expect(() => decodeJpeg(bytes.subarray(0, Math.floor(bytes.length * 0.6)))).toThrow(JpegDecodeError);
    }
    expect(() => decodeJpeg(new Uint8Array([0xff, 0xd8, 0xff, 0xdb, 0x00, 0x43, 1, 2, 3]))).toThrow(JpegDecodeError);
    expect(() => decodeJpeg(new TextEncoder().encode("not a jpeg at all"))).toThrow(JpegDecodeError);
    expect(() => decodeJpeg(read("baseline-420.jpg"), { maxPixels: 10_000 })).toThrow(/too large/);
  });

  it("ends with an error, not a hang, on scan data overwritten with noise", () => {
    const bytes = read("baseline-444.jpg").slice();
    // Noise from the middle of the scan on, without any 0xFF (no marker to stop at): the decoder must end.
    let seed = 1;
    for (let i = Math.floor(bytes.length / 2); i < bytes.length - 2; i++) {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      bytes[i] = (seed >>> 24) % 255;
    }
    let outcome: unknown = null;
    try {
      decodeJpeg(bytes);
    } catch (error) {
      outcome = error;
    }
    // Noise can happen to decode to pixels; when it does not, the error is the decoder's own.
    expect(outcome === null || outcome instanceof JpegDecodeError).toBe(true);
  });
});

describe("image source", () => {
  it("picks the smallest DCT scale that keeps the readers' size", () => {
    expect(dctScaleFor(4032, 3024, 2000)).toBe(2);
    expect(dctScaleFor(3024, 4032, 600)).toBe(4);
    expect(dctScaleFor(3000, 2250, 2000)).toBe(1);
    expect(dctScaleFor(16000, 9000, 2000)).toBe(8);
    expect(dctScaleFor(1200, 900, 2000)).toBe(1);
  });

  it("opens a JPEG reduced and straightens a card from the full-resolution window as from the whole decode", () => {
    const bytes = read("baseline-420.jpg");
    const source = openImage(bytes, "image/jpeg", 60);
    expect(source.scale).toBe(2);
    expect([source.image.width, source.image.height, source.fullWidth, source.fullHeight]).toEqual([75, 49, 150, 97]);
    // A card found in the reduced image: its corners in the reduced image's pixels.
    const card: CardLocation = {
      quad: [
        { x: 12, y: 9 },
        { x: 60, y: 12 },
        { x: 58, y: 40 },
        { x: 10, y: 37 },
      ],
      aspect: 1.6,
    };
    const fromWindow = straightenFromSource(source, card);
    const full = decodeImage(bytes, "image/jpeg");
    const quad = card.quad.map((p) => ({ x: p.x * 2 + 0.5, y: p.y * 2 + 0.5 })) as CardLocation["quad"];
    const fromWhole = straightenCard(full, { ...card, quad });
    expect([fromWindow.width, fromWindow.height]).toEqual([fromWhole.width, fromWhole.height]);
    expect(fromWindow.width).toBeGreaterThan(90);
    expect(meanDifference(fromWindow, fromWhole)).toBeLessThan(0.5);
  });

  it("turns the decoder's errors into ImageDecodeError (→ document_unreadable)", () => {
    const bytes = read("progressive-420.jpg");
    expect(() => openImage(bytes.subarray(0, 700), "image/jpeg")).toThrow(ImageDecodeError);
    expect(() => decodeImage(bytes.subarray(0, 700), "image/jpeg")).toThrow(ImageDecodeError);
  });
});

describe("a whole 12-megapixel phone frame", () => {
  it("opens at half size in the DCT, and its detail is the stored frame's own pixels", () => {
    const width = 4032;
    const height = 3024;
    const data = new Uint8Array(width * height * 4);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++)
        data.set([(x >> 3) & 255, (y >> 3) & 255, ((x + y) >> 5) & 255, 255], (y * width + x) * 4);
    }
    const bytes = new Uint8Array(jpeg.encode({ width, height, data }, 80).data);
    const source = openImage(bytes, "image/jpeg");
    expect([source.scale, source.image.width, source.image.height, source.fullWidth, source.fullHeight]).toEqual([
      2, 2016, 1512, 4032, 3024,
    ]);
    const part = source.detail({ left: 500, top: 400, right: 1500, bottom: 1100 });
    expect([part.left, part.top, part.image.width, part.image.height]).toEqual([1000, 800, 2000, 1400]);
    const whole = decodeImage(bytes, "image/jpeg");
    expect(differingBytes(part.image.data, region(whole, 1000, 800, 2000, 1400))).toBe(0);
    // Encoding 12 megapixels with jpeg-js takes seconds on a loaded machine: room, not a time assertion.
  }, 120_000);
});
