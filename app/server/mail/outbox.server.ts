// The local mail adapter: each message lands in the mail_outbox table and in the log instead of in a
// mailbox. Like the SMS outbox it behaves like a provider (configurable latency, random failures), so
// the invitation flow meets slow and failing delivery during development and in tests.
import { desc, eq } from "drizzle-orm";
import { newId } from "../../lib/ids";
import type { Database } from "../db/client.server";
import { mailOutbox } from "../db/schema.server";
import type { MailMessage, MailResult, MailSender } from "./mail.server";

export interface MailOutboxOptions {
  latencyMs?: number;
  /** share of messages that fail, 0..1 */
  failureRate?: number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  now?: () => number;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class OutboxMailSender implements MailSender {
  readonly provider = "outbox";

  constructor(
    private readonly db: Database,
    private readonly options: MailOutboxOptions = {},
  ) {}

  async send(message: MailMessage): Promise<MailResult> {
    const { latencyMs = 0, failureRate = 0, sleep = defaultSleep, random = Math.random } = this.options;
    if (latencyMs > 0) await sleep(latencyMs);
    const failed = failureRate > 0 && random() < failureRate;
    const id = newId();
    await this.db.insert(mailOutbox).values({
      id,
      toAddress: message.to,
      subject: message.subject,
      bodyText: message.text,
      status: failed ? "failed" : "sent",
      error: failed ? "simulated provider failure" : null,
      createdAt: this.options.now?.() ?? Date.now(),
    });
    console.log(`[mail-outbox] ${failed ? "FAILED" : "sent"} to ${message.to}: ${message.subject}`);
    if (failed) return { ok: false, error: "simulated_failure", detail: "simulated provider failure" };
    return { ok: true, messageId: id };
  }
}

export interface MailOutboxEntry {
  id: string;
  to: string;
  subject: string;
  text: string;
  /** the first link in the body, for e2e tests */
  link: string | null;
  status: "sent" | "failed";
  created_at: string;
}

/** Latest messages first; optionally only one address's. */
export async function listMailOutbox(
  db: Database,
  options: { to?: string; limit?: number } = {},
): Promise<MailOutboxEntry[]> {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(options.to ? eq(mailOutbox.toAddress, options.to) : undefined)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(options.limit ?? 50);
  return rows.map((row) => ({
    id: row.id,
    to: row.toAddress,
    subject: row.subject,
    text: row.bodyText,
    link: /https?:\/\/\S+/.exec(row.bodyText)?.[0] ?? null,
    status: row.status,
    created_at: new Date(row.createdAt).toISOString(),
  }));
}
