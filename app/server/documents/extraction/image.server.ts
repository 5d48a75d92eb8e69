// Pixel work before OCR, in plain JavaScript so it runs the same in workerd and Node:
// decode JPEG/PNG, shrink phone photos, grey + contrast stretch (low-contrast photos), quarter turns, crops.
import { decodeJpeg } from "./jpeg-decode.server";
import { decodePngRows, readPngHeader } from "./png-decode.server";

export interface RgbaImage {
  width: number;
  height: number;
  /** RGBA, 4 bytes a pixel, row-major. */
  data: Uint8ClampedArray;
}

export type QuarterTurn = 0 | 90 | 180 | 270;

/** Phone photos are shrunk to this longest side: more pixels cost OCR time without adding accuracy. */
export const OCR_MAX_SIDE = 2000;
/**
 * An image above this many megapixels is refused before decoding: a JPEG is decoded reduced
 * (image-source), but its decoding time grows with its size; a PNG is decoded whole.
 */
export const MAX_DECODE_MEGAPIXELS = 24;

export class ImageDecodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ImageDecodeError";
  }
}

/** The whole image at its stored size (a phone photo is opened reduced instead: image-source's openImage). */
export function decodeImage(bytes: Uint8Array, mimeType: "image/jpeg" | "image/png"): RgbaImage {
  const maxPixels = MAX_DECODE_MEGAPIXELS * 1e6;
  try {
    if (mimeType === "image/jpeg") {
      const { width, height, data } = decodeJpeg(bytes, { maxPixels });
      return { width, height, data };
    }
    const { width, height } = readPngHeader(bytes);
    if (width * height > maxPixels) throw new ImageDecodeError(`image too large (${width} × ${height})`);
    const data = new Uint8ClampedArray(width * height * 4);
    decodePngRows(bytes, (y, row) => data.set(row, y * width * 4), { maxPixels });
    return { width, height, data };
  } catch (error) {
    if (error instanceof ImageDecodeError) throw error;
    throw new ImageDecodeError(error instanceof Error ? error.message : String(error));
  }
}

/**
 * Smaller copies of a photo decoded reduced, made from its decoded rows at the same time (issue #14):
 * shrinkToFit hands them out for that photo, so a reader's search copy is the photo's own box filter,
 * as when the photo was held whole — a box filter of the reduced copy differs by a grey level here and
 * there, and that moves a card's corners found in a 400-px copy by tens of pixels.
 */
const copiesOf = new WeakMap<RgbaImage, Map<number, RgbaImage>>();

/** Remembers `copies` (by the `maxSide` each was shrunk to) as `image`'s, for shrinkToFit. */
export function rememberSmallerCopies(image: RgbaImage, copies: Map<number, RgbaImage>): void {
  copiesOf.set(image, copies);
}

/** Box-filter downscale so the longest side is at most `maxSide`. */
export function shrinkToFit(image: RgbaImage, maxSide = OCR_MAX_SIDE): RgbaImage {
  if (Math.max(image.width, image.height) <= maxSide) return image;
  const copy = copiesOf.get(image)?.get(maxSide);
  if (copy) return copy;
  const shrinker = new RowShrinker(image.width, image.height, maxSide);
  const rowBytes = image.width * 4;
  for (let y = 0; y < image.height; y++) shrinker.push(y, image.data.subarray(y * rowBytes, (y + 1) * rowBytes));
  return shrinker.result();
}

/**
 * shrinkToFit fed one source row at a time, top to bottom (issue #14: a photo decoded row by row is
 * shrunk without ever being held whole). Each output pixel is the mean of its box of source pixels;
 * only the sums of the output row being made are kept besides the output.
 */
export class RowShrinker {
  readonly width: number;
  readonly height: number;
  private readonly out: Uint8ClampedArray;
  private readonly sums: Uint32Array;
  /** Source columns [x0[x], x1[x]) of output column x; source rows [rowStart(y), rowEnd(y)) of output row y. */
  private readonly x0: Int32Array;
  private readonly x1: Int32Array;
  private readonly factor: number;
  private y = 0;

  constructor(
    private readonly sourceWidth: number,
    private readonly sourceHeight: number,
    maxSide: number,
  ) {
    this.factor = Math.max(sourceWidth, sourceHeight) / maxSide;
    this.width = Math.max(1, Math.round(sourceWidth / this.factor));
    this.height = Math.max(1, Math.round(sourceHeight / this.factor));
    this.out = new Uint8ClampedArray(this.width * this.height * 4);
    this.sums = new Uint32Array(this.width * 3);
    this.x0 = new Int32Array(this.width);
    this.x1 = new Int32Array(this.width);
    for (let x = 0; x < this.width; x++) {
      this.x0[x] = Math.floor(x * this.factor);
      this.x1[x] = Math.min(sourceWidth, Math.max(this.x0[x]! + 1, Math.floor((x + 1) * this.factor)));
    }
  }

  private rowStart(y: number): number {
    return Math.floor(y * this.factor);
  }

  private rowEnd(y: number): number {
    return Math.min(this.sourceHeight, Math.max(this.rowStart(y) + 1, Math.floor((y + 1) * this.factor)));
  }

  /** Source row `sourceY` (RGBA, the source's width); rows must come in order. */
  push(sourceY: number, row: ArrayLike<number>): void {
    while (this.y < this.height && sourceY >= this.rowEnd(this.y)) this.finishRow();
    if (this.y >= this.height || sourceY < this.rowStart(this.y)) return;
    const { sums, x0, x1 } = this;
    for (let x = 0; x < this.width; x++) {
      let r = 0, g = 0, b = 0;
      for (let sx = x0[x]!, end = x1[x]!; sx < end; sx++) {
        r += row[sx * 4]!;
        g += row[sx * 4 + 1]!;
        b += row[sx * 4 + 2]!;
      }
      sums[x * 3] += r;
      sums[x * 3 + 1] += g;
      sums[x * 3 + 2] += b;
    }
    if (sourceY === this.rowEnd(this.y) - 1) this.finishRow();
  }

  private finishRow(): void {
    const { sums, out, x0, x1 } = this;
    const rows = this.rowEnd(this.y) - this.rowStart(this.y);
    const o = this.y * this.width * 4;
    for (let x = 0; x < this.width; x++) {
      const n = rows * (x1[x]! - x0[x]!);
      out[o + x * 4] = sums[x * 3]! / n;
      out[o + x * 4 + 1] = sums[x * 3 + 1]! / n;
      out[o + x * 4 + 2] = sums[x * 3 + 2]! / n;
      out[o + x * 4 + 3] = 255;
    }
    sums.fill(0);
    this.y++;
  }

  /** The shrunk image; throws when rows are missing (a truncated file must not pass as a black band). */
  result(): RgbaImage {
    if (this.y < this.height) throw new ImageDecodeError("truncated image: rows missing");
    return { width: this.width, height: this.height, data: this.out };
  }
}

export interface ContrastReport {
  /** Luminance spread between the 2nd and 98th percentiles before stretching, 0..255. */
  spread: number;
}

/**
 * Grey levels stretched so the 2nd–98th percentile spans 0..255: washed-out photos become readable.
 * Returns the new image and the original spread (an OCR-quality signal). `darkShare` moves the dark
 * end: on a scanned sheet with a few lines of text, the 2nd percentile is paper, not ink.
 */
export function normalizeContrast(image: RgbaImage, darkShare = 0.02): { image: RgbaImage; report: ContrastReport } {
  const pixels = image.width * image.height;
  const grey = new Uint8Array(pixels);
  const histogram = new Uint32Array(256);
  for (let i = 0; i < pixels; i++) {
    const value = (image.data[i * 4]! * 299 + image.data[i * 4 + 1]! * 587 + image.data[i * 4 + 2]! * 114) / 1000;
    grey[i] = value;
    histogram[grey[i]!]!++;
  }
  const percentile = (p: number) => {
    const target = pixels * p;
    let seen = 0;
    for (let v = 0; v < 256; v++) {
      seen += histogram[v]!;
      if (seen >= target) return v;
    }
    return 255;
  };
  const low = percentile(darkShare);
  const high = percentile(0.98);
  const spread = high - low;
  const range = Math.max(1, spread);
  const out = new Uint8ClampedArray(pixels * 4);
  for (let i = 0; i < pixels; i++) {
    const v = ((grey[i]! - low) * 255) / range;
    out[i * 4] = out[i * 4 + 1] = out[i * 4 + 2] = v;
    out[i * 4 + 3] = 255;
  }
  return { image: { width: image.width, height: image.height, data: out }, report: { spread } };
}

/** Rotates clockwise by a quarter-turn multiple. */
export function rotate(image: RgbaImage, turn: QuarterTurn): RgbaImage {
  if (turn === 0) return image;
  const { width: w, height: h } = image;
  const [outW, outH] = turn === 180 ? [w, h] : [h, w];
  const src = new Uint32Array(image.data.buffer, image.data.byteOffset, w * h);
  const out = new Uint32Array(outW * outH);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let target: number;
      if (turn === 90) target = x * outW + (h - 1 - y);
      else if (turn === 180) target = (h - 1 - y) * outW + (w - 1 - x);
      else target = (w - 1 - x) * outW + y;
      out[target] = src[y * w + x]!;
    }
  }
  return { width: outW, height: outH, data: new Uint8ClampedArray(out.buffer) };
}

/**
 * The image mirrored left to right: what a front camera or a webcam saved (its preview shows the
 * user as a mirror does) turned back into the card as printed.
 */
export function mirror(image: RgbaImage): RgbaImage {
  const { width: w, height: h } = image;
  const src = new Uint32Array(image.data.buffer, image.data.byteOffset, w * h);
  const out = new Uint32Array(w * h);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) out[row + x] = src[row + w - 1 - x]!;
  }
  return { width: w, height: h, data: new Uint8ClampedArray(out.buffer) };
}

export function crop(image: RgbaImage, rect: { left: number; top: number; right: number; bottom: number }): RgbaImage {
  const left = Math.max(0, Math.floor(rect.left));
  const top = Math.max(0, Math.floor(rect.top));
  const right = Math.min(image.width, Math.ceil(rect.right));
  const bottom = Math.min(image.height, Math.ceil(rect.bottom));
  const width = Math.max(1, right - left);
  const height = Math.max(1, bottom - top);
  const out = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    const start = ((top + y) * image.width + left) * 4;
    out.set(image.data.subarray(start, start + width * 4), y * width * 4);
  }
  return { width, height, data: out };
}

/** The EXIF orientation of a JPEG as the clockwise turn that makes it upright (0 when absent). */
export function exifQuarterTurn(bytes: Uint8Array): QuarterTurn {
  let offset = 2;
  while (offset + 4 < bytes.length && bytes[offset] === 0xff) {
    const marker = bytes[offset + 1]!;
    const length = (bytes[offset + 2]! << 8) | bytes[offset + 3]!;
    if (marker === 0xe1 && bytes[offset + 4] === 0x45 && bytes[offset + 5] === 0x78) {
      const tiff = offset + 10;
      const little = bytes[tiff] === 0x49;
      const u16 = (at: number) => (little ? bytes[at]! | (bytes[at + 1]! << 8) : (bytes[at]! << 8) | bytes[at + 1]!);
      const u32 = (at: number) => (little ? u16(at) | (u16(at + 2) << 16) : (u16(at) << 16) | u16(at + 2));
      const ifd = tiff + u32(tiff + 4);
      const entries = u16(ifd);
      for (let i = 0; i < entries; i++) {
        const entry = ifd + 2 + i * 12;
        if (entry + 10 > bytes.length) break;
        if (u16(entry) === 0x0112) {
          const value = u16(entry + 8);
          return value === 6 ? 90 : value === 3 ? 180 : value === 8 ? 270 : 0;
        }
      }
      return 0;
    }
    if (marker === 0xda) break;
    offset += 2 + length;
  }
  return 0;
}

/** Per-pixel luminance, one byte a pixel. */
function greyOf(image: RgbaImage): Uint8Array {
  const pixels = image.width * image.height;
  const grey = new Uint8Array(pixels);
  for (let i = 0; i < pixels; i++) grey[i] = (image.data[i * 4]! * 299 + image.data[i * 4 + 1]! * 587 + image.data[i * 4 + 2]! * 114) / 1000;
  return grey;
}

/** Summed-area table (width+1 × height+1) for box means in constant time. */
function integralOf(grey: Uint8Array, width: number, height: number): Uint32Array {
  const sums = new Uint32Array((width + 1) * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += grey[y * width + x]!;
      sums[(y + 1) * (width + 1) + x + 1] = sums[y * (width + 1) + x + 1]! + row;
    }
  }
  return sums;
}

function boxMean(sums: Uint32Array, width: number, height: number, x: number, y: number, radius: number): number {
  const x0 = Math.max(0, x - radius);
  const y0 = Math.max(0, y - radius);
  const x1 = Math.min(width, x + radius + 1);
  const y1 = Math.min(height, y + radius + 1);
  const stride = width + 1;
  const total = sums[y1 * stride + x1]! - sums[y0 * stride + x1]! - sums[y1 * stride + x0]! + sums[y0 * stride + x0]!;
  return total / ((x1 - x0) * (y1 - y0));
}

/**
 * The share of an image that is ink at one global threshold (Otsu's, as the OCR engine binarises a
 * page): about a tenth on a card's print, at most about a quarter on a tight band of dense text.
 */
export function globalInkShare(image: RgbaImage): number {
  const pixels = image.width * image.height;
  if (pixels === 0) return 0;
  const histogram = new Float64Array(256);
  for (let i = 0; i < pixels; i++) histogram[(image.data[i * 4]! * 77 + image.data[i * 4 + 1]! * 150 + image.data[i * 4 + 2]! * 29) >> 8]!++;
  let sum = 0;
  for (let v = 0; v < 256; v++) sum += v * histogram[v]!;
  let below = 0;
  let belowSum = 0;
  let best = -1;
  let threshold = 0;
  for (let t = 0; t < 255; t++) {
    below += histogram[t]!;
    belowSum += t * histogram[t]!;
    const above = pixels - below;
    if (below === 0 || above === 0) continue;
    const between = below * above * (belowSum / below - (sum - belowSum) / above) ** 2;
    if (between > best) [best, threshold] = [between, t];
  }
  let ink = 0;
  for (let v = 0; v <= threshold; v++) ink += histogram[v]!;
  return ink / pixels;
}

/**
 * Adaptive threshold: a pixel is ink when it is clearly darker than the mean of its neighbourhood,
 * so a shadow across a card does not swallow the text in it (a global threshold would).
 */
export function adaptiveInk(image: RgbaImage, radius: number, margin = 12): Uint8Array {
  const { width, height } = image;
  const grey = greyOf(image);
  const sums = integralOf(grey, width, height);
  const ink = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (grey[y * width + x]! < boxMean(sums, width, height, x, y, radius) - margin) ink[y * width + x] = 1;
    }
  }
  return ink;
}

/**
 * The angle (degrees, positive = lines running down to the right) of the text lines: ink pixels are
 * projected onto rows sheared by each candidate angle, and the angle whose rows are sharpest (sum of
 * squared counts) wins. The MRZ's long dense lines dominate the profile on identity documents.
 */
export function estimateSkewDegrees(image: RgbaImage, maxDegrees = 15): number {
  const small = shrinkToFit(image, 700);
  const ink = adaptiveInk(small, Math.max(6, Math.round(Math.max(small.width, small.height) / 50)));
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < small.height; y++) {
    for (let x = 0; x < small.width; x++) {
      if (ink[y * small.width + x]) {
        xs.push(x);
        ys.push(y);
      }
    }
  }
  if (xs.length < 50) return 0;
  const offset = Math.ceil(small.width * Math.tan((maxDegrees * Math.PI) / 180)) + 1;
  const bins = new Float64Array(small.height + 2 * offset + 2);
  const sharpness = (degrees: number) => {
    const slope = Math.tan((degrees * Math.PI) / 180);
    bins.fill(0);
    for (let i = 0; i < xs.length; i++) bins[Math.round(ys[i]! - xs[i]! * slope) + offset]!++;
    let sum = 0;
    for (const c of bins) sum += c * c;
    return sum;
  };
  const level = sharpness(0);
  let best = 0;
  let bestScore = level;
  const search = (from: number, to: number, step: number) => {
    for (let a = from; a <= to + 1e-9; a += step) {
      const s = sharpness(a);
      if (s > bestScore) {
        bestScore = s;
        best = a;
      }
    }
  };
  search(-maxDegrees, maxDegrees, 0.5);
  search(best - 0.5, best + 0.5, 0.1);
  // No clearly better angle (text turned a quarter, or no lines at all): leave the image alone.
  return bestScore > level * 1.1 ? Math.round(best * 10) / 10 : 0;
}

/** Rotates clockwise by any angle (bilinear), on a canvas grown to keep the corners, filled white. */
export function rotateDegrees(image: RgbaImage, degrees: number): RgbaImage {
  const rad = (degrees * Math.PI) / 180;
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  const { width: w, height: h } = image;
  const outW = Math.ceil(Math.abs(w * cos) + Math.abs(h * sin));
  const outH = Math.ceil(Math.abs(w * sin) + Math.abs(h * cos));
  const grey = greyOf(image);
  const out = new Uint8ClampedArray(outW * outH * 4);
  const cx = w / 2;
  const cy = h / 2;
  const ox = outW / 2;
  const oy = outH / 2;
  for (let y = 0; y < outH; y++) {
    for (let x = 0; x < outW; x++) {
      const dx = x - ox;
      const dy = y - oy;
      const sx = cos * dx + sin * dy + cx;
      const sy = -sin * dx + cos * dy + cy;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      let v = 255;
      if (x0 >= 0 && y0 >= 0 && x0 + 1 < w && y0 + 1 < h) {
        const fx = sx - x0;
        const fy = sy - y0;
        const i = y0 * w + x0;
        v = (grey[i]! * (1 - fx) + grey[i + 1]! * fx) * (1 - fy) + (grey[i + w]! * (1 - fx) + grey[i + w + 1]! * fx) * fy;
      }
      const o = (y * outW + x) * 4;
      out[o] = out[o + 1] = out[o + 2] = v;
      out[o + 3] = 255;
    }
  }
  return { width: outW, height: outH, data: out };
}

/**
 * Whether the text lines run across the image (true) or up and down (a quarter turn): ink rows of
 * level text alternate sharply between lines and gaps, while its columns are nearly even.
 */
export function textRunsAcross(image: RgbaImage): boolean {
  const small = shrinkToFit(image, 500);
  const ink = adaptiveInk(small, Math.max(5, Math.round(Math.max(small.width, small.height) / 50)));
  const rows = new Float64Array(small.height);
  const columns = new Float64Array(small.width);
  for (let y = 0; y < small.height; y++) {
    for (let x = 0; x < small.width; x++) {
      if (ink[y * small.width + x]) {
        rows[y]!++;
        columns[x]!++;
      }
    }
  }
  const unevenness = (counts: Float64Array) => {
    let sum = 0;
    let squares = 0;
    for (const c of counts) {
      sum += c;
      squares += c * c;
    }
    const mean = sum / counts.length;
    return mean === 0 ? 0 : squares / counts.length / (mean * mean) - 1;
  };
  return unevenness(rows) >= unevenness(columns);
}

/**
 * The densest band of text in the lower part of an upright card: MRZ characters are many, narrow and
 * evenly spaced, so their rows cross more ink edges than any printed field's. Rows whose edge count is
 * at least half the maximum are gathered, neighbours within a line gap merged, and the band with the
 * most edges is returned with the horizontal extent of its ink. null when nothing stands out.
 */
export function densestTextBand(image: RgbaImage, fromFraction = 0.45): { left: number; top: number; right: number; bottom: number } | null {
  const { width, height } = image;
  const ink = adaptiveInk(image, Math.max(6, Math.round(Math.max(width, height) / 60)));
  const start = Math.floor(height * fromFraction);
  const edges = new Float64Array(height);
  for (let y = start; y < height; y++) {
    let count = 0;
    for (let x = 1; x < width; x++) if (ink[y * width + x] !== ink[y * width + x - 1]) count++;
    edges[y] = count;
  }
  let max = 0;
  for (let y = start; y < height; y++) max = Math.max(max, edges[y]!);
  if (max < 20) return null;
  const gap = Math.max(3, Math.round(height * 0.04));
  const bands: { top: number; bottom: number; weight: number }[] = [];
  for (let y = start; y < height; y++) {
    if (edges[y]! < max * 0.5) continue;
    const last = bands[bands.length - 1];
    if (last && y - last.bottom <= gap) {
      last.bottom = y;
      last.weight += edges[y]!;
    } else bands.push({ top: y, bottom: y, weight: edges[y]! });
  }
  const band = bands.sort((a, b) => b.weight - a.weight)[0];
  if (!band || band.bottom - band.top < 4) return null;
  const columns: number[] = [];
  for (let x = 0; x < width; x++) {
    let hits = 0;
    for (let y = band.top; y <= band.bottom; y++) hits += ink[y * width + x]!;
    if (hits > 0) columns.push(x);
  }
  if (columns.length === 0) return null;
  const pad = Math.round((band.bottom - band.top) * 0.25);
  return {
    left: Math.max(0, columns[Math.floor(columns.length * 0.01)]! - pad),
    top: Math.max(0, band.top - pad),
    right: Math.min(width, columns[Math.ceil(columns.length * 0.99) - 1]! + pad),
    bottom: Math.min(height, band.bottom + pad),
  };
}

/** Bilinear upscale by `factor` (a second OCR reading of a small region at another size). */
export function enlarge(image: RgbaImage, factor: number): RgbaImage {
  const width = Math.max(1, Math.round(image.width * factor));
  const height = Math.max(1, Math.round(image.height * factor));
  const out = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    const sy = Math.min(image.height - 1, Math.max(0, (y + 0.5) / factor - 0.5));
    const y0 = Math.floor(sy);
    const y1 = Math.min(image.height - 1, y0 + 1);
    const fy = sy - y0;
    for (let x = 0; x < width; x++) {
      const sx = Math.min(image.width - 1, Math.max(0, (x + 0.5) / factor - 0.5));
      const x0 = Math.floor(sx);
      const x1 = Math.min(image.width - 1, x0 + 1);
      const fx = sx - x0;
      const o = (y * width + x) * 4;
      for (let c = 0; c < 4; c++) {
        const top = image.data[(y0 * image.width + x0) * 4 + c]! * (1 - fx) + image.data[(y0 * image.width + x1) * 4 + c]! * fx;
        const bottom = image.data[(y1 * image.width + x0) * 4 + c]! * (1 - fx) + image.data[(y1 * image.width + x1) * 4 + c]! * fx;
        out[o + c] = top * (1 - fy) + bottom * fy;
      }
    }
  }
  return { width, height, data: out };
}

/**
 * The page with its long thin horizontal rules painted white: a fixed-pitch print's boxes and tables
 * ruled with characters ('+------+'), dashes close enough to make one line at a scan's resolution. The
 * engine's layout analysis takes such rules for the edges of regions and loses the text beside them
 * (a table's figures, a line's end); the rules carry no fact. A rule is a run of dark pixels, gaps no
 * wider than a dash's, over at least an eighth of the width, with (nearly) nothing dark a few pixels
 * above and below it — unlike a line of text, whose letters are taller. A row's three pixels are read
 * together, so a rule that slopes by a pixel or two across the page stays one run. Grey input (R = G = B).
 */
export function withoutRuledLines(image: RgbaImage): RgbaImage {
  const { width, height } = image;
  const data = new Uint8ClampedArray(image.data);
  const dark = new Uint8Array(width * height);
  for (let i = 0; i < width * height; i++) dark[i] = image.data[i * 4]! < 140 ? 1 : 0;
  const at = (x: number, y: number) => (y >= 0 && y < height ? dark[y * width + x]! : 0);
  const band = (x: number, y: number) => at(x, y - 1) | at(x, y) | at(x, y + 1);
  const gap = Math.max(3, Math.round(width / 150));
  const away = 4;
  const spans: [number, number, number][] = [];
  for (let y = 1; y < height - 1; y++) {
    let start = -1;
    let last = -Infinity;
    const close = () => {
      if (start < 0 || last - start < width / 8) return;
      let crossed = 0;
      for (let x = start; x <= last; x++) if (at(x, y - away) || at(x, y + away)) crossed++;
      // The rule's corners and the bars crossing it are dark above and below it; a line of text's letters much more.
      if (crossed < (last - start + 1) * 0.25) spans.push([y, start, last]);
    };
    for (let x = 0; x < width; x++) {
      if (!band(x, y)) continue;
      if (x - last > gap) {
        close();
        start = x;
      }
      last = x;
    }
    close();
  }
  for (const [y, from, to] of spans) {
    for (let yy = Math.max(0, y - 2); yy <= Math.min(height - 1, y + 2); yy++) {
      for (let x = from; x <= to; x++) data.fill(255, (yy * width + x) * 4, (yy * width + x) * 4 + 3);
    }
  }
  return { width, height, data };
}

/**
 * Marks of a letter's size in an image (ink blobs 3 px to a fifteenth of its height tall, counted on a
 * half-size copy): ~300–500 on a card's print, ~5000 on a newspaper page behind it (ID round 21). The
 * engine's pass takes about as long as there are letters to read, whatever the image's size.
 */
export function printMarks(image: RgbaImage): number {
  const width = Math.floor(image.width / 2);
  const height = Math.floor(image.height / 2);
  if (width < 8 || height < 8) return 0;
  const half = new Uint8ClampedArray(width * height * 4);
  const src = image.data;
  const row = image.width * 4;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 4;
      const i = 2 * y * row + 8 * x;
      for (let c = 0; c < 3; c++) half[o + c] = (src[i + c]! + src[i + 4 + c]! + src[i + row + c]! + src[i + row + 4 + c]!) >> 2;
      half[o + 3] = 255;
    }
  }
  const ink = adaptiveInk({ width, height, data: half }, Math.max(4, Math.round(Math.min(width, height) / 60)));
  const maxHeight = height / 15;
  const stack = new Int32Array(width * height);
  let marks = 0;
  for (let start = 0; start < ink.length; start++) {
    if (ink[start] !== 1) continue;
    ink[start] = 2;
    let top = 0;
    stack[top++] = start;
    let minX = width;
    let maxX = -1;
    let minY = height;
    let maxY = -1;
    let size = 0;
    while (top > 0) {
      const p = stack[--top]!;
      const x = p % width;
      const y = (p - x) / width;
      size++;
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      if (x > 0 && ink[p - 1] === 1) {
        ink[p - 1] = 2;
        stack[top++] = p - 1;
      }
      if (x < width - 1 && ink[p + 1] === 1) {
        ink[p + 1] = 2;
        stack[top++] = p + 1;
      }
      if (y > 0 && ink[p - width] === 1) {
        ink[p - width] = 2;
        stack[top++] = p - width;
      }
      if (y < height - 1 && ink[p + width] === 1) {
        ink[p + width] = 2;
        stack[top++] = p + width;
      }
    }
    const tall = maxY - minY + 1;
    if (tall >= 3 && tall <= maxHeight && maxX - minX + 1 <= 1.5 * maxHeight && size >= 4) marks++;
  }
  return marks;
}
