// GET /api/admin/automation/versions → {success, data: published versions, newest first} (for rollback).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { automationVersions } from "~/server/admin/automation.server";
import { guardAdminApi } from "~/server/admin/routes-registry.server";
import { jsonOk } from "~/server/http.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await guardAdminApi(request, context);
  return jsonOk({ data: await automationVersions(context.db) }, { headers: { "Cache-Control": "no-store" } });
}
