// POST /admin/logout: ends the admin session (cookie) and goes back to /admin/login.
import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { logoutAdmin } from "~/server/admin/admin-auth.server";
import { withSetCookies } from "~/server/auth/cookies.server";

export async function action({ request, context }: ActionFunctionArgs) {
  const { setCookies } = await logoutAdmin(request, context);
  throw redirect("/admin/login", { headers: withSetCookies(setCookies) });
}

export function loader() {
  throw redirect("/admin");
}
