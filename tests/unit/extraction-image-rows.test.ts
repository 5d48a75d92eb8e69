// Photos decoded row by row and shrunk while decoding (issue #14: a Worker isolate has 128 MB). The
// PNG decoder against fast-png (the decoder it replaced) on small PNGs written here with every filter,
// colour type and bit depth; the row-by-row shrink against the whole-image box filter it replaces.
import { deflateSync } from "node:zlib";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { convertIndexedToRgb, decode as fastPngDecode } from "fast-png";
import { describe, expect, it } from "vitest";
import { decodeJpeg, decodeJpegRows, type DctScale } from "../../app/server/documents/extraction/jpeg-decode.server";
import { openImage, shrunkWhileDecoding } from "../../app/server/documents/extraction/image-source.server";
import { decodeImage, ImageDecodeError, shrinkToFit, type RgbaImage } from "../../app/server/documents/extraction/image.server";
import { decodePngRows, PngDecodeError } from "../../app/server/documents/extraction/png-decode.server";

/** A seeded pseudo-random byte stream: the same test images every run. */
function bytesFrom(seed: number) {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state >>> 24;
  };
}

/** A photo-like image: smooth gradients with noise, so every filter has something to predict. */
function picture(width: number, height: number, seed = 3): RgbaImage {
  const noise = bytesFrom(seed);
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      data[i] = (x * 3 + y) % 256;
      data[i + 1] = (y * 2 + (noise() & 15)) % 256;
      data[i + 2] = ((x ^ y) + (noise() & 7)) % 256;
      data[i + 3] = 255;
    }
  return { width, height, data };
}

/** The whole-image box filter shrinkToFit used before it was fed row by row (issue #14), as it was. */
function boxShrink(image: RgbaImage, maxSide: number): RgbaImage {
  const longest = Math.max(image.width, image.height);
  if (longest <= maxSide) return image;
  const factor = longest / maxSide;
  const width = Math.max(1, Math.round(image.width / factor));
  const height = Math.max(1, Math.round(image.height / factor));
  const out = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor(y * factor);
    const y1 = Math.min(image.height, Math.max(y0 + 1, Math.floor((y + 1) * factor)));
    for (let x = 0; x < width; x++) {
      const x0 = Math.floor(x * factor);
      const x1 = Math.min(image.width, Math.max(x0 + 1, Math.floor((x + 1) * factor)));
      let r = 0, g = 0, b = 0, n = 0;
      for (let sy = y0; sy < y1; sy++)
        for (let sx = x0; sx < x1; sx++) {
          const i = (sy * image.width + sx) * 4;
          r += image.data[i]!;
          g += image.data[i + 1]!;
          b += image.data[i + 2]!;
          n++;
        }
      const o = (y * width + x) * 4;
      out[o] = r / n;
      out[o + 1] = g / n;
      out[o + 2] = b / n;
      out[o + 3] = 255;
    }
  }
  return { width, height, data: out };
}

function region(image: RgbaImage, left: number, top: number, width: number, height: number): Uint8ClampedArray {
  const out = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++)
    out.set(image.data.subarray(((top + y) * image.width + left) * 4, ((top + y) * image.width + left + width) * 4), y * width * 4);
  return out;
}

function differingBytes(a: ArrayLike<number>, b: ArrayLike<number>): number {
  if (a.length !== b.length) return Math.max(a.length, b.length);
  let count = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) count++;
  return count;
}

// --- A small PNG writer: every filter type, so the decoder is tested on each. ---

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function chunk(type: string, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + body.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, body.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(body, 8);
  let crc = 0xffffffff;
  for (const byte of out.subarray(4, 8 + body.length)) crc = CRC_TABLE[(crc ^ byte) & 255]! ^ (crc >>> 8);
  view.setUint32(8 + body.length, (crc ^ 0xffffffff) >>> 0);
  return out;
}

const paethOf = (a: number, b: number, c: number) => {
  const p = a + b - c;
  const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
};

interface PngSpec {
  width: number;
  height: number;
  depth: number;
  colourType: number;
  /** Raw scanlines (no filter byte), `height` of them. */
  lines: Uint8Array[];
  palette?: Uint8Array;
  transparency?: Uint8Array;
  interlace?: number;
}

function writePng(spec: PngSpec): Uint8Array {
  const channels = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 }[spec.colourType]!;
  const bpp = Math.max(1, (channels * spec.depth) >> 3);
  const filtered: number[] = [];
  spec.lines.forEach((raw, y) => {
    const previous = y > 0 ? spec.lines[y - 1]! : new Uint8Array(raw.length);
    const filter = y % 5;
    filtered.push(filter);
    for (let i = 0; i < raw.length; i++) {
      const left = i >= bpp ? raw[i - bpp]! : 0;
      const up = previous[i]!;
      const upLeft = i >= bpp ? previous[i - bpp]! : 0;
      const predicted = [0, left, up, (left + up) >> 1, paethOf(left, up, upLeft)][filter]!;
      filtered.push((raw[i]! - predicted) & 255);
    }
  });
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, spec.width);
  view.setUint32(4, spec.height);
  header.set([spec.depth, spec.colourType, 0, 0, spec.interlace ?? 0], 8);
  const compressed = new Uint8Array(deflateSync(new Uint8Array(filtered)));
  // The compressed stream split over two IDAT chunks, as encoders do.
  const half = Math.floor(compressed.length / 2);
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    ...(spec.palette ? [chunk("PLTE", spec.palette)] : []),
    ...(spec.transparency ? [chunk("tRNS", spec.transparency)] : []),
    chunk("IDAT", compressed.subarray(0, half)),
    chunk("IDAT", compressed.subarray(half)),
    chunk("IEND", new Uint8Array(0)),
  ];
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Scanlines of `samples` per pixel at `depth` bits, values from `value(x, y, sample)`. */
function linesOf(width: number, height: number, samples: number, depth: number, value: (x: number, y: number, s: number) => number): Uint8Array[] {
  return Array.from({ length: height }, (_, y) => {
    const line = new Uint8Array(Math.ceil((width * samples * depth) / 8));
    for (let x = 0; x < width; x++)
      for (let s = 0; s < samples; s++) {
        const v = value(x, y, s);
        const at = x * samples + s;
        if (depth === 16) {
          line[at * 2] = v >> 8;
          line[at * 2 + 1] = v & 255;
        } else if (depth === 8) line[at] = v;
        else line[(at * depth) >> 3] |= v << (8 - depth - ((at * depth) & 7));
      }
    return line;
  });
}

/** What the pipeline got from fast-png before (issue #14): its samples to RGBA, alpha over white paper. */
function fastPngReference(bytes: Uint8Array): RgbaImage {
  const png = fastPngDecode(bytes);
  const pixels = png.width * png.height;
  const [source, channels, depth] = png.palette
    ? (() => {
        const rgb = convertIndexedToRgb(png);
        return [rgb, rgb.length / pixels, 8] as const;
      })()
    : ([png.data, png.channels, png.depth] as const);
  const out = new Uint8ClampedArray(pixels * 4);
  const scale = depth === 16 ? 1 / 257 : 1;
  for (let i = 0; i < pixels; i++) {
    let r: number, g: number, b: number, a: number;
    if (channels >= 3) {
      r = source[i * channels]! * scale;
      g = source[i * channels + 1]! * scale;
      b = source[i * channels + 2]! * scale;
      a = channels === 4 ? source[i * channels + 3]! * scale : 255;
    } else {
      r = g = b = source[i * channels]! * scale;
      a = channels === 2 ? source[i * channels + 1]! * scale : 255;
    }
    const alpha = a / 255;
    out[i * 4] = r * alpha + 255 * (1 - alpha);
    out[i * 4 + 1] = g * alpha + 255 * (1 - alpha);
    out[i * 4 + 2] = b * alpha + 255 * (1 - alpha);
    out[i * 4 + 3] = 255;
  }
  return { width: png.width, height: png.height, data: out };
}

const W = 37;
const H = 23;
const noise = bytesFrom(11);
const smooth = (x: number, y: number, s: number) => (x * 5 + y * 3 + s * 40 + (noise() & 31)) & 255;
const CASES: [string, PngSpec][] = [
  ["8-bit grey", { width: W, height: H, depth: 8, colourType: 0, lines: linesOf(W, H, 1, 8, smooth) }],
  ["8-bit grey + alpha", { width: W, height: H, depth: 8, colourType: 4, lines: linesOf(W, H, 2, 8, smooth) }],
  ["8-bit RGB", { width: W, height: H, depth: 8, colourType: 2, lines: linesOf(W, H, 3, 8, smooth) }],
  ["8-bit RGBA", { width: W, height: H, depth: 8, colourType: 6, lines: linesOf(W, H, 4, 8, smooth) }],
  ["16-bit RGB", { width: W, height: H, depth: 16, colourType: 2, lines: linesOf(W, H, 3, 16, (x, y, s) => (smooth(x, y, s) << 8) | noise()) }],
  ["16-bit grey + alpha", { width: W, height: H, depth: 16, colourType: 4, lines: linesOf(W, H, 2, 16, (x, y, s) => (smooth(x, y, s) << 8) | noise()) }],
  [
    "8-bit palette with transparency",
    {
      width: W,
      height: H,
      depth: 8,
      colourType: 3,
      lines: linesOf(W, H, 1, 8, (x, y) => (x + y) % 20),
      palette: new Uint8Array(Array.from({ length: 60 }, () => noise())),
      transparency: new Uint8Array([0, 128, 255, 40]),
    },
  ],
  [
    "4-bit palette",
    {
      width: W,
      height: H,
      depth: 4,
      colourType: 3,
      lines: linesOf(W, H, 1, 4, (x, y) => (x * y) % 16),
      palette: new Uint8Array(Array.from({ length: 48 }, () => noise())),
    },
  ],
  [
    "1-bit palette",
    { width: W, height: H, depth: 1, colourType: 3, lines: linesOf(W, H, 1, 1, (x, y) => (x + y) & 1), palette: new Uint8Array([0, 0, 0, 250, 250, 240]) },
  ],
];

describe("decodePngRows", () => {
  it.each(CASES)("decodes %s (every filter type) exactly as fast-png did", (_, spec) => {
    const bytes = writePng(spec);
    const decoded = decodeImage(bytes, "image/png");
    const reference = fastPngReference(bytes);
    expect([decoded.width, decoded.height]).toEqual([reference.width, reference.height]);
    expect(differingBytes(decoded.data, reference.data)).toBe(0);
  });

  it("decodes the repository's PNG scan exactly as fast-png did", () => {
    const bytes = new Uint8Array(readFileSync(join(__dirname, "../fixtures/generated/id-popescu-scan.png")));
    expect(differingBytes(decodeImage(bytes, "image/png").data, fastPngReference(bytes).data)).toBe(0);
  });

  it("reads a 1-bit greyscale scan (which the whole-image decoder refused): black and white", () => {
    const bytes = writePng({ width: W, height: H, depth: 1, colourType: 0, lines: linesOf(W, H, 1, 1, (x) => x & 1) });
    const decoded = decodeImage(bytes, "image/png");
    expect([decoded.data[0], decoded.data[4], decoded.data[8]]).toEqual([0, 255, 0]);
  });

  it("hands the rows over one at a time, top to bottom, and stops at endRow", () => {
    const bytes = writePng(CASES[2]![1]);
    const seen: number[] = [];
    decodePngRows(bytes, (y, row) => {
      expect(row.length).toBe(W * 4);
      seen.push(y);
    }, { endRow: 7 });
    expect(seen).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it("refuses interlaced, corrupt and truncated files with a PngDecodeError (→ ImageDecodeError), never a hang", () => {
    const spec = CASES[3]![1];
    expect(() => decodeImage(writePng({ ...spec, interlace: 1 }), "image/png")).toThrow(/interlaced/);
    const bytes = writePng(spec);
    for (const cut of [20, 40, 60, Math.floor(bytes.length / 2), bytes.length - 30, bytes.length - 13]) {
      expect(() => decodePngRows(bytes.subarray(0, cut), () => undefined)).toThrow(PngDecodeError);
      expect(() => decodeImage(bytes.subarray(0, cut), "image/png")).toThrow(ImageDecodeError);
    }
    const garbled = bytes.slice();
    for (let i = 60; i < garbled.length - 20; i += 7) garbled[i] ^= 0x5a;
    expect(() => decodeImage(garbled, "image/png")).toThrow(ImageDecodeError);
    expect(() => openImage(new Uint8Array([...bytes.subarray(0, 8), 1, 2, 3]), "image/png")).toThrow(ImageDecodeError);
  });
});

describe("decodeJpegRows", () => {
  it.each(["baseline-420.jpg", "progressive-420.jpg", "restart-420.jpg", "greyscale.jpg"])("hands over %s's rows as decodeJpeg makes them", (name) => {
    const bytes = new Uint8Array(readFileSync(join(__dirname, "../fixtures/jpeg", name)));
    for (const scale of [1, 2] as DctScale[]) {
      const whole = decodeJpeg(bytes, { scale });
      const rows = new Uint8ClampedArray(whole.data.length);
      const size = decodeJpegRows(bytes, { scale }, (y, row) => rows.set(row, y * whole.width * 4));
      expect([size.width, size.height]).toEqual([whole.width, whole.height]);
      expect(differingBytes(rows, whole.data)).toBe(0);
    }
  });
});

describe("shrinking while decoding", () => {
  it("shrinkToFit fed row by row gives the whole-image box filter's pixels", () => {
    const image = picture(301, 203);
    for (const side of [200, 150, 97, 40]) {
      const shrunk = shrinkToFit(image, side);
      const reference = boxShrink(image, side);
      expect([shrunk.width, shrunk.height]).toEqual([reference.width, reference.height]);
      expect(differingBytes(shrunk.data, reference.data)).toBe(0);
    }
  });

  it("keeps a decoded copy up to a quarter above the readers' size, shrinks a larger one", () => {
    expect(shrunkWhileDecoding(2016, 1512, 2000)).toBe(false);
    expect(shrunkWhileDecoding(3264, 2448, 2000)).toBe(true);
    expect(shrunkWhileDecoding(3000, 2000, 2000)).toBe(true);
    expect(shrunkWhileDecoding(1600, 1200, 2000)).toBe(false);
  });

  it("opens a JPEG above the readers' size shrunk to it, its detail the stored pixels", () => {
    const bytes = new Uint8Array(readFileSync(join(__dirname, "../fixtures/jpeg/baseline-420.jpg")));
    // 150 × 97 read at 100: no DCT scale keeps 100, so the whole decode is shrunk while decoding.
    const source = openImage(bytes, "image/jpeg", 100);
    const whole = decodeImage(bytes, "image/jpeg");
    const expected = shrinkToFit(whole, 100);
    expect([source.image.width, source.image.height, source.fullWidth, source.fullHeight]).toEqual([100, 65, 150, 97]);
    expect(source.scale).toBe(1.5);
    expect(differingBytes(source.image.data, expected.data)).toBe(0);
    const part = source.detail({ left: 10, top: 8, right: 50, bottom: 40 });
    expect([part.left, part.top, part.image.width, part.image.height]).toEqual([15, 12, 60, 48]);
    expect(differingBytes(part.image.data, region(whole, 15, 12, 60, 48))).toBe(0);
    // At 40: decoded at 1/2 in the DCT (75 × 49), then shrunk to 40 on the way.
    const small = openImage(bytes, "image/jpeg", 40);
    expect(differingBytes(small.image.data, shrinkToFit(decodeJpeg(bytes, { scale: 2 }), 40).data)).toBe(0);
    expect(small.scale).toBeCloseTo(150 / 40, 5);
  });

  it("makes the smaller copies asked for from the decoded rows: shrinkToFit of the reduced copy gives the whole decode's own", () => {
    const bytes = new Uint8Array(readFileSync(join(__dirname, "../fixtures/jpeg/baseline-444.jpg")));
    const whole = decodeImage(bytes, "image/jpeg");
    const source = openImage(bytes, "image/jpeg", 100, [40, 70]);
    for (const side of [40, 70]) {
      const copy = shrinkToFit(source.image, side);
      expect(differingBytes(copy.data, shrinkToFit(whole, side).data)).toBe(0);
      // Not what a box filter of the reduced copy gives (the reason the copies are made).
      expect(differingBytes(copy.data, boxShrink(source.image, side).data)).toBeGreaterThan(0);
    }
    // A size not asked for: the reduced copy shrunk, as for any image.
    expect(differingBytes(shrinkToFit(source.image, 55).data, boxShrink(source.image, 55).data)).toBe(0);
    expect(source.shift).toBe(0);
  });

  it("opens a PNG above the readers' size shrunk to it, its detail the stored pixels", () => {
    const image = picture(90, 61, 5);
    const bytes = writePng({ width: 90, height: 61, depth: 8, colourType: 2, lines: linesOf(90, 61, 3, 8, (x, y, s) => image.data[(y * 90 + x) * 4 + s]!) });
    const source = openImage(bytes, "image/png", 45);
    expect([source.image.width, source.image.height, source.scale]).toEqual([45, 31, 2]);
    expect(differingBytes(source.image.data, shrinkToFit(image, 45).data)).toBe(0);
    const part = source.detail({ left: 5, top: 3, right: 20, bottom: 12.5 });
    expect([part.left, part.top, part.image.width, part.image.height]).toEqual([10, 6, 30, 19]);
    expect(differingBytes(part.image.data, region(image, 10, 6, 30, 19))).toBe(0);
    // Up to a quarter above the readers' size: decoded whole, as before.
    expect(openImage(bytes, "image/png", 80).scale).toBe(1);
  });
});
