// GET/PUT /api/users/profile/me: names and e-mail validated, phone read-only, spec §8 messages.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { TEXTS } from "../../app/texts/user";
import { BASE, signInThroughApi } from "./auth-helpers";

async function put(token: string, body: unknown, contentType = "application/json") {
  const res = await SELF.fetch(`${BASE}/api/users/profile/me`, {
    method: "PUT",
    headers: { Authorization: `Bearer ${token}`, "Content-Type": contentType },
    body: contentType === "application/json" ? JSON.stringify(body) : (body as URLSearchParams),
  });
  return { res, body: (await res.json()) as { success: boolean; data?: Record<string, unknown>; message?: string; error?: string; issues?: { path: string; message: string }[] } };
}

async function get(token: string) {
  const res = await SELF.fetch(`${BASE}/api/users/profile/me`, { headers: { Authorization: `Bearer ${token}` } });
  return { res, body: (await res.json()) as { success: boolean; data: Record<string, unknown> } };
}

describe("GET /api/users/profile/me", () => {
  it("returns email, first_name, last_name, phone, created_at", async () => {
    const user = await signInThroughApi();
    const { res, body } = await get(user.accessToken);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toContain("no-store");
    expect(body.data).toMatchObject({ id: user.userId, phone: user.phone, email: null, first_name: null, last_name: null, status: "active" });
    expect(Date.parse(body.data.created_at as string)).not.toBeNaN();
  });
});

describe("PUT /api/users/profile/me", () => {
  it("updates names and e-mail (trimmed, e-mail lower-cased) with the spec's success message", async () => {
    const user = await signInThroughApi();
    const { res, body } = await put(user.accessToken, { first_name: "  Ana-Maria ", last_name: "Țăranu", email: " Ana.Taranu@Example.RO " });
    expect(res.status).toBe(200);
    expect(body.message).toBe(TEXTS.profile.updated);
    expect(body.data).toMatchObject({ first_name: "Ana-Maria", last_name: "Țăranu", email: "ana.taranu@example.ro", phone: user.phone });
    expect((await get(user.accessToken)).body.data).toMatchObject({ first_name: "Ana-Maria", email: "ana.taranu@example.ro" });
  });

  it("accepts the profile form (urlencoded), where an empty field clears the value", async () => {
    const user = await signInThroughApi();
    await put(user.accessToken, { first_name: "Ion", last_name: "Popescu", email: "ion@example.ro" });
    const { res, body } = await put(
      user.accessToken,
      new URLSearchParams({ first_name: "Ion", last_name: "O'Neill", email: "" }),
      "application/x-www-form-urlencoded",
    );
    expect(res.status).toBe(200);
    expect(body.data).toMatchObject({ first_name: "Ion", last_name: "O'Neill", email: null });
  });

  it.each([
    [{ email: "not-an-email" }, "email", TEXTS.profile.invalidEmail],
    [{ email: "a@b" }, "email", TEXTS.profile.invalidEmail],
    [{ first_name: "Ion1" }, "first_name", TEXTS.profile.invalidName],
    [{ last_name: "x".repeat(51) }, "last_name", TEXTS.profile.invalidName],
    [{ first_name: "<script>" }, "first_name", TEXTS.profile.invalidName],
    [{ first_name: 42 }, "first_name", TEXTS.profile.invalidName],
  ])("refuses %j", async (payload, path, message) => {
    const user = await signInThroughApi();
    const { res, body } = await put(user.accessToken, payload);
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ success: false, error: "invalid_input", message });
    expect(body.issues).toContainEqual({ path, message });
  });

  it("keeps the phone read-only", async () => {
    const user = await signInThroughApi();
    const { res, body } = await put(user.accessToken, { first_name: "Ion", phone: "+40799999999" });
    expect(res.status).toBe(400);
    expect(body).toMatchObject({ error: "phone_read_only", message: TEXTS.profile.phoneReadOnly });
    // Sending the current phone back unchanged is fine (a form may echo it).
    const same = await put(user.accessToken, { first_name: "Ion", phone: user.phone });
    expect(same.res.status).toBe(200);
    expect((await get(user.accessToken)).body.data.phone).toBe(user.phone);
  });

  it("needs a session", async () => {
    const res = await SELF.fetch(`${BASE}/api/users/profile/me`, {
      method: "PUT",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ first_name: "Ion" }),
    });
    expect(res.status).toBe(401);
  });

  it("answers 405 to other methods", async () => {
    const user = await signInThroughApi();
    const res = await SELF.fetch(`${BASE}/api/users/profile/me`, { method: "DELETE", headers: { Authorization: `Bearer ${user.accessToken}` } });
    expect(res.status).toBe(405);
  });
});
