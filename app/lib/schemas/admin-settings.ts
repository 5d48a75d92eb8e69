// The admin settings model (admin spec §3 "Settings model", §9 defaults; issue #12 item 4): one schema
// per key, shared by PUT /api/admin/settings (JSON) and the /admin/settings forms (strings), so both
// apply the same rules. Which keys each tab saves, and who may save them, is here too.
import * as z from "zod/mini";
import { ADMIN_TEXTS } from "../../texts/admin";
import { adminNewPasswordSchema } from "./admin-password";

const E = ADMIN_TEXTS.settings.errors;

export const API_TIMEOUT_SECONDS = { min: 1, max: 300 } as const;
/** At most ADMIN_SESSION_TTL (8 h): a longer inactivity limit could never be reached. */
export const SESSION_TIMEOUT_MINUTES = { min: 5, max: 480 } as const;

export const SETTINGS_DEFAULTS = {
  maintenance_mode: false,
  new_registrations: true,
  auto_comparison: true,
  backend_url: "",
  admin_api_url: "",
  api_timeout: 30,
  session_timeout: 60,
  two_factor_enabled: false,
  activity_logging: true,
  email_notifications: true,
  system_alerts: true,
  daily_reports: false,
} as const;

export type SettingKey = keyof typeof SETTINGS_DEFAULTS;
export const SETTING_KEYS = Object.keys(SETTINGS_DEFAULTS) as SettingKey[];

export interface AdminSettings {
  maintenance_mode: boolean;
  new_registrations: boolean;
  auto_comparison: boolean;
  /** "" when not set */
  backend_url: string;
  admin_api_url: string;
  /** seconds */
  api_timeout: number;
  /** minutes of inactivity */
  session_timeout: number;
  two_factor_enabled: boolean;
  activity_logging: boolean;
  email_notifications: boolean;
  system_alerts: boolean;
  daily_reports: boolean;
}
export type SettingsPatch = Partial<AdminSettings>;

export type SettingsTab = "sistem" | "securitate" | "notificari";

/**
 * The keys each tab saves. two_factor_enabled is on no tab: two-factor is each admin's own
 * enrolment (/admin/two-factor), and nothing on this branch would enforce a global switch, so the
 * key keeps its default and the API refuses to change it.
 */
export const TAB_KEYS = {
  sistem: ["maintenance_mode", "new_registrations", "auto_comparison", "backend_url", "admin_api_url", "api_timeout"],
  securitate: ["session_timeout", "activity_logging"],
  notificari: ["email_notifications", "system_alerts", "daily_reports"],
} as const satisfies Record<SettingsTab, readonly SettingKey[]>;

export const WRITABLE_KEYS: readonly SettingKey[] = [...TAB_KEYS.sistem, ...TAB_KEYS.securitate, ...TAB_KEYS.notificari];

const toggle = z.boolean({ error: E.toggle });

function urlSetting(local: boolean) {
  return z.string({ error: E.urlInvalid }).check(
    z.trim(),
    z.maxLength(2048, E.urlInvalid),
    z.refine((value) => value === "" || URL.canParse(value), E.urlInvalid),
    // Outside a local run these point at real services: plain http would send admin traffic in clear.
    z.refine((value) => {
      if (value === "" || !URL.canParse(value)) return true;
      const protocol = new URL(value).protocol;
      return protocol === "https:" || (local && protocol === "http:");
    }, E.urlHttps),
  );
}

const wholeNumber = (bounds: { min: number; max: number }, message: string) =>
  z.number({ error: message }).check(z.int(message), z.gte(bounds.min, message), z.lte(bounds.max, message));

function fieldSchemas(local: boolean) {
  return {
    maintenance_mode: toggle,
    new_registrations: toggle,
    auto_comparison: toggle,
    backend_url: urlSetting(local),
    admin_api_url: urlSetting(local),
    api_timeout: wholeNumber(API_TIMEOUT_SECONDS, E.apiTimeout(API_TIMEOUT_SECONDS.min, API_TIMEOUT_SECONDS.max)),
    session_timeout: wholeNumber(SESSION_TIMEOUT_MINUTES, E.sessionTimeout(SESSION_TIMEOUT_MINUTES.min, SESSION_TIMEOUT_MINUTES.max)),
    two_factor_enabled: toggle,
    activity_logging: toggle,
    email_notifications: toggle,
    system_alerts: toggle,
    daily_reports: toggle,
  } satisfies Record<SettingKey, z.ZodMiniType>;
}

/** The whole model; what is stored is read through it, key by key, falling back to the default. */
export function adminSettingsSchema(options: { local: boolean }) {
  return z.object(fieldSchemas(options.local));
}

/**
 * PUT /api/admin/settings: any subset of the writable keys, JSON-typed; an unknown key or
 * two_factor_enabled is a 400, never silently dropped.
 */
export function settingsPatchSchema(options: { local: boolean }) {
  const fields = fieldSchemas(options.local);
  const shape = Object.fromEntries(WRITABLE_KEYS.map((key) => [key, z.optional(fields[key])])) as {
    [K in (typeof WRITABLE_KEYS)[number]]: z.ZodMiniOptional<(typeof fields)[K]>;
  };
  return z.strictObject(shape, {
    error: (issue) => (issue.code === "unrecognized_keys" ? E.unknownSetting(issue.keys.join(", ")) : undefined),
  });
}

// A form sends strings: a checked box is "on", an unchecked one is absent (false); numbers are typed text.
const formToggle = z.pipe(
  z.optional(z.string()),
  z.transform((value) => value !== undefined && value !== "" && value !== "off" && value !== "false"),
);
const formNumber = (schema: z.ZodMiniType<number, number>) =>
  z.pipe(
    z.pipe(
      z.optional(z.string()),
      z.transform((value) => (value === undefined || value.trim() === "" ? Number.NaN : Number(value.trim()))),
    ),
    schema,
  );
const formText = (schema: z.ZodMiniType<string, string>) => z.pipe(z.pipe(z.optional(z.string()), z.transform((value) => value ?? "")), schema);

/** A tab's form: every key of the tab, typed; the result is a SettingsPatch of exactly those keys. */
export function settingsFormSchema(tab: SettingsTab, options: { local: boolean }) {
  const fields = fieldSchemas(options.local);
  if (tab === "sistem") {
    return z.object({
      maintenance_mode: formToggle,
      new_registrations: formToggle,
      auto_comparison: formToggle,
      backend_url: formText(fields.backend_url),
      admin_api_url: formText(fields.admin_api_url),
      api_timeout: formNumber(fields.api_timeout),
    });
  }
  if (tab === "securitate") {
    return z.object({ session_timeout: formNumber(fields.session_timeout), activity_logging: formToggle });
  }
  return z.object({ email_notifications: formToggle, system_alerts: formToggle, daily_reports: formToggle });
}

/** Reads stored values key by key: a missing or unreadable value is the default (and reported). */
export function settingsFromStored(
  stored: ReadonlyMap<string, unknown>,
  options: { local: boolean },
): { settings: AdminSettings; invalid: SettingKey[] } {
  const fields = fieldSchemas(options.local);
  const settings = { ...SETTINGS_DEFAULTS } as AdminSettings;
  const invalid: SettingKey[] = [];
  for (const key of SETTING_KEYS) {
    if (!stored.has(key)) continue;
    const parsed = fields[key].safeParse(stored.get(key));
    if (parsed.success) (settings as unknown as Record<SettingKey, unknown>)[key] = parsed.data;
    else invalid.push(key);
  }
  return { settings, invalid };
}

/** The profile's password change: the current password, and the new one under the one admin policy. */
export function adminPasswordChangeSchema(email: string) {
  return z.intersection(
    z.object({
      currentPassword: z
        .string({ error: ADMIN_TEXTS.settings.profile.currentRequired })
        .check(z.minLength(1, ADMIN_TEXTS.settings.profile.currentRequired), z.maxLength(1024, ADMIN_TEXTS.settings.profile.currentWrong)),
    }),
    adminNewPasswordSchema(email),
  );
}
export type AdminPasswordChangeInput = z.infer<ReturnType<typeof adminPasswordChangeSchema>>;
