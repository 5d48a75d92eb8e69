// Memory and time of reading a whole 12-megapixel phone photo of an identity card (issue #14: a
// Worker isolate has 128 MB). Standalone: `node bench/image-memory.mjs [--json] [--live]` (re-runs itself
// under tsx). Needs Chromium (the card is drawn like the bench's ID photos) and `cjpeg` from
// libjpeg-turbo-progs (the frames are encoded the ways phones do).
//
// Three 4032 × 3024 frames of the same scene — baseline 4:2:0 (most phones), baseline 4:4:4 and
// progressive 4:2:0 — an 8-megapixel 3264 × 2448 one and a 3600 × 2700 one (no DCT scale keeps them
// ≥ 2000 px), a 24-megapixel 6000 × 4000 one (the largest MAX_DECODE_MEGAPIXELS admits) and the 8-MP
// frame as a PNG, each read by extractDocument in a fresh child process, so every frame has
// the process to itself. Per frame: the peak of heapUsed + arrayBuffers (process.memoryUsage()) +
// the OCR engine's WebAssembly memory (not among Node's arrayBuffers; a Worker isolate counts it),
// sampled every 2 ms and at every await of the extraction (synchronous stretches are seen only at
// their ends), the WebAssembly memory before and after, the kernel's peak resident size while extracting (VmHWM, reset first: it sees
// the synchronous peaks too, plus Node's own), the extraction's time, and the decode alone (median
// of 3). Prints figures; asserts nothing.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const json = process.argv.includes("--json");
/**
 * `--live`: every sample is taken after a full garbage collection (every 20 ms): the peak of what is
 * still referenced, not of what a collection would free — a Worker isolate collects before it fails.
 */
const live = process.argv.includes("--live");
const log = (...args) => {
  if (!json) console.log(...args);
};
const MB = 1024 * 1024;
const mb = (bytes) => Math.round((bytes / MB) * 10) / 10;

if (!process.env.IMAGE_MEMORY_BENCH_CHILD) {
  await parent();
} else {
  await child(process.env.IMAGE_MEMORY_BENCH_FRAME);
}

async function parent() {
  try {
    execFileSync("cjpeg", ["-version"], { stdio: "ignore" });
  } catch {
    console.error("cjpeg not found: apt-get install -y libjpeg-turbo-progs");
    process.exit(2);
  }
  const dir = mkdtempSync(join(tmpdir(), "image-memory-"));
  try {
    const built = spawnSync(process.execPath, ["--import", "tsx", fileURLToPath(import.meta.url)], {
      stdio: "inherit",
      env: { ...process.env, IMAGE_MEMORY_BENCH_CHILD: "1", IMAGE_MEMORY_BENCH_FRAME: `build:${dir}` },
    });
    if (built.status !== 0) process.exit(built.status ?? 1);
    const frames = [
      ["baseline 4:2:0", "4032x3024", ["-quality", "88", "-sample", "2x2"]],
      ["baseline 4:4:4", "4032x3024", ["-quality", "88", "-sample", "1x1"]],
      ["progressive 4:2:0", "4032x3024", ["-quality", "88", "-sample", "2x2", "-progressive"]],
      ["8 MP baseline 4:2:0", "3264x2448", ["-quality", "88", "-sample", "2x2"]],
      ["3600 × 2700 baseline 4:2:0", "3600x2700", ["-quality", "88", "-sample", "2x2"]],
      ["24 MP baseline 4:2:0", "6000x4000", ["-quality", "88", "-sample", "2x2"]],
      ["8 MP PNG", "3264x2448", "png"],
    ];
    const results = [];
    for (const [name, size, args] of frames) {
      const png = args === "png";
      const file = join(dir, `${name.replace(/\W+/g, "-")}.${png ? "png" : "jpg"}`);
      if (!png) writeFileSync(file, execFileSync("cjpeg", [...args, join(dir, `frame-${size}.ppm`)], { maxBuffer: 256 * MB }));
      const run = spawnSync(process.execPath, [...(live ? ["--expose-gc"] : []), "--import", "tsx", fileURLToPath(import.meta.url)], {
        env: { ...process.env, IMAGE_MEMORY_BENCH_CHILD: "1", IMAGE_MEMORY_BENCH_FRAME: png ? join(dir, `frame-${size}.png`) : file },
        encoding: "utf8",
        maxBuffer: 16 * MB,
      });
      if (run.status !== 0) {
        console.error(run.stderr);
        process.exit(run.status ?? 1);
      }
      const result = { frame: name, ...JSON.parse(run.stdout.trim().split("\n").pop()) };
      results.push(result);
      log(
        `${name.padEnd(20)} ${String(result.bytes).padStart(8)} B  peak heap+arrayBuffers+wasm ${result.peakHeapPlusBuffersMb} MB ` +
          `(at start ${result.startHeapPlusBuffersMb})  OCR wasm memory ${result.wasmStartMb} → ${result.wasmEndMb} MB  peak RSS ${result.peakRssMb} MB (at start ${result.startRssMb})  ` +
          `extraction ${result.extractionMs} ms  decode ${result.decodeMs} ms (${result.decodedSize}${result.decodeAllocatedMb === undefined ? "" : `, ${result.decodeAllocatedMb} MB allocated`})  read: ${result.read}`,
      );
    }
    if (json) console.log(JSON.stringify({ loadAverage: (await import("node:os")).loadavg()[0], results }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The kernel's peak resident size of this process (VmHWM), in bytes; `reset` starts it again from now. */
function peakRss(reset = false) {
  if (reset) writeFileSync("/proc/self/clear_refs", "5");
  const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"));
  return match ? Number(match[1]) * 1024 : 0;
}

async function child(frame) {
  if (frame.startsWith("build:")) return buildFrame(frame.slice("build:".length));
  const { extractDocument } = await import("../app/server/documents/extraction/extract-document.server.ts");
  const { getOcrEngine } = await import("../app/server/documents/extraction/ocr.server.ts");
  const { nodeOcrAssets } = await import("../tests/fixtures/node-ocr.ts");
  const image = await import("../app/server/documents/extraction/image.server.ts");
  // Before issue #14's decoder there was no image source: the decode was decodeImage's, whole.
  const source = await import("../app/server/documents/extraction/image-source.server.ts").catch(() => null);
  const bytes = new Uint8Array(readFileSync(frame));
  const mimeType = frame.endsWith(".png") ? "image/png" : "image/jpeg";
  // The OCR engine's WebAssembly memory is not among Node's arrayBuffers (a Worker counts it): found
  // in the instance's exports. It only grows.
  const wasmMemories = [];
  const instantiate = WebAssembly.instantiate;
  WebAssembly.instantiate = async (...args) => {
    const result = await instantiate(...args);
    for (const value of Object.values((result.instance ?? result).exports))
      if (value instanceof WebAssembly.Memory) wasmMemories.push(value);
    return result;
  };
  const engine = (await getOcrEngine(nodeOcrAssets())).engine;
  WebAssembly.instantiate = instantiate;
  const wasmBytes = () => wasmMemories.reduce((sum, memory) => sum + memory.buffer.byteLength, 0);
  const startWasm = wasmBytes();
  // What a Worker isolate counts against its 128 MB: the JS heap, ArrayBuffers and WebAssembly memory.
  const heapPlusBuffers = () => {
    const m = process.memoryUsage();
    return m.heapUsed + m.arrayBuffers + wasmBytes();
  };
  const collect = globalThis.gc;
  collect?.();
  const start = heapPlusBuffers();
  const startRss = peakRss(true);
  let peak = start;
  const sample = () => {
    collect?.();
    peak = Math.max(peak, heapPlusBuffers());
  };
  const timer = setInterval(sample, collect ? 20 : 2);
  const started = performance.now();
  const result = await extractDocument({
    bytes,
    mimeType,
    documentType: "document_identitate",
    now: new Date("2026-11-24T12:00:00Z"),
    ocr: async () => engine,
  });
  const extractionMs = performance.now() - started;
  sample();
  clearInterval(timer);
  const rss = peakRss();
  const data = result.extractedData;
  const read =
    data.kind === "unreadable"
      ? `${data.reason}: ${data.detail}`
      : `${data.kind} ${data.lastName ?? "?"} ${data.firstName ?? "?"} ${data.cnp ?? "?"}`;
  const times = [];
  let decodedSize = "";
  // With --live: what one decode allocates, its garbage included (collected before it, not during:
  // a synchronous decode's transient buffers are never seen by the timer's samples).
  let decodeAllocated = 0;
  for (let i = 0; i < 3; i++) {
    collect?.();
    const before = heapPlusBuffers();
    const t = performance.now();
    const decoded = source
      ? source.openImage(bytes, mimeType, image.OCR_MAX_SIDE, source.ID_PHOTO_SMALLER_COPIES ?? []).image
      : image.decodeImage(bytes, mimeType);
    times.push(performance.now() - t);
    if (collect) decodeAllocated = Math.max(decodeAllocated, heapPlusBuffers() - before);
    decodedSize = `${decoded.width} × ${decoded.height}`;
  }
  times.sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      bytes: bytes.length,
      startHeapPlusBuffersMb: mb(start),
      wasmStartMb: mb(startWasm),
      wasmEndMb: mb(wasmBytes()),
      peakHeapPlusBuffersMb: mb(peak),
      startRssMb: mb(startRss),
      peakRssMb: mb(rss),
      extractionMs: Math.round(extractionMs),
      decodeMs: Math.round(times[1]),
      decodeAllocatedMb: collect ? mb(decodeAllocated) : undefined,
      decodedSize,
      read,
    }),
  );
}

/**
 * One photo of a classic identity card drawn like the bench's tuning photos, enlarged twice and laid
 * on a 4032 × 3024 and a 3264 × 2448 desk (the card then spans about half the frame's width, as in a phone photo taken
 * from above), written as a binary PPM for cjpeg.
 */
async function buildFrame(dir) {
  const { idPhotoSet, renderIdPhoto, TUNE_PHOTOS } = await import("../tests/fixtures/id-photos.ts");
  const { decodeImage, enlarge } = await import("../app/server/documents/extraction/image.server.ts");
  const { launchBrowser } = await import("../tests/support/browser.mjs");
  const browser = await launchBrowser();
  let photo;
  try {
    const page = await browser.newPage();
    const drawn = idPhotoSet(TUNE_PHOTOS, 1).find((p) => !p.person.passport && !p.person.electronic);
    photo = enlarge(decodeImage(await renderIdPhoto(page, drawn), "image/jpeg"), 2);
  } finally {
    await browser.close();
  }
  for (const [width, height] of [
    [4032, 3024],
    [3264, 2448],
    [3600, 2700],
    [6000, 4000],
  ]) {
    writePpm(join(dir, `frame-${width}x${height}.ppm`), photo, width, height);
  }
  // The 8-MP frame also as a PNG (a screenshot or an exported photo): its PPM's pixels, deflated.
  const { encode } = await import("fast-png");
  const ppm = readFileSync(join(dir, "frame-3264x2448.ppm"));
  const pixels = ppm.subarray(ppm.length - 3264 * 2448 * 3);
  writeFileSync(join(dir, "frame-3264x2448.png"), encode({ width: 3264, height: 2448, data: pixels, channels: 3, depth: 8 }));
}

function writePpm(file, photo, width, height) {
  const left = Math.round((width - photo.width) / 2);
  const top = Math.round((height - photo.height) / 2);
  const header = Buffer.from(`P6 ${width} ${height} 255\n`);
  const pixels = Buffer.alloc(width * height * 3);
  let seed = 7;
  const noise = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 24) % 9;
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 3;
      // Beyond the drawn photo the desk goes on: its nearest edge pixel, with a little grain.
      const px = Math.min(photo.width - 1, Math.max(0, x - left));
      const py = Math.min(photo.height - 1, Math.max(0, y - top));
      const inside = px === x - left && py === y - top;
      const i = (py * photo.width + px) * 4;
      const grain = inside ? 0 : noise() - 4;
      pixels[o] = Math.max(0, Math.min(255, photo.data[i] + grain));
      pixels[o + 1] = Math.max(0, Math.min(255, photo.data[i + 1] + grain));
      pixels[o + 2] = Math.max(0, Math.min(255, photo.data[i + 2] + grain));
    }
  }
  writeFileSync(file, Buffer.concat([header, pixels]));
}
