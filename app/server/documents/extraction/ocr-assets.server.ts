// The OCR engine's binaries as Worker modules: the wasm as a precompiled module (workerd cannot
// compile bytes at run time) and the Romanian model as bytes (a `Data` rule in wrangler.toml).
// Only the Worker bundle (queue consumer, workerd tests) may import this file: the Remix compiler
// has no loader for these files, so routes never import it (docs/decisions/0005-offline-ocr.md).
import model from "@tesseract.js-data/ron/4.0.0_best_int/ron.traineddata.gz";
// tesseract-wasm's "exports" hide the .wasm from bare imports (Vite enforces them): reach it by path.
import wasm from "../../../../node_modules/tesseract-wasm/dist/tesseract-core.wasm";
import type { OcrAssets } from "./ocr.server";

export const WORKER_OCR_ASSETS: OcrAssets = { wasm, model };
