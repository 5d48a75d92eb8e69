import { describe, expect, it } from "vitest";
import {
  FAST_ROTATION_MS,
  SLOW_ROTATION_MS,
  advanceSearchProgress,
  formatCountdown,
  initialSearchProgress,
  rotationDelay,
} from "./search-progress";

describe("search progress", () => {
  it("rotates fast through the 13 names, then slowly, and never passes 98 %", () => {
    let state = initialSearchProgress;
    const delays: number[] = [];
    for (let i = 0; i < 12; i++) {
      delays.push(rotationDelay(state, 13));
      state = advanceSearchProgress(state, 13);
    }
    expect(delays.every((d) => d === FAST_ROTATION_MS)).toBe(true);
    expect(state.namesShown).toBe(13);
    expect(state.progress).toBeCloseTo((95 / 13) * 12, 5);
    expect(rotationDelay(state, 13)).toBe(SLOW_ROTATION_MS);
    const before = state.progress;
    state = advanceSearchProgress(state, 13);
    expect(state.progress).toBeCloseTo(before + 0.2, 5);
    for (let i = 0; i < 1000; i++) state = advanceSearchProgress(state, 13);
    expect(state.progress).toBe(98);
    expect(state.nameIndex).toBeLessThan(13);
  });

  it("formats the countdown as m:ss", () => {
    expect(formatCountdown(180)).toBe("3:00");
    expect(formatCountdown(65)).toBe("1:05");
    expect(formatCountdown(-3)).toBe("0:00");
  });
});
