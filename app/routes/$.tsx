import type { MetaFunction } from "@remix-run/cloudflare";
import { NotFound } from "~/components/layout/not-found";
import { TEXTS } from "~/texts/user";

export const meta: MetaFunction = () => [{ title: `${TEXTS.notFound.title} – ${TEXTS.brand.tagline}` }];

export function loader() {
  return new Response(null, { status: 404 });
}

export default function CatchAll() {
  return <NotFound />;
}
