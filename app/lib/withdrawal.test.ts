import { describe, expect, it } from "vitest";
import { canCancelSwitch, withdrawalDeadline, withinWithdrawal } from "./withdrawal";

// 2026-11-24 23:30 in Bucharest is 21:30 UTC: the Bucharest day decides, not the UTC one.
const signedLateEvening = Date.UTC(2026, 10, 24, 21, 30);

describe("withdrawal window", () => {
  it("ends 14 Bucharest calendar days after the signing day", () => {
    expect(withdrawalDeadline(signedLateEvening)).toBe("2026-12-08");
    expect(withdrawalDeadline(Date.UTC(2026, 10, 24, 22, 30))).toBe("2026-12-09");
    expect(withdrawalDeadline(null)).toBeNull();
  });

  it("is open through the last day and closed the day after", () => {
    expect(withinWithdrawal(signedLateEvening, Date.UTC(2026, 11, 8, 21, 59))).toBe(true);
    expect(withinWithdrawal(signedLateEvening, Date.UTC(2026, 11, 8, 22, 1))).toBe(false);
    expect(withinWithdrawal(null, signedLateEvening)).toBe(false);
  });

  it("lets the owner cancel open requests, and completed ones only within the window", () => {
    expect(canCancelSwitch({ status: "processing", signedAt: null })).toBe(true);
    expect(canCancelSwitch({ status: "completed", signedAt: signedLateEvening }, Date.UTC(2026, 10, 30))).toBe(true);
    expect(canCancelSwitch({ status: "completed", signedAt: signedLateEvening }, Date.UTC(2026, 11, 20))).toBe(false);
    expect(canCancelSwitch({ status: "completed", signedAt: null })).toBe(false);
    expect(canCancelSwitch({ status: "failed", signedAt: signedLateEvening }, Date.UTC(2026, 10, 30))).toBe(false);
  });
});
