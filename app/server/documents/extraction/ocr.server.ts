// Offline OCR: Tesseract 5 (LSTM) compiled to WebAssembly by the tesseract-wasm package, with the
// Romanian model of @tesseract.js-data/ron (docs/decisions/0005-offline-ocr.md).
//
// workerd refuses to compile WebAssembly from bytes at run time, so the caller hands over an
// already compiled WebAssembly.Module (a `.wasm` module import in the Worker; bytes are fine in Node).
// The engine is built once per isolate and reused: the cold start is paid once.
import { createOCREngine, layoutFlags, type OCREngine } from "tesseract-wasm";
import { yieldToRequests } from "../../foreground.server";
import { crop, enlarge, estimateSkewDegrees, normalizeContrast, rotate, rotateDegrees, shrinkToFit, type QuarterTurn, type RgbaImage } from "./image.server";

export interface OcrAssets {
  /** tesseract-core.wasm: a compiled module (workerd) or its bytes (Node). */
  wasm: WebAssembly.Module | Uint8Array;
  /** The traineddata, raw or gzip-compressed (as the npm package ships it). */
  model: Uint8Array | ArrayBuffer;
}

export interface OcrLine {
  text: string;
  /** 0..1 */
  confidence: number;
  rect: { left: number; top: number; right: number; bottom: number };
}

export interface OcrPageResult {
  text: string;
  lines: OcrLine[];
  /** Mean word confidence weighted by word length, 0..1. */
  confidence: number;
  /** The clockwise turn applied to the input before reading. */
  rotation: QuarterTurn;
  /** 2nd–98th percentile luminance spread of the input before stretching (0..255). */
  contrastSpread: number;
  /** The text lines' angle found and straightened before reading, degrees (0: none). */
  skewDegrees: number;
  width: number;
  height: number;
  durationMs: number;
  /** Full OCR passes run (one per rotation tried). */
  passes: number;
  /** The grey, contrast-stretched, rotated image that was read (for a second pass on a region). */
  image: RgbaImage;
  /** Rows rebuilt from word positions, cells far apart separated by '\t' (only when asked for). */
  layoutText?: string;
  /** The engine's words with how sure it was of each, 0..1, where they are in `image` (only with `layoutText`). */
  words?: OcrLine[];
}

export interface WordBox {
  text: string;
  rect: OcrLine["rect"];
  /** The engine starts one of its lines here; without these marks every word stands alone. */
  lineStart?: boolean;
}

/** A run of words the engine read as one line, in coordinates with the page's residual slope taken out. */
interface Segment {
  words: WordBox[];
  left: number;
  right: number;
  top: number;
  bottom: number;
  /** Punctuation only (a leader's dots, a dash, a separator dot): joins the row whose letters it sits in. */
  punctuation: boolean;
}

const PUNCTUATION_ONLY = /^[\p{P}\p{S}]+$/u;
/** A dot leader between a label and its value ('Total ....... 12,00') as the engine reads it: dots, commas, dashes. */
const LEADER = /^[.…·•,_-]{2,}$/;
/** A leader's last dot read into the value: '-1.195,04', '.12,00'. */
const LEADER_RESIDUE = /^[.…·,_-]+(?=\d)/;

function segmentsOf(words: WordBox[], slope: number): Segment[] {
  const groups: WordBox[][] = [];
  for (const word of words) {
    if (word.text.trim().length === 0) continue;
    const current = groups[groups.length - 1];
    if (current && word.lineStart === false) current.push(word);
    else groups.push([word]);
  }
  return groups.map((group) => {
    const left = Math.min(...group.map((w) => w.rect.left));
    const right = Math.max(...group.map((w) => w.rect.right));
    const shift = slope * ((left + right) / 2);
    return {
      words: group,
      left,
      right,
      top: Math.min(...group.map((w) => w.rect.top)) - shift,
      bottom: Math.max(...group.map((w) => w.rect.bottom)) - shift,
      punctuation: group.every((w) => PUNCTUATION_ONLY.test(w.text.trim())),
    };
  });
}

const centreOf = (s: { top: number; bottom: number }) => (s.top + s.bottom) / 2;
/** Whether `y` lies within the segment's height, a quarter of it to spare. */
const within = (y: number, s: Segment) => {
  const spare = (s.bottom - s.top) * 0.25;
  return y >= s.top - spare && y <= s.bottom + spare;
};

/**
 * Two runs of letters print on one baseline when each one's centre lies within the other's height:
 * a figure without descenders beside a label with them passes, the next line of text does not, and
 * a tall logo does not pull two rows together. Punctuation only needs its centre inside the letters.
 */
function onOneRow(segment: Segment, member: Segment): boolean {
  if (segment.punctuation) return within(centreOf(segment), member);
  if (member.punctuation) return false;
  return within(centreOf(segment), member) && within(centreOf(member), segment);
}

/**
 * The engine's lines regrouped into the page's rows, left to right, the shape of the PDF text layer
 * the bill reader was written for: a label and its value printed on one baseline come out on one
 * row even when the engine split them (a figure's box is shorter than a label's), cells far apart
 * separated by '\t'. `slope`: the text lines' residual slope (dy/dx) left in the image. Dot leaders
 * become the cell gap they stand for; a lone small dot at mid-height is a separator '·', however
 * the engine read it ('-', ':', '*').
 */
export function rowsFromWords(words: WordBox[], slope = 0): string {
  const segments = segmentsOf(words, slope).sort((a, b) => centreOf(a) - centreOf(b) || a.left - b.left);
  const rows: Segment[][] = [];
  for (const segment of segments) {
    let best: { row: Segment[]; distance: number } | null = null;
    // Rows are in centre order: only the last few can share this one's baseline.
    for (const row of rows.slice(-4)) {
      for (const member of row) {
        if (!onOneRow(segment, member)) continue;
        const distance = Math.abs(centreOf(segment) - centreOf(member));
        if (!best || distance < best.distance) best = { row, distance };
      }
    }
    if (best) best.row.push(segment);
    else rows.push([segment]);
  }
  return rows
    .map(lineOf)
    .filter((line) => line.length > 0)
    .join("\n");
}

function lineOf(row: Segment[]): string {
  const words = row
    .sort((a, b) => a.left - b.left)
    .flatMap((segment, index) => segment.words.map((word, at) => ({ word, text: word.text.trim(), newSegment: at === 0 && index > 0 })));
  // The row's letter height, from its words of letters (a dash or a comma is a low box).
  const lettered = words.filter(({ text }) => !PUNCTUATION_ONLY.test(text));
  const heights = (lettered.length > 0 ? lettered : words).map(({ word }) => word.rect.bottom - word.rect.top).sort((a, b) => a - b);
  const letter = heights[Math.floor(heights.length / 2)]!;
  const leader = leaderWords(words, letter);
  let line = "";
  let end = -Infinity;
  let afterLeader = false;
  let neighbour: WordBox | null = null;
  for (const [index, entry] of words.entries()) {
    const { word, newSegment } = entry;
    let text = entry.text;
    if (leader[index]) {
      afterLeader = true;
      end = word.rect.right;
      continue;
    }
    if (afterLeader) text = text.replace(LEADER_RESIDUE, "");
    if (neighbour && isSeparatorDot(word, text, letter, neighbour.rect)) text = "·";
    const gap = word.rect.left - end;
    if (line.length > 0) line += afterLeader || gap > letter * (newSegment ? 0.9 : 1.6) ? "\t" : " ";
    line += text;
    end = word.rect.right;
    afterLeader = false;
    if (!PUNCTUATION_ONLY.test(text)) neighbour = word;
  }
  return line;
}

/**
 * Which words belong to a dot leader: the runs of dots, the single marks the engine split off their
 * ends, and a lone mark standing apart (the engine sees few of a leader's dots).
 */
function leaderWords(words: { word: WordBox; text: string }[], letter: number): boolean[] {
  const mark = /^[.…·•,_-]$/;
  const leader = words.map(({ text }) => LEADER.test(text));
  const gapBefore = (i: number) => (i === 0 || i === words.length ? Infinity : words[i]!.word.rect.left - words[i - 1]!.word.rect.right);
  for (let i = 0; i < words.length; i++) {
    const text = words[i]!.text;
    const wide = [gapBefore(i) > letter, gapBefore(i + 1) > letter];
    const beforeFigure = /^\d/.test(words[i + 1]?.text ?? "");
    // A dot beside a wide gap is what is left of a leader; a dash only when it ends a gap right
    // before a figure (standing alone, it is a cell's 'nothing').
    if (mark.test(text) && (/[.…·,]/.test(text) ? wide.some(Boolean) : wide[0] && !wide[1] && beforeFigure)) leader[i] = true;
  }
  for (let i = 0; i < words.length; i++) {
    if (!leader[i] || !LEADER.test(words[i]!.text)) continue;
    for (let j = i - 1; j >= 0 && !leader[j] && mark.test(words[j]!.text); j--) leader[j] = true;
    for (let j = i + 1; j < words.length && !leader[j] && mark.test(words[j]!.text); j++) leader[j] = true;
  }
  return leader;
}

/**
 * A middle dot between facts ('POD … · E.ON Confort · 5,00 kW'): one small, roughly square mark at
 * mid-height of the word before it — unlike a dash (wider than high), a colon (tall) or a full stop
 * (on the baseline).
 */
function isSeparatorDot(word: WordBox, text: string, letter: number, band: OcrLine["rect"]): boolean {
  if (text.length !== 1 || !PUNCTUATION_ONLY.test(text)) return false;
  const width = word.rect.right - word.rect.left;
  const height = word.rect.bottom - word.rect.top;
  if (height > letter * 0.35 || width > height * 1.25 || height > width * 2) return false;
  const position = (centreOf(word.rect) - band.top) / Math.max(1, band.bottom - band.top);
  return position > 0.3 && position < 0.68;
}

export interface RecognizeOptions {
  /** Also rebuild the page's rows from word boxes, columns apart joined by '\t' (as the PDF text layer is). */
  layout?: boolean;
  /** Turns to try, in order. The first reading that `accept` approves wins; otherwise the most confident. */
  rotations?: QuarterTurn[];
  accept?: (result: OcrPageResult) => boolean;
  /** Share of darkest pixels taken as black in the contrast stretch (default 2 %). */
  darkShare?: number;
}

export interface OcrEngine {
  /** Async only to let requests go first before each pass (docs/decisions/0006); a pass itself is synchronous. */
  recognize(image: RgbaImage, options?: RecognizeOptions): Promise<OcrPageResult>;
  /**
   * Reads a region again, with a restricted alphabet (an MRZ: A–Z, 0–9, '<') or none (''), `scale`
   * times larger (a second reading at another size, to confirm the first).
   */
  recognizeRegion(image: RgbaImage, rect: OcrLine["rect"], whitelist: string, scale?: number): OcrLine[];
}

export interface OcrEngineStats {
  /** Time to instantiate the wasm module and load the model, ms. */
  initMs: number;
  modelBytes: number;
}

async function gunzipIfNeeded(model: Uint8Array | ArrayBuffer): Promise<Uint8Array> {
  const bytes = model instanceof Uint8Array ? model : new Uint8Array(model);
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * Tesseract's per-page diagnostics ("Estimating resolution as 208", "Detected 36 diacritics", "Empty
 * page!!", Leptonica's "Error in boxClipToRectangle: …") say nothing an operator can act on: every
 * document prints several, and they drown the worker's own log lines.
 */
const TESSERACT_CHATTER = [/^Estimating resolution as \d+$/, /^Detected \d+ diacritics$/, /^Empty page!!$/, /^Error in \w+: /, /^Warning: Invalid resolution \d+ dpi\b/, /^Too few characters\b/];

export function isTesseractChatter(line: string): boolean {
  return TESSERACT_CHATTER.some((pattern) => pattern.test(line));
}

/**
 * The Emscripten module binds its stdout / stderr to console.log / console.warn when it is created,
 * and tesseract-wasm offers no option to replace them: for the length of the creation both are
 * filtered, and the bound copies keep the filter.
 */
async function withTesseractChatterDropped<T>(create: () => Promise<T>): Promise<T> {
  const { log, warn } = console;
  const filtered =
    (write: (...data: unknown[]) => void) =>
    (...data: unknown[]) => {
      if (data.length === 1 && typeof data[0] === "string" && isTesseractChatter(data[0])) return;
      write.apply(console, data);
    };
  console.log = filtered(log);
  console.warn = filtered(warn);
  try {
    return await create();
  } finally {
    console.log = log;
    console.warn = warn;
  }
}

/**
 * tesseract-wasm only accepts wasm bytes, which workerd cannot compile. For the length of the
 * instantiation, WebAssembly.instantiate is pointed at the precompiled module instead.
 */
async function instantiateEngine(wasm: OcrAssets["wasm"]): Promise<OCREngine> {
  if (!(wasm instanceof WebAssembly.Module)) return withTesseractChatterDropped(() => createOCREngine({ wasmBinary: wasm }));
  const original = WebAssembly.instantiate;
  const patched = ((source: unknown, imports?: WebAssembly.Imports) =>
    source instanceof WebAssembly.Module
      ? original(source, imports)
      : original(wasm, imports).then((instance) => ({ instance, module: wasm }))) as typeof WebAssembly.instantiate;
  WebAssembly.instantiate = patched;
  try {
    return await withTesseractChatterDropped(() => createOCREngine({ wasmBinary: new Uint8Array(8) }));
  } finally {
    WebAssembly.instantiate = original;
  }
}

class TesseractOcr implements OcrEngine {
  constructor(private readonly engine: OCREngine) {}

  /** `residualSkew`: the lines' angle left in `image` (not straightened), degrees. */
  private read(image: RgbaImage, rotation: QuarterTurn, contrastSpread: number, skewDegrees: number, residualSkew: number, layout: boolean): OcrPageResult {
    const started = performance.now();
    const turned = rotate(image, rotation);
    this.engine.loadImage(turned);
    const lines: OcrLine[] = this.engine
      .getTextBoxes("line")
      .map((item) => ({ text: item.text.replace(/\n+$/, ""), confidence: item.confidence, rect: item.rect }))
      .filter((line) => line.text.trim().length > 0);
    // A half turn keeps the lines' slope; a quarter turn makes the angle measured across meaningless.
    const slope = rotation === 0 || rotation === 180 ? Math.tan((residualSkew * Math.PI) / 180) : 0;
    const words = layout ? this.engine.getTextBoxes("word") : [];
    const layoutText = layout
      ? rowsFromWords(
          words.map((w) => ({ text: w.text, rect: w.rect, lineStart: (w.flags & layoutFlags.StartOfLine) !== 0 })),
          slope,
        )
      : undefined;
    let weighted = 0;
    let letters = 0;
    for (const line of lines) {
      weighted += line.confidence * line.text.length;
      letters += line.text.length;
    }
    return {
      text: lines.map((l) => l.text).join("\n"),
      lines,
      confidence: letters > 0 ? weighted / letters : 0,
      rotation,
      contrastSpread,
      skewDegrees,
      width: turned.width,
      height: turned.height,
      durationMs: performance.now() - started,
      passes: 1,
      image: turned,
      ...(layoutText === undefined ? {} : { layoutText, words: words.map((w) => ({ text: w.text, confidence: w.confidence, rect: w.rect })) }),
    };
  }

  async recognize(input: RgbaImage, options: RecognizeOptions = {}): Promise<OcrPageResult> {
    const shrunk = shrinkToFit(input);
    // A photo taken at an angle: straighten the text lines first (the engine reads level lines best).
    const skewDegrees = estimateSkewDegrees(shrunk);
    await yieldToRequests();
    const straighten = Math.abs(skewDegrees) >= 0.8;
    const level = straighten ? rotateDegrees(shrunk, -skewDegrees) : shrunk;
    await yieldToRequests();
    const { image, report } = normalizeContrast(level, options.darkShare);
    const rotations = options.rotations ?? [0];
    let best: OcrPageResult | null = null;
    let spent = 0;
    let passes = 0;
    for (const rotation of rotations) {
      // Each pass blocks the isolate: requests in flight are answered first (docs/decisions/0006).
      await yieldToRequests();
      const result = this.read(image, rotation, report.spread, skewDegrees, straighten ? 0 : skewDegrees, options.layout === true);
      spent += result.durationMs;
      passes++;
      if (options.accept?.(result)) return { ...result, durationMs: spent, passes };
      if (!best || result.confidence > best.confidence) best = result;
    }
    return { ...best!, durationMs: spent, passes };
  }

  recognizeRegion(image: RgbaImage, rect: OcrLine["rect"], whitelist: string, scale = 1): OcrLine[] {
    const region = scale === 1 ? crop(image, rect) : enlarge(crop(image, rect), scale);
    this.engine.setVariable("tessedit_char_whitelist", whitelist);
    try {
      this.engine.loadImage(region);
      return this.engine
        .getTextBoxes("line")
        .map((item) => ({
          text: item.text.replace(/\n+$/, ""),
          confidence: item.confidence,
          rect: {
            left: item.rect.left / scale + rect.left,
            top: item.rect.top / scale + rect.top,
            right: item.rect.right / scale + rect.left,
            bottom: item.rect.bottom / scale + rect.top,
          },
        }))
        .filter((line) => line.text.trim().length > 0);
    } finally {
      this.engine.setVariable("tessedit_char_whitelist", "");
    }
  }
}

let cached: Promise<{ engine: OcrEngine; stats: OcrEngineStats }> | null = null;

/** The isolate's OCR engine, created on first use from the given assets. */
export function getOcrEngine(assets: OcrAssets): Promise<{ engine: OcrEngine; stats: OcrEngineStats }> {
  cached ??= (async () => {
    const started = performance.now();
    const engine = await instantiateEngine(assets.wasm);
    const model = await gunzipIfNeeded(assets.model);
    engine.loadModel(model);
    return { engine: new TesseractOcr(engine), stats: { initMs: performance.now() - started, modelBytes: model.byteLength } };
  })();
  cached.catch(() => {
    cached = null;
  });
  return cached;
}
