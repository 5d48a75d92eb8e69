// ID photo round 24 (issue #14): the region re-readings after parsing kept to the deadline. (The pale
// photocopy under blinds that read nothing: an evened image that reads it was tried and taken out again,
// it took the passes that read other cards — docs/benchmarks.md, session 15, idfix24; commit 4e43f8d.)
import { describe, expect, it } from "vitest";
import { regionRereadsInTime, ZONE_PASS_GRACE_MS } from "../../app/server/documents/extraction/extract-document.server";

describe("the region re-readings after parsing keep to the deadline (issue #14: < 8 s a photo)", () => {
  it("reads regions again before the deadline and its grace, not after", () => {
    const at = (now: number) => ({ now: () => now, deadline: 6500 });
    expect(regionRereadsInTime()).toBe(true);
    expect(regionRereadsInTime(at(6000))).toBe(true);
    expect(regionRereadsInTime(at(6500 + ZONE_PASS_GRACE_MS))).toBe(true);
    expect(regionRereadsInTime(at(6500 + ZONE_PASS_GRACE_MS + 1))).toBe(false);
  });
});
