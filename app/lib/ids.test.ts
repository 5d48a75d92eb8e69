import { describe, expect, it } from "vitest";
import { newId, shortId } from "./ids";

describe("newId", () => {
  it("is a v7 UUID, ordered by time and unique", () => {
    const a = newId(1_700_000_000_000);
    const b = newId(1_700_000_000_001);
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a < b).toBe(true);
    const many = new Set(Array.from({ length: 1000 }, () => newId()));
    expect(many.size).toBe(1000);
  });

  it("shows the last 8 characters", () => {
    expect(shortId("0190f1c2-aaaa-7bbb-8ccc-1234567890ab")).toBe("567890ab");
  });
});
