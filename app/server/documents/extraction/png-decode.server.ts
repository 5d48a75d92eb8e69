// A PNG decoder that never holds a whole image (issue #14: a Worker isolate has 128 MB; decoding a
// PNG whole held its inflated stream, its samples and its RGBA at once). Written from the PNG
// specification (W3C, ISO/IEC 15948): the compressed stream is inflated a little at a time, each
// scanline unfiltered against the one before it as soon as it is complete, turned into RGBA and
// handed on; only two scanlines are ever kept. Pixels as the readers were tuned on: alpha laid over
// white paper, 16-bit samples divided by 257. Interlaced (Adam7) files are refused: their passes
// cover the whole image before any row is complete.
import { Unzlib } from "fflate";

export class PngDecodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PngDecodeError";
  }
}

export interface PngHeader {
  width: number;
  height: number;
  bitDepth: number;
  colourType: number;
  interlaced: boolean;
}

/** Receives each row (RGBA, the image's width) as it is made; the buffer is reused for the next row. */
export type PngRowSink = (y: number, row: Uint8ClampedArray) => void;

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** Samples per pixel of each colour type: grey, RGB, palette, grey + alpha, RGBA. */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };
const DEPTHS: Record<number, number[]> = { 0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16] };
/**
 * Compressed bytes inflated at a time: deflate expands at most ~1032 times, so no piece of the
 * inflated stream is larger than ~4 MB, whatever the image (a photo's piece is a few times 4 KB).
 */
const INFLATE_PIECE = 4096;

const u32 = (data: Uint8Array, at: number) =>
  ((data[at]! << 24) | (data[at + 1]! << 16) | (data[at + 2]! << 8) | data[at + 3]!) >>> 0;

function chunkType(data: Uint8Array, at: number): string {
  return String.fromCharCode(data[at + 4]!, data[at + 5]!, data[at + 6]!, data[at + 7]!);
}

export function readPngHeader(data: Uint8Array): PngHeader {
  if (data.length < 33 || SIGNATURE.some((b, i) => data[i] !== b)) throw new PngDecodeError("not a PNG");
  if (chunkType(data, 8) !== "IHDR" || u32(data, 8) < 13) throw new PngDecodeError("corrupt PNG: no header");
  const header = {
    width: u32(data, 16),
    height: u32(data, 20),
    bitDepth: data[24]!,
    colourType: data[25]!,
    interlaced: data[28] === 1,
  };
  if (header.width === 0 || header.height === 0) throw new PngDecodeError("corrupt PNG: empty image");
  if (!DEPTHS[header.colourType]?.includes(header.bitDepth))
    throw new PngDecodeError(`corrupt PNG: colour type ${header.colourType} with ${header.bitDepth}-bit samples`);
  if (data[26] !== 0 || data[27] !== 0 || data[28]! > 1) throw new PngDecodeError("corrupt PNG: unknown compression, filter or interlace method");
  return header;
}

/** The Paeth predictor: of left, above and upper left, the one nearest to left + above − upper left. */
function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Undoes a scanline's filter in place (`line` without its filter byte; `previous` all zeros for the first row). */
function unfilter(filter: number, line: Uint8Array, previous: Uint8Array, bpp: number): void {
  const n = line.length;
  switch (filter) {
    case 0:
      return;
    case 1:
      for (let i = bpp; i < n; i++) line[i] = line[i]! + line[i - bpp]!;
      return;
    case 2:
      for (let i = 0; i < n; i++) line[i] = line[i]! + previous[i]!;
      return;
    case 3:
      for (let i = 0; i < n; i++) line[i] = line[i]! + (((i >= bpp ? line[i - bpp]! : 0) + previous[i]!) >> 1);
      return;
    case 4:
      for (let i = 0; i < n; i++)
        line[i] = line[i]! + (i >= bpp ? paeth(line[i - bpp]!, previous[i]!, previous[i - bpp]!) : previous[i]!);
      return;
    default:
      throw new PngDecodeError(`corrupt PNG: unknown filter ${filter}`);
  }
}

/** The palette's colours as RGBA (alpha from tRNS, opaque without). */
function paletteOf(data: Uint8Array, plte: { at: number; length: number } | null, trns: { at: number; length: number } | null) {
  if (!plte || plte.length % 3 !== 0 || plte.length === 0) throw new PngDecodeError("corrupt PNG: palette missing");
  const colours = plte.length / 3;
  const rgba = new Uint8Array(256 * 4);
  for (let i = 0; i < colours; i++) {
    rgba[i * 4] = data[plte.at + i * 3]!;
    rgba[i * 4 + 1] = data[plte.at + i * 3 + 1]!;
    rgba[i * 4 + 2] = data[plte.at + i * 3 + 2]!;
    rgba[i * 4 + 3] = trns && i < trns.length ? data[trns.at + i]! : 255;
  }
  return { rgba, colours, transparent: trns !== null };
}

export interface DecodePngOptions {
  /** A larger image is refused before anything is inflated. */
  maxPixels?: number;
  /** Only the rows above this one are decoded (a window near the top need not inflate the rest). */
  endRow?: number;
}

/**
 * Decodes a PNG row by row: `onRow` gets each row as RGBA, top to bottom, as soon as it is made.
 * Truncated or corrupt data: a PngDecodeError (every loop is bounded by the input's length or the
 * image's rows).
 */
export function decodePngRows(data: Uint8Array, onRow: PngRowSink, options: DecodePngOptions = {}): PngHeader {
  const header = readPngHeader(data);
  const { width, bitDepth, colourType } = header;
  const height = Math.min(header.height, options.endRow ?? header.height);
  if (width * header.height > (options.maxPixels ?? Infinity))
    throw new PngDecodeError(`image too large (${width} × ${header.height})`);
  if (header.interlaced) throw new PngDecodeError("interlaced PNG (Adam7) is not supported: save it without interlacing");
  let plte: { at: number; length: number } | null = null;
  let trns: { at: number; length: number } | null = null;
  const idat: { at: number; length: number }[] = [];
  for (let at = 8; ; ) {
    if (at + 12 > data.length) throw new PngDecodeError("truncated PNG: no end chunk");
    const length = u32(data, at);
    const type = chunkType(data, at);
    if (at + 12 + length > data.length) throw new PngDecodeError(`truncated PNG: ${type} chunk cut short`);
    const body = { at: at + 8, length };
    if (type === "PLTE") plte = body;
    else if (type === "tRNS") trns = body;
    else if (type === "IDAT") idat.push(body);
    else if (type === "IEND") break;
    at += 12 + length;
  }
  if (idat.length === 0) throw new PngDecodeError("corrupt PNG: no image data");
  const palette = colourType === 3 ? paletteOf(data, plte, trns) : null;
  const channels = CHANNELS[colourType]!;
  const bitsPerPixel = channels * bitDepth;
  const bpp = Math.max(1, bitsPerPixel >> 3);
  const lineBytes = Math.ceil((width * bitsPerPixel) / 8);
  let previous = new Uint8Array(lineBytes);
  let line = new Uint8Array(lineBytes);
  const row = new Uint8ClampedArray(width * 4);
  let y = 0;
  /** Bytes of the current scanline received so far, its filter byte included (−1: none yet). */
  let filled = -1;
  let filter = 0;

  // Grey samples under 8 bits span 0..255 as their maximum does; 16-bit ones are divided by 257.
  const greyScale = 255 / ((1 << Math.min(bitDepth, 8)) - 1);
  const sampleAt = (x: number, s: number) => {
    if (bitDepth === 8) return line[x * channels + s]!;
    if (bitDepth === 16) {
      const i = (x * channels + s) * 2;
      return ((line[i]! << 8) | line[i + 1]!) / 257;
    }
    const bit = x * bitDepth;
    return (line[bit >> 3]! >> (8 - bitDepth - (bit & 7))) & ((1 << bitDepth) - 1);
  };
  /** Laid over white paper: transparent pixels become paper, not black. */
  const put = (x: number, r: number, g: number, b: number, a: number) => {
    const alpha = a / 255;
    row[x * 4] = r * alpha + 255 * (1 - alpha);
    row[x * 4 + 1] = g * alpha + 255 * (1 - alpha);
    row[x * 4 + 2] = b * alpha + 255 * (1 - alpha);
    row[x * 4 + 3] = 255;
  };
  const toRgba = () => {
    if (palette) {
      const colours = palette.rgba;
      for (let x = 0; x < width; x++) {
        const i = sampleAt(x, 0);
        if (i >= palette.colours) throw new PngDecodeError("corrupt PNG: colour outside the palette");
        put(x, colours[i * 4]!, colours[i * 4 + 1]!, colours[i * 4 + 2]!, colours[i * 4 + 3]!);
      }
    } else if (bitDepth === 8 && channels === 3) {
      // The common case (a screenshot, an exported photo): opaque, nothing to lay over paper.
      for (let x = 0; x < width; x++) {
        row[x * 4] = line[x * 3]!;
        row[x * 4 + 1] = line[x * 3 + 1]!;
        row[x * 4 + 2] = line[x * 3 + 2]!;
        row[x * 4 + 3] = 255;
      }
    } else if (channels >= 3) {
      for (let x = 0; x < width; x++) put(x, sampleAt(x, 0), sampleAt(x, 1), sampleAt(x, 2), channels === 4 ? sampleAt(x, 3) : 255);
    } else {
      for (let x = 0; x < width; x++) {
        const grey = bitDepth < 8 ? sampleAt(x, 0) * greyScale : sampleAt(x, 0);
        put(x, grey, grey, grey, channels === 2 ? sampleAt(x, 1) : 255);
      }
    }
  };

  const take = (chunk: Uint8Array) => {
    for (let i = 0; i < chunk.length && y < height; ) {
      if (filled < 0) {
        filter = chunk[i++]!;
        filled = 0;
        continue;
      }
      const count = Math.min(lineBytes - filled, chunk.length - i);
      line.set(chunk.subarray(i, i + count), filled);
      filled += count;
      i += count;
      if (filled === lineBytes) {
        unfilter(filter, line, previous, bpp);
        toRgba();
        onRow(y++, row);
        [previous, line] = [line, previous];
        filled = -1;
      }
    }
  };

  const inflater = new Unzlib((chunk) => take(chunk));
  try {
    for (let k = 0; k < idat.length && y < height; k++) {
      const { at, length } = idat[k]!;
      for (let offset = 0; offset < length && y < height; offset += INFLATE_PIECE) {
        inflater.push(data.subarray(at + offset, at + Math.min(length, offset + INFLATE_PIECE)), false);
      }
    }
  } catch (error) {
    if (error instanceof PngDecodeError) throw error;
    throw new PngDecodeError(`corrupt PNG: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (y < height) throw new PngDecodeError(`truncated PNG: ${y} of ${height} rows`);
  return header;
}
