import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import countiesSeed from "../../seed/counties.json";
import suppliersSeed from "../../seed/suppliers.json";

describe("GET /api/counties", () => {
  it("lists all 42 counties with id, code and name in Romanian order", async () => {
    const res = await SELF.fetch("http://local.test/api/counties");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; data: { id: string; code: string; name: string }[] };
    expect(body.success).toBe(true);
    expect(body.data).toHaveLength(42);
    expect(body.data.map((c) => c.code).sort()).toEqual(countiesSeed.map((c) => c.code).sort());
    expect(body.data[0]).toEqual({ id: "AB", code: "AB", name: "Alba" });
    const names = body.data.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "ro")));
    expect(names).toContain("București");
  });
});

describe("GET /api/suppliers", () => {
  it("lists every active supplier with its website", async () => {
    const res = await SELF.fetch("http://local.test/api/suppliers");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; data: { id: string; name: string; website: string }[] };
    expect(body.data.length).toBe(suppliersSeed.length);
    expect(body.data.length).toBeGreaterThanOrEqual(13);
    for (const supplier of body.data) expect(supplier.website).toMatch(/^https:\/\//);
  });
});
