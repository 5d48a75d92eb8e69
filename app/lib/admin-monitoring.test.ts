import { describe, expect, it } from "vitest";
import { healthTone, responseTimeBand } from "./admin-monitoring";

describe("health tone (admin spec §4)", () => {
  it("groups statuses", () => {
    for (const s of ["healthy", "connected", "operational", "available"]) expect(healthTone(s)).toBe("good");
    for (const s of ["warning", "degraded", "limited"]) expect(healthTone(s)).toBe("warning");
    for (const s of ["critical", "disconnected", "down", "unavailable"]) expect(healthTone(s)).toBe("bad");
    expect(healthTone("something")).toBe("neutral");
    expect(healthTone(null)).toBe("neutral");
  });
});

describe("response time band (admin spec §9)", () => {
  it("cuts at 100 and 500 ms", () => {
    expect(responseTimeBand(99)).toBe("green");
    expect(responseTimeBand(100)).toBe("yellow");
    expect(responseTimeBand(499)).toBe("yellow");
    expect(responseTimeBand(500)).toBe("red");
  });
});
