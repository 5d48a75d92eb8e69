// The contract's fonts as Worker modules (a `Data` rule in wrangler.toml). Like the OCR assets, only code
// bundled by wrangler (the switching pipeline in its Durable Object) may import this file: the Remix
// compiler has no loader for .ttf (docs/decisions/0005-offline-ocr.md, "How it runs in workerd").
import bold from "./fonts/DejaVuSans-Bold.ttf";
import regular from "./fonts/DejaVuSans.ttf";
import type { ContractFonts } from "./contract-pdf.server";

export const CONTRACT_FONTS: ContractFonts = { regular, bold };
