// GET /api/users/switch-requests/{id}/contract: the request's contract PDF for its owner (the signed one
// once signed). Another user's request, or one with no contract yet, is 404.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireUser } from "~/server/auth/user-auth.server";
import { contractFileResponse } from "~/server/switching/contract-files.server";
import { requestNotFoundResponse } from "~/server/switching/errors.server";
import { findOwnedRequest } from "~/server/switching/requests.server";

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const user = await requireUser(request, context, { mode: "api" });
  const found = await findOwnedRequest(context.db, user.id, params.id ?? "");
  const file = found ? await contractFileResponse(env, found.request) : null;
  return file ?? requestNotFoundResponse();
}
