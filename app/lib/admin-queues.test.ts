import { describe, expect, it } from "vitest";
import { failureBand, hasHighErrorRate, pageControls, successRatePercent, summarizeQueues, type QueueCardView } from "./admin-queues";

function queue(partial: Partial<QueueCardView>): QueueCardView {
  return {
    supplierId: "s",
    total: 0,
    queued: 0,
    running: 0,
    completed: 0,
    failed: 0,
    retrying: 0,
    waiting: 0,
    activeProcesses: 0,
    maxConcurrent: 2,
    isRunning: true,
    ...partial,
  };
}

describe("failure bands (admin spec §9)", () => {
  it.each([
    [0, 0, "green", false],
    [100, 0, "green", false],
    [100, 10, "green", false],
    [100, 11, "orange", true],
    [100, 20, "orange", true],
    [100, 21, "red", true],
    [3, 3, "red", true],
  ] as const)("total %i, failed %i → %s, alert %s", (total, failed, band, alert) => {
    expect(failureBand({ total, failed })).toBe(band);
    expect(hasHighErrorRate({ total, failed })).toBe(alert);
  });
});

describe("success rate", () => {
  it("is completed over total with one decimal, 0 for an empty queue", () => {
    expect(successRatePercent({ total: 0, completed: 0 })).toBe(0);
    expect(successRatePercent({ total: 3, completed: 2 })).toBe(66.7);
    expect(successRatePercent({ total: 8, completed: 8 })).toBe(100);
  });
});

describe("summary cards", () => {
  it("add up every queue: total, active processes, waiting (queued, retrying, waiting) and running queues", () => {
    const summary = summarizeQueues({
      A: queue({ total: 10, activeProcesses: 2, queued: 3, retrying: 1, waiting: 1, isRunning: true }),
      B: queue({ total: 5, activeProcesses: 0, queued: 4, isRunning: false }),
    });
    expect(summary).toEqual({ totalRequests: 15, activeNow: 2, waiting: 9, activeQueues: 1, queueCount: 2 });
    expect(summarizeQueues({})).toEqual({ totalRequests: 0, activeNow: 0, waiting: 0, activeQueues: 0, queueCount: 0 });
  });
});

describe("list helpers", () => {
  it("disables previous on page 1 and next on the last page", () => {
    expect(pageControls(1, 1)).toEqual({ hasPrevious: false, hasNext: false });
    expect(pageControls(1, 3)).toEqual({ hasPrevious: false, hasNext: true });
    expect(pageControls(3, 3)).toEqual({ hasPrevious: true, hasNext: false });
    expect(pageControls(1, 0)).toEqual({ hasPrevious: false, hasNext: false });
  });
});
