// Closed-loop HTTP load generator: `concurrency` clients, each sending its next request as soon as the
// previous one has been fully read, over keep-alive connections (node:http, lighter on the CPU than
// fetch, which matters when the generator and workerd share two cores).
import http from "node:http";
import { mergePhases, summarize } from "./stats.mjs";

/** One GET, body read to the end. Never rejects: failures come back as { error }. */
function get(agent, url, timeoutMs, headers) {
  return new Promise((resolve) => {
    const req = http.get(url, { agent, headers }, (res) => {
      let bytes = 0;
      res.on("data", (chunk) => {
        bytes += chunk.length;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, bytes }));
      res.on("error", (error) => resolve({ error: errorKind(error) }));
    });
    req.setTimeout(timeoutMs, () => req.destroy(Object.assign(new Error("timeout"), { code: "TIMEOUT" })));
    req.on("error", (error) => resolve({ error: errorKind(error) }));
  });
}

function errorKind(error) {
  return error.code ?? error.message ?? String(error);
}

/**
 * A load target: one URL (or `urls`, fetched in parallel as one page would, timed until the last
 * answer) with its own pool of keep-alive sockets, and optional request `headers`. `phase(ms)` runs
 * the clients for that long (requests in flight may finish) and returns the raw phase (see
 * stats.mergePhases); phases of the same target can be interleaved with other targets' and merged.
 */
export function openTarget({ url, urls = [url], headers = {}, concurrency, timeoutMs = 30_000 }) {
  const targets = urls.map((u) => new URL(u));
  for (const target of targets) {
    if (target.protocol !== "http:") throw new Error(`only http: targets are supported, got ${target}`);
  }
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency * targets.length });

  async function phase(durationMs) {
    const latenciesMs = [];
    const errors = {};
    let bytes = 0;
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    const deadline = started + durationMs;
    const client = async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        const results = await Promise.all(targets.map((target) => get(agent, target, timeoutMs, headers)));
        const ms = performance.now() - t0;
        const failed = results.find((r) => r.error || r.status < 200 || r.status >= 300);
        const failure = failed ? (failed.error ?? `HTTP ${failed.status}`) : null;
        if (failure) {
          errors[failure] = (errors[failure] ?? 0) + 1;
        } else {
          latenciesMs.push(ms);
          for (const r of results) bytes += r.bytes;
        }
      }
    };
    await Promise.all(Array.from({ length: concurrency }, client));
    const cpu = process.cpuUsage(cpuBefore);
    return {
      latenciesMs,
      errors,
      bytes,
      elapsedMs: performance.now() - started,
      clientCpuMs: (cpu.user + cpu.system) / 1000,
    };
  }

  return { phase, close: () => agent.destroy() };
}

/**
 * The summary of merged phases, plus bytes per response and the share of one core the load generator
 * itself used (on a 2-core machine it competes with workerd).
 */
export function summarizeLoad(phases) {
  const merged = mergePhases(phases);
  return {
    ...summarize(merged),
    bytesPerResponse: merged.latenciesMs.length ? Math.round(merged.bytes / merged.latenciesMs.length) : 0,
    clientCpuPct: merged.elapsedMs > 0 ? (merged.clientCpuMs / merged.elapsedMs) * 100 : NaN,
  };
}
