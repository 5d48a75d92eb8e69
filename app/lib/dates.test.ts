import { describe, expect, it } from "vitest";
import {
  addDays,
  bucharestDay,
  bucharestDayStart,
  formatRoDay,
  formatRoDayLong,
  isIsoDay,
  mondayOf,
  monthGrid,
  tomorrowInBucharest,
} from "./dates";

describe("bucharestDay", () => {
  it("uses the Bucharest calendar, not UTC", () => {
    // 22:30 UTC on 23 Nov is already 24 Nov in Bucharest (UTC+2 in winter).
    expect(bucharestDay(Date.UTC(2026, 10, 23, 22, 30))).toBe("2026-11-24");
    expect(bucharestDay(Date.UTC(2026, 10, 23, 21, 59))).toBe("2026-11-23");
    // Summer time is UTC+3.
    expect(bucharestDay(Date.UTC(2026, 6, 1, 21, 0))).toBe("2026-07-02");
  });

  it("gives tomorrow across month and year ends", () => {
    expect(tomorrowInBucharest(Date.UTC(2026, 11, 31, 10))).toBe("2027-01-01");
  });
});

describe("calendar days", () => {
  it("validates real days only", () => {
    expect(isIsoDay("2026-11-24")).toBe(true);
    expect(isIsoDay("2028-02-29")).toBe(true);
    expect(isIsoDay("2026-02-29")).toBe(false);
    expect(isIsoDay("2026-13-01")).toBe(false);
    expect(isIsoDay("24.11.2026")).toBe(false);
    expect(isIsoDay("2026-11-24T00:00")).toBe(false);
  });

  it("adds days", () => {
    expect(addDays("2026-11-23", 14)).toBe("2026-12-07");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("formats the Romanian way", () => {
    expect(formatRoDay("2026-11-24")).toBe("24.11.2026");
    expect(formatRoDayLong("2026-03-05")).toBe("5 martie 2026");
  });

  it("lays a month out Monday first", () => {
    // 1 November 2026 is a Sunday: six blanks before it.
    const grid = monthGrid(2026, 10);
    expect(grid.slice(0, 7)).toEqual([null, null, null, null, null, null, "2026-11-01"]);
    expect(grid.filter(Boolean)).toHaveLength(30);
    // 1 June 2026 is a Monday: no blanks.
    expect(monthGrid(2026, 5)[0]).toBe("2026-06-01");
  });
});

describe("bucharestDayStart and mondayOf", () => {
  it("gives local midnight in winter and summer time", () => {
    expect(bucharestDayStart("2026-11-24")).toBe(Date.UTC(2026, 10, 23, 22, 0));
    expect(bucharestDayStart("2026-07-02")).toBe(Date.UTC(2026, 6, 1, 21, 0));
  });

  it("is right on the days the clocks change", () => {
    // 29 Mar 2026 starts at UTC+2 (the change is at 03:00 local); 25 Oct 2026 starts at UTC+3.
    expect(bucharestDayStart("2026-03-29")).toBe(Date.UTC(2026, 2, 28, 22, 0));
    expect(bucharestDayStart("2026-10-25")).toBe(Date.UTC(2026, 9, 24, 21, 0));
    expect(bucharestDay(bucharestDayStart("2026-10-25"))).toBe("2026-10-25");
    expect(bucharestDay(bucharestDayStart("2026-10-25") - 1)).toBe("2026-10-24");
  });

  it("finds the Monday of a week", () => {
    expect(mondayOf("2026-11-24")).toBe("2026-11-23");
    expect(mondayOf("2026-11-23")).toBe("2026-11-23");
    expect(mondayOf("2026-11-29")).toBe("2026-11-23");
    expect(mondayOf("2027-01-01")).toBe("2026-12-28");
  });
});
