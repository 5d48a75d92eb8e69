// GET /api/documents/view/{id}: the owner's file shown inline (opened in a new tab).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/server/auth/user-auth.server";
import { notFoundResponse } from "~/server/documents/errors.server";
import { findOwnedDocument } from "~/server/documents/repository.server";
import { documentFileResponse } from "~/server/documents/storage.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const user = await requireUser(request, context, { mode: "api" });
  const row = await findOwnedDocument(context.db, user.id, params.id ?? "");
  if (!row) return notFoundResponse();
  return (await documentFileResponse(env, row, "inline")) ?? notFoundResponse();
}
