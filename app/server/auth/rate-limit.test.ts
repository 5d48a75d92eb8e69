import { describe, expect, it } from "vitest";
import { appConfig } from "../config.server";
import { RATE_LIMITS, networkOf, smsBudgetRules, smsPerNetworkRules, uploadPerIpRules } from "./rate-limit.server";

const BASE = { SUPPLIER_PORTAL_URL: "http://portal.test/{supplierId}" };
/** The limits of a deployment with these vars, as the Worker reads them. */
const limits = (vars: Record<string, string>) => appConfig({ ...BASE, ...vars }).limits;

describe("per-network sign-in code limits", () => {
  it("default to 30 per 10 minutes and 100 per hour (room for a carrier NAT)", () => {
    expect(smsPerNetworkRules(limits({}))).toEqual(RATE_LIMITS.smsPerNetwork);
    expect(smsPerNetworkRules(limits({})).map((r) => r.limit)).toEqual([30, 100]);
  });

  it("are raised by configuration, and ignore values that are not positive whole numbers", () => {
    expect(smsPerNetworkRules(limits({ SMS_IP_CODES_PER_10_MIN: "200", SMS_IP_CODES_PER_HOUR: "600" })).map((r) => r.limit)).toEqual([200, 600]);
    expect(smsPerNetworkRules(limits({ SMS_IP_CODES_PER_10_MIN: "0", SMS_IP_CODES_PER_HOUR: "lots" })).map((r) => r.limit)).toEqual([30, 100]);
  });
});

describe("the SMS budget and the upload limit", () => {
  it("come from the configuration, per hour and per day", () => {
    expect(smsBudgetRules(limits({ SMS_BUDGET_PER_HOUR: "50", SMS_BUDGET_PER_DAY: "400" })).map((r) => [r.name, r.limit])).toEqual([
      ["sms_budget_hourly", 50],
      ["sms_budget_daily", 400],
    ]);
    expect(smsBudgetRules(limits({ SMS_BUDGET_PER_HOUR: "-1" }))).toEqual(RATE_LIMITS.smsBudget);
    expect(uploadPerIpRules(limits({ UPLOAD_IP_PER_10_MIN: "900" }))[0]!.limit).toBe(900);
    expect(uploadPerIpRules(limits({}))).toEqual(RATE_LIMITS.uploadPerIp);
  });
});

describe("networkOf", () => {
  it("counts IPv4 per /24", () => {
    expect(networkOf("188.25.7.201")).toBe("188.25.7.0/24");
    expect(networkOf("188.25.7.3")).toBe(networkOf("188.25.7.201"));
    expect(networkOf("188.25.8.3")).not.toBe(networkOf("188.25.7.201"));
  });

  it("counts IPv6 per /64, however the address is written", () => {
    expect(networkOf("2a02:2f0c:8000:12::1")).toBe("2a02:2f0c:8000:12::/64");
    expect(networkOf("2A02:2F0C:8000:0012:abcd:1:2:3")).toBe("2a02:2f0c:8000:12::/64");
    expect(networkOf("2a02:2f0c:8000:13::1")).not.toBe(networkOf("2a02:2f0c:8000:12::1"));
    expect(networkOf("::1")).toBe("0:0:0:0::/64");
  });

  it("counts an IPv4-mapped IPv6 address as its IPv4 network", () => {
    expect(networkOf("::ffff:188.25.7.9")).toBe("188.25.7.0/24");
  });

  it("leaves anything else as it is", () => {
    expect(networkOf("unknown")).toBe("unknown");
    expect(networkOf("1:2:3")).toBe("1:2:3");
    expect(networkOf("g::1")).toBe("g::1");
  });
});
