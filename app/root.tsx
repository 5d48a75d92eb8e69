import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useRouteError,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { NotFound } from "~/components/layout/not-found";
import { TEXTS } from "~/lib/texts";
import { ToastProvider } from "~/components/ui/toaster";
import { SignInProvider } from "~/components/auth/sign-in-provider";
import { publicConfigFromEnv } from "~/server/public-config.server";
import styles from "~/styles/app.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [
  { title: `${TEXTS.brand.tagline} – compară ofertele de energie electrică` },
  { name: "description", content: TEXTS.brand.subtitle },
];

export function loader({ context }: LoaderFunctionArgs) {
  return { publicConfig: publicConfigFromEnv(context.cloudflare.env) };
}

export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="ro">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b2545" />
        <Meta />
        <Links />
      </head>
      <body>
        <ToastProvider>
          <SignInProvider>
            <SiteHeader />
            <main id="continut" className="site-main">
              {children}
            </main>
            <SiteFooter />
          </SignInProvider>
        </ToastProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFound />;
  return (
    <section className="container narrow error-page">
      <h1>A apărut o eroare</h1>
      <p>{TEXTS.api.serverError}</p>
      <a className="button" href="/">
        {TEXTS.notFound.home}
      </a>
    </section>
  );
}
