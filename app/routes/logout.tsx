// POST /logout: revokes the session on the server, clears the cookie, goes to /login (user spec §4).
import { redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { logoutUser } from "~/server/auth/user-auth.server";

export async function action({ request, context }: ActionFunctionArgs) {
  const { setCookie } = await logoutUser(request, context);
  return redirect("/login", { headers: { "Set-Cookie": setCookie } });
}

export function loader() {
  return redirect("/");
}
