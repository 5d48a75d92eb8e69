// The structural PDF check: every evasion of issue 15 is refused, the real bills still pass.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { inspectPdf } from "../../app/server/documents/pdf-active-content.server";
import { buildPdf, craftedPdfCases, deflate, plainPdf } from "../fixtures/crafted-pdfs";

const generated = join(__dirname, "../fixtures/generated");

describe("inspectPdf", () => {
  it("accepts every bill fixture and a plain PDF with an in-document link", async () => {
    const bills = readdirSync(generated).filter((name) => name.startsWith("bill-") && name.endsWith(".pdf"));
    expect(bills.length).toBeGreaterThan(5);
    for (const name of bills) expect({ name, result: await inspectPdf(readFileSync(join(generated, name))) }).toEqual({ name, result: { ok: true } });
    expect(await inspectPdf(plainPdf())).toEqual({ ok: true });
  });

  it("refuses each crafted evasion and active feature for what it hides", async () => {
    const cases = Object.entries(await craftedPdfCases());
    expect(cases.length).toBe(15);
    for (const [what, { pdf, because }] of cases) {
      expect({ what, result: await inspectPdf(pdf) }).toEqual({ what, result: { ok: false, detail: expect.stringContaining(because) } });
    }
  });

  it("refuses a PDF/HTML polyglot that hides its page in a comment", async () => {
    expect(await inspectPdf(readFileSync(join(generated, "pdf-with-html.pdf")))).toEqual({ ok: false, detail: "PDF with <html inside a comment" });
  });

  it("reads a stream as far as it inflates, as viewers do", async () => {
    const compressed = await deflate("4 0 << /S /JavaScript /JS (x) >>" + " ".repeat(4000));
    const truncated = compressed.subarray(0, compressed.length - 8);
    const pdf = buildPdf([["<< /Type /Catalog >>"], [`<< /Type /ObjStm /Filter /FlateDecode /Length ${truncated.length} >>\nstream\n`, truncated, "\nendstream"]]);
    expect((await inspectPdf(pdf)).ok).toBe(false);
  });

  it("refuses a decompression bomb and an encrypted PDF it cannot look into", async () => {
    const bomb = await deflate(new Uint8Array(80 * 1024 * 1024));
    expect(await inspectPdf(buildPdf([["<< /Type /Catalog >>"], [`<< /Filter /FlateDecode /Length ${bomb.length} >>\nstream\n`, bomb, "\nendstream"]]))).toMatchObject({
      ok: false,
      detail: expect.stringContaining("budget"),
    });
    expect(await inspectPdf(buildPdf([["<< /Type /Catalog /Encrypt 2 0 R >>"], ["<< /Filter /Standard /V 2 >>"]]))).toMatchObject({ ok: false, encrypted: true });
    expect(await inspectPdf(buildPdf([["<< /Type /Catalog /OpenAction << /S /JavaScript >> >>"]]))).toEqual({ ok: false, detail: expect.any(String) });
  });
});
