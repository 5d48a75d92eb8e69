// TOTP (RFC 6238 over RFC 4226 HOTP): HMAC-SHA-1, 30-second steps, 6 digits, the codes of the current
// step and one step either side accepted (clock drift). Pure WebCrypto, so it runs in the Worker and
// in unit tests alike; the caller refuses a step that was already used (replay).
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
export const TOTP_WINDOW = 1;

const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Uint8Array<ArrayBuffer> | null {
  const clean = text.replace(/[\s=]/g, "").toUpperCase();
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) return null;
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return new Uint8Array(out);
}

/** The time step of an instant (ms since the epoch). */
export function totpStep(nowMs: number, stepSeconds: number = TOTP_STEP_SECONDS): number {
  return Math.floor(nowMs / 1000 / stepSeconds);
}

/** HOTP (RFC 4226 §5.3) of a counter, with the hash RFC 6238 allows; SHA-1 is what authenticator apps use. */
export async function hotp(
  key: Uint8Array<ArrayBuffer>,
  counter: number,
  options: { digits?: number; hash?: "SHA-1" | "SHA-256" | "SHA-512" } = {},
): Promise<string> {
  const digits = options.digits ?? TOTP_DIGITS;
  const message = new Uint8Array(8);
  let rest = counter;
  for (let i = 7; i >= 0; i--) {
    message[i] = rest % 256;
    rest = Math.floor(rest / 256);
  }
  const cryptoKey = await crypto.subtle.importKey("raw", key, { name: "HMAC", hash: options.hash ?? "SHA-1" }, false, [
    "sign",
  ]);
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", cryptoKey, message));
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 10 ** digits).padStart(digits, "0");
}

export function totp(
  key: Uint8Array<ArrayBuffer>,
  nowMs: number,
  options: { digits?: number; hash?: "SHA-1" | "SHA-256" | "SHA-512" } = {},
): Promise<string> {
  return hotp(key, totpStep(nowMs), options);
}

function sameCode(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

/**
 * The step whose code matches, looking at the current step and TOTP_WINDOW either side, or null.
 * Steps at or before `lastUsedStep` never match, so a code cannot be used twice.
 */
export async function matchTotp(
  key: Uint8Array<ArrayBuffer>,
  code: string,
  nowMs: number,
  lastUsedStep: number | null = null,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const current = totpStep(nowMs);
  let matched: number | null = null;
  // Every candidate is computed, so the answer takes as long whichever step matches.
  for (let step = current - TOTP_WINDOW; step <= current + TOTP_WINDOW; step++) {
    const candidate = await hotp(key, step);
    if (sameCode(candidate, code) && (lastUsedStep === null || step > lastUsedStep) && matched === null) matched = step;
  }
  return matched;
}

/** The otpauth:// URI authenticator apps read from the QR code (Key Uri Format). */
export function otpauthUri(secretBase32: string, account: string, issuer: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const params = new URLSearchParams({
    secret: secretBase32,
    issuer,
    algorithm: "SHA1",
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_SECONDS),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}
