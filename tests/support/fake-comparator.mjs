// A local stand-in for the regulator-style comparator, served to workerd through miniflare's
// outboundService: it answers from recorded fixtures and can be slow, broken or flaky on request.
// Scenario = first path segment: http://comparator.test/{ok|slow|hang|malformed|bad-shape|error500|not-found|flaky}/oferte
import { readFileSync } from "node:fs";

const fixture = readFileSync(new URL("../fixtures/comparator/oferte-transilvania-nord.json", import.meta.url), "utf8");
const hits = new Map();
const flakyCalls = new Map();
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export async function fakeComparator(request) {
  const url = new URL(request.url);
  if (url.hostname !== "comparator.test") {
    return new Response(`no network in tests: ${url.hostname}`, { status: 599 });
  }
  const [scenario, resource] = url.pathname.split("/").filter(Boolean);
  if (scenario === "__stats") {
    const key = url.searchParams.get("key") ?? "";
    return Response.json({ hits: hits.get(key) ?? 0 });
  }
  // Tests tag each request with a unique run key (the zona parameter is fixed by the county).
  const key = `${scenario}|${url.searchParams.get("data")}`;
  hits.set(key, (hits.get(key) ?? 0) + 1);
  if (resource !== "oferte") return new Response("not found", { status: 404 });

  switch (scenario) {
    case "ok":
      return new Response(fixture, { headers: { "content-type": "application/json" } });
    case "slow":
      await sleep(400);
      return new Response(fixture, { headers: { "content-type": "application/json" } });
    case "hang":
      await sleep(5_000);
      return new Response(fixture, { headers: { "content-type": "application/json" } });
    case "malformed":
      return new Response('{"oferte": [ {"id_oferta": 1, ', { headers: { "content-type": "application/json" } });
    case "bad-shape":
      return Response.json({ oferte: [{ id_oferta: 1, furnizor: "X", pret_final_kwh: "gratis" }] });
    case "error500":
      return new Response("<html>Internal error</html>", { status: 500 });
    case "not-found":
      return new Response("not found", { status: 404 });
    case "flaky": {
      const calls = (flakyCalls.get(key) ?? 0) + 1;
      flakyCalls.set(key, calls);
      if (calls === 1) return new Response("busy", { status: 503 });
      return new Response(fixture, { headers: { "content-type": "application/json" } });
    }
    default:
      return new Response("unknown scenario", { status: 400 });
  }
}
