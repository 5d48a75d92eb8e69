// A QR code as an inline SVG, drawn from the module matrix of qrcode-generator (a widely used encoder);
// only the drawing is ours: one path of unit squares, crisp at any size, no script, no external image.
import qrcode from "qrcode-generator";

const QUIET_ZONE = 4;

export function qrCodeSvg(text: string): string {
  // type 0: the smallest version that holds the text; M: 15% error correction, plenty on a screen
  const qr = qrcode(0, "M");
  qr.addData(text, "Byte");
  qr.make();
  const count = qr.getModuleCount();
  const size = count + QUIET_ZONE * 2;
  let path = "";
  for (let row = 0; row < count; row++) {
    for (let col = 0; col < count; col++) {
      if (qr.isDark(row, col)) path += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges" role="img"><rect width="${size}" height="${size}" fill="#fff"/><path d="${path}" fill="#000"/></svg>`;
}
