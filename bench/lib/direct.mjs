// BENCH_DIRECT=1: send a section's requests straight to the Worker's own workerd, past wrangler's local
// ProxyWorker. That proxy is a second workerd in front of the Worker; under a burst it answers some
// POSTs "503 Your worker restarted mid-request" without the Worker restarting (workers-sdk#14641: its
// keep-alive pool and the Worker's server both drop idle connections at 5 s; GETs are retried, POSTs
// are not; `npm install` now patches it to resend them, decision 0015). Production has no such proxy, so
// measuring past it shows what the Worker itself does.
// The Worker's port is not printed by wrangler: it is found among the listening sockets of the
// server's process group (Linux /proc) and confirmed by asking it for /api/ping.
import { readdirSync, readFileSync, readlinkSync } from "node:fs";

function listeningPorts() {
  const ports = new Map();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let lines = [];
    try {
      lines = readFileSync(table, "utf8").trim().split("\n").slice(1);
    } catch {
      continue;
    }
    for (const line of lines) {
      const cols = line.trim().split(/\s+/);
      if (cols[3] !== "0A") continue; // LISTEN
      ports.set(cols[9], parseInt(cols[1].split(":")[1], 16));
    }
  }
  return ports;
}

function socketInodesOfGroup(pgid) {
  const inodes = new Set();
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      // Field 5 of /proc/<pid>/stat is the process group (after the parenthesised command name).
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[2]) !== pgid) continue;
      if (!readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("workerd")) continue;
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        const match = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (match) inodes.add(match[1]);
      }
    } catch {
      // the process ended meanwhile, or is not ours to read
    }
  }
  return inodes;
}

/** The URL of the Worker's own workerd under `serverPid`'s process group (not `baseUrl`'s proxy). */
export async function workerUrlPastProxy(serverPid, baseUrl) {
  const proxyPort = Number(new URL(baseUrl).port);
  const inodes = socketInodesOfGroup(serverPid);
  const candidates = [...listeningPorts()].filter(([inode, port]) => inodes.has(inode) && port !== proxyPort).map(([, port]) => port);
  for (const port of candidates) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/ping`, { signal: AbortSignal.timeout(2000) });
      if (res.ok && (await res.text()) === "ok") return `http://127.0.0.1:${port}`;
    } catch {
      // the inspector, the loopback service or the dev registry: not the Worker
    }
  }
  throw new Error(`BENCH_DIRECT: no port of process group ${serverPid} answers /api/ping (candidates ${candidates.join(", ") || "none"})`);
}

/**
 * BENCH_FRESH_CONNECTIONS=1: every fetch of the bench on a new connection. With keep-alive, a request
 * written onto a pooled connection just as the Worker's server drops it as idle is lost (ECONNRESET,
 * "other side closed"); behind Cloudflare's edge the Worker never sees a client's connections at all.
 * undici is Node's own fetch (a devDependency, the same major as Node 20's built-in one).
 */
async function switchToFreshConnections(log) {
  const { Agent, setGlobalDispatcher } = await import("undici");
  setGlobalDispatcher(new Agent({ pipelining: 0 }));
  log("BENCH_FRESH_CONNECTIONS=1: no client keep-alive (each request on a new connection)");
}

/** The base URL a section should load: past the proxy when BENCH_DIRECT=1. */
export async function sectionBaseUrl({ baseUrl, serverPid, log }) {
  if (process.env.BENCH_FRESH_CONNECTIONS === "1") await switchToFreshConnections(log);
  if (process.env.BENCH_DIRECT !== "1") return baseUrl;
  const direct = await workerUrlPastProxy(serverPid, baseUrl);
  log(`BENCH_DIRECT=1: loading ${direct} (the Worker's workerd) instead of ${baseUrl} (wrangler's ProxyWorker)`);
  return direct;
}
