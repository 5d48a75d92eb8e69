// A JPEG decoder that never holds a whole phone frame (issue #14: a Worker isolate has 128 MB, and a
// 12-megapixel frame's blocks, planes and RGBA held at once came to ~320 MB). Written from the
// JPEG standard (ITU-T T.81): Huffman-coded baseline, extended and progressive frames, any sampling
// factors, restart intervals. Each 8 × 8 block is turned back into pixels at 1/1, 1/2, 1/4 or 1/8 of
// its size by an inverse DCT of only its top-left N × N coefficients (the low frequencies of a block
// are what its N × N average holds), straight into the output, MCU row by MCU row: a sequential
// frame's peak memory is about the output alone. A progressive frame arrives in several passes over
// the whole image, so its coefficients are kept until the last scan — only the N × N that the scale
// uses, only for the blocks inside the asked window (one bit per coefficient elsewhere: a refining
// scan's bits depend on which coefficients are already non-zero).
import type { RgbaImage } from "./image.server";

/** Output pixels per 8 × 8 block are 8 / scale on a side. */
export type DctScale = 1 | 2 | 4 | 8;

/** A rectangle in the stored image's own pixels (right and bottom exclusive). */
export interface PixelWindow {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface JpegHeader {
  width: number;
  height: number;
  components: number;
  progressive: boolean;
}

export interface DecodedJpeg extends RgbaImage {
  scale: DctScale;
  /** Where the output starts in the scaled image's pixels (0, 0 without a window). */
  left: number;
  top: number;
}

export class JpegDecodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "JpegDecodeError";
  }
}

/** Zigzag position → natural (row-major) position of a coefficient in its 8 × 8 block. */
const ZIGZAG = new Uint8Array([
  0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21, 28,
  35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61, 54, 47,
  55, 62, 63,
]);

/** Beyond this many bits read past the end of a scan's data, the file is truncated or corrupt (a real encoder pads under a byte). */
const MAX_PADDING_BITS = 64;

interface HuffmanTable {
  /** First 9 bits of a code → (length << 8) | symbol; 0 when the code is longer. */
  lookup: Uint16Array;
  maxCode: Int32Array;
  minCode: Int32Array;
  valueAt: Int32Array;
  values: Uint8Array;
}

const LOOKUP_BITS = 9;

function huffmanTable(counts: Uint8Array, values: Uint8Array): HuffmanTable {
  const lookup = new Uint16Array(1 << LOOKUP_BITS);
  const maxCode = new Int32Array(17).fill(-1);
  const minCode = new Int32Array(17);
  const valueAt = new Int32Array(17);
  let code = 0;
  let k = 0;
  for (let length = 1; length <= 16; length++) {
    minCode[length] = code;
    valueAt[length] = k;
    for (let i = 0; i < counts[length - 1]!; i++) {
      if (length <= LOOKUP_BITS) {
        const shift = LOOKUP_BITS - length;
        for (let fill = code << shift, end = (code + 1) << shift; fill < end; fill++)
          lookup[fill] = (length << 8) | values[k]!;
      }
      code++;
      k++;
    }
    if (counts[length - 1]! > 0) maxCode[length] = code - 1;
    if (code > 1 << length) throw new JpegDecodeError("corrupt JPEG: Huffman table with too many codes");
    code <<= 1;
  }
  return { lookup, maxCode, minCode, valueAt, values };
}

/** Entropy-coded data, bit by bit: stuffed 0xFF 00 undone, zeros fed (and counted) once a marker is reached. */
class BitReader {
  private acc = 0;
  private bits = 0;
  private padded = 0;
  private atMarker = false;

  constructor(
    private readonly data: Uint8Array,
    public pos: number,
  ) {}

  private fill(): void {
    const data = this.data;
    while (this.bits <= 24) {
      let byte = 0;
      if (!this.atMarker && this.pos < data.length) {
        byte = data[this.pos]!;
        if (byte === 0xff) {
          if (data[this.pos + 1] === 0) this.pos += 2;
          else {
            this.atMarker = true;
            byte = 0;
            this.padded++;
          }
        } else this.pos++;
      } else this.padded++;
      this.acc = ((this.acc << 8) | byte) >>> 0;
      this.bits += 8;
    }
  }

  bit(): number {
    if (this.bits < 1) this.fill();
    this.bits--;
    return (this.acc >>> this.bits) & 1;
  }

  read(n: number): number {
    if (n === 0) return 0;
    if (this.bits < n) this.fill();
    this.bits -= n;
    return (this.acc >>> this.bits) & ((1 << n) - 1);
  }

  /** A coefficient of `n` bits: the JPEG's sign convention (a leading 0 bit means negative). */
  receiveExtend(n: number): number {
    if (n === 0) return 0;
    if (n > 16) throw new JpegDecodeError("corrupt JPEG: coefficient too large");
    const v = this.read(n);
    return v < 1 << (n - 1) ? v - (1 << n) + 1 : v;
  }

  decode(table: HuffmanTable): number {
    if (this.bits < 16) this.fill();
    const entry = table.lookup[(this.acc >>> (this.bits - LOOKUP_BITS)) & ((1 << LOOKUP_BITS) - 1)]!;
    if (entry !== 0) {
      this.bits -= entry >> 8;
      return entry & 0xff;
    }
    const code16 = (this.acc >>> (this.bits - 16)) & 0xffff;
    for (let length = LOOKUP_BITS + 1; length <= 16; length++) {
      const code = code16 >>> (16 - length);
      if (code <= table.maxCode[length]!) {
        this.bits -= length;
        return table.values[table.valueAt[length]! + code - table.minCode[length]!]!;
      }
    }
    throw new JpegDecodeError("corrupt JPEG: invalid Huffman code");
  }

  /** Throws once more than a few bits past the end of the data were used: a truncated or corrupt scan. */
  checkNotOverrun(): void {
    if (this.padded * 8 - this.bits > MAX_PADDING_BITS)
      throw new JpegDecodeError("truncated or corrupt JPEG: the image data ends early");
  }

  /** At a restart interval's end: the bits left are padding; the RSTn marker is expected next. */
  restart(): void {
    this.checkNotOverrun();
    this.acc = 0;
    this.bits = 0;
    this.padded = 0;
    this.atMarker = false;
    const data = this.data;
    for (let p = this.pos; p + 1 < data.length; p++) {
      if (data[p] !== 0xff) continue;
      const next = data[p + 1]!;
      if (next >= 0xd0 && next <= 0xd7) {
        this.pos = p + 2;
        return;
      }
      if (next !== 0 && next !== 0xff) break;
    }
    throw new JpegDecodeError("corrupt JPEG: restart marker missing");
  }

  /** Where the scan's data ends: the next marker (the caller goes on reading segments from there). */
  endOfScan(): number {
    this.checkNotOverrun();
    const data = this.data;
    let p = this.pos;
    while (
      p + 1 < data.length &&
      !(data[p] === 0xff && data[p + 1] !== 0 && !(data[p + 1]! >= 0xd0 && data[p + 1]! <= 0xd7))
    )
      p++;
    return p;
  }
}

interface Component {
  id: number;
  h: number;
  v: number;
  quantId: number;
  /** Blocks across and down in the MCU grid (padded to whole MCUs). */
  blocksPerLine: number;
  blockRows: number;
  /** Blocks across and down the component itself (what a scan of this component alone covers). */
  ownBlocksPerLine: number;
  ownBlockRows: number;
  dcTable?: HuffmanTable;
  acTable?: HuffmanTable;
  pred: number;
}

interface Frame {
  width: number;
  height: number;
  progressive: boolean;
  components: Component[];
  hMax: number;
  vMax: number;
  mcusPerLine: number;
  mcuRows: number;
}

/** Fixed point of the IDCT: the basis in 13 fractional bits, 2 kept between the passes (as integer decoders round). */
const BASIS_BITS = 13;
const PASS_BITS = 2;

/** IDCT basis for N output points: 0.5 · C(u) · cos((2x + 1)uπ / 2N) · 2^13, so two passes give the 1/4 of the 2-D formula. */
const BASIS = new Map<number, Float64Array>();
function basis(n: number): Float64Array {
  let table = BASIS.get(n);
  if (!table) {
    table = new Float64Array(n * n);
    for (let x = 0; x < n; x++) {
      for (let u = 0; u < n; u++) {
        const value = 0.5 * (u === 0 ? Math.SQRT1_2 : 1) * Math.cos(((2 * x + 1) * u * Math.PI) / (2 * n));
        table[x * n + u] = Math.round(value * 2 ** BASIS_BITS);
      }
    }
    BASIS.set(n, table);
  }
  return table;
}

/** Between the passes and at the end: x / 2^bits rounded half up (an arithmetic shift with rounding). */
const FIRST_SCALE = 2 ** -(BASIS_BITS - PASS_BITS);
const FIRST_HALF = 2 ** (BASIS_BITS - PASS_BITS - 1);
const SECOND_SCALE = 2 ** -(BASIS_BITS + PASS_BITS);
const SECOND_HALF = 2 ** (BASIS_BITS + PASS_BITS - 1);

/**
 * One block's top-left nx × ny coefficients (at `source[base + v·stride + u]`, u across) dequantized
 * and turned into nx × ny pixels (each the mean of its patch of the 8 × 8) at `out[offset]`, rows
 * `outStride` apart.
 */
function renderBlock(
  source: ArrayLike<number>,
  base: number,
  stride: number,
  quant: Uint16Array,
  size: BlockSize,
  rows: Float64Array,
  out: Uint8ClampedArray,
  offset: number,
  outStride: number,
): void {
  const { nx, ny } = size;
  const tx = basis(nx);
  const ty = basis(ny);
  let acZero = true;
  for (let v = 0; v < ny && acZero; v++)
    for (let u = 0; u < nx; u++) if ((u | v) !== 0 && source[base + v * stride + u] !== 0) acZero = false;
  if (acZero) {
    const value = (source[base]! * quant[0]!) / 8 + 128;
    for (let y = 0; y < ny; y++) out.fill(Math.floor(value + 0.5), offset + y * outStride, offset + y * outStride + nx);
    return;
  }
  // Horizontal pass per coefficient row (rows[v·nx + x]); the all-zero rows at the bottom are skipped.
  let usedRows = 0;
  for (let v = 0; v < ny; v++) {
    let any = false;
    for (let u = 0; u < nx; u++) if (source[base + v * stride + u] !== 0) any = true;
    if (!any) {
      rows.fill(0, v * nx, v * nx + nx);
      continue;
    }
    usedRows = v + 1;
    for (let x = 0; x < nx; x++) {
      let sum = 0;
      for (let u = 0; u < nx; u++) {
        const c = source[base + v * stride + u]!;
        if (c !== 0) sum += tx[x * nx + u]! * c * quant[v * 8 + u]!;
      }
      rows[v * nx + x] = Math.floor((sum + FIRST_HALF) * FIRST_SCALE);
    }
  }
  for (let y = 0; y < ny; y++) {
    const o = offset + y * outStride;
    for (let x = 0; x < nx; x++) {
      let sum = 0;
      for (let v = 0; v < usedRows; v++) sum += ty[y * ny + v]! * rows[v * nx + x]!;
      out[o + x] = Math.floor((sum + SECOND_HALF) * SECOND_SCALE) + 128;
    }
  }
}

/** Pixels a component's block becomes across and down. */
interface BlockSize {
  nx: number;
  ny: number;
}

/**
 * A subsampled component is reduced less than the frame (4:2:0 chroma at 1/2 is decoded whole), so
 * every component reaches the output's resolution when it can; at 1/1 it is repeated (as stored).
 */
function blockSize(frame: Frame, c: Component, n: number): BlockSize {
  const side = (max: number, own: number) => {
    const wanted = (n * max) / own;
    return wanted >= 8 ? 8 : [1, 2, 4].includes(wanted) ? wanted : n;
  };
  return { nx: side(frame.hMax, c.h), ny: side(frame.vMax, c.v) };
}

interface Segments {
  frame: Frame | null;
  quant: (Uint16Array | undefined)[];
  dc: (HuffmanTable | undefined)[];
  ac: (HuffmanTable | undefined)[];
  restartInterval: number;
  /** Adobe APP14's colour transform flag: 0 = the three components are RGB, not YCbCr. */
  adobeTransform: number | null;
}

const u16 = (data: Uint8Array, at: number) => (data[at]! << 8) | data[at + 1]!;

function segmentEnd(data: Uint8Array, at: number): number {
  if (at + 4 > data.length) throw new JpegDecodeError("truncated JPEG: a segment header is cut off");
  const end = at + 2 + u16(data, at + 2);
  if (u16(data, at + 2) < 2 || end > data.length)
    throw new JpegDecodeError("truncated or corrupt JPEG: a segment runs past the end");
  return end;
}

function readQuantTables(data: Uint8Array, at: number, end: number, into: Segments): void {
  let p = at + 4;
  while (p < end) {
    const precision = data[p]! >> 4;
    const id = data[p]! & 15;
    if (id > 3 || precision > 1) throw new JpegDecodeError("corrupt JPEG: bad quantisation table");
    const size = precision ? 2 : 1;
    if (p + 1 + 64 * size > end) throw new JpegDecodeError("corrupt JPEG: quantisation table cut off");
    const table = new Uint16Array(64);
    for (let k = 0; k < 64; k++) table[ZIGZAG[k]!] = precision ? u16(data, p + 1 + k * 2) : data[p + 1 + k]!;
    into.quant[id] = table;
    p += 1 + 64 * size;
  }
}

function readHuffmanTables(data: Uint8Array, at: number, end: number, into: Segments): void {
  let p = at + 4;
  while (p < end) {
    const tableClass = data[p]! >> 4;
    const id = data[p]! & 15;
    if (tableClass > 1 || id > 3 || p + 17 > end) throw new JpegDecodeError("corrupt JPEG: bad Huffman table");
    const counts = data.subarray(p + 1, p + 17);
    const total = counts.reduce((sum, c) => sum + c, 0);
    if (total > 256 || p + 17 + total > end) throw new JpegDecodeError("corrupt JPEG: Huffman table cut off");
    const table = huffmanTable(counts, data.subarray(p + 17, p + 17 + total));
    (tableClass === 0 ? into.dc : into.ac)[id] = table;
    p += 17 + total;
  }
}

function readFrame(data: Uint8Array, at: number, end: number, marker: number): Frame {
  if (marker !== 0xc0 && marker !== 0xc1 && marker !== 0xc2) {
    throw new JpegDecodeError(
      `unsupported JPEG coding (SOF${marker - 0xc0}: lossless, hierarchical or arithmetic-coded)`,
    );
  }
  if (end - at < 10) throw new JpegDecodeError("corrupt JPEG: frame header cut off");
  const precision = data[at + 4]!;
  const height = u16(data, at + 5);
  const width = u16(data, at + 7);
  const count = data[at + 9]!;
  if (precision !== 8) throw new JpegDecodeError(`unsupported JPEG: ${precision}-bit samples`);
  if (width === 0 || height === 0) throw new JpegDecodeError("unsupported JPEG: no size in the frame header");
  if (count !== 1 && count !== 3)
    throw new JpegDecodeError(`unsupported JPEG: ${count} colour components (only greyscale and colour are read)`);
  if (end - at < 10 + count * 3) throw new JpegDecodeError("corrupt JPEG: frame header cut off");
  const components: Component[] = [];
  for (let i = 0; i < count; i++) {
    const p = at + 10 + i * 3;
    // A single component is coded block by block whatever its declared sampling.
    const h = count === 1 ? 1 : data[p + 1]! >> 4;
    const v = count === 1 ? 1 : data[p + 1]! & 15;
    if (h < 1 || h > 4 || v < 1 || v > 4) throw new JpegDecodeError("corrupt JPEG: bad sampling factors");
    components.push({
      id: data[p]!,
      h,
      v,
      quantId: data[p + 2]! & 3,
      blocksPerLine: 0,
      blockRows: 0,
      ownBlocksPerLine: 0,
      ownBlockRows: 0,
      pred: 0,
    });
  }
  const hMax = Math.max(...components.map((c) => c.h));
  const vMax = Math.max(...components.map((c) => c.v));
  const mcusPerLine = Math.ceil(width / (8 * hMax));
  const mcuRows = Math.ceil(height / (8 * vMax));
  for (const c of components) {
    c.blocksPerLine = mcusPerLine * c.h;
    c.blockRows = mcuRows * c.v;
    c.ownBlocksPerLine = Math.ceil(Math.ceil((width * c.h) / hMax) / 8);
    c.ownBlockRows = Math.ceil(Math.ceil((height * c.v) / vMax) / 8);
  }
  return { width, height, progressive: marker === 0xc2, components, hMax, vMax, mcusPerLine, mcuRows };
}

/** The frame's size and kind, from its headers alone. */
export function readJpegHeader(data: Uint8Array): JpegHeader {
  const segments = emptySegments();
  walkSegments(data, segments, () => true);
  const frame = segments.frame;
  if (!frame) throw new JpegDecodeError("corrupt JPEG: no frame header");
  return {
    width: frame.width,
    height: frame.height,
    components: frame.components.length,
    progressive: frame.progressive,
  };
}

function emptySegments(): Segments {
  return { frame: null, quant: [], dc: [], ac: [], restartInterval: 0, adobeTransform: null };
}

/**
 * Reads segments in order until the end-of-image marker, the end of the input, or `onScan` (called
 * at each SOS with the offsets of its header) returning true; else `onScan` returns where the scan's
 * data ended.
 */
function walkSegments(data: Uint8Array, segments: Segments, onScan: (at: number, end: number) => true | number): void {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== 0xd8)
    throw new JpegDecodeError("not a JPEG (no start-of-image marker)");
  let p = 2;
  // Every step moves p forward by at least one byte: the walk ends within the input's length.
  while (p < data.length) {
    if (data[p] !== 0xff) {
      p++;
      continue;
    }
    const marker = data[p + 1];
    if (marker === undefined) break;
    if (marker === 0xff || marker === 0x00 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      p += marker === 0xff ? 1 : 2;
      continue;
    }
    if (marker === 0xd9) break;
    const end = segmentEnd(data, p);
    if (marker === 0xdb) readQuantTables(data, p, end, segments);
    else if (marker === 0xc4) readHuffmanTables(data, p, end, segments);
    else if (marker === 0xdd) segments.restartInterval = end - p >= 6 ? u16(data, p + 4) : 0;
    else if (marker === 0xee && end - p >= 16 && String.fromCharCode(...data.subarray(p + 4, p + 9)) === "Adobe")
      segments.adobeTransform = data[p + 15]!;
    else if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (segments.frame) throw new JpegDecodeError("unsupported JPEG: more than one frame");
      segments.frame = readFrame(data, p, end, marker);
    } else if (marker === 0xda) {
      if (!segments.frame) throw new JpegDecodeError("corrupt JPEG: image data before the frame header");
      const next = onScan(p, end);
      if (next === true) return;
      p = Math.max(next, end);
      continue;
    }
    p = end;
  }
  if (!segments.frame) throw new JpegDecodeError("corrupt JPEG: no frame header");
}

interface Scan {
  components: Component[];
  start: number;
  end: number;
  high: number;
  low: number;
}

function readScanHeader(data: Uint8Array, at: number, end: number, segments: Segments): Scan {
  const frame = segments.frame!;
  const count = data[at + 4]!;
  if (count < 1 || count > 4 || end - at < 8 + count * 2) throw new JpegDecodeError("corrupt JPEG: bad scan header");
  const components: Component[] = [];
  for (let i = 0; i < count; i++) {
    const id = data[at + 5 + i * 2]!;
    const tables = data[at + 6 + i * 2]!;
    const component = frame.components.find((c) => c.id === id);
    if (!component) throw new JpegDecodeError("corrupt JPEG: scan of an unknown component");
    component.dcTable = segments.dc[tables >> 4];
    component.acTable = segments.ac[tables & 15];
    components.push(component);
  }
  const p = at + 5 + count * 2;
  const scan = { components, start: data[p]!, end: data[p + 1]!, high: data[p + 2]! >> 4, low: data[p + 2]! & 15 };
  if (scan.start > 63 || scan.end > 63 || scan.start > scan.end)
    throw new JpegDecodeError("corrupt JPEG: bad spectral selection");
  return scan;
}

/** The MCU columns and rows a window of the stored image touches, and the window in scaled pixels. */
function windowGeometry(frame: Frame, scale: DctScale, window: PixelWindow | undefined) {
  const outWidth = Math.ceil(frame.width / scale);
  const outHeight = Math.ceil(frame.height / scale);
  const w = window ?? { left: 0, top: 0, right: frame.width, bottom: frame.height };
  const left = Math.min(outWidth - 1, Math.max(0, Math.floor(w.left / scale)));
  const top = Math.min(outHeight - 1, Math.max(0, Math.floor(w.top / scale)));
  const right = Math.max(left + 1, Math.min(outWidth, Math.ceil(w.right / scale)));
  const bottom = Math.max(top + 1, Math.min(outHeight, Math.ceil(w.bottom / scale)));
  const n = 8 / scale;
  const mcuWidth = frame.hMax * n;
  const mcuHeight = frame.vMax * n;
  return {
    n,
    left,
    top,
    right,
    bottom,
    mcuWidth,
    mcuHeight,
    firstColumn: Math.floor(left / mcuWidth),
    endColumn: Math.ceil(right / mcuWidth),
    firstRow: Math.floor(top / mcuHeight),
    endRow: Math.ceil(bottom / mcuHeight),
  };
}

type Geometry = ReturnType<typeof windowGeometry>;

/** One MCU row's pixels per component (only the window's MCU columns), turned into RGBA rows of the output. */
class RowPlanes {
  readonly planes: Uint8ClampedArray[];
  readonly strides: number[];
  readonly sizes: BlockSize[];
  private readonly columns: Int32Array[];

  /**
   * `out`: the whole output, or one row of it handed to `onRow` as soon as it is made (the caller
   * then keeps only what it needs of each row: a shrunk copy).
   */
  constructor(
    private readonly frame: Frame,
    private readonly g: Geometry,
    private readonly out: Uint8ClampedArray,
    private readonly rgb: boolean,
    private readonly onRow?: RowSink,
  ) {
    const mcus = g.endColumn - g.firstColumn;
    this.sizes = frame.components.map((c) => blockSize(frame, c, g.n));
    this.strides = frame.components.map((c, i) => mcus * c.h * this.sizes[i]!.nx);
    this.planes = frame.components.map((c, i) => new Uint8ClampedArray(this.strides[i]! * c.v * this.sizes[i]!.ny));
    // The sample of each component for each output column (subsampled chroma at 1/1 is repeated).
    this.columns = frame.components.map((c, i) => {
      const map = new Int32Array(g.right - g.left);
      for (let x = g.left; x < g.right; x++)
        map[x - g.left] = Math.floor(((x - g.firstColumn * g.mcuWidth) * c.h * this.sizes[i]!.nx) / g.mcuWidth);
      return map;
    });
  }

  /** Where block (h, v) of MCU column `column` of component `index` starts in its plane. */
  blockOffset(index: number, column: number, h: number, v: number): number {
    const c = this.frame.components[index]!;
    const { nx, ny } = this.sizes[index]!;
    return v * ny * this.strides[index]! + ((column - this.g.firstColumn) * c.h + h) * nx;
  }

  emit(mcuRow: number): void {
    const { g, out } = this;
    const width = g.right - g.left;
    const rowTop = mcuRow * g.mcuHeight;
    const from = Math.max(g.top, rowTop);
    const to = Math.min(g.bottom, rowTop + g.mcuHeight);
    for (let y = from; y < to; y++) {
      this.emitRow(y, rowTop, width, this.onRow ? 0 : (y - g.top) * width * 4);
      this.onRow?.(y - g.top, out);
    }
  }

  /** Output row `y` (of the scaled image) written into `out` from `o` on. */
  private emitRow(y: number, rowTop: number, width: number, o: number): void {
    const { g, frame, out } = this;
    const components = frame.components;
    const rows = components.map(
      (c, i) => Math.floor(((y - rowTop) * c.v * this.sizes[i]!.ny) / g.mcuHeight) * this.strides[i]!,
    );
    if (components.length === 1) {
      const plane = this.planes[0]!;
      const map = this.columns[0]!;
      for (let x = 0; x < width; x++) {
        const value = plane[rows[0]! + map[x]!]!;
        out[o + x * 4] = out[o + x * 4 + 1] = out[o + x * 4 + 2] = value;
        out[o + x * 4 + 3] = 255;
      }
      return;
    }
    const [p0, p1, p2] = this.planes as [Uint8ClampedArray, Uint8ClampedArray, Uint8ClampedArray];
    const [m0, m1, m2] = this.columns as [Int32Array, Int32Array, Int32Array];
    const [r0, r1, r2] = rows as [number, number, number];
    for (let x = 0; x < width; x++) {
      const a = p0[r0 + m0[x]!]!;
      const b = p1[r1 + m1[x]!]!;
      const c = p2[r2 + m2[x]!]!;
      const i = o + x * 4;
      if (this.rgb) {
        out[i] = a;
        out[i + 1] = b;
        out[i + 2] = c;
      } else {
        // Truncated, not rounded: the pixels jpeg-js gave, on which the readers' thresholds were tuned.
        out[i] = (a + 1.402 * (c - 128)) | 0;
        out[i + 1] = (a - 0.344136 * (b - 128) - 0.714136 * (c - 128)) | 0;
        out[i + 2] = (a + 1.772 * (b - 128)) | 0;
      }
      out[i + 3] = 255;
    }
  }
}

/** Restart bookkeeping shared by both scan readers: every `interval` MCUs the predictors start again. */
function restartEvery(reader: BitReader, interval: number, components: Component[], onRestart: () => void) {
  let left = interval;
  return (isLast: boolean) => {
    if (interval === 0 || isLast) return;
    if (--left > 0) return;
    left = interval;
    reader.restart();
    for (const c of components) c.pred = 0;
    onRestart();
  };
}

/**
 * A sequential frame whose one scan holds every component: each MCU row decoded, its blocks inside
 * the window turned into pixels and written out before the next row is read; the rows below the
 * window are not read at all.
 */
function decodeSequentialScan(
  data: Uint8Array,
  dataStart: number,
  segments: Segments,
  scan: Scan,
  g: Geometry,
  rows: RowPlanes,
): void {
  const frame = segments.frame!;
  const reader = new BitReader(data, dataStart);
  const block = new Int32Array(64);
  const work = new Float64Array(64);
  const order = scan.components.map((c) => frame.components.indexOf(c));
  const quants = scan.components.map((c) => segments.quant[c.quantId]);
  if (quants.some((q) => !q)) throw new JpegDecodeError("corrupt JPEG: missing quantisation table");
  if (scan.components.some((c) => !c.dcTable || !c.acTable))
    throw new JpegDecodeError("corrupt JPEG: missing Huffman table");
  for (const c of scan.components) c.pred = 0;
  const total = frame.mcusPerLine * frame.mcuRows;
  const restart = restartEvery(reader, segments.restartInterval, scan.components, () => undefined);
  for (let row = 0; row < g.endRow; row++) {
    const wanted = row >= g.firstRow;
    for (let column = 0; column < frame.mcusPerLine; column++) {
      const render = wanted && column >= g.firstColumn && column < g.endColumn;
      for (let s = 0; s < scan.components.length; s++) {
        const c = scan.components[s]!;
        for (let v = 0; v < c.v; v++) {
          for (let h = 0; h < c.h; h++) {
            block.fill(0);
            const t = reader.decode(c.dcTable!);
            c.pred += reader.receiveExtend(t);
            block[0] = c.pred;
            for (let k = 1; k < 64;) {
              const rs = reader.decode(c.acTable!);
              const size = rs & 15;
              const run = rs >> 4;
              if (size === 0) {
                if (run !== 15) break;
                k += 16;
                continue;
              }
              k += run;
              if (k > 63) throw new JpegDecodeError("corrupt JPEG: coefficient past the end of a block");
              block[ZIGZAG[k]!] = reader.receiveExtend(size);
              k++;
            }
            if (render)
              renderBlock(
                block,
                0,
                8,
                quants[s]!,
                rows.sizes[order[s]!]!,
                work,
                rows.planes[order[s]!]!,
                rows.blockOffset(order[s]!, column, h, v),
                rows.strides[order[s]!]!,
              );
          }
        }
      }
      restart(row * frame.mcusPerLine + column === total - 1);
    }
    reader.checkNotOverrun();
    if (wanted) rows.emit(row);
  }
}

/**
 * Coefficients kept across the scans of a progressive (or multi-scan) frame: for every block, one bit
 * per coefficient saying whether it is non-zero yet (two 32-bit words); for the blocks inside the
 * window, the values of the top-left n × n coefficients the scaled IDCT uses.
 */
class CoefficientStore {
  readonly nonZero: Uint32Array[];
  readonly values: Int16Array[];
  /** Per component: natural position → slot among the kept coefficients (−1: not kept). */
  readonly slots: Int8Array[];
  private readonly kept: { x: number; y: number; across: number; down: number; size: number }[];

  constructor(
    private readonly frame: Frame,
    private readonly g: Geometry,
    private readonly sizes: BlockSize[],
  ) {
    this.slots = sizes.map(({ nx, ny }) => {
      const slot = new Int8Array(64).fill(-1);
      for (let v = 0; v < ny; v++) for (let u = 0; u < nx; u++) slot[v * 8 + u] = v * nx + u;
      return slot;
    });
    this.nonZero = frame.components.map((c) => new Uint32Array(c.blocksPerLine * c.blockRows * 2));
    this.kept = frame.components.map((c, i) => ({
      x: g.firstColumn * c.h,
      y: g.firstRow * c.v,
      across: (g.endColumn - g.firstColumn) * c.h,
      down: (g.endRow - g.firstRow) * c.v,
      size: sizes[i]!.nx * sizes[i]!.ny,
    }));
    this.values = this.kept.map((k) => new Int16Array(k.across * k.down * k.size));
  }

  /** Where block (x, y) of component `index` keeps its values; −1 outside the window. */
  valuesAt(index: number, x: number, y: number): number {
    const k = this.kept[index]!;
    const kx = x - k.x;
    const ky = y - k.y;
    if (kx < 0 || ky < 0 || kx >= k.across || ky >= k.down) return -1;
    return (ky * k.across + kx) * k.size;
  }

  render(segments: Segments, rows: RowPlanes): void {
    const work = new Float64Array(64);
    for (let row = this.g.firstRow; row < this.g.endRow; row++) {
      this.frame.components.forEach((c, index) => {
        const quant = segments.quant[c.quantId];
        if (!quant) throw new JpegDecodeError("corrupt JPEG: missing quantisation table");
        const size = this.sizes[index]!;
        for (let column = this.g.firstColumn; column < this.g.endColumn; column++) {
          for (let v = 0; v < c.v; v++) {
            for (let h = 0; h < c.h; h++) {
              const at = this.valuesAt(index, column * c.h + h, row * c.v + v);
              renderBlock(
                this.values[index]!,
                at,
                size.nx,
                quant,
                size,
                work,
                rows.planes[index]!,
                rows.blockOffset(index, column, h, v),
                rows.strides[index]!,
              );
            }
          }
        }
      });
      rows.emit(row);
    }
  }
}

/** One scan of a progressive (or multi-scan sequential) frame, into the coefficient store. */
function decodeStoredScan(
  data: Uint8Array,
  dataStart: number,
  segments: Segments,
  scan: Scan,
  store: CoefficientStore,
): number {
  const frame = segments.frame!;
  const reader = new BitReader(data, dataStart);
  const sequential = !frame.progressive;
  if (sequential && (scan.start !== 0 || scan.end !== 63 || scan.high !== 0 || scan.low !== 0))
    throw new JpegDecodeError("corrupt JPEG: bad sequential scan");
  if (!sequential && scan.start === 0 && scan.end !== 0)
    throw new JpegDecodeError("corrupt JPEG: progressive scan mixing DC and AC");
  if (!sequential && scan.start > 0 && scan.components.length !== 1)
    throw new JpegDecodeError("corrupt JPEG: interleaved AC scan");
  const needsDc = scan.start === 0 && scan.high === 0;
  const needsAc = scan.end > 0;
  if (scan.components.some((c) => (needsDc && !c.dcTable) || (needsAc && !c.acTable)))
    throw new JpegDecodeError("corrupt JPEG: missing Huffman table");
  for (const c of scan.components) c.pred = 0;
  let eobRun = 0;
  const p1 = 1 << scan.low;
  const m1 = -1 << scan.low;
  // Kept values: `at` is the block's first slot (−1 outside the window), `slot[z]` the coefficient's (−1 when not kept).
  const setValue = (values: Int16Array, slot: Int8Array, at: number, z: number, value: number) => {
    if (at >= 0 && slot[z]! >= 0) values[at + slot[z]!] = value;
  };
  const refine = (values: Int16Array, slot: Int8Array, at: number, z: number) => {
    if (reader.bit() && at >= 0 && slot[z]! >= 0) {
      const current = values[at + slot[z]!]!;
      if ((current & p1) === 0) values[at + slot[z]!] = current >= 0 ? current + p1 : current + m1;
    }
  };
  const decodeBlock = (index: number, c: Component, x: number, y: number) => {
    const mask = store.nonZero[index]!;
    const word = (y * c.blocksPerLine + x) * 2;
    const values = store.values[index]!;
    const at = store.valuesAt(index, x, y);
    const slot = store.slots[index]!;
    if (scan.start === 0) {
      if (scan.high === 0) {
        c.pred += reader.receiveExtend(reader.decode(c.dcTable!));
        setValue(values, slot, at, 0, c.pred * p1);
      } else if (reader.bit() && at >= 0) values[at]! |= p1;
      if (!sequential) return;
    }
    const first = Math.max(1, scan.start);
    if (scan.high === 0) {
      if (eobRun > 0) {
        eobRun--;
        return;
      }
      for (let k = first; k <= scan.end;) {
        const rs = reader.decode(c.acTable!);
        const size = rs & 15;
        const run = rs >> 4;
        if (size === 0) {
          if (run < 15) {
            eobRun = (1 << run) - 1 + reader.read(run);
            break;
          }
          k += 16;
          continue;
        }
        k += run;
        if (k > scan.end) throw new JpegDecodeError("corrupt JPEG: coefficient past the end of a band");
        const z = ZIGZAG[k]!;
        mask[word + (z >> 5)]! |= 1 << (z & 31);
        setValue(values, slot, at, z, reader.receiveExtend(size) * p1);
        k++;
      }
      return;
    }
    // A refining AC scan (T.81 G.1.2.3): one correction bit for each coefficient already non-zero,
    // new coefficients of ±1 placed among the zeros.
    let k = first;
    if (eobRun === 0) {
      while (k <= scan.end) {
        const rs = reader.decode(c.acTable!);
        const size = rs & 15;
        let run = rs >> 4;
        let value = 0;
        if (size !== 0) {
          if (size !== 1) throw new JpegDecodeError("corrupt JPEG: bad refinement value");
          value = reader.bit() ? p1 : m1;
        } else if (run !== 15) {
          eobRun = (1 << run) + reader.read(run);
          break;
        }
        while (k <= scan.end) {
          const z = ZIGZAG[k]!;
          if ((mask[word + (z >> 5)]! >>> (z & 31)) & 1) refine(values, slot, at, z);
          else {
            if (run === 0) break;
            run--;
          }
          k++;
        }
        if (value !== 0) {
          if (k > scan.end) throw new JpegDecodeError("corrupt JPEG: coefficient past the end of a band");
          const z = ZIGZAG[k]!;
          mask[word + (z >> 5)]! |= 1 << (z & 31);
          setValue(values, slot, at, z, value);
        }
        k++;
      }
    }
    if (eobRun > 0) {
      for (; k <= scan.end; k++) {
        const z = ZIGZAG[k]!;
        if ((mask[word + (z >> 5)]! >>> (z & 31)) & 1) refine(values, slot, at, z);
      }
      eobRun--;
    }
  };

  const indexes = scan.components.map((c) => frame.components.indexOf(c));
  if (scan.components.length === 1) {
    const c = scan.components[0]!;
    const total = c.ownBlocksPerLine * c.ownBlockRows;
    const restart = restartEvery(reader, segments.restartInterval, scan.components, () => (eobRun = 0));
    for (let y = 0; y < c.ownBlockRows; y++) {
      for (let x = 0; x < c.ownBlocksPerLine; x++) {
        decodeBlock(indexes[0]!, c, x, y);
        restart(y * c.ownBlocksPerLine + x === total - 1);
      }
      reader.checkNotOverrun();
    }
  } else {
    const total = frame.mcusPerLine * frame.mcuRows;
    const restart = restartEvery(reader, segments.restartInterval, scan.components, () => (eobRun = 0));
    for (let row = 0; row < frame.mcuRows; row++) {
      for (let column = 0; column < frame.mcusPerLine; column++) {
        scan.components.forEach((c, s) => {
          for (let v = 0; v < c.v; v++)
            for (let h = 0; h < c.h; h++) decodeBlock(indexes[s]!, c, column * c.h + h, row * c.v + v);
        });
        restart(row * frame.mcusPerLine + column === total - 1);
      }
      reader.checkNotOverrun();
    }
  }
  return reader.endOfScan();
}

export interface DecodeJpegOptions {
  /** 1, 2, 4 or 8: the output is the stored image divided by it on each side. Default 1. */
  scale?: DctScale;
  /** Only this part of the stored image (its pixels), at the scale asked. */
  window?: PixelWindow;
  /** A frame above this many pixels is refused before anything is allocated. */
  maxPixels?: number;
}

/** Receives each output row (RGBA, the output's width) as it is made; the buffer is reused for the next. */
export type RowSink = (y: number, row: Uint8ClampedArray) => void;

interface Decoding {
  image: DecodedJpeg;
  rows: RowPlanes;
  geometry: Geometry;
  /** Progressive and multi-scan frames: the coefficients until the last scan. */
  store: CoefficientStore | null;
}

export function decodeJpeg(data: Uint8Array, options: DecodeJpegOptions = {}): DecodedJpeg {
  return decode(data, options);
}

/**
 * The same decode, each output row handed to `onRow` as soon as it is made instead of kept: only one
 * row of the output is ever held (a progressive frame still keeps its coefficients). Returns the
 * output's size and place, with no pixels.
 */
export function decodeJpegRows(data: Uint8Array, options: DecodeJpegOptions, onRow: RowSink): Omit<DecodedJpeg, "data"> {
  const { width, height, scale, left, top } = decode(data, options, onRow);
  return { width, height, scale, left, top };
}

function decode(data: Uint8Array, options: DecodeJpegOptions, onRow?: RowSink): DecodedJpeg {
  const scale = options.scale ?? 1;
  const segments = emptySegments();
  // Set up at the first scan, once the frame header and the tables before it are known.
  const held: { decoding?: Decoding } = {};
  walkSegments(data, segments, (at, end) => {
    const frame = segments.frame!;
    if (!held.decoding) {
      if (options.maxPixels !== undefined && frame.width * frame.height > options.maxPixels) {
        throw new JpegDecodeError(`image too large (${frame.width} × ${frame.height})`);
      }
      const geometry = windowGeometry(frame, scale, options.window);
      const width = geometry.right - geometry.left;
      const height = geometry.bottom - geometry.top;
      const image = {
        width,
        height,
        data: new Uint8ClampedArray(width * (onRow ? 1 : height) * 4),
        scale,
        left: geometry.left,
        top: geometry.top,
      };
      const rgb = segments.adobeTransform === 0 && frame.components.length === 3;
      held.decoding = { image, geometry, rows: new RowPlanes(frame, geometry, image.data, rgb, onRow), store: null };
    }
    const decoding = held.decoding;
    const scan = readScanHeader(data, at, end, segments);
    if (!frame.progressive && !decoding.store && scan.components.length === frame.components.length) {
      decodeSequentialScan(data, end, segments, scan, decoding.geometry, decoding.rows);
      return true;
    }
    decoding.store ??= new CoefficientStore(frame, decoding.geometry, decoding.rows.sizes);
    return decodeStoredScan(data, end, segments, scan, decoding.store);
  });
  if (!held.decoding) throw new JpegDecodeError("truncated JPEG: no image data");
  // A progressive file that ends between two scans shows what its scans so far hold (as a browser would).
  held.decoding.store?.render(segments, held.decoding.rows);
  return held.decoding.image;
}
