// GET /api/documents/status/all → {success, documentsByType, documents}: the user's documents,
// newest first, grouped by type (user spec §7; the documents page polls it while one is in flight).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/server/auth/user-auth.server";
import { listUserDocuments } from "~/server/documents/repository.server";
import { documentView, documentsByType } from "~/server/documents/views.server";
import { jsonOk } from "~/server/http.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context, { mode: "api" });
  const rows = await listUserDocuments(context.db, user.id);
  return jsonOk(
    { documentsByType: documentsByType(rows), documents: rows.map(documentView) },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
