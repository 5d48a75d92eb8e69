// /dev/mail-outbox: the e-mails the local mail outbox "sent" (404 unless the development tools are on
// and MAIL_PROVIDER is "outbox").
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ADMIN_TEXTS } from "~/texts/admin";
import { mailOutboxEnabled } from "~/server/deployment.server";
import { listMailOutbox } from "~/server/mail/outbox.server";

const T = ADMIN_TEXTS.devMailOutbox;

export const meta: MetaFunction = () => [{ title: T.title }, { name: "robots", content: "noindex" }];

export async function loader({ context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  if (!mailOutboxEnabled(env)) throw new Response("Not Found", { status: 404 });
  return { messages: await listMailOutbox(context.db, { limit: 100 }) };
}

export default function DevMailOutbox() {
  const { messages } = useLoaderData<typeof loader>();
  return (
    <section className="container">
      <h1>{T.title}</h1>
      {messages.length === 0 ? (
        <p>{T.empty}</p>
      ) : (
        <table>
          <thead>
            <tr>
              <th>{T.sentAt}</th>
              <th>{T.to}</th>
              <th>{T.subject}</th>
              <th>{T.message}</th>
              <th>{T.status}</th>
            </tr>
          </thead>
          <tbody>
            {messages.map((message) => (
              <tr key={message.id} data-to={message.to}>
                <td>{new Date(message.created_at).toLocaleString("ro-RO", { timeZone: "Europe/Bucharest" })}</td>
                <td>{message.to}</td>
                <td>{message.subject}</td>
                <td style={{ whiteSpace: "pre-wrap" }}>
                  {message.link ? (
                    <>
                      {message.text.slice(0, message.text.indexOf(message.link))}
                      <a href={message.link}>{message.link}</a>
                      {message.text.slice(message.text.indexOf(message.link) + message.link.length)}
                    </>
                  ) : (
                    message.text
                  )}
                </td>
                <td>{message.status}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
