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
  if (scenario === "geocode") {
    // Reverse geocoding in the shape of the configured provider (BigDataCloud's client endpoint).
    return Response.json({
      latitude: Number(url.searchParams.get("latitude")),
      longitude: Number(url.searchParams.get("longitude")),
      countryName: "România",
      principalSubdivision: "Județul Brașov",
      city: "Brașov",
      localityLanguageRequested: url.searchParams.get("localityLanguage"),
    });
  }
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
    case "e2e":
      // Slow enough that the browser sees the searching state, fast enough for a test.
      await sleep(2_500);
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

/** The same fakes over real HTTP, for `wrangler dev` in the Chromium tests. */
export async function startFakeComparatorServer() {
  const { createServer } = await import("node:http");
  const server = createServer(async (req, res) => {
    const response = await fakeComparator(new Request(`http://comparator.test${req.url}`));
    res.writeHead(response.status, {
      ...Object.fromEntries(response.headers),
      "access-control-allow-origin": "*",
    });
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}`, stop: () => server.close() };
}
