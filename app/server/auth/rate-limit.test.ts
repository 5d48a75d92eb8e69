import { describe, expect, it } from "vitest";
import { appConfig } from "../config.server";
import { RATE_LIMITS, smsPerIpRules } from "./rate-limit.server";

const BASE = { SUPPLIER_PORTAL_URL: "http://portal.test/{supplierId}" };

describe("per-IP sign-in code limits", () => {
  it("default to 10 per 10 minutes and 30 per hour", () => {
    expect(smsPerIpRules(appConfig({ ...BASE }).sms)).toEqual(RATE_LIMITS.smsPerIp);
  });

  it("are raised by configuration, and ignore values that are not positive whole numbers", () => {
    const raised = appConfig({ ...BASE, SMS_IP_CODES_PER_10_MIN: "200", SMS_IP_CODES_PER_HOUR: "600" });
    expect(smsPerIpRules(raised.sms).map((r) => r.limit)).toEqual([200, 600]);
    const nonsense = appConfig({ ...BASE, SMS_IP_CODES_PER_10_MIN: "0", SMS_IP_CODES_PER_HOUR: "lots" });
    expect(smsPerIpRules(nonsense.sms).map((r) => r.limit)).toEqual([10, 30]);
  });
});
