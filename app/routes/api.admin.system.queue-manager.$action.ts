// POST /api/admin/system/queue-manager/{start|stop|restart} with an optional {interval} (ms) → {success,
// message}: every supplier queue at once (admin spec §4 queue control). Stop lets running steps finish.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { queueManagerSchema } from "~/lib/schemas/admin-switch-requests";
import { ADMIN_TEXTS } from "~/texts/admin";
import { writeAudit } from "~/server/admin/admin-auth.server";
import { guardAdminApi } from "~/server/admin/routes-registry.server";
import { controlQueues, type QueueAction } from "~/server/admin/switch-queues.server";
import { readPayload } from "~/server/http/request-body.server";
import { requestInfo } from "~/server/auth/request-info.server";
import { invalidInput, jsonError, jsonOk } from "~/server/http.server";
import { methodNotAllowed } from "~/server/http/responses.server";

const ACTIONS: readonly QueueAction[] = ["start", "stop", "restart"];

export function loader() {
  return methodNotAllowed(["POST"]);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed(["POST"]);
  const queueAction = ACTIONS.find((a) => a === params.action);
  if (!queueAction) return jsonError(404, "not_found", "Acțiune necunoscută.");
  const env = context.cloudflare.env;
  const admin = await guardAdminApi(request, context);
  const parsed = queueManagerSchema.safeParse(await readPayload(request));
  if (!parsed.success) return invalidInput(parsed.error);
  const db = context.db;
  const result = await controlQueues(env, db, queueAction, parsed.data.interval);
  await writeAudit(db, {
    adminId: admin.id,
    action: `queue_manager.${queueAction}`,
    details: { interval: parsed.data.interval ?? null, ...result },
    ip: requestInfo(request).ip,
    now: Date.now(),
    target: { type: "supplier_queues", id: null },
  });
  const T = ADMIN_TEXTS.switchQueues;
  const message = queueAction === "stop" ? T.stopped : queueAction === "start" ? T.started(result.running, result.total) : T.restarted(result.running, result.total);
  return jsonOk({ message, data: result });
}
