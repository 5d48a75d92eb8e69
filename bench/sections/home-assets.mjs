// The JavaScript a visitor downloads for the home page before any interaction: the entry, the root
// and index route modules and their static imports, read from the Remix asset manifest after `remix build`.
// Chunks loaded on demand (results, dialogs, sign-in) are listed apart.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { gzipSync } from "node:zlib";

const TARGET_KB = 120;

function loadManifest() {
  const dir = "public/build";
  const file = readdirSync(dir)
    .filter((f) => f.startsWith("manifest-") && f.endsWith(".js"))
    .map((f) => ({ f, t: statSync(`${dir}/${f}`).mtimeMs }))
    .sort((a, b) => b.t - a.t)[0]?.f;
  if (!file) throw new Error("no public/build/manifest-*.js: run `remix build` first");
  const text = readFileSync(`${dir}/${file}`, "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
}

const gz = (path) => {
  const bytes = readFileSync(`public${path}`);
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
};

/** Static imports of a chunk, followed transitively (ES module `import ... from "/build/..."`). */
function staticClosure(paths) {
  const seen = new Set();
  const queue = [...paths];
  while (queue.length) {
    const path = queue.pop();
    if (seen.has(path)) continue;
    seen.add(path);
    const code = readFileSync(`public${path}`, "utf8");
    for (const m of code.matchAll(/(?:^|[;}\s])import\s*(?:[^"'()]*?from\s*)?["'](\/build\/[^"']+)["']/g)) queue.push(m[1]);
  }
  return seen;
}

function dynamicImports(paths) {
  const found = new Set();
  for (const path of paths) {
    const code = readFileSync(`public${path}`, "utf8");
    for (const m of code.matchAll(/import\(\s*["'](\/build\/[^"']+)["']\s*\)/g)) found.add(m[1]);
  }
  return found;
}

async function run() {
  const manifest = loadManifest();
  const routeFiles = (id) => [manifest.routes[id].module, ...(manifest.routes[id].imports ?? [])];
  const initial = staticClosure([manifest.entry.module, ...manifest.entry.imports, ...routeFiles("root"), ...routeFiles("routes/_index")]);
  const lazy = new Set([...staticClosure([...dynamicImports(initial)])].filter((p) => !initial.has(p)));
  const sum = (set) => [...set].reduce((acc, p) => { const s = gz(p); return { raw: acc.raw + s.raw, gzip: acc.gzip + s.gzip }; }, { raw: 0, gzip: 0 });
  const first = sum(initial);
  const later = sum(lazy);
  const css = Object.values(manifest.routes).length ? readdirSync("public/build/_assets").filter((f) => f.endsWith(".css")) : [];
  const cssSize = css.reduce((acc, f) => acc + gzipSync(readFileSync(`public/build/_assets/${f}`)).length, 0);
  const kb = (n) => (n / 1024).toFixed(1);
  return {
    title: "Home page assets (gzip level 9)",
    headers: ["What", "files", "raw KB", "gzip KB"],
    align: ["left", "right", "right", "right"],
    rows: [
      ["JS before any interaction", String(initial.size), kb(first.raw), kb(first.gzip)],
      ["JS loaded on demand (results, dialogs, sign-in)", String(lazy.size), kb(later.raw), kb(later.gzip)],
      ["CSS", String(css.length), "", kb(cssSize)],
    ],
    notes: [`Target: home JS ≤ ${TARGET_KB} KB gzip → ${kb(first.gzip)} KB: ${first.gzip / 1024 <= TARGET_KB ? "met" : "NOT met"}.`],
    data: { initialFiles: [...initial], lazyFiles: [...lazy], initialGzip: first.gzip, lazyGzip: later.gzip, cssGzip: cssSize },
  };
}

export default { id: "home-assets", needsServer: false, run };
