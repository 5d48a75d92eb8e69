import { describe, expect, it } from "vitest";
import { TEXTS } from "../../texts/user";
import { profileUpdateSchema } from "./profile";

describe("profileUpdateSchema", () => {
  it("trims, collapses spaces, lower-cases the e-mail", () => {
    expect(profileUpdateSchema.parse({ first_name: "  Ana   Maria ", last_name: "Ștefănescu-Vodă", email: " X@Y.RO " })).toEqual({
      first_name: "Ana Maria",
      last_name: "Ștefănescu-Vodă",
      email: "x@y.ro",
    });
  });

  it("clears missing, null and empty fields (PUT replaces)", () => {
    expect(profileUpdateSchema.parse({ first_name: "", email: null })).toEqual({ first_name: null, last_name: null, email: null });
  });

  it.each([
    [{ email: "x@" }, TEXTS.profile.invalidEmail],
    [{ first_name: "A1" }, TEXTS.profile.invalidName],
    [{ first_name: "-Ana" }, TEXTS.profile.invalidName],
    [{ last_name: "a".repeat(51) }, TEXTS.profile.invalidName],
  ])("refuses %j", (input, message) => {
    expect(profileUpdateSchema.safeParse(input).error?.issues[0]?.message).toBe(message);
  });
});
