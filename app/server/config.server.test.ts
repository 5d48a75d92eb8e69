import { describe, expect, it } from "vitest";
import { SPEC_POLL_TIMINGS } from "../lib/offer-collection";
import { ConfigError, appConfig } from "./config.server";

const BASE = { APP_ENV: "test", SMS_PROVIDER: "outbox", SUPPLIER_PORTAL_URL: "http://portal.test/{supplierId}" };

function errorOf(env: Record<string, unknown>): ConfigError {
  try {
    appConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

describe("appConfig", () => {
  it("is parsed once per env object", () => {
    const env = { ...BASE };
    expect(appConfig(env)).toBe(appConfig(env));
    expect(appConfig({ ...BASE })).not.toBe(appConfig(env));
  });

  it("falls back to the documented defaults for unset or nonsense tunables", () => {
    const config = appConfig({ ...BASE, DOCUMENT_STUCK_MINUTES: "-3", SMS_GATEWAY_TIMEOUT_MS: "", OFFER_POLL_FIRST_MS: "soon", GEOCODE_URL: "nope" });
    expect(config.documents.processingLeaseMs).toBe(120_000);
    expect(config.documents.stuckQueuedMs).toBe(10 * 60_000);
    expect(config.documents.maxUploadBytes).toBe(10 * 1024 * 1024);
    expect(config.sms.gateway.timeoutMs).toBe(5000);
    expect(config.sms.gateway.sender).toBe("CURENT");
    expect(config.publicConfig).toEqual({ offerPolling: SPEC_POLL_TIMINGS, geocodeUrl: null });
    expect(config.offers.sources).toEqual(["catalog"]);
    expect(config.pipeline.maxRetries).toBe(5);
    expect(config.devGate).toBeNull();
  });

  it("reads set values", () => {
    const config = appConfig({
      ...BASE,
      DOCUMENT_STUCK_MINUTES: "2",
      BILL_MAX_AGE_DAYS: "30",
      OFFER_SOURCES: "catalog, comparator",
      OFFER_COMPARATOR_URL: "https://comparator.test/api",
      SWITCH_SIGNATURE_TTL_HOURS: "1",
      DEV_GATE_USER: "u",
      DEV_GATE_PASSWORD: "p",
    });
    expect(config.documents.stuckQueuedMs).toBe(120_000);
    expect(config.documents.billMaxAgeDays).toBe(30);
    expect(config.offers).toMatchObject({ sources: ["catalog", "comparator"], comparatorUrl: "https://comparator.test/api" });
    expect(config.pipeline.signatureTtlMs).toBe(3_600_000);
    expect(config.devGate).toEqual({ user: "u", password: "p" });
  });

  it("names each variable it cannot run with, never its value", () => {
    const error = errorOf({ ...BASE, OFFER_SOURCES: "catalog,pigeon", SUPPLIER_PORTALS: "{secret-ish" });
    expect(error.variables.sort()).toEqual(["OFFER_SOURCES", "SUPPLIER_PORTALS"]);
    expect(error.message).toMatch(/OFFER_SOURCES/);
    expect(error.message).not.toMatch(/secret-ish/);
    expect(errorOf({ ...BASE, OFFER_SOURCES: "comparator" }).variables).toEqual(["OFFER_COMPARATOR_URL"]);
    expect(errorOf({ ...BASE, SUPPLIER_PORTAL_URL: "not a url" }).variables).toEqual(["SUPPLIER_PORTAL_URL"]);
  });

  it("keeps answering with the same error for the same env object", () => {
    const env = { ...BASE, SUPPLIER_PORTAL_URL: "" };
    expect(() => appConfig(env)).toThrow(ConfigError);
    expect(() => appConfig(env)).toThrow(/SUPPLIER_PORTAL_URL/);
  });
});
