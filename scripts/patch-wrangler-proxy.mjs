// Patches wrangler 4.86.0's local ProxyWorker (the Worker that `wrangler dev` puts in front of ours) so a
// request lost on a pooled connection is sent again instead of answered with
// `503 Your worker restarted mid-request`. Runs as npm's `postinstall` and at each `npm run dev` (for a
// node_modules installed before the patch existed); decision 0015 says why.
//
//   node scripts/patch-wrangler-proxy.mjs            apply (a no-op when already applied)
//   node scripts/patch-wrangler-proxy.mjs --check    exit 1 unless the installed file carries the patch
//   node scripts/patch-wrangler-proxy.mjs --revert   put wrangler's own text back (the bench's A/B)
//
// It only ever edits the exact 4.86.0 text (checked by SHA-256) and refuses anything else loudly, so an
// upgrade of wrangler cannot silently drop or mis-apply it.
import { createHash } from "node:crypto";
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const WRANGLER_VERSION = "4.86.0";
/** wrangler loads this file (wrangler-dist/cli.js resolves it next to itself), not templates/…/ProxyWorker.ts. */
export const PROXY_WORKER_PATH = "node_modules/wrangler/wrangler-dist/ProxyWorker.js";
export const PRISTINE_SHA256 = "144521f1f3fc2e0809956fa874a7d9f4ca927ed2cffac3981c715484eb327b80";

const MARK = "// PATCHED by cel-mai-ieftin-curent (scripts/patch-wrangler-proxy.mjs, docs/decisions/0015)";

const FORWARD_BEFORE = "      void fetch(userWorkerUrl, new Request(request, { headers })).then(async (res) => {\n";
const FORWARD_AFTER = `      ${MARK}\n      void fetchRetryingLostConnections(this, request, userWorkerUrl, headers).then(async (res) => {\n`;

const HELPER_ANCHOR = "function isRequestFromProxyController(req, env) {\n";
const HELPER = [
  MARK,
  "// workers-sdk#14641: kj closes an idle pooled ProxyWorker→UserWorker connection after 5 s on both ends,",
  "// and a request written onto it at that instant fails with a network error although the UserWorker is",
  "// up. Upstream #15252 retries only GET/HEAD (in releases that need Node 22), #15448 is open; #14593",
  "// fixes the href/origin comparison in processQueue's catch that sends such failures to the 503. So, as a",
  "// browser does when a reused connection dies before any response byte: send it again, a few times,",
  "// while the UserWorker's origin is unchanged. A reload (paused, or a new origin) keeps upstream's",
  "// handling. Only bodies with a Content-Length up to the app's largest upload (5 files x 10 MiB +",
  "// multipart) plus margin are buffered for that; larger or length-less bodies stream once, as before.",
  "var RETRY_BODY_MAX_BYTES = 52 * 1024 * 1024;",
  "var RETRY_BACKOFF_MS = [0, 10, 50, 200];",
  "async function fetchRetryingLostConnections(proxyWorker, request, userWorkerUrl, headers) {",
  '  const declared = request.headers.get("Content-Length");',
  "  const replayable = request.body === null || (declared !== null && Number(declared) <= RETRY_BODY_MAX_BYTES);",
  "  if (!replayable) return fetch(userWorkerUrl, new Request(request, { headers }));",
  "  const body = request.body === null ? null : await request.arrayBuffer();",
  "  for (let attempt = 0; ; attempt++) {",
  "    try {",
  "      return await fetch(userWorkerUrl, new Request(request, { headers, body }));",
  "    } catch (error) {",
  "      const current = proxyWorker.proxyData && urlFromParts(proxyWorker.proxyData.userWorkerUrl);",
  "      if (attempt >= RETRY_BACKOFF_MS.length || current?.origin !== userWorkerUrl.origin) throw error;",
  "      await scheduler.wait(RETRY_BACKOFF_MS[attempt]);",
  "    }",
  "  }",
  "}",
  "",
].join("\n");

/** [upstream text, patched text]: each upstream text occurs exactly once in the pristine file. */
const EDITS = [
  [FORWARD_BEFORE, FORWARD_AFTER],
  [HELPER_ANCHOR, `${HELPER}${HELPER_ANCHOR}`],
];

export const sha256 = (text) => createHash("sha256").update(text, "utf8").digest("hex");

function replaceOnce(text, from, to) {
  const at = text.indexOf(from);
  if (at < 0 || text.indexOf(from, at + from.length) >= 0) throw new Error(`expected exactly one ${JSON.stringify(from.trim())}`);
  return text.slice(0, at) + to + text.slice(at + from.length);
}

/** Only ever called on the pristine text (checked by hash first), so the replacements cannot misfire. */
const applyEdits = (pristine) => EDITS.reduce((text, [from, to]) => replaceOnce(text, from, to), pristine);
const revertEdits = (patched) => EDITS.reduceRight((text, [from, to]) => replaceOnce(text, to, from), patched);

/** "pristine", "patched" or "unknown": judged by the whole text, never by a marker alone. */
export function proxyWorkerState(text) {
  if (sha256(text) === PRISTINE_SHA256) return "pristine";
  if (!text.includes(MARK)) return "unknown";
  try {
    const original = revertEdits(text);
    return sha256(original) === PRISTINE_SHA256 && applyEdits(original) === text ? "patched" : "unknown";
  } catch {
    return "unknown";
  }
}

/** The patched text for the pristine or already-patched text; throws for anything else. */
export function patchProxyWorker(text) {
  const state = proxyWorkerState(text);
  if (state === "patched") return text;
  if (state === "pristine") return applyEdits(text);
  throw new Error(refusal("its text is not wrangler 4.86.0's ProxyWorker.js, patched or not"));
}

/** wrangler's own text for the pristine or patched text; throws for anything else. */
export function unpatchProxyWorker(text) {
  const state = proxyWorkerState(text);
  if (state === "pristine") return text;
  if (state === "patched") return revertEdits(text);
  throw new Error(refusal("its text is not wrangler 4.86.0's ProxyWorker.js, patched or not"));
}

function refusal(why) {
  return [
    `scripts/patch-wrangler-proxy.mjs: refusing to patch ${PROXY_WORKER_PATH}: ${why}.`,
    "That patch keeps `wrangler dev` from answering POSTs with `503 Your worker restarted mid-request`",
    `(workers-sdk#14641; docs/decisions/0015). It is written for wrangler ${WRANGLER_VERSION} only: after a`,
    "wrangler upgrade, check whether upstream now retries lost POSTs (workers-sdk#15448) and drop the patch,",
    "or port it to the new ProxyWorker.js and update PRISTINE_SHA256. If the file carries an earlier",
    "version of this patch, reinstall wrangler: `rm -rf node_modules/wrangler && npm install`.",
  ].join("\n");
}

/** Writes through a new file and a rename: a hard-linked node_modules copy must not be edited in place. */
function replaceFile(path, text) {
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, path);
}

/** The command line, on the project at `root`: 0 done, 1 not patched (--check); throws a refusal. */
export function runPatchCommand(args, root) {
  const path = join(root, PROXY_WORKER_PATH);
  const packageJson = join(root, "node_modules/wrangler/package.json");
  if (!existsSync(packageJson)) {
    console.log("patch-wrangler-proxy: wrangler is not installed (production install?); nothing to patch.");
    return 0;
  }
  const version = JSON.parse(readFileSync(packageJson, "utf8")).version;
  if (version !== WRANGLER_VERSION) throw new Error(refusal(`the installed wrangler is ${version}`));
  const text = readFileSync(path, "utf8");
  const state = proxyWorkerState(text);
  if (state === "unknown") throw new Error(refusal("its text is not wrangler 4.86.0's ProxyWorker.js, patched or not"));

  if (args.includes("--check")) {
    if (state === "patched") return 0;
    console.error(`patch-wrangler-proxy: ${PROXY_WORKER_PATH} is not patched; run \`node scripts/patch-wrangler-proxy.mjs\`.`);
    return 1;
  }
  // Silent when there is nothing to do: `npm run dev` runs this on every start.
  if (args.includes("--revert")) {
    if (state !== "patched") return 0;
    replaceFile(path, unpatchProxyWorker(text));
    console.log(`patch-wrangler-proxy: ${PROXY_WORKER_PATH} is wrangler's own text again (unpatched).`);
    return 0;
  }
  if (state === "patched") return 0;
  replaceFile(path, patchProxyWorker(text));
  console.log(`patch-wrangler-proxy: ${PROXY_WORKER_PATH} now resends requests lost on a pooled connection (workers-sdk#14641).`);
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    process.exitCode = runPatchCommand(process.argv.slice(2), join(dirname(fileURLToPath(import.meta.url)), ".."));
  } catch (error) {
    console.error(`\n✘ ${error.message}\n`);
    process.exitCode = 1;
  }
}
