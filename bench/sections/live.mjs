// The live channels (issue #11): how long an event takes from the Worker to a client's socket, and how
// many authenticated sockets one local run holds with the heartbeat going.
//   1. Event → client: one user with a socket on its document stream uploads bill PDFs one after
//      another; for each `document_verified` / `document_rejected` frame, latency = the frame's arrival
//      − the event's timestamp, which the queue consumer sets when it finishes the document (before its
//      D1 writes and the push). Both clocks are this machine's.
//   2. Sockets: BENCH_LIVE_SOCKETS sockets (default 1,000) over BENCH_LIVE_USERS users, each opened,
//      authenticated and subscribed like the browser does; held for BENCH_LIVE_HOLD_SECONDS (default
//      35) while every socket sends the 30 s heartbeat; then one event per user is fanned out to all of
//      that user's sockets (mark-all-read pushes `notifications_read`) and its delivery timed.
import { readFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import WebSocket from "ws";
import { signInTimed } from "../lib/accounts.mjs";
import { formatMs, percentile, sortAscending } from "../lib/stats.mjs";

const FIXTURES = "tests/fixtures/generated";
const HEARTBEAT = '{"type":"heartbeat"}';

function intFromEnv(name, fallback) {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a whole number > 0, got "${raw}"`);
  return value;
}

/** Opens, authenticates and subscribes a socket; resolves once subscribed (or rejects). */
function openSocket(baseUrl, user, streams, onFrame) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${baseUrl.replace(/^http/, "ws")}/api/auth/ws?user=${user.userId}`);
    const state = { ws, heartbeats: 0, closedCode: null };
    const timer = setTimeout(() => reject(new Error("socket not ready within 30 s")), 30_000);
    ws.on("message", (raw) => {
      const text = raw.toString();
      if (text === HEARTBEAT) return void state.heartbeats++;
      const message = JSON.parse(text);
      if (message.type === "connected") ws.send(JSON.stringify({ type: "authenticate", token: user.token }));
      else if (message.type === "authenticated") ws.send(JSON.stringify({ type: "subscribe", streams }));
      else if (message.type === "subscribed") {
        clearTimeout(timer);
        resolve(state);
      } else if (message.type === "auth_error") reject(new Error(message.message));
      else if (message.type === "notification") onFrame?.(message, Date.now(), state);
    });
    ws.on("close", (code) => {
      state.closedCode = code;
      clearTimeout(timer);
      reject(new Error(`closed with ${code} before it was ready`));
    });
    ws.on("error", (error) => reject(error));
  });
}

/** Resident memory of the local server's process group (wrangler, workerd), in MiB. */
function serverRssMiB(pid) {
  if (!pid) return null;
  const out = execFileSync("ps", ["-o", "rss=", "-g", String(pid)], { encoding: "utf8" });
  return out.split("\n").map(Number).filter(Number.isFinite).reduce((a, b) => a + b, 0) / 1024;
}

async function eventLatency(baseUrl, documents, log) {
  const user = await signInTimed(baseUrl, `+40797${String(Date.now()).slice(-6)}`, "10.77.0.1");
  const latencies = [];
  const finished = new Set();
  let settle = null;
  const socket = await openSocket(baseUrl, user, [`document_processing_${user.userId}`], (message, at) => {
    const { event, details, timestamp } = message.data;
    if (event !== "document_verified" && event !== "document_rejected" && event !== "document_processing") return;
    if (event === "document_processing" && details.awaitingReview !== true) return;
    latencies.push(at - Date.parse(timestamp));
    finished.add(details.documentId);
    settle?.();
  });
  const bill = readFileSync(`${FIXTURES}/bill-electrica-popescu.pdf`);
  log(`event latency: ${documents} bill PDFs, one at a time`);
  for (let i = 0; i < documents; i++) {
    const form = new FormData();
    const copy = Buffer.concat([bill, Buffer.from(`\n%bench-${Date.now()}-${i}\n`)]);
    form.append("documents", new Blob([copy], { type: "application/pdf" }), `factura-${i}.pdf`);
    const res = await fetch(`${baseUrl}/api/documents/upload/ultima_factura`, { method: "POST", headers: { Authorization: `Bearer ${user.token}` }, body: form });
    const body = await res.json();
    if (res.status !== 201) throw new Error(`upload ${res.status}: ${JSON.stringify(body)}`);
    const id = body.documents[0].id;
    const deadline = Date.now() + 60_000;
    while (!finished.has(id)) {
      if (Date.now() > deadline) throw new Error(`no result pushed for document ${id} within 60 s`);
      await new Promise((resolve) => {
        settle = resolve;
        setTimeout(resolve, 1_000);
      });
    }
  }
  socket.ws.close(1000);
  return sortAscending(latencies);
}

async function socketCapacity(baseUrl, { sockets, users, holdSeconds, serverPid }, log) {
  const perUser = Math.ceil(sockets / users);
  log(`sockets: signing in ${users} users`);
  const accounts = [];
  const stamp = String(Date.now()).slice(-3);
  for (let i = 0; i < users; i++) accounts.push(await signInTimed(baseUrl, `+40796${stamp}${String(i).padStart(3, "0")}`, `10.78.${Math.floor(i / 250)}.${i % 250}`));
  const rssBefore = serverRssMiB(serverPid);

  const delivered = [];
  let fanoutStart = 0;
  const onFrame = (message, at) => {
    if (message.data.event === "notifications_read") delivered.push(at - fanoutStart);
  };
  log(`sockets: opening ${perUser * users} (${perUser} per user)`);
  const opened = [];
  const failures = {};
  const openStarted = Date.now();
  for (let i = 0; i < perUser * users; i += 50) {
    const batch = [];
    for (let j = i; j < Math.min(i + 50, perUser * users); j++) {
      const user = accounts[j % users];
      batch.push(openSocket(baseUrl, user, ["notifications"], onFrame).then(
        (s) => opened.push(s),
        (error) => (failures[error.message] = (failures[error.message] ?? 0) + 1),
      ));
    }
    await Promise.all(batch);
  }
  const openMs = Date.now() - openStarted;

  // The browser's heartbeat: every socket, every 30 s, spread over the interval.
  log(`sockets: holding ${opened.length} for ${holdSeconds} s with heartbeats`);
  const timers = opened.map((s, index) =>
    setTimeout(() => {
      const beat = () => s.ws.readyState === WebSocket.OPEN && s.ws.send(HEARTBEAT);
      beat();
      s.interval = setInterval(beat, 30_000);
    }, (index / opened.length) * 30_000),
  );
  await new Promise((resolve) => setTimeout(resolve, holdSeconds * 1000));
  const stillOpen = opened.filter((s) => s.ws.readyState === WebSocket.OPEN).length;
  const heartbeatsAnswered = opened.reduce((sum, s) => sum + s.heartbeats, 0);
  const rssHeld = serverRssMiB(serverPid);

  log("sockets: one event per user, fanned out to all its sockets");
  fanoutStart = Date.now();
  await Promise.all(accounts.map((user) => fetch(`${baseUrl}/api/notifications/read-all`, { method: "PUT", headers: { Authorization: `Bearer ${user.token}` } })));
  const deadline = Date.now() + 30_000;
  while (delivered.length < stillOpen && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));

  for (const t of timers) clearTimeout(t);
  for (const s of opened) {
    clearInterval(s.interval);
    s.ws.close(1000);
  }
  return { opened: opened.length, asked: perUser * users, failures, openMs, stillOpen, heartbeatsAnswered, rssBefore, rssHeld, delivered: sortAscending(delivered) };
}

async function run({ baseUrl, log, serverPid }) {
  const documents = intFromEnv("BENCH_LIVE_DOCUMENTS", 20);
  const sockets = intFromEnv("BENCH_LIVE_SOCKETS", 1000);
  const users = intFromEnv("BENCH_LIVE_USERS", 40);
  const holdSeconds = intFromEnv("BENCH_LIVE_HOLD_SECONDS", 35);

  const latency = await eventLatency(baseUrl, documents, log);
  const capacity = await socketCapacity(baseUrl, { sockets, users, holdSeconds, serverPid }, log);
  const p = (sorted, q) => formatMs(percentile(sorted, q));
  const mib = (v) => (v === null ? "n/a" : v.toFixed(0));
  return {
    title: "Live channels: event → client, and sockets held",
    headers: ["Measure", "samples", "p50 ms", "p95 ms", "max ms"],
    align: ["left", "right", "right", "right", "right"],
    rows: [
      ["queue consumer finished a document → `notification` frame at the client", String(latency.length), p(latency, 50), p(latency, 95), formatMs(latency.at(-1))],
      [`mark-all-read → \`notifications_read\` frame on each of ${capacity.stillOpen} sockets`, String(capacity.delivered.length), p(capacity.delivered, 50), p(capacity.delivered, 95), formatMs(capacity.delivered.at(-1))],
    ],
    notes: [
      `Event → client target p95 < 150 ms: **${p(latency, 95)} ms** — ${percentile(latency, 95) < 150 ? "met" : "NOT met"}.`,
      `Sockets: ${capacity.opened} of ${capacity.asked} opened, authenticated and subscribed over ${users} users in ${(capacity.openMs / 1000).toFixed(1)} s` +
        (Object.keys(capacity.failures).length ? ` (failures: ${JSON.stringify(capacity.failures)})` : " (no failures)") +
        `; **${capacity.stillOpen} still open** after ${holdSeconds} s of heartbeats (${capacity.heartbeatsAnswered} heartbeats answered). Target ≥ 1,000: ${capacity.stillOpen >= 1000 ? "met" : "NOT met"}.`,
      `Local server memory (wrangler + workerd, RSS): ${mib(capacity.rssBefore)} MiB before the sockets, ${mib(capacity.rssHeld)} MiB holding them.`,
      `Fan-out: ${capacity.delivered.length} of ${capacity.stillOpen} sockets got their user's event (${users} requests at once; the time includes the request, the D1 update and the push).`,
    ],
    data: { latencyMs: [...latency], capacity: { ...capacity, delivered: [...capacity.delivered] } },
  };
}

export default { id: "live", needsServer: true, run };
