// A local stand-in for the suppliers' onboarding portals (protocol v1, docs/supplier-portal-protocol.md),
// so the local stack and the tests meet the same troubles as production: latency, random 5xx, answers
// lost after the effect happened (the caller must be idempotent), rate limiting (429 + Retry-After) and a
// confirmation that arrives later. Every supplier lives under its own path prefix: /{supplierId}/v1/...
//
//   node scripts/supplier-portal-simulator.mjs [--port 8791]      (npm run dev starts it)
//   createSupplierPortalSimulator(options).handle(request)        (tests: miniflare outboundService)
//
// Test hooks (not part of the protocol): POST /__control {reset?, failNext?: {count, status?, op?}, ...options}
// and GET /__stats → counts of calls and of effects per supplier, to prove each effect happened once.
import { createHash, randomUUID } from "node:crypto";
import { createServer } from "node:http";

const DEFAULTS = {
  token: "local-supplier-portal-token",
  latencyMs: 120,
  jitterMs: 80,
  failureRate: 0.03,
  lostResponseRate: 0.01,
  rateLimitPerSecond: 25,
  confirmDelayMs: 4000,
  rejectPodPrefix: "RO999",
};

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const json = (status, body, headers = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
const problem = (status, error, message) => json(status, { error, message });

const DOCUMENT_KINDS = new Set(["identity", "invoice", "signed_contract"]);
const CLAUSES = [
  "Furnizorul asigură furnizarea energiei electrice la locul de consum identificat prin codul POD, în condițiile ofertei acceptate.",
  "Prețul energiei active este cel din oferta acceptată, fix pe durata contractului; tarifele reglementate se aplică în cuantumul aprobat de ANRE.",
  "Factura se emite lunar, pe baza indexului transmis de operatorul de distribuție sau autocitit de client.",
  "Clientul poate denunța contractul fără penalități, cu un preaviz de 21 de zile, conform procedurii ANRE de schimbare a furnizorului.",
  "Contractul încheiat la distanță poate fi denunțat de client în 14 zile de la semnare, fără motiv și fără costuri.",
];

/** "premier-energy" → "Premier Energy": the simulated supplier's own name for its contracts. */
function legalNameOf(supplierId = "furnizor") {
  return supplierId
    .split("-")
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}

function addDays(day, days) {
  const [y, m, d] = day.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

export function createSupplierPortalSimulator(initial = {}) {
  let options = { ...DEFAULTS, ...initial };
  const random = initial.random ?? Math.random;
  let suppliers = new Map();
  let failNext = null;

  function supplier(id) {
    let s = suppliers.get(id);
    if (!s) {
      s = {
        applications: new Map(),
        byReference: new Map(),
        bucket: { tokens: options.rateLimitPerSecond, at: Date.now() },
        calls: {},
        effects: { applicationsCreated: 0, documentsStored: 0, contractsIssued: 0, signaturesRecorded: 0, withdrawals: 0 },
      };
      suppliers.set(id, s);
    }
    return s;
  }

  function takeToken(s) {
    const now = Date.now();
    const refill = ((now - s.bucket.at) / 1000) * options.rateLimitPerSecond;
    s.bucket = { tokens: Math.min(options.rateLimitPerSecond, s.bucket.tokens + refill), at: now };
    if (s.bucket.tokens < 1) return false;
    s.bucket.tokens -= 1;
    return true;
  }

  function statusOf(app) {
    if (app.withdrawnAt) return { status: "withdrawn" };
    if (app.rejectionReason) return { status: "rejected", rejectionReason: app.rejectionReason };
    if (app.signedAt && Date.now() >= app.confirmAt) return { status: "confirmed", switchDate: app.switchDate };
    if (app.signedAt) return { status: "signed" };
    if (app.contract) return { status: "contract_issued" };
    if (app.documents.has("identity") && app.documents.has("invoice")) return { status: "documents_complete" };
    return { status: "received" };
  }

  async function route(request, s, op, parts) {
    const [, appId, , kind] = parts;
    if (op === "create") {
      const key = request.headers.get("idempotency-key");
      let body;
      try {
        body = await request.json();
      } catch {
        return { response: problem(400, "invalid_json", "Corpul cererii nu este JSON.") };
      }
      const missing = ["externalReference", "customer", "consumptionPlace", "offer", "desiredSwitchDate"].filter((f) => !body?.[f]);
      if (!key || missing.length > 0 || !body.consumptionPlace?.pod) {
        return { response: problem(400, "invalid_application", `Câmpuri lipsă: ${missing.join(", ") || "Idempotency-Key/pod"}`) };
      }
      const existing = s.byReference.get(key);
      if (existing) return { response: json(200, { applicationId: existing, status: statusOf(s.applications.get(existing)).status }) };
      const applicationId = `APP-${randomUUID()}`;
      const app = { application: body, documents: new Map(), contract: null, signedAt: null, confirmAt: 0, switchDate: null, rejectionReason: null, withdrawnAt: null };
      if (String(body.consumptionPlace.pod).startsWith(options.rejectPodPrefix)) {
        app.rejectionReason = "Codul POD nu este cunoscut de operatorul de distribuție.";
      }
      s.applications.set(applicationId, app);
      s.byReference.set(key, applicationId);
      s.effects.applicationsCreated += 1;
      return { response: json(201, { applicationId, status: "received" }), effect: true };
    }
    const app = s.applications.get(appId);
    if (!app) return { response: problem(404, "unknown_application", "Aplicație necunoscută.") };
    if (op === "document") {
      if (!DOCUMENT_KINDS.has(kind)) return { response: problem(400, "unknown_document_kind", "Tip de document necunoscut.") };
      const bytes = Buffer.from(await request.arrayBuffer());
      const sha256 = createHash("sha256").update(bytes).digest("hex");
      if (bytes.length === 0 || sha256 !== request.headers.get("x-content-sha256")) {
        return { response: problem(400, "checksum_mismatch", "Suma de control a documentului nu corespunde.") };
      }
      const replaced = app.documents.get(kind)?.sha256 === sha256;
      app.documents.set(kind, { sha256, size: bytes.length, fileName: decodeURIComponent(request.headers.get("x-file-name") ?? "") });
      if (!replaced) s.effects.documentsStored += 1;
      return { response: json(replaced ? 200 : 201, { documentId: `${appId}:${kind}`, sha256 }), effect: !replaced };
    }
    if (op === "contract") {
      if (app.rejectionReason) return { response: problem(409, "application_rejected", app.rejectionReason) };
      if (!app.documents.has("identity") || !app.documents.has("invoice")) {
        return { response: problem(409, "documents_missing", "Lipsesc actul de identitate sau factura.") };
      }
      const issued = !app.contract;
      if (issued) {
        app.contract = {
          contractNumber: `CF-${new Date().getUTCFullYear()}-${String(s.effects.contractsIssued + 1).padStart(6, "0")}`,
          supplierLegalName: `${legalNameOf(parts.supplierId)} S.A.`,
          issuedOn: new Date().toISOString().slice(0, 10),
          durationMonths: 12,
          paymentTermDays: 15,
          clauses: CLAUSES,
        };
        s.effects.contractsIssued += 1;
      }
      return { response: json(200, app.contract), effect: issued };
    }
    if (op === "signature") {
      if (!app.contract) return { response: problem(409, "contract_not_issued", "Contractul nu a fost emis.") };
      if (!app.documents.has("signed_contract")) return { response: problem(409, "signed_contract_missing", "Contractul semnat nu a fost încărcat.") };
      let body;
      try {
        body = await request.json();
      } catch {
        return { response: problem(400, "invalid_json", "Corpul cererii nu este JSON.") };
      }
      if (body?.signedContractSha256 !== app.documents.get("signed_contract").sha256) {
        return { response: problem(400, "checksum_mismatch", "Semnătura nu corespunde contractului încărcat.") };
      }
      if (!app.signedAt) {
        app.signedAt = body.signedAt ?? new Date().toISOString();
        app.confirmAt = Date.now() + options.confirmDelayMs;
        const earliest = addDays(new Date().toISOString().slice(0, 10), 1);
        const desired = app.application.desiredSwitchDate;
        app.switchDate = desired > earliest ? desired : earliest;
        s.effects.signaturesRecorded += 1;
        return { response: json(202, { status: "signed" }), effect: true };
      }
      return { response: json(200, { status: statusOf(app).status }) };
    }
    if (op === "withdrawal") {
      if (app.withdrawnAt) return { response: json(200, { status: "withdrawn" }) };
      app.withdrawnAt = new Date().toISOString();
      s.effects.withdrawals += 1;
      return { response: json(202, { status: "withdrawn" }), effect: true };
    }
    if (op === "status") return { response: json(200, { applicationId: appId, ...statusOf(app) }) };
    return { response: problem(404, "not_found", "Resursă necunoscută.") };
  }

  function operationOf(method, parts) {
    // parts: ["applications", id?, sub?, kind?]
    if (parts[0] !== "applications") return null;
    if (parts.length === 1 && method === "POST") return "create";
    if (parts.length === 2 && method === "GET") return "status";
    if (parts.length === 3 && parts[2] === "contract" && method === "GET") return "contract";
    if (parts.length === 3 && parts[2] === "signature" && method === "POST") return "signature";
    if (parts.length === 3 && parts[2] === "withdrawal" && method === "POST") return "withdrawal";
    if (parts.length === 4 && parts[2] === "documents" && method === "PUT") return "document";
    return null;
  }

  async function handle(request) {
    const url = new URL(request.url);
    if (url.pathname === "/__control" && request.method === "POST") {
      const body = await request.json().catch(() => ({}));
      if (body.reset) {
        suppliers = new Map();
        failNext = null;
        options = { ...DEFAULTS, ...initial };
      }
      if (body.failNext) failNext = { count: body.failNext.count ?? 1, status: body.failNext.status ?? 503, op: body.failNext.op ?? null, supplier: body.failNext.supplier ?? null };
      for (const key of Object.keys(DEFAULTS)) if (key in body) options[key] = body[key];
      return json(200, { options });
    }
    if (url.pathname === "/__stats") {
      const out = {};
      for (const [id, s] of suppliers) out[id] = { calls: s.calls, effects: s.effects, applications: s.applications.size };
      return json(200, out);
    }
    const [supplierId, version, ...parts] = url.pathname.split("/").filter(Boolean);
    if (!supplierId || version !== "v1") return problem(404, "not_found", "Resursă necunoscută.");
    const op = operationOf(request.method, parts);
    if (!op) return problem(404, "not_found", "Resursă necunoscută.");
    const s = supplier(supplierId);
    s.calls[op] = (s.calls[op] ?? 0) + 1;

    await sleep(options.latencyMs + random() * options.jitterMs);
    if ((request.headers.get("authorization") ?? "") !== `Bearer ${options.token}`) {
      return problem(401, "unauthorized", "Credențiale invalide.");
    }
    if (!takeToken(s)) return problem(429, "rate_limited", "Prea multe cereri.", { "retry-after": "1" });
    if (failNext && failNext.count > 0 && (!failNext.op || failNext.op === op) && (!failNext.supplier || failNext.supplier === supplierId)) {
      failNext.count -= 1;
      return problem(failNext.status, "simulated_failure", "Eroare simulată.");
    }
    if (random() < options.failureRate) return problem(503, "unavailable", "Serviciu indisponibil temporar.");
    const { response, effect } = await route(request, s, op, Object.assign([...parts], { supplierId }));
    // The effect happened but the caller never hears of it: it must retry without doubling it.
    if (effect && random() < options.lostResponseRate) return problem(502, "bad_gateway", "Răspuns pierdut.");
    return response;
  }

  return { handle, options: () => ({ ...options }) };
}

/** Serves the simulator over HTTP from Node (npm run dev, benchmarks). */
export function startSupplierPortalServer({ port = 8791, host = "127.0.0.1", ...options } = {}) {
  const simulator = createSupplierPortalSimulator(options);
  const server = createServer(async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
    const request = new Request(`http://${host}${req.url}`, {
      method: req.method,
      headers: Object.entries(req.headers).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => [k, x]) : v ? [[k, v]] : [])),
      body: req.method === "GET" || req.method === "HEAD" ? undefined : body,
    });
    const response = await simulator.handle(request);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    res.end(Buffer.from(await response.arrayBuffer()));
  });
  return new Promise((resolve) =>
    server.listen(port, host, () => resolve({ server, simulator, url: `http://${host}:${server.address().port}` })),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const portArg = process.argv.indexOf("--port");
  const port = portArg > 0 ? Number(process.argv[portArg + 1]) : Number(process.env.SUPPLIER_PORTAL_PORT ?? 8791);
  const env = (name, fallback) => (process.env[name] === undefined ? fallback : Number(process.env[name]));
  const { url } = await startSupplierPortalServer({
    port,
    latencyMs: env("SUPPLIER_SIM_LATENCY_MS", DEFAULTS.latencyMs),
    failureRate: env("SUPPLIER_SIM_FAILURE_RATE", DEFAULTS.failureRate),
    rateLimitPerSecond: env("SUPPLIER_SIM_RATE_LIMIT", DEFAULTS.rateLimitPerSecond),
    confirmDelayMs: env("SUPPLIER_SIM_CONFIRM_DELAY_MS", DEFAULTS.confirmDelayMs),
  });
  console.log(`supplier portal simulator on ${url}`);
}
