import { describe, expect, it } from "vitest";
import { findPod, isValidPod, normalizePod } from "./pod";

describe("POD", () => {
  it("accepts RO + 3-digit operator + E + 9 digits", () => {
    expect(isValidPod("RO005E123456789")).toBe(true);
    expect(isValidPod("RO002E500123456")).toBe(true);
    expect(isValidPod("ro005e 123 456 789")).toBe(true);
  });

  it("rejects other shapes", () => {
    expect(isValidPod("RO005G123456789")).toBe(false); // G is gas
    expect(isValidPod("RO05E123456789")).toBe(false);
    expect(isValidPod("RO005E12345678")).toBe(false);
    expect(isValidPod("HU005E123456789")).toBe(false);
  });

  it("normalises spacing and case", () => {
    expect(normalizePod(" ro005-e 123456789 ")).toBe("RO005E123456789");
  });

  it("finds a POD in free text and repairs digit-only confusions", () => {
    expect(findPod("Cod loc consum (POD): RO005E 123 456 789\nAdresa")).toBe("RO005E123456789");
    expect(findPod("POD RO0O5E12345678O")).toBe("RO005E123456780");
    expect(findPod("Nu are cod aici RO12")).toBeNull();
  });
});
