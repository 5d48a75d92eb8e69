import { describe, expect, it } from "vitest";
import { SIGNING_TEXTS } from "../../texts/signing";
import { contractSigningSchema } from "./contract-signing";

describe("contract signing form", () => {
  it("accepts a typed or a drawn signature with a 6-digit code and the consent", () => {
    expect(contractSigningSchema.safeParse({ method: "typed", code: " 123456 ", typedName: "Ioana Ștefănescu", consent: "on" }).success).toBe(true);
    expect(contractSigningSchema.safeParse({ method: "drawn", code: "123456", signaturePng: "data:image/png;base64,iVBORw0KGgo=", consent: "on" }).success).toBe(true);
  });

  it("refuses a short code, a missing consent, a bad name or something that is not a PNG", () => {
    const issues = (input: Record<string, unknown>) =>
      contractSigningSchema.safeParse(input).error?.issues.map((i) => i.message) ?? [];
    expect(issues({ method: "typed", code: "12345", typedName: "Ioana Pop", consent: "on" })).toEqual([SIGNING_TEXTS.errors.code]);
    expect(issues({ method: "typed", code: "123456", typedName: "Ioana Pop" })).toEqual([SIGNING_TEXTS.errors.consent]);
    expect(issues({ method: "typed", code: "123456", typedName: "<script>", consent: "on" })).toEqual([SIGNING_TEXTS.errors.typedName]);
    expect(issues({ method: "drawn", code: "123456", signaturePng: "data:text/html;base64,PGI+", consent: "on" })).toEqual([SIGNING_TEXTS.errors.drawn]);
    expect(contractSigningSchema.safeParse({ method: "other", code: "123456", consent: "on" }).success).toBe(false);
  });
});
