// GET /api/admin/automation/versions → {success, data: published versions, newest first} (for rollback).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { automationVersions } from "~/server/admin/automation.server";
import { guardAdminApi } from "~/server/admin/routes-registry.server";
import { createDb } from "~/server/db/client.server";
import { jsonOk } from "~/server/http.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  await guardAdminApi(request, env);
  return jsonOk({ data: await automationVersions(createDb(env.DB)) }, { headers: { "Cache-Control": "no-store" } });
}
