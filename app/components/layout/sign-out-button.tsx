// Sign-out: the server revokes the session and clears the cookie; the browser forgets the local keys.
import { Form } from "@remix-run/react";
import { SIGN_OUT_LOCAL_KEYS } from "~/lib/session-user";

export function SignOutButton({ className, label }: { className?: string; label: string }) {
  return (
    <Form
      method="post"
      action="/logout"
      className="sign-out-form"
      onSubmit={() => {
        SIGN_OUT_LOCAL_KEYS.forEach((key) => window.localStorage.removeItem(key));
        window.sessionStorage.clear();
        window.dispatchEvent(new Event("auth-changed"));
      }}
    >
      <button type="submit" className={className}>
        {label}
      </button>
    </Form>
  );
}
