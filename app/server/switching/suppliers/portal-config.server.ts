// Which onboarding portal each supplier uses, from the Worker's vars and secrets (never from code):
//   SUPPLIER_PORTAL_URL       base URL for every supplier; `{supplierId}` is replaced by the supplier's id
//                             (locally the simulator serves every supplier under its own path)
//   SUPPLIER_PORTALS          optional JSON: per-supplier overrides
//                             {"<supplierId>": {"baseUrl": "https://…", "tokenSecret": "SUPPLIER_TOKEN_X", "timeoutMs": 10000}}
//   SUPPLIER_PORTAL_TOKEN     default bearer credential (secret); a supplier's `tokenSecret` names its own
//   SUPPLIER_PORTAL_TIMEOUT_MS, SUPPLIER_PORTAL_RETRIES
import { z } from "zod";
import { HttpSupplierPortal } from "./http-portal.server";
import type { SupplierPortal } from "./portal.server";

const intFromEnv = (fallback: number, min: number, max: number) =>
  z.coerce.number().int().min(min).max(max).catch(fallback);

const overrideSchema = z.object({
  baseUrl: z.url().optional(),
  tokenSecret: z
    .string()
    .regex(/^[A-Z][A-Z0-9_]{0,63}$/)
    .optional(),
  timeoutMs: z.number().int().min(100).max(120_000).optional(),
  retries: z.number().int().min(0).max(5).optional(),
});

const portalConfigSchema = z.object({
  SUPPLIER_PORTAL_URL: z.string().min(1).refine((url) => z.url().safeParse(url.replaceAll("{supplierId}", "x")).success, {
    message: "SUPPLIER_PORTAL_URL must be an absolute URL (with an optional {supplierId})",
  }),
  SUPPLIER_PORTALS: z
    .string()
    .default("{}")
    .transform((text, ctx) => {
      try {
        return JSON.parse(text || "{}") as unknown;
      } catch {
        ctx.addIssue({ code: "custom", message: "SUPPLIER_PORTALS is not JSON" });
        return z.NEVER;
      }
    })
    .pipe(z.record(z.string(), overrideSchema)),
  SUPPLIER_PORTAL_TIMEOUT_MS: intFromEnv(10_000, 100, 120_000),
  SUPPLIER_PORTAL_RETRIES: intFromEnv(2, 0, 5),
});

export type PortalConfig = z.infer<typeof portalConfigSchema>;

/** Throws on a misconfigured deployment (no URL, broken overrides JSON). */
export function portalConfigFromEnv(env: Record<string, unknown>): PortalConfig {
  return portalConfigSchema.parse({
    SUPPLIER_PORTAL_URL: env.SUPPLIER_PORTAL_URL,
    SUPPLIER_PORTALS: env.SUPPLIER_PORTALS,
    SUPPLIER_PORTAL_TIMEOUT_MS: env.SUPPLIER_PORTAL_TIMEOUT_MS,
    SUPPLIER_PORTAL_RETRIES: env.SUPPLIER_PORTAL_RETRIES,
  });
}

export class PortalConfigError extends Error {
  override name = "PortalConfigError";
}

export function supplierPortal(
  env: Record<string, unknown>,
  supplierId: string,
  options: { fetch?: typeof fetch; backoff?: (attempt: number) => Promise<void> } = {},
): SupplierPortal {
  const config = portalConfigFromEnv(env);
  const override = config.SUPPLIER_PORTALS[supplierId] ?? {};
  const tokenName = override.tokenSecret ?? "SUPPLIER_PORTAL_TOKEN";
  const token = env[tokenName];
  if (typeof token !== "string" || token.length === 0) {
    throw new PortalConfigError(`Missing secret ${tokenName} for supplier ${supplierId}`);
  }
  return new HttpSupplierPortal({
    supplierId,
    baseUrl: override.baseUrl ?? config.SUPPLIER_PORTAL_URL.replaceAll("{supplierId}", encodeURIComponent(supplierId)),
    token,
    timeoutMs: override.timeoutMs ?? config.SUPPLIER_PORTAL_TIMEOUT_MS,
    retries: override.retries ?? config.SUPPLIER_PORTAL_RETRIES,
    fetch: options.fetch,
    backoff: options.backoff,
  });
}
