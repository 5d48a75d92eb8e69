// Every app/routes/api.admin.*.ts module must be in ADMIN_API_ROUTES (and every entry must have its
// module), so no admin API route can exist without a declared requirement and a guard test.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ADMIN_API_ROUTES, findAdminApiRoute } from "./routes-registry.server";

const ROUTES_DIR = new URL("../../routes/", import.meta.url);

/** Remix flat-route file name → URL path ("api.admin.users.$id.ts" → "/api/admin/users/:id"). */
function urlPathOf(file: string): string {
  const segments = file.replace(/\.tsx?$/, "").split(".");
  return "/" + segments.map((s) => (s.startsWith("$") ? `:${s.slice(1)}` : s)).join("/");
}

describe("ADMIN_API_ROUTES covers every admin API module", () => {
  const files = readdirSync(ROUTES_DIR).filter((f) => /^api\.admin\..+\.tsx?$/.test(f) && !f.includes(".test."));

  it.each(files)("%s is registered with its path", (file) => {
    const entries = ADMIN_API_ROUTES.filter((route) => route.file === `app/routes/${file}`);
    expect(entries.length, `${file} has no entry in ADMIN_API_ROUTES`).toBeGreaterThan(0);
    // An entry may name a parameter's allowed values one by one (queue-manager/start|stop|restart).
    const pattern = urlPathOf(file).split("/");
    for (const entry of entries) {
      const path = entry.path.split("/");
      expect(path.length, entry.path).toBe(pattern.length);
      pattern.forEach((segment, i) => {
        if (!segment.startsWith(":")) expect(path[i], entry.path).toBe(segment);
      });
    }
  });

  it.each(files)("%s guards through guardAdminApi (or is the public login)", (file) => {
    const source = readFileSync(new URL(file, ROUTES_DIR), "utf8");
    const isPublic = ADMIN_API_ROUTES.some((r) => r.file === `app/routes/${file}` && r.access === "public");
    if (!isPublic) expect(source).toContain("guardAdminApi(");
  });

  it.each(ADMIN_API_ROUTES.map((r) => [r.method, r.path, r.file] as const))("%s %s has its module", (_m, _p, file) => {
    expect(existsSync(new URL(`../../../${file}`, import.meta.url))).toBe(true);
  });
});

describe("findAdminApiRoute", () => {
  it("matches method and path, ignoring a trailing slash", () => {
    expect(findAdminApiRoute("get", "/api/admin/auth/me/")?.path).toBe("/api/admin/auth/me");
    expect(findAdminApiRoute("POST", "/api/admin/auth/me")).toBeNull();
    expect(findAdminApiRoute("GET", "/api/admin/auth/me/extra")).toBeNull();
  });
});
