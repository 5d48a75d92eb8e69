// /login: the same two-step sign-in as the dialog, with the page's own phone and code rules (spec §5).
import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { SignInFlow } from "~/components/auth/sign-in-flow";
import { TEXTS } from "~/texts/user";
import { getOptionalUser, safeRedirectPath } from "~/server/auth/user-auth.server";

export const meta: MetaFunction = () => [{ title: `${TEXTS.auth.dialogTitle} – ${TEXTS.brand.tagline}` }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  if (await getOptionalUser(request, context)) throw redirect(redirectTo);
  return { redirectTo };
}

export default function LoginPage() {
  const { redirectTo } = useLoaderData<typeof loader>();
  return (
    <section className="container narrow auth-page">
      <Link to="/" className="back-link">
        ← {TEXTS.auth.backHome}
      </Link>
      <div className="auth-card">
        <h1>{TEXTS.auth.dialogTitle}</h1>
        <p className="muted">{TEXTS.auth.dialogIntro}</p>
        <SignInFlow variant="login" onSignedIn={() => window.location.assign(redirectTo)} />
      </div>
    </section>
  );
}
