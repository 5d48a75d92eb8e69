// Shared by the card finder's unit tests: synthetic photos whose card corners are known.
import { homography, type Point, type Quad } from "../../app/server/documents/extraction/card-geometry.server";

/** Whether (x, y) lies inside a convex quad, whichever way round its corners go. */
export function insideQuad(quad: readonly Point[], x: number, y: number): boolean {
  let sign = 0;
  for (let i = 0; i < 4; i++) {
    const a = quad[i]!;
    const b = quad[(i + 1) % 4]!;
    const side = Math.sign((b.x - a.x) * (y - a.y) - (b.y - a.y) * (x - a.x));
    if (side === 0) continue;
    if (sign === 0) sign = side;
    else if (side !== sign) return false;
  }
  return true;
}

/** The perspective that takes a photo's point inside `quad` to the card's own (upright) coordinates. */
export function photoToCard(quad: Quad, card: { width: number; height: number }) {
  return homography(quad, [
    { x: 0, y: 0 },
    { x: card.width, y: 0 },
    { x: card.width, y: card.height },
    { x: 0, y: card.height },
  ]);
}
