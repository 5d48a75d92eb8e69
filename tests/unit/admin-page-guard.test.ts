// Every admin page module guards its loader and its action with requireAdmin (decision 0011); the
// login and logout pages, and the invitation page (the invitee has no account yet; its single-use
// token is its guard, tests/integration/admin-invitations.test.ts), are reached without a session.
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const ROUTES = new URL("../../app/routes/", import.meta.url);
const UNGUARDED = new Set(["admin_.login.tsx", "admin_.logout.tsx", "admin_.invitatie.$token.tsx"]);
const pages = readdirSync(ROUTES).filter((file) => /^admin[._]/.test(file) || file === "admin.tsx").filter((file) => !UNGUARDED.has(file));

/** The body of an exported loader or action, up to the next top-level declaration. */
function exported(source: string, name: "loader" | "action"): string | null {
  const start = source.search(new RegExp(`^export (async )?function ${name}\\b`, "m"));
  if (start < 0) return null;
  const rest = source.slice(start + 1);
  const end = rest.search(/^(export |function |const |async function )/m);
  return end < 0 ? rest : rest.slice(0, end);
}

describe("admin page modules", () => {
  it("are found", () => {
    expect(pages).toContain("admin.tsx");
    expect(pages).toContain("admin._index.tsx");
  });

  it.each(pages)("%s guards its loader and action with requireAdmin", (file) => {
    const source = readFileSync(new URL(file, ROUTES), "utf8");
    const loader = exported(source, "loader");
    const action = exported(source, "action");
    expect(loader ?? action, "an admin page without a loader or action would render unguarded data only from its parent").not.toBeNull();
    for (const body of [loader, action]) if (body !== null) expect(body).toMatch(/\brequireAdmin\(request, context\b/);
  });
});
