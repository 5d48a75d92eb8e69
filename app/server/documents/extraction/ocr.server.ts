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
}

export interface RecognizeOptions {
  /** Turns to try, in order. The first reading that `accept` approves wins; otherwise the most confident. */
  rotations?: QuarterTurn[];
  accept?: (result: OcrPageResult) => boolean;
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

  private read(image: RgbaImage, rotation: QuarterTurn, contrastSpread: number, skewDegrees: number): OcrPageResult {
    const started = performance.now();
    const turned = rotate(image, rotation);
    this.engine.loadImage(turned);
    const lines: OcrLine[] = this.engine
      .getTextBoxes("line")
      .map((item) => ({ text: item.text.replace(/\n+$/, ""), confidence: item.confidence, rect: item.rect }))
      .filter((line) => line.text.trim().length > 0);
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
    };
  }

  async recognize(input: RgbaImage, options: RecognizeOptions = {}): Promise<OcrPageResult> {
    const shrunk = shrinkToFit(input);
    // A photo taken at an angle: straighten the text lines first (the engine reads level lines best).
    const skewDegrees = estimateSkewDegrees(shrunk);
    const level = Math.abs(skewDegrees) >= 0.8 ? rotateDegrees(shrunk, -skewDegrees) : shrunk;
    const { image, report } = normalizeContrast(level);
    const rotations = options.rotations ?? [0];
    let best: OcrPageResult | null = null;
    let spent = 0;
    let passes = 0;
    for (const rotation of rotations) {
      // Each pass blocks the isolate: requests in flight are answered first (docs/decisions/0006).
      await yieldToRequests();
      const result = this.read(image, rotation, report.spread, skewDegrees);
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
