// The e2e run's supplier portal simulator (scripts/supplier-portal-simulator.mjs), steered through its
// test hooks: POST /__control changes its options and answers with the ones in force, GET /__stats
// counts the calls and effects per supplier.
const portalUrl = () => {
  const url = process.env.E2E_SUPPLIER_PORTAL_URL;
  if (!url) throw new Error("E2E_SUPPLIER_PORTAL_URL is not set (run through tests/e2e/run.mjs)");
  return url;
};

/** Applies the given options ({} only reads them); returns the options in force afterwards. */
export async function portalControl(options = {}) {
  const res = await fetch(`${portalUrl()}/__control`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(options),
  });
  if (!res.ok) throw new Error(`portal /__control answered ${res.status}`);
  return (await res.json()).options;
}

/** Calls and effects of one supplier at the portal (zeros when it was never called). */
export async function portalStats(supplierId) {
  const res = await fetch(`${portalUrl()}/__stats`);
  const all = await res.json();
  return all[supplierId] ?? { calls: {}, effects: {}, applications: 0 };
}
