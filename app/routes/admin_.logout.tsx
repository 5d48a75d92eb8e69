// POST /admin/logout: ends the admin session (cookie) and goes back to /admin/login.
import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { logoutAdmin } from "~/server/admin/admin-auth.server";

export async function action({ request, context }: ActionFunctionArgs) {
  const { setCookie } = await logoutAdmin(request, context);
  throw redirect("/admin/login", { headers: { "Set-Cookie": setCookie } });
}

export function loader() {
  throw redirect("/admin");
}
