import { describe, expect, it } from "vitest";
import { TEXTS } from "../../texts/user";
import { meterReadingSchema, sanitizeMeterIndex } from "./meter-reading";

const NOW = Date.parse("2026-11-23T10:00:00Z");
const message = (input: unknown) => meterReadingSchema(NOW).safeParse(input).error?.issues[0]?.message;

describe("meter reading (user spec §5)", () => {
  it("strips forbidden characters while typing", () => {
    expect(sanitizeMeterIndex("12 345")).toBe("12345");
    expect(sanitizeMeterIndex("A12345.6")).toBe("A12345.6");
    expect(sanitizeMeterIndex("1,2-3#ă!")).toBe("1,2-3");
  });

  it("accepts 1 to 20 letters, digits, dots, commas and hyphens", () => {
    expect(meterReadingSchema(NOW).parse({ readingValue: " A12345.6 ", readingDate: "2026-11-23" })).toEqual({ readingValue: "A12345.6", readingDate: "2026-11-23" });
    expect(meterReadingSchema(NOW).safeParse({ readingValue: "1".repeat(20), readingDate: "2026-11-01" }).success).toBe(true);
  });

  it("answers with the spec's messages", () => {
    expect(message({ readingValue: "", readingDate: "2026-11-23" })).toBe(TEXTS.meter.required);
    expect(message({ readingDate: "2026-11-23" })).toBe(TEXTS.meter.required);
    expect(message({ readingValue: "1".repeat(21), readingDate: "2026-11-23" })).toBe(TEXTS.meter.invalid);
    expect(message({ readingValue: "12 34", readingDate: "2026-11-23" })).toBe(TEXTS.meter.invalid);
    expect(TEXTS.meter.invalid).toBe("Format invalid. Folosiți doar cifre, litere și puncte (ex: 12345, A12345.6). Maxim 20 caractere.");
  });

  it("wants a real day, not in the future (Bucharest) and within a year", () => {
    expect(message({ readingValue: "1", readingDate: "" })).toBe(TEXTS.meter.dateRequired);
    expect(message({ readingValue: "1", readingDate: "2026-02-30" })).toBe(TEXTS.meter.dateInvalid);
    expect(message({ readingValue: "1", readingDate: "2026-11-24" })).toBe(TEXTS.meter.dateInFuture);
    expect(message({ readingValue: "1", readingDate: "2025-11-01" })).toBe(TEXTS.meter.dateTooOld);
    // 23:30 UTC on the 23rd is already the 24th in Bucharest.
    expect(meterReadingSchema(Date.parse("2026-11-23T23:30:00Z")).safeParse({ readingValue: "1", readingDate: "2026-11-24" }).success).toBe(true);
  });
});
