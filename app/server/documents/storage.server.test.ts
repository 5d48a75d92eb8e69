import { describe, expect, it } from "vitest";
import { cleanFileName, contentDisposition, newStorageKey, servedFileName } from "./storage.server";

describe("document storage helpers", () => {
  it("makes random keys under the owner's prefix", () => {
    const a = newStorageKey("u1");
    expect(a).toMatch(/^documents\/u1\/[A-Za-z0-9_-]{43}$/);
    expect(newStorageKey("u1")).not.toBe(a);
  });

  it("writes Content-Disposition with an ASCII fallback and RFC 5987 for diacritics", () => {
    expect(contentDisposition("attachment", "Factură \"mai\" – ș.pdf")).toBe(
      `attachment; filename="Factura _mai_ _ s.pdf"; filename*=UTF-8''Factur%C4%83%20%22mai%22%20%E2%80%93%20%C8%99.pdf`,
    );
    expect(contentDisposition("inline", "a'b(c).pdf")).toBe(`inline; filename="a'b(c).pdf"; filename*=UTF-8''a%27b%28c%29.pdf`);
  });

  it("serves a file under the extension of what it really is", () => {
    expect(servedFileName("scan.pdf", "image/jpeg")).toBe("scan.jpg");
    expect(servedFileName("poza.jpeg", "image/jpeg")).toBe("poza.jpeg");
    expect(servedFileName("factura", "application/pdf")).toBe("factura.pdf");
    expect(servedFileName("ci.PNG", "image/png")).toBe("ci.PNG");
  });

  it("cleans names: no path, no control characters, at most 200 characters", () => {
    expect(cleanFileName("C:\\Users\\ana\\factura.pdf", "document")).toBe("factura.pdf");
    expect(cleanFileName("../../etc/passwd", "document")).toBe("passwd");
    expect(cleanFileName("a\u0000b\nc.pdf", "document")).toBe("abc.pdf");
    // issue 15: bidi controls and other format characters
    expect(cleanFileName("factura\u202Efdp.exe", "document")).toBe("facturafdp.exe");
    for (const mark of ["\u202A", "\u202B", "\u202C", "\u202D", "\u2066", "\u2067", "\u2068", "\u2069", "\u200E", "\u200F", "\u200B", "\uFEFF"]) {
      expect(cleanFileName(`fac${mark}tura.pdf`, "document")).toBe("factura.pdf");
    }
    expect(cleanFileName("\u202E\u2066", "document")).toBe("document");
    expect(cleanFileName("factură-ianuarie.pdf", "document")).toBe("factură-ianuarie.pdf");
    expect(cleanFileName("", "document")).toBe("document");
    expect(cleanFileName("..", "document")).toBe("document");
    const long = cleanFileName(`${"x".repeat(300)}.pdf`, "document");
    expect(long).toHaveLength(200);
    expect(long.endsWith(".pdf")).toBe(true);
  });
});
