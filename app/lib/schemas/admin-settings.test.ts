import { describe, expect, it } from "vitest";
import { ADMIN_TEXTS } from "../../texts/admin";
import { SETTINGS_DEFAULTS, settingsFormSchema, settingsFromStored, settingsPatchSchema } from "./admin-settings";

const E = ADMIN_TEXTS.settings.errors;
const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues.map((i) => i.message) ?? [];

describe("settings URLs", () => {
  it("take https only outside a local run, and http locally", () => {
    const deployed = settingsPatchSchema({ local: false });
    expect(deployed.safeParse({ backend_url: "https://api.example.ro/v1" }).success).toBe(true);
    expect(messages(deployed.safeParse({ backend_url: "http://api.example.ro" }))).toEqual([E.urlHttps]);
    expect(settingsPatchSchema({ local: true }).safeParse({ backend_url: "http://127.0.0.1:8787" }).success).toBe(true);
    expect(messages(settingsPatchSchema({ local: true }).safeParse({ admin_api_url: "file:///etc/passwd" }))).toEqual([E.urlHttps]);
  });

  it("trim and allow clearing with an empty string", () => {
    expect(settingsPatchSchema({ local: false }).parse({ backend_url: "  https://x.ro  ", admin_api_url: "" })).toEqual({ backend_url: "https://x.ro", admin_api_url: "" });
  });
});

describe("settings forms", () => {
  it("read a checked box as on, a missing one as off, and numbers from text", () => {
    const form = settingsFormSchema("sistem", { local: false });
    expect(form.parse({ maintenance_mode: "on", api_timeout: " 45 ", backend_url: "", admin_api_url: "" })).toEqual({
      maintenance_mode: true,
      new_registrations: false,
      auto_comparison: false,
      backend_url: "",
      admin_api_url: "",
      api_timeout: 45,
    });
  });

  it("refuse an empty or fractional number with the field's message", () => {
    const form = settingsFormSchema("securitate", { local: false });
    expect(messages(form.safeParse({ session_timeout: "" }))).toEqual([E.sessionTimeout(5, 480)]);
    expect(messages(form.safeParse({ session_timeout: "7.5" }))).toEqual([E.sessionTimeout(5, 480)]);
    expect(form.parse({ session_timeout: "15", activity_logging: "on" })).toEqual({ session_timeout: 15, activity_logging: true });
  });
});

describe("stored settings", () => {
  it("fall back to the spec's defaults key by key and name what was unreadable", () => {
    const stored = new Map<string, unknown>([
      ["maintenance_mode", true],
      ["api_timeout", "fast"],
      ["session_timeout", 15],
    ]);
    const { settings, invalid } = settingsFromStored(stored, { local: false });
    expect(settings).toEqual({ ...SETTINGS_DEFAULTS, maintenance_mode: true, session_timeout: 15 });
    expect(invalid).toEqual(["api_timeout"]);
  });
});
