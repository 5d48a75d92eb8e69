import { describe, expect, it } from "vitest";
import { adminRedirectPath } from "./shell.server";

describe("adminRedirectPath", () => {
  it.each([
    ["/admin/users?status=active", "/admin/users?status=active"],
    ["/admin", "/admin"],
    ["/admin/", "/admin/"],
    [null, "/admin"],
    ["", "/admin"],
    ["https://evil.example/admin", "/admin"],
    ["//evil.example/admin", "/admin"],
    ["/profil", "/admin"],
    ["/administrare", "/admin"],
    ["/admin/login", "/admin"],
    ["/admin/login?redirectTo=/admin", "/admin"],
    ["/admin/logout", "/admin"],
  ])("%j → %s", (input, expected) => {
    expect(adminRedirectPath(input)).toBe(expected);
  });
});
