import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLocation,
  useRouteError,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { NotFound } from "~/components/layout/not-found";
import { TEXTS } from "~/texts/user";
import { ToastProvider } from "~/components/ui/toaster";
import { SignInProvider } from "~/components/auth/sign-in-provider";
import { appConfig } from "~/server/config.server";
import { getOptionalUser } from "~/server/auth/user-auth.server";
import { unreadCount } from "~/server/notifications/user-inbox.server";
import type { SessionUser } from "~/lib/session-user";
import { MobileBar } from "~/components/layout/mobile-bar";
import { useNonce } from "~/components/nonce";
import styles from "~/styles/app.css?url";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: styles },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export const meta: MetaFunction = () => [
  { title: `${TEXTS.brand.tagline} – compară ofertele de energie electrică` },
  { name: "description", content: TEXTS.brand.subtitle },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  // Admin pages have their own session; the public header is not shown there.
  const adminArea = new URL(request.url).pathname.startsWith("/admin");
  const user = adminArea ? null : await getOptionalUser(request, context);
  const sessionUser: SessionUser | null = user
    ? { id: user.id, phone: user.phone, firstName: user.firstName, lastName: user.lastName }
    : null;
  // The badges' first figure (user spec §2: unread among the latest 100); the live channel updates it.
  const unreadNotifications = user ? await unreadCount(context.db, user.id) : null;
  return { publicConfig: appConfig(env).publicConfig, user: sessionUser, unreadNotifications };
}

export function Layout({ children }: { children: ReactNode }) {
  // The back-office (/admin/*) has its own shell and login page, without the public header and footer.
  const adminArea = /^\/admin(\/|$)/.test(useLocation().pathname);
  const nonce = useNonce();
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
            {adminArea ? (
              children
            ) : (
              <>
                <SiteHeader />
                <main id="continut" className="site-main">
                  {children}
                </main>
                <SiteFooter />
                <MobileBar />
              </>
            )}
          </SignInProvider>
        </ToastProvider>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
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
