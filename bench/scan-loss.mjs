// Where scanned bills lose fields to OCR (issue #14): every tuning scan read twice by the same bill
// reader — once from the bill's own text layer, once from the OCR of its image-only scan — and each
// field the text layer read right but the scan did not is listed with both values. Tuning layouts and
// tuning scan conditions only (the held-out sets stay unread). Standalone:
//   node bench/scan-loss.mjs [--conditions tune|harder] [--json] [--dump DIR]
// --dump writes each scan (PDF) and its OCR text (as the reader got it) to DIR for reading the causes.
// Prints figures; asserts nothing.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

if (!process.env.EXTRACTION_BENCH_CHILD) {
  const result = spawnSync(
    process.execPath,
    ["--import", "tsx", fileURLToPath(import.meta.url), ...process.argv.slice(2)],
    {
      stdio: "inherit",
      env: { ...process.env, EXTRACTION_BENCH_CHILD: "1" },
    },
  );
  process.exit(result.status ?? 1);
}

const { extractDocument } = await import("../app/server/documents/extraction/extract-document.server.ts");
const { parseBillText } = await import("../app/server/documents/extraction/bill-parser.server.ts");
const { readPdfText } = await import("../app/server/documents/extraction/pdf-text.server.ts");
const { getOcrEngine } = await import("../app/server/documents/extraction/ocr.server.ts");
const { foldRomanian } = await import("../app/lib/text-normalize.ts");
const { nodeOcrAssets } = await import("../tests/fixtures/node-ocr.ts");
const { FIXTURE_NOW } = await import("../tests/fixtures/documents.ts");
const { renderBillPdf, billTruth } = await import("../tests/fixtures/bills.ts");
const { billSet, TUNE_SEED } = await import("../tests/fixtures/bill-sets.ts");
const { launchBrowser } = await import("../tests/support/browser.mjs");
const scans = await import("../tests/fixtures/scanned-bills.ts");

const argument = (name) => {
  const at = process.argv.indexOf(name);
  return at >= 0 ? process.argv[at + 1] : undefined;
};
const json = process.argv.includes("--json");
const dump = argument("--dump");
const conditionsName = argument("--conditions") ?? "tune";
const CONDITIONS = { tune: scans.TUNE_SCANS, harder: scans.HARDER_TUNE_SCANS };
const conditions = CONDITIONS[conditionsName];
if (!conditions) throw new Error(`--conditions: one of ${Object.keys(CONDITIONS).join(", ")}`);
if (dump) mkdirSync(dump, { recursive: true });
const log = (...args) => {
  if (!json) console.log(...args);
};

const TEXT_FIELDS = new Set(["customerName", "billingAddress", "tariffType", "supplierName"]);
const same = (field, got, want) =>
  got !== null &&
  got !== undefined &&
  (TEXT_FIELDS.has(field) ? foldRomanian(String(got)) === foldRomanian(String(want)) : String(got) === String(want));

/** The engine, with each page's text as the reader got it kept for --dump. */
let pageTexts = [];
const ocr = async () => {
  const { engine } = await getOcrEngine(nodeOcrAssets());
  return {
    recognizeRegion: engine.recognizeRegion.bind(engine),
    async recognize(image, options) {
      const page = await engine.recognize(image, options);
      pageTexts.push(page.layoutText ?? page.text);
      return page;
    },
  };
};
await ocr();

const inputs = billSet(TUNE_SEED, scans.SCANNED_TUNE_LAYOUTS, 1);
const drawn = scans.drawScans(conditions, inputs.length);
const rows = [];
const lost = [];
const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  for (const [i, input] of inputs.entries()) {
    const { pdf } = await renderBillPdf(input);
    const truth = billTruth(input);
    const scan = drawn[i];
    const bytes = await scans.scanPdf(page, pdf, scan);
    const fromText = parseBillText((await readPdfText(pdf)).text);
    pageTexts = [];
    const started = performance.now();
    const result = await extractDocument({
      bytes,
      mimeType: "application/pdf",
      documentType: "ultima_factura",
      now: FIXTURE_NOW,
      ocr,
    });
    const ms = performance.now() - started;
    const fromScan = result.extractedData;
    const name = `${input.layout}-${scan.dpi}dpi-${scan.format}${scan.format === "jpeg" ? `-q${scan.quality}` : ""}-skew${scan.skew.toFixed(1)}${scan.paper ? "-tinted" : ""}${scan.photo ? "-photo" : ""}`;
    if (dump) {
      writeFileSync(join(dump, `${name}.txt`), pageTexts.join("\n=== page ===\n"));
      writeFileSync(join(dump, `${name}.pdf`), bytes);
    }
    let textOk = 0;
    let scanOk = 0;
    let total = 0;
    for (const [field, want] of Object.entries(truth)) {
      if (want === null) continue;
      total++;
      const t = same(field, fromText[field], want);
      const s = same(field, fromScan[field], want);
      if (t) textOk++;
      if (s) scanOk++;
      if (t && !s) lost.push({ document: name, field, scan: fromScan[field] ?? null, want });
    }
    rows.push({
      document: name,
      fields: total,
      textLayer: textOk,
      scan: scanOk,
      ms: Math.round(ms),
      passes: result.ocr?.passes ?? 0,
      quality: result.ocrQuality,
    });
    log(
      `${name.padEnd(48)} text ${String(textOk).padStart(2)}/${total}  scan ${String(scanOk).padStart(2)}/${total}  ${String(Math.round(ms)).padStart(6)} ms  passes ${result.ocr?.passes ?? 0}  q ${result.ocrQuality}`,
    );
  }
} finally {
  await browser.close();
}

const sum = (key) => rows.reduce((s, r) => s + r[key], 0);
const times = rows.map((r) => r.ms).sort((a, b) => a - b);
const at = (p) => times[Math.min(times.length - 1, Math.ceil((p / 100) * times.length) - 1)];
const summary = {
  conditions: conditionsName,
  documents: rows.length,
  fields: sum("fields"),
  textLayerRight: sum("textLayer"),
  scanRight: sum("scan"),
  p50Ms: at(50),
  p95Ms: at(95),
  lost,
  rows,
};
if (json) console.log(JSON.stringify(summary, null, 2));
else {
  log("");
  log(
    `text layer ${summary.textLayerRight}/${summary.fields} (${((100 * summary.textLayerRight) / summary.fields).toFixed(1)} %), scan ${summary.scanRight}/${summary.fields} (${((100 * summary.scanRight) / summary.fields).toFixed(1)} %), p50 ${summary.p50Ms} ms, p95 ${summary.p95Ms} ms`,
  );
  log("fields the text layer read and the scan lost:");
  for (const l of lost)
    log(`  ${l.document.padEnd(48)} ${l.field.padEnd(18)} ${JSON.stringify(l.scan)} ≠ ${JSON.stringify(l.want)}`);
}
