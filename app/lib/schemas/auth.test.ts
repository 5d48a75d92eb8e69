import { describe, expect, it } from "vitest";
import { TEXTS } from "../../texts/user";
import { ADMIN_TEXTS } from "../../texts/admin";
import { adminLoginSchema, refreshTokenSchema, registerPhoneSchema, verifySmsSchema } from "./auth";

describe("registerPhoneSchema", () => {
  it("dialog variant: accepts +40… and 0…, returns the +40 form", () => {
    expect(registerPhoneSchema().parse({ phoneNumber: "0712 345 678" })).toEqual({ phoneNumber: "+40712345678" });
    expect(registerPhoneSchema().parse({ phoneNumber: "+40712345678" })).toEqual({ phoneNumber: "+40712345678" });
    const bad = registerPhoneSchema().safeParse({ phoneNumber: "712345678" });
    expect(bad.error?.issues[0]?.message).toBe(TEXTS.auth.invalidPhoneDialog.message);
  });

  it("login variant: only +40…, with its own message", () => {
    expect(registerPhoneSchema("login").parse({ phoneNumber: "+40712345678" })).toEqual({ phoneNumber: "+40712345678" });
    const bad = registerPhoneSchema("login").safeParse({ phoneNumber: "0712345678" });
    expect(bad.error?.issues[0]?.message).toBe(TEXTS.auth.invalidPhoneLogin.message);
  });
});

describe("verifySmsSchema", () => {
  it("needs exactly 6 digits", () => {
    expect(verifySmsSchema().parse({ phoneNumber: "0712345678", verificationCode: "012345" }).verificationCode).toBe("012345");
    const bad = verifySmsSchema().safeParse({ phoneNumber: "0712345678", verificationCode: "12-345" });
    expect(bad.error?.issues[0]?.message).toBe(TEXTS.auth.invalidCode.message);
  });

  it("login variant strips non-digits first", () => {
    expect(verifySmsSchema("login").parse({ phoneNumber: "+40712345678", verificationCode: "12-34 56" }).verificationCode).toBe("123456");
    expect(verifySmsSchema("login").safeParse({ phoneNumber: "+40712345678", verificationCode: "12-345" }).success).toBe(false);
  });
});

it("refreshTokenSchema says 'No refresh token available' when missing", () => {
  expect(refreshTokenSchema.safeParse({}).error?.issues[0]?.message).toBe(TEXTS.auth.noRefreshToken);
});

it("adminLoginSchema lower-cases the e-mail and needs both fields", () => {
  expect(adminLoginSchema.parse({ email: " A@B.RO ", password: "p" })).toEqual({ email: "a@b.ro", password: "p" });
  expect(adminLoginSchema.safeParse({ email: "", password: "p" }).error?.issues[0]?.message).toBe(ADMIN_TEXTS.emailRequired);
  expect(adminLoginSchema.safeParse({ email: "a@b.ro" }).error?.issues[0]?.message).toBe(ADMIN_TEXTS.passwordRequired);
});
