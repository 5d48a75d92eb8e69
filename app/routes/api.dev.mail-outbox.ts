// GET /api/dev/mail-outbox[?to=] → the e-mails the local outbox "sent", newest first, with the link of
// each; for e2e tests. 404 unless the development tools are on and MAIL_PROVIDER is "outbox".
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { mailOutboxEnabled } from "~/server/deployment.server";
import { jsonOk } from "~/server/http.server";
import { listMailOutbox } from "~/server/mail/outbox.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  if (!mailOutboxEnabled(env)) throw new Response("Not Found", { status: 404 });
  const to = new URL(request.url).searchParams.get("to")?.trim().toLowerCase() || undefined;
  const messages = await listMailOutbox(context.db, { to, limit: 50 });
  return jsonOk({ data: messages }, { headers: { "Cache-Control": "no-store" } });
}
