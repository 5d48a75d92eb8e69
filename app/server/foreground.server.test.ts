import { afterEach, describe, expect, it, vi } from "vitest";
import { MAX_BACKGROUND_WAIT_MS, servingRequest, yieldToRequests } from "./foreground.server";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** Lets every queued timer and microtask run (fake timers: no real time passes). */
async function settle() {
  await vi.advanceTimersByTimeAsync(0);
}

describe("requests before background work", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("goes on at once when no request is being handled", async () => {
    vi.useFakeTimers();
    let resumed = false;
    void yieldToRequests().then(() => (resumed = true));
    await settle();
    expect(resumed).toBe(true);
  });

  it("waits until the requests in flight have their responses", async () => {
    vi.useFakeTimers();
    const first = deferred();
    const second = deferred();
    const handled = [servingRequest(() => first.promise), servingRequest(() => second.promise)];
    let resumed = false;
    void yieldToRequests().then(() => (resumed = true));
    await settle();
    expect(resumed).toBe(false);
    first.resolve();
    await settle();
    expect(resumed).toBe(false);
    second.resolve();
    await settle();
    expect(resumed).toBe(true);
    await Promise.all(handled);
  });

  it("counts a request that failed as finished", async () => {
    vi.useFakeTimers();
    const failing = servingRequest(() => Promise.reject(new Error("boom")));
    await expect(failing).rejects.toThrow("boom");
    let resumed = false;
    void yieldToRequests().then(() => (resumed = true));
    await settle();
    expect(resumed).toBe(true);
  });

  it("does not wait for ever behind a request that never ends", async () => {
    vi.useFakeTimers();
    const never = deferred();
    const handled = servingRequest(() => never.promise);
    let resumed = false;
    void yieldToRequests().then(() => (resumed = true));
    await vi.advanceTimersByTimeAsync(MAX_BACKGROUND_WAIT_MS - 1);
    expect(resumed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(resumed).toBe(true);
    never.resolve();
    await handled;
  });
});
