// One instance per limited key ("sms-phone:+40…", "sms-ip:1.2.3.4", …): a sliding-window log of
// hits. A Durable Object serialises the requests of one key, so concurrent requests cannot both slip
// under a limit (an in-memory map per isolate could). Callers pass the time, which keeps tests exact.
import { DurableObject } from "cloudflare:workers";
import type { RateDecision, RateRule } from "../../app/server/auth/rate-limit.server";
import type { Env } from "../../app/server/env.server";

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
      return { allowed: false, ...refusal };
    }

    const hit = { id: crypto.randomUUID(), at: now };
    hits.push(hit);
    await this.ctx.storage.put("hits", hits);
    // Forget the key once every hit has aged out, so idle keys cost no storage.
    await this.ctx.storage.setAlarm(Date.now() + longest);
    return { allowed: true, hitId: hit.id };
  }

  /** Gives a hit back, e.g. when the SMS it allowed could not be sent. */
  async refund(hitId: string): Promise<void> {
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
