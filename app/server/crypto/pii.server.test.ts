import { describe, expect, it } from "vitest";
import { PiiDecryptError, PiiKeyError, decryptPii, decryptPiiJson, encryptPii, encryptPiiJson, importPiiKey } from "./pii.server";

const KEY = btoa("0123456789abcdef0123456789abcdef");
const OTHER_KEY = btoa("fedcba9876543210fedcba9876543210");

describe("PII encryption (AES-GCM)", () => {
  it("round-trips and never stores the plaintext", async () => {
    const key = await importPiiKey(KEY);
    const sealed = await encryptPii(key, "1800101221144", "doc-1");
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toContain("1800101221144");
    expect(await decryptPii(key, sealed, "doc-1")).toBe("1800101221144");
  });

  it("uses a fresh IV each time", async () => {
    const key = await importPiiKey(KEY);
    const a = await encryptPii(key, "same", "doc");
    const b = await encryptPii(key, "same", "doc");
    expect(a).not.toBe(b);
  });

  it("keeps diacritics and JSON", async () => {
    const key = await importPiiKey(KEY);
    const value = { address: "Mun.București Sec.3 Str.Țepeș Vodă nr.14", cnp: "2850315400123" };
    expect(await decryptPiiJson(key, await encryptPiiJson(key, value, "d"), "d")).toEqual(value);
  });

  it("refuses another record, another key and tampering", async () => {
    const key = await importPiiKey(KEY);
    const sealed = await encryptPii(key, "RX 123456", "doc-1");
    await expect(decryptPii(key, sealed, "doc-2")).rejects.toBeInstanceOf(PiiDecryptError);
    await expect(decryptPii(await importPiiKey(OTHER_KEY), sealed, "doc-1")).rejects.toBeInstanceOf(PiiDecryptError);
    const [v, iv, body] = sealed.split(".");
    // The body's first character, not its last: the last base64 character can carry unused low bits,
    // and changing only those changes no byte (the test passed or failed with the random IV).
    const flipped = `${v}.${iv}.${body!.startsWith("A") ? "B" : "A"}${body!.slice(1)}`;
    await expect(decryptPii(key, flipped, "doc-1")).rejects.toBeInstanceOf(PiiDecryptError);
    await expect(decryptPii(key, "plain text", "doc-1")).rejects.toBeInstanceOf(PiiDecryptError);
  });

  it("refuses a missing or short key", async () => {
    await expect(importPiiKey(undefined)).rejects.toBeInstanceOf(PiiKeyError);
    await expect(importPiiKey(btoa("short"))).rejects.toBeInstanceOf(PiiKeyError);
    await expect(importPiiKey("%%%")).rejects.toBeInstanceOf(PiiKeyError);
  });
});
