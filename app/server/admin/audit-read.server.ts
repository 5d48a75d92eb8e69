// Reads of personal data by admins, written to the audit log while the "activity logging" setting is
// on (admin settings, issue #12 item 4). One function for every admin read of personal data: user
// detail, document view, switch requests with names and phones.
import type { AppContext } from "../context.server";
import { readSettings } from "../settings/settings.server";
import { writeAudit } from "./admin-auth.server";

export type PersonalDataResource = "user_detail" | "user_activity" | "user_documents" | "document_view" | "document_file" | "switch_request_list";

/**
 * Writes one `personal_data_read` audit row (who, what, whose, IP, when) unless activity logging is
 * off. Returns whether it wrote. Call it after the read succeeded, not for a 4xx.
 */
export async function auditRead(
  ctx: AppContext,
  entry: {
    adminId: string;
    resource: PersonalDataResource;
    /** whose data: e.g. {type: "user", id} or {type: "document", id}; id null for a list */
    target: { type: string; id: string | null };
    ip: string;
    details?: Record<string, unknown>;
    now?: number;
  },
): Promise<boolean> {
  const now = entry.now ?? Date.now();
  if (!(await readSettings(ctx, { now })).activity_logging) return false;
  await writeAudit(ctx.db, {
    adminId: entry.adminId,
    action: "personal_data_read",
    target: entry.target,
    details: { resource: entry.resource, ...entry.details },
    ip: entry.ip,
    now,
  });
  return true;
}
