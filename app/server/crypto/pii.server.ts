// Personal data at rest (CNP, ID series and number, addresses): AES-256-GCM with the key of the
// PII_ENCRYPTION_KEY secret (base64 of 32 bytes). Every value is bound to its record by the
// additional authenticated data (e.g. the document id), so a ciphertext copied into another row
// does not decrypt there. Format: "v1.<iv base64url>.<ciphertext+tag base64url>".
import { base64UrlDecode, base64UrlEncode } from "../auth/crypto.server";

const VERSION = "v1";
const IV_BYTES = 12;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

export class PiiKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PiiKeyError";
  }
}

/** A ciphertext that is malformed, was made with another key, or belongs to another record. */
export class PiiDecryptError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PiiDecryptError";
  }
}

function decodeKeyBytes(base64: string): Uint8Array<ArrayBuffer> {
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = Uint8Array.from(atob(base64.trim()), (c) => c.charCodeAt(0));
  } catch (error) {
    if (error instanceof DOMException) throw new PiiKeyError("PII_ENCRYPTION_KEY is not valid base64");
    throw error;
  }
  if (bytes.length !== 32) throw new PiiKeyError(`PII_ENCRYPTION_KEY must be 32 bytes (base64), got ${bytes.length}`);
  return bytes;
}

const keys = new Map<string, Promise<CryptoKey>>();

/** The AES-GCM key of a base64 secret, imported once per isolate. */
export function importPiiKey(base64: string | undefined): Promise<CryptoKey> {
  if (!base64) return Promise.reject(new PiiKeyError("PII_ENCRYPTION_KEY is not set (wrangler secret put PII_ENCRYPTION_KEY, or .dev.vars locally)"));
  let key = keys.get(base64);
  if (!key) {
    let bytes: Uint8Array<ArrayBuffer>;
    try {
      bytes = decodeKeyBytes(base64);
    } catch (error) {
      return Promise.reject(error);
    }
    key = crypto.subtle.importKey("raw", bytes, { name: "AES-GCM" }, false, ["encrypt", "decrypt"]);
    keys.set(base64, key);
  }
  return key;
}

export async function encryptPii(key: CryptoKey, plaintext: string, associatedData: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: encoder.encode(associatedData) },
    key,
    encoder.encode(plaintext),
  );
  return `${VERSION}.${base64UrlEncode(iv)}.${base64UrlEncode(new Uint8Array(sealed))}`;
}

export async function decryptPii(key: CryptoKey, payload: string, associatedData: string): Promise<string> {
  const [version, ivText, sealedText, ...rest] = payload.split(".");
  const iv = ivText === undefined ? null : base64UrlDecode(ivText);
  const sealed = sealedText === undefined ? null : base64UrlDecode(sealedText);
  if (version !== VERSION || rest.length > 0 || !iv || iv.length !== IV_BYTES || !sealed) {
    throw new PiiDecryptError("not a v1 PII ciphertext");
  }
  try {
    const plain = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv, additionalData: encoder.encode(associatedData) },
      key,
      sealed,
    );
    return decoder.decode(plain);
  } catch (error) {
    // WebCrypto reports a failed tag check as OperationError: wrong key, wrong record or tampering.
    if (error instanceof DOMException) throw new PiiDecryptError("authentication failed");
    throw error;
  }
}

export async function encryptPiiJson(key: CryptoKey, value: unknown, associatedData: string): Promise<string> {
  return encryptPii(key, JSON.stringify(value), associatedData);
}

export async function decryptPiiJson<T>(key: CryptoKey, payload: string, associatedData: string): Promise<T> {
  return JSON.parse(await decryptPii(key, payload, associatedData)) as T;
}
