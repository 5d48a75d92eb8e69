import { describe, expect, it } from "vitest";
import { RATE_LIMITS, smsPerIpRules } from "./rate-limit.server";

describe("per-IP sign-in code limits", () => {
  it("default to 10 per 10 minutes and 30 per hour", () => {
    expect(smsPerIpRules({})).toEqual(RATE_LIMITS.smsPerIp);
  });

  it("are raised by configuration, and ignore values that are not positive whole numbers", () => {
    expect(smsPerIpRules({ SMS_IP_CODES_PER_10_MIN: "200", SMS_IP_CODES_PER_HOUR: "600" }).map((r) => r.limit)).toEqual([200, 600]);
    expect(smsPerIpRules({ SMS_IP_CODES_PER_10_MIN: "0", SMS_IP_CODES_PER_HOUR: "lots" }).map((r) => r.limit)).toEqual([10, 30]);
  });
});
