// The local SMS adapter: each message lands in the sms_outbox table and in the log instead of on a
// phone. It behaves like a gateway on purpose (configurable latency, random failures) so the sign-in
// flow is exercised against slow and failing delivery during development and in tests.
import { desc, eq } from "drizzle-orm";
import { newId } from "../../lib/ids";
import { maskPhone } from "../../lib/phone";
import type { Database } from "../db/client.server";
import { smsOutbox } from "../db/schema.server";
import type { SmsMessage, SmsResult, SmsSender } from "./sms.server";

export interface OutboxOptions {
  latencyMs?: number;
  /** share of messages that fail, 0..1 */
  failureRate?: number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  now?: () => number;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class OutboxSmsSender implements SmsSender {
  readonly provider = "outbox";

  constructor(
    private readonly db: Database,
    private readonly options: OutboxOptions = {},
  ) {}

  async send(message: SmsMessage): Promise<SmsResult> {
    const { latencyMs = 0, failureRate = 0, sleep = defaultSleep, random = Math.random } = this.options;
    if (latencyMs > 0) await sleep(latencyMs);
    const failed = failureRate > 0 && random() < failureRate;
    const id = newId();
    await this.db.insert(smsOutbox).values({
      id,
      phone: message.to,
      body: message.text,
      status: failed ? "failed" : "sent",
      error: failed ? "simulated gateway failure" : null,
      createdAt: this.options.now?.() ?? Date.now(),
    });
    console.log(`[sms-outbox] ${failed ? "FAILED" : "sent"} to ${maskPhone(message.to)}: ${message.text}`);
    if (failed) return { ok: false, error: "simulated_failure", detail: "simulated gateway failure" };
    return { ok: true, messageId: id };
  }
}

export interface OutboxEntry {
  id: string;
  phone: string;
  body: string;
  /** the 6-digit code in the body, for e2e tests */
  code: string | null;
  status: "sent" | "failed";
  created_at: string;
}

/** Latest messages first; optionally only one phone's. */
export async function listOutbox(db: Database, options: { phone?: string; limit?: number } = {}): Promise<OutboxEntry[]> {
  const rows = await db
    .select()
    .from(smsOutbox)
    .where(options.phone ? eq(smsOutbox.phone, options.phone) : undefined)
    .orderBy(desc(smsOutbox.createdAt), desc(smsOutbox.id))
    .limit(options.limit ?? 50);
  return rows.map((row) => ({
    id: row.id,
    phone: row.phone,
    body: row.body,
    code: /\b(\d{6})\b/.exec(row.body)?.[1] ?? null,
    status: row.status,
    created_at: new Date(row.createdAt).toISOString(),
  }));
}
