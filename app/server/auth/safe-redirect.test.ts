import { expect, it } from "vitest";
import { safeRedirectPath } from "./user-auth.server";

it.each([
  ["/schimba-furnizor", "/schimba-furnizor"],
  ["/profil?tab=1#x", "/profil?tab=1#x"],
  ["//evil.example/x", "/"],
  ["/\\evil.example", "/"],
  ["https://evil.example/", "/"],
  ["javascript:alert(1)", "/"],
  ["", "/"],
  [null, "/"],
])("safeRedirectPath(%j) → %s", (input, expected) => {
  expect(safeRedirectPath(input)).toBe(expected);
});
