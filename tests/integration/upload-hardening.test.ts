// Uploads under attack (issue 15): bodies counted while they stream (chunked, no Content-Length), PDFs
// judged by their structure, format characters stripped from names, and per-account/per-address limits.
import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_FILES_PER_UPLOAD } from "../../app/lib/documents";
import { TEXTS } from "../../app/texts/user";
import { RATE_LIMITS, rateLimiterName } from "../../app/server/auth/rate-limit.server";
import { chargeUpload, maxUploadBytes, readUploadForm } from "../../app/server/documents/upload.server";
import { readBodyWithin } from "../../app/server/http/body-limit.server";
import billPdf from "../fixtures/generated/bill-electrica-popescu.pdf";
import { craftedPdfCases } from "../fixtures/crafted-pdfs";
import { BASE, signInThroughApi, uniqueIp, type SignedIn } from "./auth-helpers";
import { api, documentRow, uniqueCopy, upload, type Auth } from "./documents-helpers";

const t = TEXTS.documents;

/** A body of `total` bytes in 64 KiB chunks, produced only as it is read; `pulled` says how far the reader got. */
function countedBody(total: number) {
  const chunk = new Uint8Array(64 * 1024).fill(0x41);
  const counter = { pulled: 0 };
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (cancelled || counter.pulled >= total) return controller.close();
      counter.pulled += chunk.length;
      controller.enqueue(chunk.slice());
    },
    cancel() {
      cancelled = true;
    },
  });
  return { stream, counter };
}

async function storedCounts(userId: string) {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM documents WHERE user_id = ?").bind(userId).first<{ n: number }>();
  const objects = await env.DOCUMENTS.list({ prefix: `${userId}/` });
  return { rows: row!.n, objects: objects.objects.length };
}

let user: SignedIn;
let auth: Auth;

beforeAll(async () => {
  user = await signInThroughApi();
  auth = { accessToken: user.accessToken };
});

describe("the body is counted while it streams", () => {
  it("stops reading at the limit and never holds more than it", async () => {
    const { stream, counter } = countedBody(50 * 1024 * 1024);
    const request = new Request(BASE, { method: "POST", body: stream, duplex: "half" } as RequestInit);
    expect(await readBodyWithin(request, 256 * 1024)).toBeNull();
    // The reader stopped within a chunk or two of the limit, not at the 50 MB end.
    expect(counter.pulled).toBeLessThan(512 * 1024);
  });

  it("returns the whole body when it fits", async () => {
    const bytes = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 31) & 0xff);
    const read = await readBodyWithin(new Request(BASE, { method: "POST", body: bytes }), 70_000);
    expect(read).toEqual(bytes);
  });

  it("refuses a chunked multipart body without Content-Length that passes the limit as too large (413)", async () => {
    const maxBytes = maxUploadBytes(env);
    const { stream, counter } = countedBody(300 * 1024 * 1024);
    const request = new Request(`${BASE}/api/documents/upload/ultima_factura`, {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(request.headers.get("Content-Length")).toBeNull();
    const form = await readUploadForm(request, maxBytes);
    expect(form).toMatchObject({ ok: false, failure: { code: "too_large", status: 413, message: t.uploadTooLarge } });
    // The limit (five files and the multipart framing) plus the stream's read-ahead of a chunk or two.
    expect(counter.pulled).toBeLessThan(MAX_FILES_PER_UPLOAD * maxBytes + 64 * 1024 + 4 * 64 * 1024);
  });
});

describe("PDFs are judged by their structure", () => {
  it.each(Object.keys({ all: true }))("refuses every crafted evasion with the Romanian message and stores nothing (%s)", async () => {
    const before = await storedCounts(user.userId);
    for (const [what, { pdf }] of Object.entries(await craftedPdfCases())) {
      const { res, body } = await upload(auth, "ultima_factura", [{ name: "factura.pdf", type: "application/pdf", bytes: pdf as Uint8Array<ArrayBuffer> }]);
      expect({ what, status: res.status, body }).toMatchObject({
        what,
        status: 400,
        body: { success: false, error: "active_content", message: t.activeContentPdf, fileName: "factura.pdf" },
      });
    }
    expect(await storedCounts(user.userId)).toEqual(before);
  });

  it("still accepts a real bill", async () => {
    const { res } = await upload(auth, "ultima_factura", [{ name: "factura.pdf", type: "application/pdf", bytes: uniqueCopy(billPdf) }]);
    expect(res.status).toBe(201);
  });
});

describe("file names", () => {
  it("lose bidi controls and other format characters", async () => {
    const { res, body } = await upload(auth, "ultima_factura", [{ name: "factura\u202Efdp.exe\u200B.pdf", type: "application/pdf", bytes: uniqueCopy(billPdf) }]);
    expect(res.status).toBe(201);
    const doc = (body!.documents as { id: string; fileName: string }[])[0]!;
    expect(doc.fileName).toBe("facturafdp.exe.pdf");
    expect((await documentRow(doc.id))!.file_name).toBe("facturafdp.exe.pdf");
  });
});

describe("upload limits", () => {
  it("refuses an account's 31st upload in 10 minutes with 429 JSON, Retry-After and the Romanian message", async () => {
    const other = await signInThroughApi();
    const now = Date.now();
    const ip = uniqueIp();
    const charged = await Promise.all(Array.from({ length: RATE_LIMITS.uploadPerUser[0]!.limit }, (_, i) => chargeUpload(env, other.userId, ip, now + i)));
    expect(charged.every((failure) => failure === null)).toBe(true);
    const { res, body } = await api({ accessToken: other.accessToken }, "/api/documents/upload/ultima_factura", {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=x" },
      body: "--x--",
    });
    expect(res.status).toBe(429);
    expect(body).toMatchObject({ success: false, error: "rate_limited", message: t.tooManyUploads });
    expect(Number(res.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another account is not affected.
    expect(await chargeUpload(env, user.userId, uniqueIp())).toBeNull();
  });

  it("limits one address across accounts, without charging the account it refused", async () => {
    const limitedEnv = { ...env, UPLOAD_IP_PER_10_MIN: "2" };
    const ip = uniqueIp();
    const [a, b, c] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const now = Date.now();
    expect(await chargeUpload(limitedEnv, a, ip, now)).toBeNull();
    expect(await chargeUpload(limitedEnv, b, ip, now + 1)).toBeNull();
    expect(await chargeUpload(limitedEnv, c, ip, now + 2)).toMatchObject({ code: "rate_limited", status: 429, message: t.tooManyUploads });
    // c's refused request was not charged to c.
    const userKey = `upload-user:${c}` as const;
    const userLimiter = env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(rateLimiterName(userKey)));
    expect(await userLimiter.hitsOf(userKey)).toBe(0);
  });
});
