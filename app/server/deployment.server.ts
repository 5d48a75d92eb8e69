// Where the Worker runs decides what it may expose, and it fails closed: only an APP_ENV that names a
// local environment turns the development tools on; anything else — "production", a typo, nothing —
// counts as deployed, and a deployed Worker must not run on a missing secret or on the public
// example value committed in .dev.vars.example.
import type { Env } from "./env.server";

const LOCAL_ENVIRONMENTS: ReadonlySet<string> = new Set(["development", "test"]);

export function isLocalEnvironment(env: Pick<Env, "APP_ENV">): boolean {
  return LOCAL_ENVIRONMENTS.has(env.APP_ENV);
}

/** The SMS outbox (its JSON and page) and every /dev route: local, and only while codes go to the outbox. */
export function devToolsEnabled(env: Pick<Env, "APP_ENV" | "SMS_PROVIDER">): boolean {
  return isLocalEnvironment(env) && env.SMS_PROVIDER === "outbox";
}

/** The mail outbox (its JSON and page): a development tool, and only while mail goes to the outbox. */
export function mailOutboxEnabled(env: Pick<Env, "APP_ENV" | "SMS_PROVIDER" | "MAIL_PROVIDER">): boolean {
  return devToolsEnabled(env) && env.MAIL_PROVIDER === "outbox";
}

/** /dev/… and /api/dev/…, whatever the case or percent-encoding of the path. */
export function isDevToolPath(pathname: string): boolean {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    // A malformed escape is not a /dev path by itself; the raw text is checked as it is.
  }
  return /^\/+(api\/+)?dev(\/|\.|$)/i.test(path);
}

type SecretName =
  | "SESSION_SECRET"
  | "OTP_HASH_KEY"
  | "PII_ENCRYPTION_KEY"
  | "ADMIN_EMAIL"
  | "ADMIN_PASSWORD"
  | "SMS_GATEWAY_URL"
  | "SMS_GATEWAY_TOKEN"
  | "SUPPLIER_PORTAL_TOKEN"
  | "MAIL_API_URL"
  | "MAIL_API_KEY";

// The supplier portal credential too: without it no switch request can leave the queue.
const ALWAYS_REQUIRED: readonly SecretName[] = [
  "SESSION_SECRET",
  "OTP_HASH_KEY",
  "PII_ENCRYPTION_KEY",
  "ADMIN_EMAIL",
  "ADMIN_PASSWORD",
  "SUPPLIER_PORTAL_TOKEN",
];
const HTTP_SMS_REQUIRED: readonly SecretName[] = ["SMS_GATEWAY_URL", "SMS_GATEWAY_TOKEN"];
const HTTP_MAIL_REQUIRED: readonly SecretName[] = ["MAIL_API_URL", "MAIL_API_KEY"];
/** HMAC keys: requireSecret refuses shorter ones at the first request that needs them. */
const MIN_KEY_LENGTH: Partial<Record<SecretName, number>> = { SESSION_SECRET: 32, OTP_HASH_KEY: 32 };
/** Entries of .dev.vars.example that are settings, not secrets: the same value in production is right. */
const PUBLIC_SETTINGS: ReadonlySet<string> = new Set(["SMS_SENDER"]);

export interface DeploymentProblem {
  /** the variable's name; never its value */
  name: string;
  problem: "missing" | "example_value" | "too_short" | "not_http";
}

/**
 * What stops a deployed Worker from serving. `exampleValues` are the entries of .dev.vars.example:
 * any secret still equal to a non-empty example value is as good as public.
 */
export function deploymentProblems(env: Env, exampleValues: Readonly<Record<string, string | undefined>>): DeploymentProblem[] {
  const problems: DeploymentProblem[] = [];
  // The outbox in a deployed Worker would swallow every sign-in code.
  if (env.SMS_PROVIDER !== "http") problems.push({ name: "SMS_PROVIDER", problem: "not_http" });
  // Likewise a mail outbox would swallow every admin invitation.
  if (env.MAIL_PROVIDER !== "http") problems.push({ name: "MAIL_PROVIDER", problem: "not_http" });
  const required = [
    ...ALWAYS_REQUIRED,
    ...(env.SMS_PROVIDER === "http" ? HTTP_SMS_REQUIRED : []),
    ...(env.MAIL_PROVIDER === "http" ? HTTP_MAIL_REQUIRED : []),
  ];
  for (const name of required) {
    const value = env[name];
    if (!value) problems.push({ name, problem: "missing" });
    else if (value.length < (MIN_KEY_LENGTH[name] ?? 0)) problems.push({ name, problem: "too_short" });
  }
  const values = env as unknown as Record<string, unknown>;
  for (const [name, example] of Object.entries(exampleValues)) {
    if (!example || PUBLIC_SETTINGS.has(name)) continue;
    if (values[name] === example) problems.push({ name, problem: "example_value" });
  }
  return problems;
}
