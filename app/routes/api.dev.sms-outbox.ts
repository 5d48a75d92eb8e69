// GET /api/dev/sms-outbox[?phone=] → the messages the local outbox "sent", newest first, with the code
// of each; for e2e tests. 404 unless APP_ENV is local and SMS_PROVIDER is "outbox".
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { canonicalPhone } from "~/lib/phone";
import { jsonOk } from "~/server/http.server";
import { listOutbox } from "~/server/sms/outbox.server";
import { devToolsEnabled } from "~/server/deployment.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  if (!devToolsEnabled(env)) throw new Response("Not Found", { status: 404 });
  const phoneParam = new URL(request.url).searchParams.get("phone");
  const phone = phoneParam ? (canonicalPhone(phoneParam) ?? phoneParam) : undefined;
  const messages = await listOutbox(context.db, { phone, limit: 50 });
  return jsonOk({ data: messages, latestCode: messages.find((m) => m.status === "sent")?.code ?? null }, {
    headers: { "Cache-Control": "no-store" },
  });
}
