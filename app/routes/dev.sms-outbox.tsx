// /dev/sms-outbox: the messages the local SMS outbox "sent" (404 unless APP_ENV is local and
// SMS_PROVIDER is "outbox").
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { TEXTS } from "~/texts/user";
import { listOutbox } from "~/server/sms/outbox.server";
import { devToolsEnabled } from "~/server/deployment.server";

export const meta: MetaFunction = () => [{ title: TEXTS.devOutbox.title }, { name: "robots", content: "noindex" }];

export async function loader({ context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  if (!devToolsEnabled(env)) throw new Response("Not Found", { status: 404 });
  return { messages: await listOutbox(context.db, { limit: 100 }) };
}

export default function DevSmsOutbox() {
  const { messages } = useLoaderData<typeof loader>();
  return (
    <section className="container">
      <h1>{TEXTS.devOutbox.title}</h1>
      {messages.length === 0 ? (
        <p>{TEXTS.devOutbox.empty}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>{TEXTS.devOutbox.sentAt}</th>
              <th>{TEXTS.devOutbox.phone}</th>
              <th>{TEXTS.devOutbox.message}</th>
              <th>{TEXTS.devOutbox.status}</th>
            </tr>
          </thead>
          <tbody>
            {messages.map((message) => (
              <tr key={message.id} data-phone={message.phone} data-code={message.code ?? undefined}>
                <td>{new Date(message.created_at).toLocaleString("ro-RO", { timeZone: "Europe/Bucharest" })}</td>
                <td>{message.phone}</td>
                <td>{message.body}</td>
                <td>{message.status}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
