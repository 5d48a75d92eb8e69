// Module imports wrangler bundles without JavaScript: see the [[rules]] in wrangler.toml.
declare module "*.wasm" {
  const module: WebAssembly.Module;
  export default module;
}
declare module "*.traineddata.gz" {
  const bytes: ArrayBuffer;
  export default bytes;
}

// tesseract-wasm ships typings in dist/ but its package.json "exports" hide them: the part we use.
declare module "tesseract-wasm" {
  export interface IntRect {
    left: number;
    top: number;
    right: number;
    bottom: number;
  }
  export interface TextItem {
    rect: IntRect;
    flags: number;
    /** 0..1 */
    confidence: number;
    text: string;
  }
  export interface OCREngine {
    destroy(): void;
    setVariable(name: string, value: string): void;
    loadModel(model: Uint8Array | ArrayBuffer): void;
    loadImage(image: ImageData | { width: number; height: number; data: Uint8ClampedArray }): void;
    clearImage(): void;
    getTextBoxes(unit: "line" | "word"): TextItem[];
    getText(): string;
  }
  export function createOCREngine(options?: { wasmBinary?: Uint8Array | ArrayBuffer }): Promise<OCREngine>;
  /** Bits of TextItem.flags: where the engine's own lines start and end. */
  export const layoutFlags: { StartOfLine: number; EndOfLine: number };
}

declare module "*.ttf" {
  const bytes: ArrayBuffer;
  export default bytes;
}

// Test fixtures imported as bytes inside workerd (tests/integration/extraction.test.ts).
declare module "*.pdf" {
  const bytes: ArrayBuffer;
  export default bytes;
}
declare module "*.jpg" {
  const bytes: ArrayBuffer;
  export default bytes;
}
declare module "*.png" {
  const bytes: ArrayBuffer;
  export default bytes;
}
