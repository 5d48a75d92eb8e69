// One instance holds many limited keys ("sms-phone:+40…", "sms-net:1.2.3.0/24", …), each a sliding-window
// log of hits or fixed-window counters. A Durable Object serialises its calls, so concurrent requests
// cannot both slip under a limit (an in-memory map per isolate could), and one call checks and charges
// all the keys of a request at once: all of them or none. Keys are spread over a few long-lived
// instances (app/server/auth/rate-limit.server.ts picks which), because a new instance per key made
// every sign-in wait for objects to be created (issue 15). Callers pass the time, which keeps tests exact.
import { DurableObject } from "cloudflare:workers";
import type { RateCheck, RateDecision } from "../../app/server/auth/rate-limit.server";
import type { Env } from "../../app/server/env.server";

const KEY_PREFIX = "key:";

interface Hit {
  id: string;
  at: number;
}

/** Everything one key holds. */
interface KeyState {
  /** sliding-window keys: the hits of the longest window */
  hits: Hit[];
  /** fixed-window keys: `${rule}:${window index}` → hits in that window */
  counts: Record<string, number>;
  /** a refusal before this instant is not the first of its lockout */
  noticedUntil: number;
  /** when everything above has aged out, by this object's clock (the alarm's), not the caller's */
  forgetAt: number;
}

/** What one allowed call recorded, so a refund can give exactly that back (the decision's `hitId`). */
interface Charge {
  id: string;
  logged: string[];
  counted: { key: string; slots: string[] }[];
}

const emptyState = (): KeyState => ({ hits: [], counts: {}, noticedUntil: 0, forgetAt: 0 });

/** An alarm sweeps at most this often, however many keys age out in between. */
const SWEEP_INTERVAL_MS = 60_000;

function slotOf(rule: { name: string; windowMs: number }, now: number): string {
  return `${rule.name}:${Math.floor(now / rule.windowMs)}`;
}

/** The rule of `check` that refuses now, with the longest wait; null when the key has room. */
function refusalOf(check: RateCheck, state: KeyState, now: number): { rule: string; retryAfterMs: number } | null {
  let refusal: { rule: string; retryAfterMs: number } | null = null;
  for (const rule of check.rules) {
    let retryAfterMs: number;
    if (check.counted) {
      if ((state.counts[slotOf(rule, now)] ?? 0) < rule.limit) continue;
      retryAfterMs = (Math.floor(now / rule.windowMs) + 1) * rule.windowMs - now;
    } else {
      const inWindow = state.hits.filter((hit) => hit.at > now - rule.windowMs).sort((a, b) => a.at - b.at);
      if (inWindow.length < rule.limit) continue;
      // Room appears when enough of the oldest hits leave the window.
      retryAfterMs = inWindow[inWindow.length - rule.limit]!.at + rule.windowMs - now;
    }
    if (!refusal || retryAfterMs > refusal.retryAfterMs) refusal = { rule: rule.name, retryAfterMs };
  }
  return refusal;
}

export class RateLimiter extends DurableObject<Env> {
  /** The health probe (app/server/admin/system-health.server.ts): this namespace answers. */
  async ping(): Promise<"pong"> {
    return "pong";
  }

  /**
   * Records a hit on every key when every key still has room; otherwise records nothing and names the
   * first key (in the order given) that refused, and its rule.
   */
  async consume(checks: RateCheck[], now: number): Promise<RateDecision> {
    const storageKeys = checks.map((check) => KEY_PREFIX + check.key);
    const stored = await this.ctx.storage.get<KeyState>(storageKeys);
    const states = storageKeys.map((key) => stored.get(key) ?? emptyState());

    for (const [index, check] of checks.entries()) {
      const state = states[index]!;
      const refusal = refusalOf(check, state, now);
      if (!refusal) continue;
      const first = now >= state.noticedUntil;
      if (first) {
        state.noticedUntil = now + refusal.retryAfterMs;
        state.forgetAt = Math.max(state.forgetAt, Date.now() + refusal.retryAfterMs);
        await this.ctx.storage.put(storageKeys[index]!, state);
        await this.sweepLater(state.forgetAt);
      }
      return { allowed: false, key: check.key, ...refusal, first };
    }

    const charge: Charge = { id: crypto.randomUUID(), logged: [], counted: [] };
    const updates: Record<string, KeyState> = {};
    for (const [index, check] of checks.entries()) {
      const state = states[index]!;
      const longest = Math.max(...check.rules.map((rule) => rule.windowMs));
      if (check.counted) {
        const slots = check.rules.map((rule) => slotOf(rule, now));
        const current = new Set(slots);
        // Only the current windows' counters are kept.
        state.counts = Object.fromEntries(
          slots.map((slot) => [slot, (current.has(slot) ? (state.counts[slot] ?? 0) : 0) + 1]),
        );
        charge.counted.push({ key: check.key, slots });
      } else {
        state.hits = [...state.hits.filter((hit) => hit.at > now - longest), { id: charge.id, at: now }];
        charge.logged.push(check.key);
      }
      state.forgetAt = Math.max(state.forgetAt, Date.now() + longest);
      updates[storageKeys[index]!] = state;
    }
    await this.ctx.storage.put(updates);
    await this.sweepLater(Math.min(...Object.values(updates).map((state) => state.forgetAt)));
    return { allowed: true, hitId: JSON.stringify(charge) };
  }

  /** Gives a hit back on `keys` (e.g. when the SMS it allowed could not be sent); other keys keep it. */
  async refund(hitId: string, keys: string[]): Promise<void> {
    const charge = JSON.parse(hitId) as Charge;
    const wanted = new Set(keys);
    const storageKeys = keys.map((key) => KEY_PREFIX + key);
    const stored = await this.ctx.storage.get<KeyState>(storageKeys);
    const updates: Record<string, KeyState> = {};
    for (const key of charge.logged.filter((k) => wanted.has(k))) {
      const state = stored.get(KEY_PREFIX + key);
      if (state) updates[KEY_PREFIX + key] = { ...state, hits: state.hits.filter((hit) => hit.id !== charge.id) };
    }
    for (const { key, slots } of charge.counted.filter((c) => wanted.has(c.key))) {
      const state = stored.get(KEY_PREFIX + key);
      if (!state) continue;
      const counts = { ...state.counts };
      for (const slot of slots) if (slot in counts) counts[slot] = Math.max(0, counts[slot]! - 1);
      updates[KEY_PREFIX + key] = { ...state, counts };
    }
    if (Object.keys(updates).length) await this.ctx.storage.put(updates);
  }

  /** The hits a sliding-window key holds (for tests and diagnostics). */
  async hitsOf(key: string): Promise<number> {
    return (await this.ctx.storage.get<KeyState>(KEY_PREFIX + key))?.hits.length ?? 0;
  }

  /** Forgets every key whose hits have all aged out, so idle keys cost no storage. */
  async alarm(): Promise<void> {
    const now = Date.now();
    const keys = await this.ctx.storage.list<KeyState>({ prefix: KEY_PREFIX });
    const expired: string[] = [];
    let next = Infinity;
    for (const [key, state] of keys) {
      if (state.forgetAt <= now) expired.push(key);
      else next = Math.min(next, state.forgetAt);
    }
    // delete() takes at most 128 keys a call.
    for (let i = 0; i < expired.length; i += 128) await this.ctx.storage.delete(expired.slice(i, i + 128));
    if (next !== Infinity) await this.ctx.storage.setAlarm(Math.max(next, now + SWEEP_INTERVAL_MS));
  }

  /** A pending sweep reschedules itself until no key is left, so one is enough. */
  private async sweepLater(at: number): Promise<void> {
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(at);
  }
}
