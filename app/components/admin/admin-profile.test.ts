import { describe, expect, it } from "vitest";
import { ADMIN_TEXTS } from "~/texts/admin";
import { adminFullName, adminInitials } from "./admin-profile";

describe("adminInitials", () => {
  it("takes the first letters of first and last name", () => {
    expect(adminInitials({ firstName: "ana", lastName: "Ștefănescu", email: "x@y.ro" })).toBe("AȘ");
  });

  it("falls back to the first letter of the e-mail when a name part is missing", () => {
    expect(adminInitials({ firstName: "Ana", lastName: null, email: "maria@test.ro" })).toBe("M");
    expect(adminInitials({ firstName: " ", lastName: "Pop", email: "maria@test.ro" })).toBe("M");
  });

  it("is A when there is neither a name nor an e-mail", () => {
    expect(adminInitials({ firstName: null, lastName: null, email: null })).toBe("A");
    expect(adminInitials({ firstName: null, lastName: null, email: "" })).toBe("A");
  });
});

describe("adminFullName", () => {
  it("joins the name parts that exist", () => {
    expect(adminFullName({ firstName: "Ana", lastName: "Pop", email: null })).toBe("Ana Pop");
    expect(adminFullName({ firstName: "Ana", lastName: null, email: null })).toBe("Ana");
  });

  it("falls back to Admin User", () => {
    expect(adminFullName({ firstName: null, lastName: " ", email: "a@b.ro" })).toBe(ADMIN_TEXTS.shell.fallbackName);
  });
});
