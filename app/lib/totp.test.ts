// RFC 6238 Appendix B test vectors (and RFC 4226 Appendix D for HOTP), then the window and replay rules.
import { describe, expect, it } from "vitest";
import { base32Decode, base32Encode, hotp, matchTotp, otpauthUri, totp, totpStep } from "./totp";

const ascii = (text: string) => new TextEncoder().encode(text) as Uint8Array<ArrayBuffer>;
// The RFC's seeds: "12345678901234567890" repeated to the hash's key length.
const SEED_SHA1 = ascii("12345678901234567890");
const SEED_SHA256 = ascii("12345678901234567890123456789012");
const SEED_SHA512 = ascii("1234567890123456789012345678901234567890123456789012345678901234");

const RFC6238: [number, string, string, string][] = [
  [59, "94287082", "46119246", "90693936"],
  [1111111109, "07081804", "68084774", "25091201"],
  [1111111111, "14050471", "67062674", "99943326"],
  [1234567890, "89005924", "91819424", "93441116"],
  [2000000000, "69279037", "90698825", "38618901"],
  [20000000000, "65353130", "77737706", "47863826"],
];

describe("RFC 6238 test vectors (8 digits)", () => {
  it.each(RFC6238)("T=%i", async (seconds, sha1, sha256, sha512) => {
    const now = seconds * 1000;
    expect(await totp(SEED_SHA1, now, { digits: 8 })).toBe(sha1);
    expect(await totp(SEED_SHA256, now, { digits: 8, hash: "SHA-256" })).toBe(sha256);
    expect(await totp(SEED_SHA512, now, { digits: 8, hash: "SHA-512" })).toBe(sha512);
  });
});

describe("RFC 4226 HOTP test vectors", () => {
  const expected = ["755224", "287082", "359152", "969429", "338314", "254676", "287922", "162583", "399871", "520489"];
  it.each(expected.map((code, counter) => [counter, code] as const))("counter %i", async (counter, code) => {
    expect(await hotp(SEED_SHA1, counter)).toBe(code);
  });
});

describe("base32", () => {
  it("round-trips and matches RFC 4648's examples", () => {
    expect(base32Encode(ascii("foobar"))).toBe("MZXW6YTBOI");
    expect(Array.from(base32Decode("MZXW6YTBOI")!)).toEqual(Array.from(ascii("foobar")));
    expect(base32Encode(SEED_SHA1)).toBe("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
    expect(base32Decode("not base32!")).toBeNull();
  });
});

describe("matchTotp", () => {
  const now = 1_111_111_111_000;
  const step = totpStep(now);

  it("accepts the current step and one either side, not two", async () => {
    for (const offset of [-1, 0, 1]) {
      const code = await hotp(SEED_SHA1, step + offset);
      expect(await matchTotp(SEED_SHA1, code, now)).toBe(step + offset);
    }
    for (const offset of [-2, 2]) {
      const code = await hotp(SEED_SHA1, step + offset);
      // a 6-digit collision with a step in the window is possible in principle; not for these vectors
      expect(await matchTotp(SEED_SHA1, code, now)).toBeNull();
    }
  });

  it("refuses a step at or before the last used one (replay)", async () => {
    const code = await hotp(SEED_SHA1, step);
    expect(await matchTotp(SEED_SHA1, code, now, step)).toBeNull();
    expect(await matchTotp(SEED_SHA1, code, now, step + 1)).toBeNull();
    expect(await matchTotp(SEED_SHA1, code, now, step - 1)).toBe(step);
  });

  it("refuses anything that is not six digits", async () => {
    for (const code of ["", "12345", "1234567", "abcdef", "12 345"])
      expect(await matchTotp(SEED_SHA1, code, now)).toBeNull();
  });
});

it("builds the Key Uri Format URI", () => {
  expect(otpauthUri("JBSWY3DPEHPK3PXP", "ana@firma.ro", "Cel mai ieftin curent")).toBe(
    "otpauth://totp/Cel%20mai%20ieftin%20curent:ana%40firma.ro?secret=JBSWY3DPEHPK3PXP&issuer=Cel+mai+ieftin+curent&algorithm=SHA1&digits=6&period=30",
  );
});
