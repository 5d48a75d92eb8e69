// The switch context on the server (docs/decisions/0007): GET → {success, context, validity},
// PUT (the spec's §3 context) stores the offer chosen on the home page, DELETE forgets it.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { switchContextSchema } from "~/lib/schemas/switch-context";
import { TEXTS } from "~/texts/user";
import { readPayload } from "~/server/http/request-body.server";
import { requireUser } from "~/server/auth/user-auth.server";
import { invalidInput, jsonError, jsonOk } from "~/server/http.server";
import { methodNotAllowed } from "~/server/http/responses.server";
import { findCounty } from "~/server/offers/reference.server";
import { checkedSwitchContext, clearSwitchContext, saveSwitchContext } from "~/server/switching/context.server";

const NO_STORE = { "Cache-Control": "private, no-store" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context, { mode: "api" });
  const checked = await checkedSwitchContext(context.db, user.id);
  const validity = checked.ok ? { valid: true } : { valid: false, reason: checked.problem.reason, message: checked.problem.message };
  return jsonOk({ context: checked.context, validity }, { headers: NO_STORE });
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed(["GET", "PUT", "DELETE"]);
  const user = await requireUser(request, context, { mode: "api" });
  const db = context.db;
  if (request.method === "DELETE") {
    await clearSwitchContext(db, user.id);
    return jsonOk({ message: TEXTS.switching.contextCleared }, { headers: NO_STORE });
  }
  const parsed = switchContextSchema.safeParse(await readPayload(request));
  if (!parsed.success) return invalidInput(parsed.error);
  if (!(await findCounty(db, parsed.data.county))) return jsonError(400, "unknown_county", TEXTS.api.unknownCounty);
  const saved = await saveSwitchContext(db, user.id, parsed.data);
  return jsonOk({ context: saved, message: TEXTS.switching.contextSaved }, { headers: NO_STORE });
}
