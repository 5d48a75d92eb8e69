// GET /api/admin/settings → {success, data: {settings, can_edit}} for any admin (every admin sees the
// settings page, admin spec §2). PUT /api/admin/settings {any subset of the writable keys} →
// {success, message, data: {settings, changed}}: the settings are platform-wide, so changing them
// needs system_admin (spec §2 gives Sistem to system_admin; ADMIN_API_ROUTES). Unknown keys, wrong
// types and out-of-range values are a 400 that changes nothing.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { canAccess } from "~/lib/admin-access";
import { settingsPatchSchema } from "~/lib/schemas/admin-settings";
import { ADMIN_TEXTS } from "~/texts/admin";
import { guardAdminApi } from "~/server/admin/routes-registry.server";
import { readPayload } from "~/server/http/request-body.server";
import { requestInfo } from "~/server/auth/request-info.server";
import { isLocalEnvironment } from "~/server/deployment.server";
import { invalidInput, jsonOk } from "~/server/http.server";
import { methodNotAllowed } from "~/server/http/responses.server";
import { readSettings } from "~/server/settings/settings.server";
import { writeSettings } from "~/server/settings/settings-write.server";

const NO_STORE = { "Cache-Control": "no-store" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await guardAdminApi(request, context);
  const settings = await readSettings(context, { fresh: true });
  return jsonOk({ data: { settings, can_edit: canAccess(admin, "system_admin") } }, { headers: NO_STORE });
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(["GET", "PUT"]);
  const env = context.cloudflare.env;
  const admin = await guardAdminApi(request, context);
  const parsed = settingsPatchSchema({ local: isLocalEnvironment(env) }).safeParse(await readPayload(request));
  if (!parsed.success) return invalidInput(parsed.error);
  const { settings, changed } = await writeSettings(context, { adminId: admin.id, patch: parsed.data, ip: requestInfo(request).ip });
  return jsonOk({ message: ADMIN_TEXTS.settings.systemSaved, data: { settings, changed } }, { headers: NO_STORE });
}
