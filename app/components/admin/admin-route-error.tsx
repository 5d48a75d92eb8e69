// What an admin page shows when its loader refuses or fails: the guard's 403 text, a not-found, or
// the generic error, inside the shell when the shell itself loaded.
import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { TEXTS } from "~/texts/user";
import { ADMIN_TEXTS } from "~/texts/admin";
import { AdminNotice } from "./admin-shell";

export function AdminRouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    const text = typeof error.data === "string" && error.data ? error.data : null;
    if (error.status === 403) return <AdminNotice title={ADMIN_TEXTS.shell.forbiddenTitle} message={text ?? ADMIN_TEXTS.forbidden} />;
    if (error.status === 404) return <AdminNotice title={TEXTS.notFound.title} message={TEXTS.notFound.message} />;
  } else {
    console.error(error);
  }
  return <AdminNotice title={ADMIN_TEXTS.shell.errorTitle} message={TEXTS.api.serverError} />;
}
