// GET /semnare/{token}/contract: the contract the signing link is for (signed once signed).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { contractFileResponse } from "~/server/switching/contract-files.server";
import { findSigningRequest } from "~/server/switching/signing.server";

export async function loader({ params, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const found = await findSigningRequest(context.db, params.token ?? "");
  const file = found ? await contractFileResponse(env, found.request) : null;
  return file ?? new Response("Contract negăsit", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
