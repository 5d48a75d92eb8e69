// /semnare/{token}: the contract signing page the SMS links to (issue #10, item 5). The token finds the
// request; signing also needs the code sent to the account's phone. The token is in the URL, so this
// page sends no Referer anywhere.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { redirect } from "@remix-run/cloudflare";
import { SigningPage } from "~/components/signing/signing-page";
import { SIGNING_TEXTS } from "~/texts/signing";
import { TEXTS } from "~/texts/user";
import { signingPageAction, signingPageData } from "~/server/switching/signing-page.server";
import { findSigningRequest } from "~/server/switching/signing.server";

export const meta: MetaFunction = () => [
  { title: `${SIGNING_TEXTS.title} – ${TEXTS.brand.tagline}` },
  { name: "referrer", content: "no-referrer" },
];

export const headers = () => ({ "Cache-Control": "no-store", "Referrer-Policy": "no-referrer", "X-Robots-Tag": "noindex" });

export async function loader({ params, context }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const found = await findSigningRequest(context.db, token);
  return signingPageData(found, `/semnare/${token}/contract`);
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const env = context.cloudflare.env;
  const db = context.db;
  const token = params.token ?? "";
  const result = await signingPageAction(request, env, db, await findSigningRequest(db, token));
  if (result === "signed") throw redirect(`/semnare/${token}`);
  return result;
}

export default SigningPage;
