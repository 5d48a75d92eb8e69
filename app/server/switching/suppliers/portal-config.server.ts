// Which onboarding portal each supplier uses, from the Worker's vars and secrets (never from code; parsed
// in app/server/config.server.ts):
//   SUPPLIER_PORTAL_URL       base URL for every supplier; `{supplierId}` is replaced by the supplier's id
//                             (locally the simulator serves every supplier under its own path)
//   SUPPLIER_PORTALS          optional JSON: per-supplier overrides
//                             {"<supplierId>": {"baseUrl": "https://…", "tokenSecret": "SUPPLIER_TOKEN_X", "timeoutMs": 10000}}
//   SUPPLIER_PORTAL_TOKEN     default bearer credential (secret); a supplier's `tokenSecret` names its own
//   SUPPLIER_PORTAL_TIMEOUT_MS, SUPPLIER_PORTAL_RETRIES
import { appConfig } from "../../config.server";
import { HttpSupplierPortal } from "./http-portal.server";
import type { SupplierPortal } from "./portal.server";

export class PortalConfigError extends Error {
  override name = "PortalConfigError";
}

export function supplierPortal(
  env: Record<string, unknown>,
  supplierId: string,
  options: { fetch?: typeof fetch; backoff?: (attempt: number) => Promise<void> } = {},
): SupplierPortal {
  const config = appConfig(env).portals;
  const override = config.overrides[supplierId] ?? {};
  const tokenName = override.tokenSecret ?? "SUPPLIER_PORTAL_TOKEN";
  const token = env[tokenName];
  if (typeof token !== "string" || token.length === 0) {
    throw new PortalConfigError(`Missing secret ${tokenName} for supplier ${supplierId}`);
  }
  return new HttpSupplierPortal({
    supplierId,
    baseUrl: override.baseUrl ?? config.urlTemplate.replaceAll("{supplierId}", encodeURIComponent(supplierId)),
    token,
    timeoutMs: override.timeoutMs ?? config.timeoutMs,
    retries: override.retries ?? config.retries,
    fetch: options.fetch,
    backoff: options.backoff,
  });
}
