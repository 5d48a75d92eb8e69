// The QR drawing: a square SVG whose dark modules include the three finder patterns at their corners.
import { describe, expect, it } from "vitest";
import { qrCodeSvg } from "./qr-code.server";

function modules(svg: string): Set<string> {
  return new Set([...svg.matchAll(/M(\d+) (\d+)h1v1h-1z/g)].map((m) => `${m[1]},${m[2]}`));
}

describe("qrCodeSvg", () => {
  it("draws the finder patterns inside a 4-module quiet zone", () => {
    const uri = "otpauth://totp/Cel%20mai%20ieftin%20curent:ana%40firma.ro?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=x";
    const svg = qrCodeSvg(uri);
    const size = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)![1]);
    const count = size - 8;
    expect((count - 17) % 4).toBe(0); // a QR version's module count is 17 + 4·version
    const dark = modules(svg);
    for (const [x0, y0] of [[4, 4], [4 + count - 7, 4], [4, 4 + count - 7]]) {
      // the finder's outer ring is dark, the ring inside it light, its 3×3 core dark
      for (let i = 0; i < 7; i++) {
        expect(dark.has(`${x0 + i},${y0}`)).toBe(true);
        expect(dark.has(`${x0 + i},${y0 + 6}`)).toBe(true);
      }
      expect(dark.has(`${x0 + 1},${y0 + 1}`)).toBe(false);
      expect(dark.has(`${x0 + 3},${y0 + 3}`)).toBe(true);
    }
    expect([...dark].every((key) => key.split(",").every((n) => Number(n) >= 4 && Number(n) < 4 + count))).toBe(true);
  });
});
