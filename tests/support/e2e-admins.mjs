// Back-office accounts the Chromium journeys sign in with besides the bootstrap super admin: put into
// the throw-away D1 of the run before the server starts (startLocalServer's beforeStart).
import { execFileSync } from "node:child_process";

/** A moderator who may only verify documents (admin spec §6): the document review journey. */
export const DOCUMENT_MODERATOR = {
  email: "moderator.documente@e2e.test",
  password: "Moderator-Documente-2026!",
  firstName: "Maria",
  lastName: "Verificatoare",
  role: "moderator",
  permissions: { document_verification: true },
};

export const E2E_ADMINS = [DOCUMENT_MODERATOR];

export function seedE2eAdmins(state, env) {
  execFileSync("npx", ["tsx", "tests/support/seed-e2e-admins.ts"], { env: { ...env, PERSIST_TO: state }, stdio: "ignore" });
}
