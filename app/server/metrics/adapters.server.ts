// The outside services' adapters (SMS gateway, suppliers' portals) measured call by call: each call is an
// "adapter" fact, so the health page can say when each last succeeded (issue 13 item 1).
import type { Env } from "../env.server";
import { recordMetricsNow } from "./recorder.server";

type RecorderEnv = Pick<Env, "METRICS_ROLLUP" | "METRICS_RECORDING">;

/** SMS adapters answer failures as values; everything else fails by throwing. */
const answeredFailure = (value: unknown) => typeof value === "object" && value !== null && "ok" in value && value.ok === false;

/** `adapter` with every async method recorded under `series` (e.g. "sms", "supplier:enel"). */
export function measuredAdapter<T extends object>(env: RecorderEnv, series: string, adapter: T): T {
  return new Proxy(adapter, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== "function") return value;
      return async (...args: unknown[]) => {
        const started = Date.now();
        const record = (error: boolean) => recordMetricsNow(env, [{ kind: "adapter", series, at: Date.now(), ms: Date.now() - started, error }]);
        try {
          const result: unknown = await value.apply(target, args);
          await record(answeredFailure(result));
          return result;
        } catch (error) {
          await record(true);
          throw error;
        }
      };
    },
  });
}
