// /admin/settings (admin spec §2 "Settings"; issue #12 item 4): tabs Profil, Sistem, Securitate,
// Notificări, each saving for real. Every admin opens the page and changes their own password; the
// platform-wide settings need system_admin, as PUT /api/admin/settings does (the same server modules).
import { json, type ActionFunctionArgs, type HeadersFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { SettingsPage, type SettingsActionData } from "~/components/admin/settings-page";
import { canAccess } from "~/lib/admin-access";
import { parseWithZod, unreadableFormReply } from "~/lib/forms";
import { adminPasswordChangeSchema, settingsFormSchema, type SettingsTab } from "~/lib/schemas/admin-settings";
import { TEXTS } from "~/texts/user";
import { ADMIN_TEXTS } from "~/texts/admin";
import { requireAdmin } from "~/server/admin/admin-auth.server";
import { twoFactorEnabled } from "~/server/admin/two-factor.server";
import { changeOwnPassword } from "~/server/admin/admin-password.server";
import { requestInfo } from "~/server/auth/request-info.server";
import { isLocalEnvironment } from "~/server/deployment.server";
import { readFormData } from "~/server/http.server";
import { readSettings } from "~/server/settings/settings.server";
import { writeSettings } from "~/server/settings/settings-write.server";

export const meta: MetaFunction = () => [
  { title: `${ADMIN_TEXTS.settings.title} – ${ADMIN_TEXTS.shell.brand} – ${TEXTS.brand.tagline}` },
  { name: "robots", content: "noindex" },
];

// The password change's rate limit tells the browser when to try again, on the page's response too.
export const headers: HeadersFunction = ({ actionHeaders }) => {
  const retryAfter = actionHeaders.get("Retry-After");
  const headers: Record<string, string> = {};
  if (retryAfter) headers["Retry-After"] = retryAfter;
  return headers;
};

const TABS = ["profil", "sistem", "securitate", "notificari"] as const;
type Tab = (typeof TABS)[number];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const env = context.cloudflare.env;
  const admin = await requireAdmin(request, context, { mode: "page" });
  const requested = new URL(request.url).searchParams.get("tab");
  return {
    tab: (TABS as readonly string[]).includes(requested ?? "") ? (requested as Tab) : "profil",
    settings: await readSettings(context, { fresh: true }),
    canEdit: canAccess(admin, "system_admin"),
    local: isLocalEnvironment(env),
    profile: { email: admin.email, role: admin.role, firstName: admin.firstName, lastName: admin.lastName },
    // The admin's own TOTP enrolment (/admin/two-factor), shown on the Securitate tab.
    twoFactorEnabled: await twoFactorEnabled(context.db, admin.id),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const env = context.cloudflare.env;
  const admin = await requireAdmin(request, context, { mode: "page" });
  const formData = await readFormData(request);
  if (!formData) return json<SettingsActionData>({ intent: null, result: unreadableFormReply(TEXTS.api.unreadableBody), saved: false }, { status: 400 });
  const intent = formData.get("intent");
  const info = requestInfo(request);

  if (intent === "profil") {
    const submission = parseWithZod(formData, { schema: adminPasswordChangeSchema(admin.email) });
    if (submission.status !== "success") {
      return json<SettingsActionData>({ intent, result: submission.reply({ hideFields: ["currentPassword", "newPassword", "confirmPassword"] }), saved: false }, { status: 400 });
    }
    const changed = await changeOwnPassword(context, admin, submission.value, info);
    if (!changed.ok) {
      const reply = submission.reply({ fieldErrors: { [changed.field]: [changed.message] }, hideFields: ["currentPassword", "newPassword", "confirmPassword"] });
      const headers: HeadersInit = changed.retryAfterSeconds ? { "Retry-After": String(changed.retryAfterSeconds) } : {};
      return json<SettingsActionData>({ intent, result: reply, saved: false }, { status: changed.status, headers });
    }
    return json<SettingsActionData>({ intent, result: submission.reply({ resetForm: true }), saved: true });
  }

  if (intent === "sistem" || intent === "securitate" || intent === "notificari") {
    await requireAdmin(request, context, { mode: "page", permission: "system_admin" });
    const tab: SettingsTab = intent;
    const submission = parseWithZod(formData, { schema: settingsFormSchema(tab, { local: isLocalEnvironment(env) }) });
    if (submission.status !== "success") return json<SettingsActionData>({ intent, result: submission.reply(), saved: false }, { status: 400 });
    await writeSettings(context, { adminId: admin.id, patch: submission.value, ip: info.ip });
    return json<SettingsActionData>({ intent, result: submission.reply(), saved: true });
  }

  return json<SettingsActionData>({ intent: null, result: unreadableFormReply(TEXTS.api.badRequest), saved: false }, { status: 400 });
}

export default function AdminSettingsRoute() {
  const data = useLoaderData<typeof loader>();
  return <SettingsPage {...data} />;
}

export function ErrorBoundary() {
  return <AdminRouteError />;
}
