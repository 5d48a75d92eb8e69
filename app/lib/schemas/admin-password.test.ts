import { describe, expect, it } from "vitest";
import { ADMIN_PASSWORD_TEXTS, adminNewPasswordSchema, adminPasswordSchema } from "./admin-password";

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? null : result.error?.issues[0]?.message;
}

describe("admin password policy", () => {
  it("accepts a long mixed password", () => {
    expect(adminPasswordSchema("ana@firma.ro").safeParse("Cabana-Lac2026").success).toBe(true);
  });
  it("refuses short, single-class and e-mail-bearing passwords with the reason", () => {
    expect(firstMessage(adminPasswordSchema().safeParse("Ab1"))).toBe(ADMIN_PASSWORD_TEXTS.tooShort);
    expect(firstMessage(adminPasswordSchema().safeParse("toatelitereledoar"))).toBe(ADMIN_PASSWORD_TEXTS.missingClasses);
    expect(firstMessage(adminPasswordSchema("mihai.pop@firma.ro").safeParse("Mihai.Pop2026x"))).toBe(ADMIN_PASSWORD_TEXTS.containsEmail);
    expect(firstMessage(adminPasswordSchema().safeParse(`Aa1${"x".repeat(200)}`))).toBe(ADMIN_PASSWORD_TEXTS.tooLong);
  });
  it("needs the confirmation to match", () => {
    const result = adminNewPasswordSchema().safeParse({ newPassword: "Cabana-Lac2026", confirmPassword: "Cabana-Lac2025" });
    expect(firstMessage(result)).toBe(ADMIN_PASSWORD_TEXTS.mismatch);
  });
});
