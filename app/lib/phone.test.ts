import { describe, expect, it } from "vitest";
import {
  canonicalPhone,
  isValidDialogPhone,
  isValidLoginPhone,
  isValidSmsCode,
  maskPhone,
  normalizePhone,
  stripNonDigits,
} from "./phone";

describe("normalizePhone (dialog normalisation)", () => {
  it.each([
    ["+40712345678", "+40712345678"],
    ["0712345678", "+40712345678"],
    ["712345678", "+40712345678"],
    ["0712 345 678", "+40712345678"],
    ["+40 (712) 345-678", "+40712345678"],
    ["", ""],
  ])("%s → %s", (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });

  it("caps the result at 13 characters", () => {
    expect(normalizePhone("+4071234567890")).toBe("+407123456789");
    expect(normalizePhone("07123456789999")).toHaveLength(13);
  });

  it("prefixes +40 to anything that does not start with +40 or 0", () => {
    expect(normalizePhone("40712345678")).toBe("+404071234567");
    expect(normalizePhone("+44712345678")).toBe("+40+447123456");
  });
});

describe("phone rules", () => {
  it.each([
    ["+40712345678", true],
    ["0712345678", true],
    ["0712 345 678", true],
    ["712345678", false],
    ["+4071234567", false],
    ["07123456789", false],
    ["+44712345678", false],
    ["07123a5678", false],
  ])("dialog rule: %s → %s", (input, ok) => {
    expect(isValidDialogPhone(input)).toBe(ok);
  });

  it.each([
    ["+40712345678", true],
    ["0712345678", false],
    ["+407123456789", false],
    ["+40 712345678", false],
  ])("/login rule: %s → %s", (input, ok) => {
    expect(isValidLoginPhone(input)).toBe(ok);
  });

  it("canonicalPhone accepts both forms and refuses the rest", () => {
    expect(canonicalPhone("0712345678")).toBe("+40712345678");
    expect(canonicalPhone(" +40712345678 ")).toBe("+40712345678");
    expect(canonicalPhone("071234567")).toBeNull();
    expect(canonicalPhone("+44712345678")).toBeNull();
    expect(canonicalPhone("")).toBeNull();
  });
});

describe("SMS code", () => {
  it("is exactly 6 digits", () => {
    expect(isValidSmsCode("012345")).toBe(true);
    expect(isValidSmsCode("12345")).toBe(false);
    expect(isValidSmsCode("1234567")).toBe(false);
    expect(isValidSmsCode("12 456")).toBe(false);
  });

  it("/login strips non-digits as typed", () => {
    expect(stripNonDigits("12-34 a56")).toBe("123456");
  });
});

it("masks a phone for logs", () => {
  expect(maskPhone("+40712345678")).toBe("+40 7xx xxx x78");
  expect(maskPhone("nope")).toBe("***");
});
