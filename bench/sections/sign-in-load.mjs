// 64 concurrent sign-in flows (issue #15): each flow is what a new visitor's browser does — ask for a
// code (POST /api/auth/register-phone), read it (the local SMS outbox stands in for the phone), send it
// (POST /api/auth/verify-sms), then load the profile with the new token. Reported: flows per second,
// flow and step percentiles, errors, and the flow p95 as a ratio to the floor (GET /api/ping at the
// same concurrency, measured just before). First, SERIAL_FLOWS flows one at a time: the cost of one
// flow's steps with nothing queued, which caps what the single local isolate can do per second.
import { signInTimed } from "../lib/accounts.mjs";
import { pingFloor, runFlows } from "../lib/flows.mjs";
import { formatMs, formatRatio, ratio } from "../lib/stats.mjs";
import { sectionBaseUrl } from "../lib/direct.mjs";

const CONCURRENCY = 64;
const SERIAL_FLOWS = 12;

/** A distinct /24 per flow (10.x.y.0/24). */
export function benchIp(index) {
  return `10.${(index >> 8) & 255}.${index & 255}.${1 + (index % 250)}`;
}

/** A fresh, valid Romanian mobile number (+40 7 and 8 digits) per flow: a 3-digit run prefix and the index. */
export function benchPhone(prefix, index) {
  return `+4072${prefix}${String(index).padStart(4, "0")}`;
}

async function run({ baseUrl: serverUrl, serverPid, log }) {
  const baseUrl = await sectionBaseUrl({ baseUrl: serverUrl, serverPid, log });
  const total = CONCURRENCY * 4;
  const prefix = String(Date.now()).slice(-3);
  log(`${SERIAL_FLOWS} sign-in flows one at a time`);
  // Indexes past the burst's, so no phone or network is shared with it.
  const serial = await runFlows({
    total: SERIAL_FLOWS,
    concurrency: 1,
    flow: (i) => signInTimed(baseUrl, benchPhone(prefix, total + i), benchIp(total + i)),
  });
  const floor = await pingFloor(baseUrl, CONCURRENCY);
  log(`${total} sign-in flows, ${CONCURRENCY} at once`);
  const result = await runFlows({
    total,
    concurrency: CONCURRENCY,
    flow: (i) => signInTimed(baseUrl, benchPhone(prefix, i), benchIp(i)),
  });
  const data = { concurrency: CONCURRENCY, total, floor, serial, ...result, p95VsFloor: ratio(result.p95, floor.p95) };
  return {
    title: `Sign-in: ${total} flows, ${CONCURRENCY} concurrent (register-phone → code → verify-sms → profile)`,
    headers: ["Step", "one at a time p50 ms", `${CONCURRENCY} at once p50 ms`, "p95 ms", "max ms"],
    align: ["left", "right", "right", "right", "right"],
    rows: [
      ...Object.entries(result.steps).map(([name, s]) => [name, formatMs(serial.steps[name]?.p50 ?? null), formatMs(s.p50), formatMs(s.p95), formatMs(s.max)]),
      ["whole flow", formatMs(serial.p50), formatMs(result.p50), formatMs(result.p95), formatMs(result.max)],
      [`floor: GET /api/ping at ${CONCURRENCY} clients`, "—", formatMs(floor.p50), formatMs(floor.p95), "—"],
    ],
    notes: [
      ...(baseUrl === serverUrl ? [] : ["Measured past wrangler's local ProxyWorker (BENCH_DIRECT=1): requests went straight to the Worker's workerd."]),
      ...(process.env.BENCH_FRESH_CONNECTIONS === "1" ? ["No client keep-alive (BENCH_FRESH_CONNECTIONS=1): each request on a new connection."] : []),
      `${result.completed}/${total} flows completed, **${result.failed} errors**${result.failed ? ` (${JSON.stringify(result.errorsByKind)})` : ""}; ${result.flowsPerSecond.toFixed(1)} flows/s.`,
      `One at a time: ${serial.completed}/${SERIAL_FLOWS} flows, ${serial.failed} errors${serial.failed ? ` (${JSON.stringify(serial.errorsByKind)})` : ""}, ${serial.flowsPerSecond.toFixed(1)} flows/s.`,
      `Flow p95 is **${formatRatio(data.p95VsFloor)} the floor** (GET /api/ping p95 at the same concurrency). A flow is four requests plus outbox polls, so ≥ 4× is the shape of the work, not overhead.`,
      "Each flow comes from its own /24 (CF-Connecting-IP), as households do; the sign-in limits are the production ones.",
    ],
    data,
  };
}

export default { id: "sign-in-load", needsServer: true, run };
