// /cereri-schimbare/{id}/semnare: the signing page reached from the owner's request page (signed in);
// the same page as the SMS link's, and the SMS code is still required.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { SigningPage } from "~/components/signing/signing-page";
import { SIGNING_TEXTS } from "~/texts/signing";
import { TEXTS } from "~/texts/user";
import { requireUser } from "~/server/auth/user-auth.server";
import { findOwnedSigningRequest, signingPageAction, signingPageData } from "~/server/switching/signing-page.server";

export const meta: MetaFunction = () => [{ title: `${SIGNING_TEXTS.title} – ${TEXTS.brand.tagline}` }];

export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireUser(request, context, { mode: "page" });
  const id = params.id ?? "";
  const found = await findOwnedSigningRequest(context.db, user.id, id);
  // Someone else's request, or one without a signing link: not found, like the request page.
  if (!found) throw new Response(null, { status: 404 });
  return signingPageData(found, `/api/users/switch-requests/${id}/contract`);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const env = context.cloudflare.env;
  const user = await requireUser(request, context, { mode: "page" });
  const db = context.db;
  const id = params.id ?? "";
  const found = await findOwnedSigningRequest(db, user.id, id);
  if (!found) throw new Response(null, { status: 404 });
  const result = await signingPageAction(request, env, db, found);
  if (result === "signed") throw redirect(`/cereri-schimbare/${id}/semnare`);
  return result;
}

export default SigningPage;
