// POST /api/admin/automation/update-snapshot (admin spec §5, §7): {snapshotId, comment, restartServices}
// plus, to publish a new version, the per-supplier settings (issue 13 item 4). Without settings the id
// names an existing version to return to (rollback).
import * as z from "zod/mini";
import { ADMIN_TEXTS } from "../../texts/admin";

const int = (min: number, max: number) => z.number().check(z.int(), z.minimum(min), z.maximum(max));

export const supplierSettingsSchema = z.object({
  maxConcurrent: int(1, 50),
  maxRetries: int(0, 20),
});

export const automationSettingsSchema = z.object({
  suppliers: z.record(z.string().check(z.minLength(1), z.maxLength(64)), supplierSettingsSchema),
});

export type AutomationSettings = z.infer<typeof automationSettingsSchema>;

export const updateSnapshotSchema = z.object({
  snapshotId: z
    .string({ error: ADMIN_TEXTS.automation.snapshotIdRequired })
    .check(
      z.trim(),
      z.minLength(1, ADMIN_TEXTS.automation.snapshotIdRequired),
      z.maxLength(100),
      z.regex(/^[\p{L}\p{N}._:-]+$/u, ADMIN_TEXTS.automation.snapshotIdFormat),
    ),
  comment: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(500)))),
  restartServices: z._default(z.boolean(), true),
  settings: z.optional(automationSettingsSchema),
});
