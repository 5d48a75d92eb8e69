// Requests before background work. The fetch handler and the queue consumer share one isolate and
// one thread; an OCR pass is 0.5–1.5 s of synchronous WebAssembly that nothing can interrupt, so a
// consumer that starts pass after pass holds up every request that arrives meanwhile — and a request
// that awaits several times (an upload: form, R2, D1, queue) waits for a pass at each await. The
// consumer therefore pauses before each long synchronous step until the requests in flight are
// answered, bounded so that a steady stream of requests cannot stall it for good.

/** Longest a background step waits for requests to finish. */
export const MAX_BACKGROUND_WAIT_MS = 2000;

let inFlight = 0;
let idleWaiters: Array<() => void> = [];

function wakeIdleWaiters() {
  const waiters = idleWaiters;
  idleWaiters = [];
  for (const wake of waiters) wake();
}

/** Runs a request's handler, counted as foreground work until its Response is ready. */
export async function servingRequest<T>(handle: () => Promise<T>): Promise<T> {
  inFlight++;
  try {
    return await handle();
  } finally {
    inFlight--;
    if (inFlight === 0) wakeIdleWaiters();
  }
}

/**
 * Resolves once no request is being handled (or after `maxWaitMs`). Always goes back to the event
 * loop first, so requests that arrived during the previous synchronous step get dispatched.
 */
export async function yieldToRequests(maxWaitMs = MAX_BACKGROUND_WAIT_MS): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  if (inFlight === 0) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      idleWaiters = idleWaiters.filter((wake) => wake !== done);
      resolve();
    }, maxWaitMs);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    idleWaiters.push(done);
  });
}
