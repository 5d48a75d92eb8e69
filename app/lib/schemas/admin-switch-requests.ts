// Payloads of the admin switch-request and queue calls (admin spec §7), shared by the routes and tests.
import * as z from "zod/mini";
import { SWITCH_STATUSES } from "../switching";

const isoDay = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/));
const id = z.string().check(z.minLength(1), z.maxLength(64), z.regex(/^[A-Za-z0-9_-]+$/));

export const adminSwitchListSchema = z.object({
  page: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(10_000)), 1),
  limit: z._default(z.coerce.number().check(z.int(), z.minimum(1), z.maximum(100)), 20),
  status: z.optional(z.enum(SWITCH_STATUSES)),
  supplier_id: z.optional(id),
  user_id: z.optional(id),
  from_date: z.optional(isoDay),
  to_date: z.optional(isoDay),
  search: z.optional(z.string().check(z.trim(), z.maxLength(100))),
});

export const adminSwitchStatusSchema = z.object({
  status: z.enum(SWITCH_STATUSES),
  admin_notes: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(500)))),
});

export const adminSwitchCancelSchema = z.object({
  reason: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(500))),
  admin_notes: z.optional(z.string().check(z.trim(), z.maxLength(500))),
});

export const queueManagerSchema = z.object({
  interval: z.optional(z.coerce.number().check(z.int(), z.minimum(100), z.maximum(600_000))),
});
