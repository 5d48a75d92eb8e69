// Finding a photographed card and undoing the camera's perspective (issue #14): the card's four
// corners are found in a small copy of the photo, the card is mapped onto an upright rectangle of the
// card's own proportions, and its uneven lighting is flattened and its blur sharpened — so the reader sees
// what a scanner would have given it. Plain JavaScript, same in workerd and Node.
import { shrinkToFit, type RgbaImage } from "./image.server";

export interface Point {
  x: number;
  y: number;
}

/** Corners clockwise from the card's top left (as the photo shows it): top left, top right, bottom right, bottom left. */
export type Quad = [Point, Point, Point, Point];

/** Side of the small copy the corners are searched in: enough for a corner within a few pixels of the photo. */
const SEARCH_SIDE = 400;

/**
 * The 3 × 3 projective transform (row-major, h[8] = 1) taking each `from` point to the `to` point of
 * the same index: the eight unknowns solved from the four correspondences.
 */
export function homography(from: readonly Point[], to: readonly Point[]): number[] {
  const rows: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const { x, y } = from[i]!;
    const { x: u, y: v } = to[i]!;
    rows.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    rows.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  // Gaussian elimination with partial pivoting on the 8 × 9 augmented matrix.
  for (let col = 0; col < 8; col++) {
    let pivot = col;
    for (let r = col + 1; r < 8; r++) if (Math.abs(rows[r]![col]!) > Math.abs(rows[pivot]![col]!)) pivot = r;
    if (Math.abs(rows[pivot]![col]!) < 1e-12) throw new Error("degenerate quadrilateral");
    [rows[col], rows[pivot]] = [rows[pivot]!, rows[col]!];
    const lead = rows[col]!;
    for (let r = 0; r < 8; r++) {
      if (r === col) continue;
      const row = rows[r]!;
      const factor = row[col]! / lead[col]!;
      if (factor === 0) continue;
      for (let c = col; c < 9; c++) row[c]! -= factor * lead[c]!;
    }
  }
  return [...rows.map((row, i) => row[8]! / row[i]!), 1];
}

export function applyHomography(h: readonly number[], p: Point): Point {
  const w = h[6]! * p.x + h[7]! * p.y + h[8]!;
  return { x: (h[0]! * p.x + h[1]! * p.y + h[2]!) / w, y: (h[3]! * p.x + h[4]! * p.y + h[5]!) / w };
}

/**
 * The quadrilateral `quad` of `image` mapped onto an upright `width` × `height` rectangle (grey,
 * bilinear): each output pixel is looked up through the inverse transform.
 */
export function warpPerspective(image: RgbaImage, quad: Quad, width: number, height: number): RgbaImage {
  const target: Quad = [
    { x: 0, y: 0 },
    { x: width - 1, y: 0 },
    { x: width - 1, y: height - 1 },
    { x: 0, y: height - 1 },
  ];
  const h = homography(target, quad);
  const { width: w, height: sh, data } = image;
  const out = new Uint8ClampedArray(width * height * 4);
  const lum = (i: number) => (data[i * 4]! * 299 + data[i * 4 + 1]! * 587 + data[i * 4 + 2]! * 114) / 1000;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const d = h[6]! * x + h[7]! * y + h[8]!;
      const sx = (h[0]! * x + h[1]! * y + h[2]!) / d;
      const sy = (h[3]! * x + h[4]! * y + h[5]!) / d;
      const x0 = Math.min(w - 2, Math.max(0, Math.floor(sx)));
      const y0 = Math.min(sh - 2, Math.max(0, Math.floor(sy)));
      const fx = Math.min(1, Math.max(0, sx - x0));
      const fy = Math.min(1, Math.max(0, sy - y0));
      const i = y0 * w + x0;
      const v = (lum(i) * (1 - fx) + lum(i + 1) * fx) * (1 - fy) + (lum(i + w) * (1 - fx) + lum(i + w + 1) * fx) * fy;
      const o = (y * width + x) * 4;
      out[o] = out[o + 1] = out[o + 2] = v;
      out[o + 3] = 255;
    }
  }
  return { width, height, data: out };
}

function greyOf(image: RgbaImage): Float32Array {
  const pixels = image.width * image.height;
  const grey = new Float32Array(pixels);
  for (let i = 0; i < pixels; i++) grey[i] = (image.data[i * 4]! * 299 + image.data[i * 4 + 1]! * 587 + image.data[i * 4 + 2]! * 114) / 1000;
  return grey;
}

/** Otsu's threshold: the grey level that best splits the histogram into two classes. */
function otsu(grey: Float32Array): number {
  const histogram = new Float64Array(256);
  for (const v of grey) histogram[Math.min(255, Math.max(0, Math.round(v)))]!++;
  let total = 0;
  let sum = 0;
  for (let v = 0; v < 256; v++) {
    total += histogram[v]!;
    sum += v * histogram[v]!;
  }
  let below = 0;
  let belowSum = 0;
  let best = 128;
  let bestVariance = -1;
  for (let t = 0; t < 255; t++) {
    below += histogram[t]!;
    belowSum += t * histogram[t]!;
    const above = total - below;
    if (below === 0 || above === 0) continue;
    const difference = belowSum / below - (sum - belowSum) / above;
    const variance = below * above * difference * difference;
    if (variance > bestVariance) {
      bestVariance = variance;
      best = t;
    }
  }
  return best;
}

/** The largest 4-connected set of mask pixels, as a mask of its own (with its pixel count). */
function largestComponent(mask: Uint8Array, width: number, height: number): { mask: Uint8Array; size: number } {
  const label = new Int32Array(width * height);
  const queue = new Int32Array(width * height);
  let best = 0;
  let bestSize = 0;
  let next = 0;
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || label[start]) continue;
    next++;
    let head = 0;
    let tail = 0;
    queue[tail++] = start;
    label[start] = next;
    while (head < tail) {
      const p = queue[head++]!;
      const x = p % width;
      const neighbours = [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p - width, p + width];
      for (const n of neighbours) {
        if (n < 0 || n >= mask.length || !mask[n] || label[n]) continue;
        label[n] = next;
        queue[tail++] = n;
      }
    }
    if (tail > bestSize) {
      bestSize = tail;
      best = next;
    }
  }
  const out = new Uint8Array(width * height);
  for (let i = 0; i < out.length; i++) if (label[i] === best) out[i] = 1;
  return { mask: out, size: bestSize };
}

function cross(o: Point, a: Point, b: Point): number {
  return (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
}

/** Convex hull (monotone chain), clockwise on screen (y down). */
function convexHull(points: Point[]): Point[] {
  const sorted = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  if (sorted.length < 3) return sorted;
  const lower: Point[] = [];
  for (const p of sorted) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0) lower.pop();
    lower.push(p);
  }
  const upper: Point[] = [];
  for (const p of sorted.reverse()) {
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0) upper.pop();
    upper.push(p);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

function polygonArea(points: readonly Point[]): number {
  let twice = 0;
  for (let i = 0; i < points.length; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % points.length]!;
    twice += a.x * b.y - b.x * a.y;
  }
  return Math.abs(twice) / 2;
}

/**
 * A convex polygon cut down to four corners: the vertex whose removal loses the least area goes
 * first, so a card's rounded corners collapse onto the corners its straight edges meet at.
 */
function quadOfHull(hull: Point[]): Point[] {
  const points = [...hull];
  while (points.length > 4) {
    let weakest = 0;
    let weakestArea = Infinity;
    for (let i = 0; i < points.length; i++) {
      const area = Math.abs(cross(points[(i + points.length - 1) % points.length]!, points[i]!, points[(i + 1) % points.length]!));
      if (area < weakestArea) {
        weakestArea = area;
        weakest = i;
      }
    }
    points.splice(weakest, 1);
  }
  return points;
}

/** Where two lines through (a1, a2) and (b1, b2) cross; null when parallel. */
function intersect(a1: Point, a2: Point, b1: Point, b2: Point): Point | null {
  const d = (a1.x - a2.x) * (b1.y - b2.y) - (a1.y - a2.y) * (b1.x - b2.x);
  if (Math.abs(d) < 1e-9) return null;
  const s = a1.x * a2.y - a1.y * a2.x;
  const t = b1.x * b2.y - b1.y * b2.x;
  return { x: (s * (b1.x - b2.x) - (a1.x - a2.x) * t) / d, y: (s * (b1.y - b2.y) - (a1.y - a2.y) * t) / d };
}

/**
 * Each side of the rough quad fitted again to the outline points that lie along it (least squares on
 * the points near the side, away from the corners), then the corners are where the fitted sides meet:
 * a rounded corner cut off by the area rule no longer pulls its two sides inwards. `tolerance`: how
 * far from the side a point may lie, as a share of its length.
 */
function refineSides(quad: Point[], outline: Point[], tolerance: number): Point[] {
  const lines: [Point, Point][] = [];
  for (let i = 0; i < 4; i++) {
    const a = quad[i]!;
    const b = quad[(i + 1) % 4]!;
    const length = Math.hypot(b.x - a.x, b.y - a.y);
    const ux = (b.x - a.x) / length;
    const uy = (b.y - a.y) / length;
    const near: Point[] = [];
    for (const p of outline) {
      const along = (p.x - a.x) * ux + (p.y - a.y) * uy;
      const off = Math.abs((p.x - a.x) * uy - (p.y - a.y) * ux);
      if (along > length * 0.1 && along < length * 0.9 && off < Math.max(2, length * tolerance)) near.push(p);
    }
    if (near.length < 2) {
      lines.push([a, b]);
      continue;
    }
    // Total least squares: the line through the centroid along the points' main direction.
    const cx = near.reduce((s, p) => s + p.x, 0) / near.length;
    const cy = near.reduce((s, p) => s + p.y, 0) / near.length;
    let sxx = 0;
    let sxy = 0;
    let syy = 0;
    for (const p of near) {
      sxx += (p.x - cx) ** 2;
      sxy += (p.x - cx) * (p.y - cy);
      syy += (p.y - cy) ** 2;
    }
    const angle = Math.atan2(2 * sxy, sxx - syy) / 2;
    lines.push([{ x: cx, y: cy }, { x: cx + Math.cos(angle), y: cy + Math.sin(angle) }]);
  }
  const corners: Point[] = [];
  for (let i = 0; i < 4; i++) {
    const previous = lines[(i + 3) % 4]!;
    const current = lines[i]!;
    corners.push(intersect(previous[0], previous[1], current[0], current[1]) ?? quad[i]!);
  }
  return corners;
}

export interface CardLocation {
  /** Corners in the photo's pixels, clockwise, the first side a long one. */
  quad: Quad;
  /** Width / height of the card as photographed (perspective bends it a little). */
  aspect: number;
}

/** How far the corners are moved out from the card's centre, as a share of their distance. */
export const QUAD_MARGIN = 0.05;

/** Smallest step, grey levels per pixel of the small copy, that counts as an edge. */
const EDGE_STEP = 3;

/**
 * Everything the desk is not: the desk is flooded from the photo's border across pixels with no
 * edge (a desk, a shadow or a light spot change slowly; the card's outline is a step), and what the
 * flood cannot reach is the card, its text included.
 */
function maskInsideEdges(smooth: Float32Array, width: number, height: number): Uint8Array {
  const flat = new Uint8Array(width * height);
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const dx = Math.abs(smooth[i + 1]! - smooth[i - 1]!);
      const dy = Math.abs(smooth[i + width]! - smooth[i - width]!);
      if (Math.max(dx, dy) < EDGE_STEP * 2) flat[i] = 1;
    }
  }
  const desk = new Uint8Array(width * height);
  const queue = new Int32Array(width * height);
  let tail = 0;
  const seed = (i: number) => {
    if (!desk[i]) {
      desk[i] = 1;
      queue[tail++] = i;
    }
  };
  for (let x = 0; x < width; x++) {
    seed(x);
    seed((height - 1) * width + x);
  }
  for (let y = 0; y < height; y++) {
    seed(y * width);
    seed(y * width + width - 1);
  }
  for (let head = 0; head < tail; head++) {
    const p = queue[head]!;
    const x = p % width;
    for (const n of [x > 0 ? p - 1 : -1, x < width - 1 ? p + 1 : -1, p - width, p + width]) {
      if (n < 0 || n >= desk.length || desk[n] || !flat[n]) continue;
      desk[n] = 1;
      queue[tail++] = n;
    }
  }
  const inside = new Uint8Array(width * height);
  for (let i = 0; i < inside.length; i++) inside[i] = desk[i] ? 0 : 1;
  return inside;
}

/** Four corners of the largest region of the mask, clockwise, when it is card-shaped; else null. */
function quadOfMask(mask: Uint8Array, width: number, height: number): { corners: Point[]; ratio: number } | null {
  const { mask: card, size } = largestComponent(mask, width, height);
  const edge: Point[] = [];
  for (let y = 0; y < height; y++) {
    let first = -1;
    let last = -1;
    for (let x = 0; x < width; x++) {
      if (!card[y * width + x]) continue;
      if (first < 0) first = x;
      last = x;
    }
    if (first >= 0) edge.push({ x: first, y }, { x: last + 1, y });
  }
  if (edge.length < 8) return null;
  // The outline seen from above and below too: row ends alone hardly sample a near-level side.
  const outline = [...edge];
  for (let x = 0; x < width; x++) {
    let first = -1;
    let last = -1;
    for (let y = 0; y < height; y++) {
      if (!card[y * width + x]) continue;
      if (first < 0) first = y;
      last = y;
    }
    if (first >= 0) outline.push({ x, y: first }, { x, y: last + 1 });
  }
  const hull = convexHull(edge);
  if (hull.length < 4) return null;
  // Twice: first loosely around the rough corners, then closely around the fitted sides.
  const corners = refineSides(refineSides(quadOfHull(hull), outline, 0.06), outline, 0.015);
  const quadArea = polygonArea(corners);
  // A card fills a good part of the photo, and its region fills most of its quad (a desk region
  // would not be four-sided).
  if (quadArea < width * height * 0.15 || quadArea > width * height * 0.95 || size < quadArea * 0.85) return null;
  for (let i = 0; i < 4; i++) {
    const a = corners[(i + 3) % 4]!;
    const b = corners[i]!;
    const c = corners[(i + 1) % 4]!;
    const cos = ((a.x - b.x) * (c.x - b.x) + (a.y - b.y) * (c.y - b.y)) / (Math.hypot(a.x - b.x, a.y - b.y) * Math.hypot(c.x - b.x, c.y - b.y));
    if (Math.abs(cos) > Math.cos((55 * Math.PI) / 180)) return null;
  }
  const side = (i: number) => Math.hypot(corners[(i + 1) % 4]!.x - corners[i]!.x, corners[(i + 1) % 4]!.y - corners[i]!.y);
  const measured = (side(0) + side(2)) / (side(1) + side(3));
  const ratio = measured >= 1 ? measured : 1 / measured;
  return ratio < 1.2 || ratio > 2 ? null : { corners, ratio };
}

/**
 * The card in a photo: the region inside the strongest closed outline (the desk flooded up to the
 * card's edge), or failing that the largest bright region (Otsu's threshold); its convex hull cut
 * down to four corners and its sides refitted. null when no plausible card shape is there (a
 * straight scan filling the frame, a crumpled page): the caller then reads the photo as it is.
 */
export function findCard(image: RgbaImage): CardLocation | null {
  const small = shrinkToFit(image, SEARCH_SIDE);
  const { width, height } = small;
  const scale = image.width / width;
  const grey = greyOf(small);
  const smooth = new Float32Array(grey.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      let n = 0;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const yy = y + dy;
          const xx = x + dx;
          if (yy < 0 || xx < 0 || yy >= height || xx >= width) continue;
          sum += grey[yy * width + xx]!;
          n++;
        }
      }
      smooth[y * width + x] = sum / n;
    }
  }
  let found = quadOfMask(maskInsideEdges(smooth, width, height), width, height);
  if (!found) {
    const threshold = otsu(smooth);
    const bright = new Uint8Array(grey.length);
    for (let i = 0; i < bright.length; i++) if (smooth[i]! > threshold) bright[i] = 1;
    found = quadOfMask(bright, width, height);
  }
  if (!found) return null;
  const { corners, ratio } = found;
  const side = (i: number) => Math.hypot(corners[(i + 1) % 4]!.x - corners[i]!.x, corners[(i + 1) % 4]!.y - corners[i]!.y);
  // Start on a long side; of the two long sides, the one nearer the photo's top left.
  const longFirst = side(0) + side(2) >= side(1) + side(3) ? 0 : 1;
  const a = corners[longFirst]!;
  const b = corners[longFirst + 2]!;
  const start = a.x + a.y <= b.x + b.y ? longFirst : longFirst + 2;
  const ordered = [0, 1, 2, 3].map((k) => corners[(start + k) % 4]!);
  // A little of the desk around the card rather than a sliver of the card lost (the zone starts
  // close to its left edge).
  const cx = ordered.reduce((sum, p) => sum + p.x, 0) / 4;
  const cy = ordered.reduce((sum, p) => sum + p.y, 0) / 4;
  const grow = (p: Point) => ({ x: (cx + (p.x - cx) * (1 + QUAD_MARGIN)) * scale, y: (cy + (p.y - cy) * (1 + QUAD_MARGIN)) * scale });
  return { quad: ordered.map(grow) as Quad, aspect: Math.min(1.7, Math.max(1.35, ratio)) };
}

/**
 * The card cut out of the photo and made upright and rectangular, at about the resolution the photo
 * had it (its longer photographed long side), capped at `maxWidth`.
 */
export function straightenCard(image: RgbaImage, location: CardLocation, maxWidth = 1600): RgbaImage {
  const [tl, tr, br, bl] = location.quad;
  const width = Math.round(Math.min(maxWidth, Math.max(Math.hypot(tr.x - tl.x, tr.y - tl.y), Math.hypot(br.x - bl.x, br.y - bl.y))));
  return warpPerspective(image, location.quad, width, Math.round(width / location.aspect));
}

/**
 * Uneven light evened out: the paper's brightness is estimated per tile (a bright percentile, so
 * the text in the tile does not count), smoothed between tiles, and every pixel divided by it —
 * a shadow across the card no longer drags its text below the engine's global threshold.
 */
export function flattenIllumination(image: RgbaImage, tiles = 16): RgbaImage {
  const { width, height } = image;
  const grey = greyOf(image);
  const tile = Math.max(8, Math.ceil(Math.max(width, height) / tiles));
  const columns = Math.ceil(width / tile);
  const rows = Math.ceil(height / tile);
  const paper = new Float32Array(columns * rows);
  const histogram = new Uint32Array(256);
  for (let ty = 0; ty < rows; ty++) {
    for (let tx = 0; tx < columns; tx++) {
      histogram.fill(0);
      let n = 0;
      for (let y = ty * tile; y < Math.min(height, (ty + 1) * tile); y++) {
        for (let x = tx * tile; x < Math.min(width, (tx + 1) * tile); x++) {
          histogram[Math.round(grey[y * width + x]!)]!++;
          n++;
        }
      }
      let seen = 0;
      let v = 255;
      for (; v > 0; v--) {
        seen += histogram[v]!;
        if (seen >= n * 0.1) break;
      }
      paper[ty * columns + tx] = Math.max(24, v);
    }
  }
  const out = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    const gy = Math.min(rows - 1, Math.max(0, (y + 0.5) / tile - 0.5));
    const y0 = Math.floor(gy);
    const y1 = Math.min(rows - 1, y0 + 1);
    const fy = gy - y0;
    for (let x = 0; x < width; x++) {
      const gx = Math.min(columns - 1, Math.max(0, (x + 0.5) / tile - 0.5));
      const x0 = Math.floor(gx);
      const x1 = Math.min(columns - 1, x0 + 1);
      const fx = gx - x0;
      const background =
        (paper[y0 * columns + x0]! * (1 - fx) + paper[y0 * columns + x1]! * fx) * (1 - fy) +
        (paper[y1 * columns + x0]! * (1 - fx) + paper[y1 * columns + x1]! * fx) * fy;
      const v = (grey[y * width + x]! * 240) / background;
      const o = (y * width + x) * 4;
      out[o] = out[o + 1] = out[o + 2] = v;
      out[o + 3] = 255;
    }
  }
  return { width, height, data: out };
}

/**
 * Unsharp mask: the image plus `amount` times its difference from a box blur of `radius` — a
 * blurred photo's small print gets its stroke edges back, so the engine stops merging a label's
 * line with the value under it.
 */
export function sharpen(image: RgbaImage, radius = 2, amount = 1): RgbaImage {
  const { width, height } = image;
  const grey = greyOf(image);
  const sums = new Float64Array((width + 1) * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += grey[y * width + x]!;
      sums[(y + 1) * (width + 1) + x + 1] = sums[y * (width + 1) + x + 1]! + row;
    }
  }
  const out = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - radius);
    const y1 = Math.min(height, y + radius + 1);
    for (let x = 0; x < width; x++) {
      const x0 = Math.max(0, x - radius);
      const x1 = Math.min(width, x + radius + 1);
      const mean = (sums[y1 * (width + 1) + x1]! - sums[y0 * (width + 1) + x1]! - sums[y1 * (width + 1) + x0]! + sums[y0 * (width + 1) + x0]!) / ((x1 - x0) * (y1 - y0));
      const v = grey[y * width + x]!;
      const o = (y * width + x) * 4;
      out[o] = out[o + 1] = out[o + 2] = v + amount * (v - mean);
      out[o + 3] = 255;
    }
  }
  return { width, height, data: out };
}
