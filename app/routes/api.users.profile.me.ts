// GET /api/users/profile/me → the signed-in user's profile; PUT {email, first_name, last_name} updates
// it. The phone cannot be changed here (user spec §2, §5).
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { profileUpdateSchema } from "~/lib/schemas/profile";
import { TEXTS } from "~/texts/user";
import { readPayload } from "~/server/http/request-body.server";
import { requireUser } from "~/server/auth/user-auth.server";
import { invalidInput, jsonError, jsonOk } from "~/server/http.server";
import { methodNotAllowed } from "~/server/http/responses.server";
import { getProfile, updateProfile } from "~/server/users/profile.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context, { mode: "api" });
  const profile = await getProfile(context.db, user.id);
  if (!profile) return jsonError(404, "not_found", TEXTS.profile.loadFailed);
  return jsonOk({ data: profile }, { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  const user = await requireUser(request, context, { mode: "api" });
  const body = await readPayload(request);
  for (const key of ["phone", "phone_number", "phoneNumber"]) {
    if (key in body && body[key] !== user.phone) {
      return jsonError(400, "phone_read_only", TEXTS.profile.phoneReadOnly, {
        issues: [{ path: key, message: TEXTS.profile.phoneReadOnly }],
      });
    }
  }
  const parsed = profileUpdateSchema.safeParse(body);
  if (!parsed.success) return invalidInput(parsed.error);
  const profile = await updateProfile(context.db, user.id, parsed.data);
  if (!profile) return jsonError(404, "not_found", TEXTS.profile.updateFailed);
  return jsonOk({ data: profile, message: TEXTS.profile.updated });
}
