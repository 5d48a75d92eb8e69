import { expect, it } from "vitest";
import { safeRedirectPath } from "./user-auth.server";

it.each([
  ["/schimba-furnizor", "/schimba-furnizor"],
  ["/profil?tab=1#x", "/profil?tab=1#x"],
  ["//evil.example/x", "/"],
  ["/\\evil.example", "/"],
  // Issue 15: paths that normalise to a protocol-relative URL.
  ["/.//evil.com", "/"],
  ["/..//evil.com", "/"],
  ["/admin/../\\evil.com", "/"],
  ["/admin/..//evil.com", "/"],
  ["/./\\evil.com", "/"],
  ["/\t/evil.com", "/"],
  ["/%2F/evil.com", "/%2F/evil.com"],
  ["/a/../profil", "/profil"],
  ["https://evil.example/", "/"],
  ["javascript:alert(1)", "/"],
  ["", "/"],
  [null, "/"],
])("safeRedirectPath(%j) → %s", (input, expected) => {
  expect(safeRedirectPath(input)).toBe(expected);
});
