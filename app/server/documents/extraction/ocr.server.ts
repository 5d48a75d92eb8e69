// Offline OCR: Tesseract 5 (LSTM) compiled to WebAssembly by the tesseract-wasm package, with the
// Romanian model of @tesseract.js-data/ron (docs/decisions/0005-offline-ocr.md).
//
// workerd refuses to compile WebAssembly from bytes at run time, so the caller hands over an
// already compiled WebAssembly.Module (a `.wasm` module import in the Worker; bytes are fine in Node).
// The engine is built once per isolate and reused: the cold start is paid once.
import { createOCREngine, type OCREngine } from "tesseract-wasm";
import { yieldToRequests } from "../../foreground.server";
import { crop, estimateSkewDegrees, normalizeContrast, rotate, rotateDegrees, shrinkToFit, type QuarterTurn, type RgbaImage } from "./image.server";

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
}

interface WordBox {
  text: string;
  rect: OcrLine["rect"];
}

/**
 * Words regrouped into rows by their vertical centre, left to right; a gap wider than about two
 * letter heights starts a new cell ('\t'), as the bill reader expects of a two-column page.
 */
export function rowsFromWords(words: WordBox[]): string {
  const sorted = words
    .filter((w) => w.text.trim().length > 0)
    .map((w) => ({ ...w, centre: (w.rect.top + w.rect.bottom) / 2, height: w.rect.bottom - w.rect.top }))
    .sort((a, b) => a.centre - b.centre || a.rect.left - b.rect.left);
  const rows: (typeof sorted)[] = [];
  for (const word of sorted) {
    const row = rows[rows.length - 1];
    const reference = row?.[0];
    if (row && reference && Math.abs(reference.centre - word.centre) <= Math.max(3, Math.min(reference.height, word.height) * 0.5)) row.push(word);
    else rows.push([word]);
  }
  return rows
    .map((row) => {
      row.sort((a, b) => a.rect.left - b.rect.left);
      // The row's letter height, not the word's: a dash or a comma is a low box.
      const heights = row.map((w) => w.height).sort((a, b) => a - b);
      const letter = heights[Math.floor(heights.length / 2)]!;
      let line = "";
      let end = -Infinity;
      for (const word of row) {
        const gap = word.rect.left - end;
        if (line.length > 0) line += gap > letter * 1.6 ? "\t" : " ";
        line += word.text.trim();
        end = word.rect.right;
      }
      return line;
    })
    .join("\n");
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
  /** Reads a region again with a restricted alphabet (an MRZ: A–Z, 0–9, '<'). */
  recognizeRegion(image: RgbaImage, rect: OcrLine["rect"], whitelist: string): OcrLine[];
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
 * tesseract-wasm only accepts wasm bytes, which workerd cannot compile. For the length of the
 * instantiation, WebAssembly.instantiate is pointed at the precompiled module instead.
 */
async function instantiateEngine(wasm: OcrAssets["wasm"]): Promise<OCREngine> {
  if (!(wasm instanceof WebAssembly.Module)) return createOCREngine({ wasmBinary: wasm });
  const original = WebAssembly.instantiate;
  const patched = ((source: unknown, imports?: WebAssembly.Imports) =>
    source instanceof WebAssembly.Module
      ? original(source, imports)
      : original(wasm, imports).then((instance) => ({ instance, module: wasm }))) as typeof WebAssembly.instantiate;
  WebAssembly.instantiate = patched;
  try {
    return await createOCREngine({ wasmBinary: new Uint8Array(8) });
  } finally {
    WebAssembly.instantiate = original;
  }
}

class TesseractOcr implements OcrEngine {
  constructor(private readonly engine: OCREngine) {}

  private read(image: RgbaImage, rotation: QuarterTurn, contrastSpread: number, skewDegrees: number, layout: boolean): OcrPageResult {
    const started = performance.now();
    const turned = rotate(image, rotation);
    this.engine.loadImage(turned);
    const lines: OcrLine[] = this.engine
      .getTextBoxes("line")
      .map((item) => ({ text: item.text.replace(/\n+$/, ""), confidence: item.confidence, rect: item.rect }))
      .filter((line) => line.text.trim().length > 0);
    const layoutText = layout ? rowsFromWords(this.engine.getTextBoxes("word").map((w) => ({ text: w.text, rect: w.rect }))) : undefined;
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
      ...(layoutText === undefined ? {} : { layoutText }),
    };
  }

  async recognize(input: RgbaImage, options: RecognizeOptions = {}): Promise<OcrPageResult> {
    const shrunk = shrinkToFit(input);
    // A photo taken at an angle: straighten the text lines first (the engine reads level lines best).
    const skewDegrees = estimateSkewDegrees(shrunk);
    await yieldToRequests();
    const level = Math.abs(skewDegrees) >= 0.8 ? rotateDegrees(shrunk, -skewDegrees) : shrunk;
    await yieldToRequests();
    const { image, report } = normalizeContrast(level, options.darkShare);
    const rotations = options.rotations ?? [0];
    let best: OcrPageResult | null = null;
    let spent = 0;
    let passes = 0;
    for (const rotation of rotations) {
      // Each pass blocks the isolate: requests in flight are answered first (docs/decisions/0006).
      await yieldToRequests();
      const result = this.read(image, rotation, report.spread, skewDegrees, options.layout === true);
      spent += result.durationMs;
      passes++;
      if (options.accept?.(result)) return { ...result, durationMs: spent, passes };
      if (!best || result.confidence > best.confidence) best = result;
    }
    return { ...best!, durationMs: spent, passes };
  }

  recognizeRegion(image: RgbaImage, rect: OcrLine["rect"], whitelist: string): OcrLine[] {
    const region = crop(image, rect);
    this.engine.setVariable("tessedit_char_whitelist", whitelist);
    try {
      this.engine.loadImage(region);
      return this.engine
        .getTextBoxes("line")
        .map((item) => ({
          text: item.text.replace(/\n+$/, ""),
          confidence: item.confidence,
          rect: {
            left: item.rect.left + rect.left,
            top: item.rect.top + rect.top,
            right: item.rect.right + rect.left,
            bottom: item.rect.bottom + rect.top,
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
