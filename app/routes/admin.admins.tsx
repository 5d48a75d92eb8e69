// /admin/admins (admin spec §2 "Administrators"): super_admin only; others get the guard's 'Acces
// interzis — ...' inside the shell. The loader lists every administrator and pending invitation; the
// action invites, re-sends an invitation or revokes, through the same server modules (and the same
// checks and audit) as POST /api/admin/auth/invite and DELETE /api/admin/admins/{id}.
import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { AdminsPage } from "~/components/admin/admins-page";
import { adminsPageActionSchema, adminInviteSchema, invitePermissionsFromForm } from "~/lib/schemas/admin-invite";
import { TEXTS } from "~/texts/user";
import { ADMIN_TEXTS } from "~/texts/admin";
import { requireAdmin } from "~/server/admin/admin-auth.server";
import { listAdmins } from "~/server/admin/admins.server";
import { inviteAdmin, resendInvitation, revokeAdmin } from "~/server/admin/invitations.server";
import { requestInfo } from "~/server/auth/request-info.server";
import { readFormData } from "~/server/http.server";

const T = ADMIN_TEXTS.adminsPage;

export const meta: MetaFunction = () => [
  { title: `${ADMIN_TEXTS.nav.admins} – ${ADMIN_TEXTS.shell.brand} – ${TEXTS.brand.tagline}` },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request, context, { mode: "page", roles: ["super_admin"] });
  return { admins: await listAdmins(context.db), selfId: admin.id };
}

export type AdminsActionResult =
  | { ok: true; intent: "invite" | "resend" | "revoke"; title: string; message: string | null }
  | { ok: false; intent: "invite" | "resend" | "revoke" | null; title: string; message: string; fieldErrors?: Record<string, string> };

function fail(intent: "invite" | "resend" | "revoke" | null, message: string, status: number, fieldErrors?: Record<string, string>) {
  return json<AdminsActionResult>({ ok: false, intent, title: T.errorTitle, message, fieldErrors }, { status });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const env = context.cloudflare.env;
  const admin = await requireAdmin(request, context, { mode: "page", roles: ["super_admin"] });
  const formData = await readFormData(request);
  const parsed = adminsPageActionSchema.safeParse(formData ? Object.fromEntries(formData) : {});
  if (!formData || !parsed.success) return fail(null, TEXTS.api.unreadableBody, 400);
  const db = context.db;
  const ip = requestInfo(request).ip;

  if (parsed.data.intent === "invite") {
    const input = adminInviteSchema.safeParse({
      email: formData.get("email") ?? undefined,
      role: formData.get("role") ?? undefined,
      permissions: invitePermissionsFromForm(formData),
    });
    if (!input.success) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of input.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
      return fail("invite", T.inviteFailed, 400, fieldErrors);
    }
    const result = await inviteAdmin(context, admin, input.data, { ip });
    if (!result.ok) return fail("invite", T.alreadyActive, 409, { email: T.alreadyActive });
    if (!result.mailed) return fail("invite", T.mailFailed, 502);
    return json<AdminsActionResult>({ ok: true, intent: "invite", title: T.invited, message: T.inviteSentTo(input.data.email) });
  }

  if (parsed.data.intent === "resend") {
    const result = await resendInvitation(context, admin, parsed.data.adminId, { ip });
    if (!result.ok) return fail("resend", T.inviteError, result.reason === "not_invited" ? 404 : 409);
    if (!result.mailed) return fail("resend", T.mailFailed, 502);
    return json<AdminsActionResult>({ ok: true, intent: "resend", title: T.invited, message: null });
  }

  const result = await revokeAdmin(env, db, admin, parsed.data.adminId, { ip });
  if (!result.ok) {
    const messages = { not_found: T.notFound, super_admin: T.cannotRevokeSuperAdmin, self: T.cannotRevokeSelf, already_revoked: T.alreadyRevokedAdmin };
    return fail("revoke", messages[result.reason], result.reason === "not_found" ? 404 : 409);
  }
  return json<AdminsActionResult>({ ok: true, intent: "revoke", title: T.revoked, message: null });
}

export default function AdminAdminsRoute() {
  const { admins, selfId } = useLoaderData<typeof loader>();
  return <AdminsPage admins={admins} selfId={selfId} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
