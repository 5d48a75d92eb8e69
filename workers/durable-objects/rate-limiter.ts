// One instance per limited key ("sms-phone:+40…", "sms-net:1.2.3.0/24", …): a sliding-window log of
// hits. A Durable Object serialises the requests of one key, so concurrent requests cannot both slip
// under a limit (an in-memory map per isolate could). Callers pass the time, which keeps tests exact.
import { DurableObject } from "cloudflare:workers";
import type { RateDecision, RateRule } from "../../app/server/auth/rate-limit.server";
import type { Env } from "../../app/server/env.server";

const COUNTED_HIT = "counted:";

interface Hit {
  id: string;
  at: number;
}

export class RateLimiter extends DurableObject<Env> {
  /** The health probe (app/server/admin/system-health.server.ts): this namespace answers. */
  async ping(): Promise<"pong"> {
    return "pong";
  }

  /** Records a hit when every rule still has room; otherwise records nothing and says which rule refused. */
  async consume(rules: RateRule[], now: number): Promise<RateDecision> {
    const longest = Math.max(...rules.map((rule) => rule.windowMs));
    const hits = ((await this.ctx.storage.get<Hit[]>("hits")) ?? []).filter((hit) => hit.at > now - longest);

    let refusal: { rule: string; retryAfterMs: number } | null = null;
    for (const rule of rules) {
      const inWindow = hits.filter((hit) => hit.at > now - rule.windowMs).sort((a, b) => a.at - b.at);
      if (inWindow.length < rule.limit) continue;
      // Room appears when enough of the oldest hits leave the window.
      const freeing = inWindow[inWindow.length - rule.limit]!;
      const retryAfterMs = freeing.at + rule.windowMs - now;
      if (!refusal || retryAfterMs > refusal.retryAfterMs) refusal = { rule: rule.name, retryAfterMs };
    }
    if (refusal) {
      await this.ctx.storage.put("hits", hits);
      return this.refused(refusal, now);
    }

    const hit = { id: crypto.randomUUID(), at: now };
    hits.push(hit);
    await this.ctx.storage.put("hits", hits);
    // Forget the key once every hit has aged out, so idle keys cost no storage.
    await this.ctx.storage.setAlarm(Date.now() + longest);
    return { allowed: true, hitId: hit.id };
  }

  /**
   * Fixed windows (this hour, this day) counted, not logged: for keys with thousands of hits, whose
   * log would outgrow a storage value. Room comes back when the window turns.
   */
  async consumeCounted(rules: RateRule[], now: number): Promise<RateDecision> {
    const keys = rules.map((rule) => `count:${rule.name}:${Math.floor(now / rule.windowMs)}`);
    const counts = await this.ctx.storage.get<number>(keys);
    let refusal: { rule: string; retryAfterMs: number } | null = null;
    rules.forEach((rule, index) => {
      if ((counts.get(keys[index]!) ?? 0) < rule.limit) return;
      const retryAfterMs = (Math.floor(now / rule.windowMs) + 1) * rule.windowMs - now;
      if (!refusal || retryAfterMs > refusal.retryAfterMs) refusal = { rule: rule.name, retryAfterMs };
    });
    if (refusal) return this.refused(refusal, now);
    await this.ctx.storage.put(Object.fromEntries(keys.map((key) => [key, (counts.get(key) ?? 0) + 1])));
    await this.ctx.storage.setAlarm(Date.now() + Math.max(...rules.map((rule) => rule.windowMs)));
    return { allowed: true, hitId: COUNTED_HIT + JSON.stringify(keys) };
  }

  private async refused(refusal: { rule: string; retryAfterMs: number }, now: number): Promise<RateDecision> {
    const noticedUntil = (await this.ctx.storage.get<number>("refusal_noticed_until")) ?? 0;
    const first = now >= noticedUntil;
    if (first) await this.ctx.storage.put("refusal_noticed_until", now + refusal.retryAfterMs);
    return { allowed: false, ...refusal, first };
  }

  /** Gives a hit back, e.g. when the SMS it allowed could not be sent. */
  async refund(hitId: string): Promise<void> {
    if (hitId.startsWith(COUNTED_HIT)) {
      const keys = JSON.parse(hitId.slice(COUNTED_HIT.length)) as string[];
      const counts = await this.ctx.storage.get<number>(keys);
      await this.ctx.storage.put(Object.fromEntries(keys.map((key) => [key, Math.max(0, (counts.get(key) ?? 0) - 1)])));
      return;
    }
    const hits = (await this.ctx.storage.get<Hit[]>("hits")) ?? [];
    await this.ctx.storage.put(
      "hits",
      hits.filter((hit) => hit.id !== hitId),
    );
  }

  async alarm(): Promise<void> {
    await this.ctx.storage.deleteAll();
  }
}
