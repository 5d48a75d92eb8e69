// Extraction bench: per-field accuracy against the fixtures' ground truth and p50/p95 processing
// time per document kind, in Node (same V8 as workerd). Standalone:
//   node bench/extraction.mjs [--json] [--tuning-only] [--bills | --ids] [--round 10|34] [--held-out] [--held-out-only] [--degraded-labels]
// (`--held-out-only` skips every tuning set: a sealed round's first reading on its own.)
// (re-runs itself under tsx to load the TypeScript modules). `--round` picks the held-out bill round:
// 10 by default (now empty: round 10 joined the tuning half once measured, so only the tuning sets are read);
// 34 is the sealed round (kept unread for the next round of fixes, read only when asked); rounds 11 to
// 33, read once each, joined the tuning half. The held-out ID photos (HELD_OUT_PHOTOS, the round after the last ROUNDn_PHOTOS) are sealed
// too: only `--held-out` reads them (e.g. `--ids --held-out`); any other run, `--ids` included, reads
// the tuning photos only (ROUND1_PHOTOS, ROUND2_PHOTOS, … every one exported: rounds already read once). Fixtures: tests/fixtures/generated/
// (regenerate with `npx tsx tests/fixtures/generate.ts`), plus seeded bills rendered in memory:
// the tuning layouts with the tuning seed and the held-out layouts with another seed (issue #14).
// Prints figures; asserts nothing.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

if (!process.env.EXTRACTION_BENCH_CHILD) {
  const result = spawnSync(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: "inherit",
    env: { ...process.env, EXTRACTION_BENCH_CHILD: "1" },
  });
  process.exit(result.status ?? 1);
}

const { extractDocument } = await import("../app/server/documents/extraction/extract-document.server.ts");
const { getOcrEngine } = await import("../app/server/documents/extraction/ocr.server.ts");
const { foldRomanian } = await import("../app/lib/text-normalize.ts");
const { nodeOcrAssets } = await import("../tests/fixtures/node-ocr.ts");
const fixtures = await import("../tests/fixtures/documents.ts");
const { renderBillPdf, billTruth, TUNE_LAYOUTS, HELD_OUT_LAYOUTS, SEALED_LAYOUTS } = await import("../tests/fixtures/bills.ts");
const { billSet, TUNE_SEED, HELD_OUT_SEED, SEALED_SEED } = await import("../tests/fixtures/bill-sets.ts");
const idPhotos = await import("../tests/fixtures/id-photos.ts");
const { idPhotoSet, renderIdPhoto, TUNE_PHOTOS, TUNE_SCENE_PHOTOS, HELD_OUT_PHOTOS } = idPhotos;
/** The photo rounds already read once, ROUND1_PHOTOS on, as many as the fixtures export: the sealed round is the next one. */
const photoRounds = [];
for (let r = 1; idPhotos[`ROUND${r}_PHOTOS`]; r++) photoRounds.push(idPhotos[`ROUND${r}_PHOTOS`]);
const heldOutPhotoRound = photoRounds.length + 1;
/** A scan's drawn conditions as its file name's suffixes, in the order they were added to the generator. */
const SCAN_MARKS = [["paper", "-tinted"], ["photo", "-photo"], ["lid", "-lid"], ["grey", "-grey"], ["fax", "-fax"], ["app", "-app"], ["folds", "-folded"], ["stain", "-stain"], ["pen", "-pen"], ["sleeve", "-sleeve"], ["staple", "-stapled"], ["upsideDown", "-upsidedown"], ["toner", "-toner"], ["note", "-note"], ["crumple", "-crumpled"], ["highlight", "-highlighted"], ["holes", "-punched"], ["focus", "-defocused"], ["banding", "-banded"], ["torn", "-torn"], ["halftone", "-halftone"], ["bleed", "-bleedthrough"], ["stamp", "-stamped"]];
const scanMarks = (scan) => SCAN_MARKS.map(([condition, mark]) => (scan[condition] ? mark : "")).join("");
const { idGroundTruth } = await import("../tests/fixtures/id-cards.ts");
const { launchBrowser } = await import("../tests/support/browser.mjs");
const { drawScans, scanPdf, SCANNED_TUNE_LAYOUTS, TUNE_SCANS, HARDER_TUNE_SCANS, HELD_OUT_SCANS, SEALED_SCANS, SEALED_SCANS_PER_LAYOUT } = await import("../tests/fixtures/scanned-bills.ts");

const json = process.argv.includes("--json");
/** While tuning: leave every held-out set unread (docs/benchmarks.md: a held-out set is looked at once). */
const tuningOnly = process.argv.includes("--tuning-only");
/** Bills only (text, seeded, scanned): skips every identity document, for the bill rounds. */
const billsOnly = process.argv.includes("--bills");
/** Identity documents only: skips every bill, for the ID rounds (and leaves the bills' held-out sets unread). */
const idsOnly = process.argv.includes("--ids");
/** The sealed ID photo round (HELD_OUT_PHOTOS) is read only when asked, never by default. */
const readHeldOutPhotos = process.argv.includes("--held-out") && !tuningOnly;
/** First readings: only the held-out sets asked for, none of the tuning sets (a quick read of a sealed round). */
const heldOutOnly = process.argv.includes("--held-out-only") && !tuningOnly;
const log = (...args) => {
  if (!json) console.log(...args);
};
/** The held-out bill round: 10 (HELD_OUT_*) unless `--round 34` asks for the sealed one (SEALED_*). */
const roundArg = process.argv.includes("--round") ? process.argv[process.argv.indexOf("--round") + 1] : "10";
const HELD_OUT_ROUNDS = {
  10: { layouts: HELD_OUT_LAYOUTS, seed: HELD_OUT_SEED, scans: HELD_OUT_SCANS, scansPerLayout: 2 },
  34: { layouts: SEALED_LAYOUTS, seed: SEALED_SEED, scans: SEALED_SCANS, scansPerLayout: SEALED_SCANS_PER_LAYOUT },
};
const heldOut = HELD_OUT_ROUNDS[roundArg];
if (!heldOut) {
  console.error(`--round takes ${Object.keys(HELD_OUT_ROUNDS).join(" or ")}, not ${roundArg ?? "nothing"}`);
  process.exit(2);
}
/** Round 10 joined the tuning half once measured: with no held-out layout left, only the tuning sets are read. */
const readHeldOut = !tuningOnly && heldOut.layouts.length > 0;

/**
 * The machine's floor in the same minutes: a fixed integer loop, timed at the start and the end of
 * the run. On a shared machine, times are compared as multiples of it (docs/benchmarks.md).
 */
function floorMs() {
  const started = performance.now();
  let x = 1;
  for (let i = 0; i < 2e8; i++) x = (Math.imul(x, 1103515245) + 12345) >>> 0;
  if (x === 0) log("");
  return performance.now() - started;
}
const floorAtStart = floorMs();
const PER_LAYOUT_DEGRADED = 6;

const TEXT_FIELDS = new Set(["customerName", "billingAddress", "tariffType", "supplierName", "lastName", "firstName", "birthPlace", "address", "issuedBy"]);

function same(field, got, want) {
  if (got === null || got === undefined) return false;
  if (TEXT_FIELDS.has(field)) return foldRomanian(String(got)) === foldRomanian(String(want));
  return String(got) === String(want);
}

/**
 * --degraded-labels: the text bills of the tuning layouts read three times: as printed, with every
 * label word blanked, and with every label word replaced by a made-up word (bench/degrade-labels.mjs),
 * so the last two measure the label-free path alone without any new held-out layout. Text layer
 * only; no OCR, no browser.
 */
if (process.argv.includes("--degraded-labels")) {
  const { readPdfText } = await import("../app/server/documents/extraction/pdf-text.server.ts");
  const { parseBillText } = await import("../app/server/documents/extraction/bill-parser.server.ts");
  const { degradeLabels } = await import("./degrade-labels.mjs");
  const MODES = ["intact", "blanked", "nonsense"];
  const tally = Object.fromEntries(MODES.map((mode) => [mode, new Map()]));
  const sure = Object.fromEntries(MODES.map((mode) => [mode, { n: 0, right: 0, wrong: [] }]));
  const times = [];
  const inputs = billSet(TUNE_SEED, TUNE_LAYOUTS, PER_LAYOUT_DEGRADED);
  for (const input of inputs) {
    const truth = billTruth(input);
    const { pdf } = await renderBillPdf(input);
    const started = performance.now();
    const { text } = await readPdfText(pdf);
    const intact = parseBillText(text);
    times.push(performance.now() - started);
    const readings = [["intact", intact], ["blanked", parseBillText(degradeLabels(text, truth, "blank"))], ["nonsense", parseBillText(degradeLabels(text, truth, "nonsense"))]];
    for (const [mode, parsed] of readings) {
      for (const [field, want] of Object.entries(truth)) {
        const key = `${field}`;
        const t = tally[mode].get(key) ?? { ok: 0, total: 0, misses: [] };
        t.total++;
        if (same(field, parsed[field], want)) t.ok++;
        else t.misses.push(`${input.layout}: ${JSON.stringify(parsed[field] ?? null)} ≠ ${JSON.stringify(want)}`);
        tally[mode].set(key, t);
        const confidence = parsed.fieldConfidence?.[field];
        if (confidence !== undefined && confidence >= 0.9) {
          sure[mode].n++;
          if (same(field, parsed[field], want)) sure[mode].right++;
          else sure[mode].wrong.push(`${input.layout} ${field}: ${JSON.stringify(parsed[field])} ≠ ${JSON.stringify(want)}`);
        }
      }
    }
  }
  const total = (map) => [...map.values()].reduce((a, t) => ({ ok: a.ok + t.ok, total: a.total + t.total }), { ok: 0, total: 0 });
  const out = {
    documents: inputs.length,
    layouts: TUNE_LAYOUTS.length,
    textBillMs: { p50: Math.round(percentile(times, 50)), p95: Math.round(percentile(times, 95)) },
    floorMs: [Math.round(floorAtStart), Math.round(floorMs())],
  };
  for (const mode of MODES) {
    const t = total(tally[mode]);
    out[mode] = {
      fieldAccuracy: t.ok / t.total,
      calibration: { fieldsAtLeast90: sure[mode].n, correctShare: sure[mode].right / sure[mode].n, wrong: sure[mode].wrong },
      fields: Object.fromEntries([...tally[mode]].map(([field, f]) => [field, { accuracy: f.ok / f.total, misses: f.misses }])),
    };
  }
  if (json) console.log(JSON.stringify(out, null, 2));
  else {
    log(`${out.documents} tuning bills (${out.layouts} layouts, seed ${TUNE_SEED}); text bill p50 ${out.textBillMs.p50} ms, p95 ${out.textBillMs.p95} ms; floor ${out.floorMs.join(" / ")} ms`);
    for (const mode of MODES) {
      const o = out[mode];
      log(`\n${mode} labels: field accuracy ${(o.fieldAccuracy * 100).toFixed(1)}%; ≥ 0.9 confidence ${o.calibration.fieldsAtLeast90} fields, ${(o.calibration.correctShare * 100).toFixed(1)}% right${o.calibration.wrong.length ? `   e.g. ${o.calibration.wrong.slice(0, 4).join("; ")}` : ""}`);
      for (const [field, f] of Object.entries(o.fields)) {
        log(`  ${field.padEnd(18)} ${(f.accuracy * 100).toFixed(1).padStart(6)}%${f.misses.length ? `   e.g. ${f.misses.slice(0, 3).join("; ")}` : ""}`);
      }
    }
  }
  process.exit(0);
}

const coldStarted = performance.now();
const { stats } = await getOcrEngine(nodeOcrAssets());
const ocrColdMs = performance.now() - coldStarted;
const ocr = async () => (await getOcrEngine(nodeOcrAssets())).engine;

const perKind = new Map();
/** Every identity-document miss with its photo, for the ID rounds' records (docs/benchmarks.md). */
const idMisses = [];
/** Calibration: of the fields reported with confidence ≥ 0.9, how many were right, per kind. */
const calibration = new Map();
function record(kind, ms, truth, extracted) {
  const confidence = extracted.fieldConfidence ?? {};
  for (const [field, value] of Object.entries(confidence)) {
    if (value < 0.9 || !(field in truth)) continue;
    const c = calibration.get(kind) ?? { sure: 0, right: 0, wrong: [] };
    c.sure++;
    if (same(field, extracted[field], truth[field])) c.right++;
    else c.wrong.push(`${field}: ${JSON.stringify(extracted[field])} ≠ ${JSON.stringify(truth[field])}`);
    calibration.set(kind, c);
  }
  const entry = perKind.get(kind) ?? { times: [], fields: new Map(), documents: 0, slowest: null };
  entry.documents++;
  entry.times.push(ms);
  if (!entry.slowest || ms > entry.slowest.ms) entry.slowest = { ms: Math.round(ms), file: currentFile };
  for (const [field, want] of Object.entries(truth)) {
    if (want === null || field === "pricePerKwh" && extracted.kind !== "bill") continue;
    const tally = entry.fields.get(field) ?? { ok: 0, total: 0, misses: [] };
    tally.total++;
    if (same(field, extracted[field], want)) tally.ok++;
    else tally.misses.push(`${JSON.stringify(extracted[field] ?? null)} ≠ ${JSON.stringify(want)}`);
    if (kind.startsWith("id_") && !same(field, extracted[field], want)) idMisses.push(`${kind} ${currentFile} ${field}: ${JSON.stringify(extracted[field] ?? null)} ≠ ${JSON.stringify(want)} (confidence ${confidence[field] ?? "–"})`);
    entry.fields.set(field, tally);
  }
  perKind.set(kind, entry);
}

let currentFile = "";
async function run(kind, file, mimeType, documentType, truth, bytes = fixtures.readGenerated(file)) {
  currentFile = file;
  const started = performance.now();
  const result = await extractDocument({ bytes, mimeType, documentType, now: fixtures.FIXTURE_NOW, ocr });
  const ms = performance.now() - started;
  record(kind, ms, truth, result.extractedData);
  log(`  ${file.padEnd(42)} ${ms.toFixed(0).padStart(6)} ms  ${result.processingMethod}${result.ocr ? ` rot ${result.ocr.rotation} skew ${result.ocr.skewDegrees ?? 0}° passes ${result.ocr.passes} q ${result.ocrQuality}` : ""}`);
}

log(`OCR engine cold start: ${ocrColdMs.toFixed(0)} ms (model ${(stats.modelBytes / 1e6).toFixed(1)} MB unpacked)`);
if (!tuningOnly && !idsOnly && !readHeldOut) log(`held-out bills: round ${roundArg} has no layout left (it joined the tuning half); --round 34 reads the sealed one`);
if (!billsOnly) log(readHeldOutPhotos ? `held-out ID photos: round ${heldOutPhotoRound} (seed ${HELD_OUT_PHOTOS.seed})` : "held-out ID photos: sealed, not read (--held-out reads them)");
if (readHeldOut && !idsOnly) log(`held-out bills: round ${roundArg} (${heldOut.layouts.join(", ")}; seed ${heldOut.seed}, scan seed ${heldOut.scans.seed})`);
for (const bill of idsOnly || heldOutOnly ? [] : fixtures.billFixtures()) await run("bill_pdf_text", bill.file, "application/pdf", "ultima_factura", bill.truth);
// Generalisation (issue #14): seeded bills in the tuning layouts, then in layouts never tuned on.
const PER_LAYOUT = 6;
for (const [kind, seed, layouts] of idsOnly ? [] : [...(heldOutOnly ? [] : [["bill_pdf_tune", TUNE_SEED, TUNE_LAYOUTS]]), ...(readHeldOut ? [["bill_pdf_heldout", heldOut.seed, heldOut.layouts]] : [])]) {
  for (const [i, input] of billSet(seed, layouts, PER_LAYOUT).entries()) {
    const { pdf } = await renderBillPdf(input);
    await run(kind, `seed${seed}-${input.layout}-${i % PER_LAYOUT}.pdf`, "application/pdf", "ultima_factura", billTruth(input), pdf);
  }
}
if (!idsOnly && !heldOutOnly) {
  const scanned = fixtures.scannedBillFixtures();
  await run("bill_scanned_pdf", scanned.pdf, "application/pdf", "ultima_factura", scanned.truth);
  await run("bill_photo", scanned.photo, "image/jpeg", "ultima_factura", scanned.truth);
}
for (const id of billsOnly || heldOutOnly ? [] : fixtures.idFixtures()) {
  await run(`id_${id.variant}`, id.file, id.format === "png" ? "image/png" : "image/jpeg", "document_identitate", id.truth);
}
// Electronic cards, passports and a card valid without limit: straight scans (generated/).
for (const id of billsOnly || heldOutOnly ? [] : fixtures.moreIdFixtures().filter((f) => f.variant === "scan")) {
  await run(id.cardType === "pasaport" ? "id_passport_scan" : id.cardType === "cei" ? "id_cei_scan" : "id_scan_unlimited", id.file, "image/jpeg", "document_identitate", id.truth);
}
// Photographed documents of every holder, drawn in memory by Chromium: the tuning conditions (two
// photos a holder) and, with `--held-out`, the held-out ones (another seed, worse ranges; tests/fixtures/id-photos.ts).
const browser = await launchBrowser();
try {
  const page = await browser.newPage();
  // Scanned bills: image-only PDFs of the newer layouts (tuning) and of the held-out layouts, each
  // with its own seed and scan conditions (tests/fixtures/scanned-bills.ts).
  // The harder scans (low dpi, strong JPEG, tinted paper, phone photos) are tuning material too.
  const scanSets = [
    ...(heldOutOnly ? [] : [["bill_scanned_tune", TUNE_SEED, SCANNED_TUNE_LAYOUTS, 1, TUNE_SCANS],
    ["bill_scanned_harder", TUNE_SEED, SCANNED_TUNE_LAYOUTS, 1, HARDER_TUNE_SCANS]]),
    ...(readHeldOut ? [["bill_scanned_heldout", heldOut.seed, heldOut.layouts, heldOut.scansPerLayout, heldOut.scans]] : []),
  ];
  for (const [kind, seed, layouts, perLayout, conditions] of idsOnly ? [] : scanSets) {
    const inputs = billSet(seed, layouts, perLayout);
    const scans = drawScans(conditions, inputs.length);
    for (const [i, input] of inputs.entries()) {
      const { pdf } = await renderBillPdf(input);
      const scan = scans[i];
      const bytes = await scanPdf(page, pdf, scan);
      await run(kind, `scan${seed}-${input.layout}-${i % perLayout}-${scan.dpi}dpi-${scan.format}${scanMarks(scan)}.pdf`, "application/pdf", "ultima_factura", billTruth(input), bytes);
    }
  }
  // Rounds 1 to 4 drew one photo a holder, every later round two; the scene set was written after round 5.
  const roundSet = (set, i) => [`id_photo_tune_r${i + 1}`, set, i < 4 ? 1 : 2];
  const tunePhotoSets = [["id_photo_tune", TUNE_PHOTOS, 2], ...photoRounds.slice(0, 5).map(roundSet), ["id_photo_tune_scene", TUNE_SCENE_PHOTOS, 2], ...photoRounds.slice(5).map((set, i) => roundSet(set, i + 5))];
  const photoSets = [...(heldOutOnly ? [] : tunePhotoSets), ...(readHeldOutPhotos ? [["id_photo_heldout", HELD_OUT_PHOTOS, 2]] : [])];
  for (const [kind, conditions, perHolder] of billsOnly ? [] : photoSets) {
    for (const photo of idPhotoSet(conditions, perHolder)) {
      const bytes = await renderIdPhoto(page, photo);
      const type = photo.person.passport ? "passport" : photo.person.electronic ? "cei" : "ci";
      await run(`${kind}_${type}`, photo.name, "image/jpeg", "document_identitate", idGroundTruth(photo.person), bytes);
    }
  }
} finally {
  await browser.close();
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const summary = { heldOutBillRound: readHeldOut ? Number(roundArg) : null, ocrColdStartMs: Math.round(ocrColdMs), floorMs: [Math.round(floorAtStart), Math.round(floorMs())], kinds: {}, overall: {}, calibration: {} };
for (const [kind, c] of calibration) summary.calibration[kind] = { fieldsAtLeast90: c.sure, correctShare: c.right / c.sure, wrong: c.wrong };
const groups = {
  bill: { ok: 0, total: 0, times: [] },
  bill_heldout: { ok: 0, total: 0, times: [] },
  id: { ok: 0, total: 0, times: [] },
  bill_scanned_tune: { ok: 0, total: 0, times: [] },
  bill_scanned_harder: { ok: 0, total: 0, times: [] },
  bill_scanned_heldout: { ok: 0, total: 0, times: [] },
  id_photo_tune: { ok: 0, total: 0, times: [] },
  id_photo_heldout: { ok: 0, total: 0, times: [] },
};
const groupOf = (kind) =>
  ["id_photo_tune", "id_photo_heldout", "bill_scanned_tune", "bill_scanned_harder", "bill_scanned_heldout"].find((group) => kind.startsWith(group)) ??
  (kind.startsWith("id_") ? "id" : kind === "bill_pdf_heldout" ? "bill_heldout" : "bill");
for (const [kind, entry] of perKind) {
  let ok = 0;
  let total = 0;
  const fields = {};
  for (const [field, tally] of entry.fields) {
    ok += tally.ok;
    total += tally.total;
    fields[field] = { accuracy: tally.ok / tally.total, misses: tally.misses };
  }
  const group = groups[groupOf(kind)];
  group.ok += ok;
  group.total += total;
  group.times.push(...entry.times);
  summary.kinds[kind] = {
    documents: entry.documents,
    fieldAccuracy: ok / total,
    p50Ms: Math.round(percentile(entry.times, 50)),
    p95Ms: Math.round(percentile(entry.times, 95)),
    slowest: entry.slowest,
    fields,
  };
}
for (const [name, group] of Object.entries(groups)) {
  if (group.total === 0) continue;
  summary.overall[name] = {
    fieldAccuracy: group.ok / group.total,
    p50Ms: Math.round(percentile(group.times, 50)),
    p95Ms: Math.round(percentile(group.times, 95)),
  };
}

if (json) {
  console.log(JSON.stringify(summary, null, 2));
} else {
  log("");
  log(`floor (fixed loop) at start / end: ${summary.floorMs.join(" / ")} ms`);
  log("kind                 docs  accuracy   p50 ms   p95 ms");
  for (const [kind, k] of Object.entries(summary.kinds)) {
    log(`${kind.padEnd(20)} ${String(k.documents).padStart(4)}  ${(k.fieldAccuracy * 100).toFixed(1).padStart(7)}%  ${String(k.p50Ms).padStart(7)}  ${String(k.p95Ms).padStart(7)}`);
  }
  log("");
  for (const [name, o] of Object.entries(summary.overall)) {
    log(`${name.padEnd(6)} field accuracy ${(o.fieldAccuracy * 100).toFixed(1)}%  p50 ${o.p50Ms} ms  p95 ${o.p95Ms} ms`);
  }
  log("");
  log("calibration (fields reported with confidence ≥ 0.9):");
  for (const [kind, c] of Object.entries(summary.calibration)) {
    log(`  ${kind.padEnd(20)} ${c.fieldsAtLeast90} fields, ${(c.correctShare * 100).toFixed(1)}% correct${c.wrong.length ? `   e.g. ${c.wrong.slice(0, 3).join("; ")}` : ""}`);
  }
  log("");
  log("misses per kind (up to three fields each):");
  for (const [kind, k] of Object.entries(summary.kinds)) {
    const missed = Object.entries(k.fields).filter(([, f]) => f.misses.length > 0);
    if (missed.length > 0) log(`  ${kind.padEnd(24)} ${missed.slice(0, 3).map(([field, f]) => `${field} ${f.misses[0]}`).join("; ")}`);
  }
  if (idMisses.length > 0) {
    log("");
    log("identity documents, every miss:");
    for (const miss of idMisses) log(`  ${miss}`);
  }
  if (summary.kinds.bill_pdf_heldout) {
    log("");
    log("held-out layouts, per field:");
    for (const [field, f] of Object.entries(summary.kinds.bill_pdf_heldout.fields)) {
      log(`  ${field.padEnd(18)} ${(f.accuracy * 100).toFixed(1).padStart(6)}%${f.misses.length ? `   e.g. ${f.misses.slice(0, 2).join("; ")}` : ""}`);
    }
  }
  log("");
  log("per-field accuracy (all kinds):");
  const fieldTotals = new Map();
  for (const k of Object.values(summary.kinds)) {
    for (const [field, f] of Object.entries(k.fields)) {
      const t = fieldTotals.get(field) ?? { ok: 0, total: 0, misses: [] };
      const n = k.documents;
      t.ok += Math.round(f.accuracy * n);
      t.total += n;
      t.misses.push(...f.misses);
      fieldTotals.set(field, t);
    }
  }
  for (const [field, t] of fieldTotals) {
    log(`  ${field.padEnd(18)} ${((t.ok / t.total) * 100).toFixed(1).padStart(6)}%${t.misses.length ? `   e.g. ${t.misses.slice(0, 2).join("; ")}` : ""}`);
  }
}
