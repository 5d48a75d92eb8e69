// The app's text catalogue (app/texts/*.ts) for the Chromium journeys, which are plain Node ESM: each
// file is transpiled with esbuild and imported, so a journey looks a string up instead of copying it.
import { Buffer } from "node:buffer";
import { readFileSync } from "node:fs";
import { transform } from "esbuild";

async function catalogue(name) {
  const source = readFileSync(new URL(`../../app/texts/${name}.ts`, import.meta.url), "utf8");
  const { code } = await transform(source, { loader: "ts", format: "esm", target: "node20" });
  return import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`);
}

export const { TEXTS } = await catalogue("user");
export const { ADMIN_TEXTS } = await catalogue("admin");
export const { LIVE_TEXTS } = await catalogue("live");
export const { PIPELINE_TEXTS } = await catalogue("pipeline");
export const { SIGNING_TEXTS } = await catalogue("signing");

// The Romanian reasons of the automatic document checks (the review dialog shows one per field, issue
// #14): a server module importing the user catalogue, so bundled rather than transpiled alone.
async function bundledModule(path) {
  const { build } = await import("esbuild");
  const result = await build({ entryPoints: [new URL(path, import.meta.url).pathname], bundle: true, write: false, format: "esm", platform: "neutral", target: "node20" });
  return import(`data:text/javascript;base64,${Buffer.from(result.outputFiles[0].text).toString("base64")}`);
}

export const { ISSUE_MESSAGES } = await bundledModule("../../app/server/documents/messages.server.ts");
