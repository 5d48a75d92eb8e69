// Finding a photographed card and undoing the camera's perspective (issue #14): the card's four
// corners are found in a small copy of the photo, the card is mapped onto an upright rectangle of the
// card's own proportions, and its uneven lighting is flattened and its blur sharpened — so the reader sees
// what a scanner would have given it. Plain JavaScript, same in workerd and Node.
import { densestTextBand, rotate, shrinkToFit, type RgbaImage } from "./image.server";

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
  /** A box around the frame's print (busiestRegion), not a card's outline: the card lies in it at any slant. */
  boxed?: true;
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
function quadOfMask(mask: Uint8Array, width: number, height: number, minShare: number): { corners: Point[] } | null {
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
  if (quadArea < width * height * minShare || quadArea > width * height * 0.95 || size < quadArea * 0.85) return null;
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
  return ratio < 1.2 || ratio > 2 ? null : { corners };
}

// --- Card outline by its straight edges (a textured or cluttered desk) ---

/** ISO/IEC 7810 ID-1 (85.6 × 54 mm): the proportions of both Romanian cards. */
export const ID1_ASPECT = 85.6 / 54;

export interface Gradient {
  gx: Float32Array;
  gy: Float32Array;
  magnitude: Float32Array;
}

/**
 * Sobel gradient of the colour channel with the strongest step at each pixel: a light card on a blue
 * or red cloth differs more in one channel than in brightness.
 */
export function colourGradient(image: RgbaImage): Gradient {
  const { width, height, data } = image;
  const gx = new Float32Array(width * height);
  const gy = new Float32Array(width * height);
  const magnitude = new Float32Array(width * height);
  const at = (x: number, y: number, c: number) => data[(y * width + x) * 4 + c]!;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      let best = -1;
      for (let c = 0; c < 3; c++) {
        const dx = at(x + 1, y - 1, c) + 2 * at(x + 1, y, c) + at(x + 1, y + 1, c) - at(x - 1, y - 1, c) - 2 * at(x - 1, y, c) - at(x - 1, y + 1, c);
        const dy = at(x - 1, y + 1, c) + 2 * at(x, y + 1, c) + at(x + 1, y + 1, c) - at(x - 1, y - 1, c) - 2 * at(x, y - 1, c) - at(x + 1, y - 1, c);
        const m = dx * dx + dy * dy;
        if (m > best) {
          best = m;
          gx[y * width + x] = dx / 8;
          gy[y * width + x] = dy / 8;
        }
      }
      magnitude[y * width + x] = Math.sqrt(best) / 8;
    }
  }
  return { gx, gy, magnitude };
}

/** A box blur of radius 1, twice (close to a Gaussian): the desk's fine grain and the print's strokes fade, a card's edge stays. */
export function blurTwice(image: RgbaImage): RgbaImage {
  let current = image;
  for (let pass = 0; pass < 2; pass++) {
    const { width, height, data } = current;
    const out = new Uint8ClampedArray(data.length);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        for (let c = 0; c < 3; c++) {
          let sum = 0;
          let n = 0;
          for (let dy = -1; dy <= 1; dy++) {
            const yy = y + dy;
            if (yy < 0 || yy >= height) continue;
            for (let dx = -1; dx <= 1; dx++) {
              const xx = x + dx;
              if (xx < 0 || xx >= width) continue;
              sum += data[(yy * width + xx) * 4 + c]!;
              n++;
            }
          }
          out[(y * width + x) * 4 + c] = sum / n;
        }
        out[(y * width + x) * 4 + 3] = 255;
      }
    }
    current = { width, height, data: out };
  }
  return current;
}

export interface Line {
  /** Normal angle, radians in [0, π). */
  theta: number;
  rho: number;
  votes: number;
}

/** Smallest gradient, grey levels per pixel, that counts as part of an outline. */
const OUTLINE_STEP = 2.5;
const THETA_STEPS = 180;

/**
 * The strongest straight lines (Hough transform): each edge pixel votes only for lines close to its
 * own edge direction, so texture running every way scatters its votes while a card's side piles up.
 * `minShare`: the smallest card looked for, as a share of the image — a line needs votes in
 * proportion to that card's side (a card small in a whole phone frame, on a checked cloth whose
 * texture weakens its edges' votes, still has sides among the lines).
 */
export function strongLines(gradient: Gradient, width: number, height: number, count: number, minShare = MIN_CARD_SHARE, sameDirection = Infinity): Line[] {
  const diagonal = Math.ceil(Math.hypot(width, height));
  const rhoSize = diagonal * 2 + 1;
  const votes = new Float32Array(THETA_STEPS * rhoSize);
  const cos = Float64Array.from({ length: THETA_STEPS }, (_, t) => Math.cos((t * Math.PI) / THETA_STEPS));
  const sin = Float64Array.from({ length: THETA_STEPS }, (_, t) => Math.sin((t * Math.PI) / THETA_STEPS));
  const { gx, gy, magnitude } = gradient;
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      if (magnitude[i]! < OUTLINE_STEP) continue;
      let angle = Math.atan2(gy[i]!, gx[i]!);
      // An outline has plain surface on at least one side (the card's margin, a plain desk); a step
      // inside a checked cloth or wood grain has more texture on both sides, and counts for little.
      const ux = Math.cos(angle);
      const uy = Math.sin(angle);
      const plainAt = (sign: number) => {
        for (let t = 4; t <= 6; t++) {
          const xx = Math.round(x + ux * t * sign);
          const yy = Math.round(y + uy * t * sign);
          if (xx < 0 || yy < 0 || xx >= width || yy >= height) return false;
          if (magnitude[yy * width + xx]! >= magnitude[i]! * 0.5) return false;
        }
        return true;
      };
      const weight = plainAt(1) || plainAt(-1) ? 1 : 0.2;
      if (angle < 0) angle += Math.PI;
      const centre = Math.round((angle / Math.PI) * THETA_STEPS);
      for (let k = -2; k <= 2; k++) {
        const t = (((centre + k) % THETA_STEPS) + THETA_STEPS) % THETA_STEPS;
        const rho = Math.round(x * cos[t]! + y * sin[t]!) + diagonal;
        votes[t * rhoSize + rho]! += weight;
      }
    }
  }
  const peaks: Line[] = [];
  const minVotes = Math.min(width, height) * 0.06 * Math.sqrt(minShare / MIN_CARD_SHARE);
  for (let t = 0; t < THETA_STEPS; t++) {
    for (let r = 1; r < rhoSize - 1; r++) {
      const v = votes[t * rhoSize + r]!;
      if (v < minVotes || v < votes[t * rhoSize + r - 1]! || v < votes[t * rhoSize + r + 1]!) continue;
      peaks.push({ theta: (t * Math.PI) / THETA_STEPS, rho: r - diagonal, votes: v });
    }
  }
  peaks.sort((a, b) => b.votes - a.votes);
  // Half the lines from each direction family (quadsFromLines): a printed page's many rules of one
  // direction must not crowd the card's sides of the other direction out of the list.
  const kept: Line[] = [];
  const lead = peaks[0]?.theta ?? 0;
  const perFamily = [0, 0];
  for (const peak of peaks) {
    if (kept.length >= count) break;
    const family = angleBetween(peak.theta, lead) < Math.PI / 4 ? 0 : 1;
    if (perFamily[family]! >= count / 2) continue;
    const near = kept.some((k) => {
      let d = Math.abs(k.theta - peak.theta);
      let rho = Math.abs(k.rho - peak.rho);
      // θ and θ ± π are one line with ρ's sign flipped.
      if (d > Math.PI / 2) {
        d = Math.PI - d;
        rho = Math.abs(k.rho + peak.rho);
      }
      return d < (4 * Math.PI) / 180 && rho < 8;
    });
    if (near) continue;
    if (sameDirection < Infinity && kept.filter((k) => angleBetween(k.theta, peak.theta) < SAME_DIRECTION).length >= sameDirection) continue;
    kept.push(peak);
    perFamily[family]!++;
  }
  return kept;
}

function crossing(a: Line, b: Line): Point | null {
  const d = Math.cos(a.theta) * Math.sin(b.theta) - Math.sin(a.theta) * Math.cos(b.theta);
  if (Math.abs(d) < 1e-6) return null;
  return { x: (a.rho * Math.sin(b.theta) - b.rho * Math.sin(a.theta)) / d, y: (b.rho * Math.cos(a.theta) - a.rho * Math.cos(b.theta)) / d };
}

const angleBetween = (a: number, b: number) => {
  const d = Math.abs(a - b) % Math.PI;
  return Math.min(d, Math.PI - d);
};

/**
 * How well a side is an outline, 0..1: of points sampled along its middle 80 %, the share that sit on
 * a step across the side (within 2 px) with plain card just inside it (a card's margin carries no
 * print near its edge; a line of desk texture has texture on both sides). `inside`: +1 or -1, the
 * side of the normal the card lies on.
 */
function sideSupport(gradient: Gradient, width: number, height: number, a: Point, b: Point, inside: Point): number {
  const length = Math.hypot(b.x - a.x, b.y - a.y);
  const nx = -(b.y - a.y) / length;
  const ny = (b.x - a.x) / length;
  const towards = (inside.x - a.x) * nx + (inside.y - a.y) * ny > 0 ? 1 : -1;
  const samples = 40;
  let good = 0;
  for (let s = 0; s < samples; s++) {
    const f = 0.1 + (0.8 * (s + 0.5)) / samples;
    const px = a.x + (b.x - a.x) * f;
    const py = a.y + (b.y - a.y) * f;
    let step = 0;
    let stepAt = 0;
    for (let t = -2; t <= 2; t++) {
      const x = Math.round(px + nx * t);
      const y = Math.round(py + ny * t);
      if (x < 1 || y < 1 || x >= width - 1 || y >= height - 1) continue;
      const i = y * width + x;
      const across = Math.abs(gradient.gx[i]! * nx + gradient.gy[i]! * ny);
      if (across > step) {
        step = across;
        stepAt = t;
      }
    }
    if (step < OUTLINE_STEP) continue;
    let plain = true;
    for (let t = 3; t <= 5 && plain; t++) {
      const x = Math.round(px + nx * (stepAt + t * towards));
      const y = Math.round(py + ny * (stepAt + t * towards));
      if (x < 1 || y < 1 || x >= width - 1 || y >= height - 1) continue;
      if (gradient.magnitude[y * width + x]! >= step * 0.6) plain = false;
    }
    if (plain) good++;
  }
  return good / samples;
}

/** Side lengths' ratio, long over short (opposite sides averaged). */
function quadRatio(corners: readonly Point[]): number {
  const side = (i: number) => Math.hypot(corners[(i + 1) % 4]!.x - corners[i]!.x, corners[(i + 1) % 4]!.y - corners[i]!.y);
  const measured = (side(0) + side(2)) / (side(1) + side(3));
  return measured >= 1 ? measured : 1 / measured;
}

/** The least share of the photo a card covers in the coarse search: a photo taken of the card. */
const MIN_CARD_SHARE = 0.15;
/**
 * The finer search's least share: a whole phone frame shows a card at 30–50 % of its width, which
 * covers only 6–21 % of a 4:3 frame (ID-1's 1.585 proportions) and 4–16 % of a 3:4 portrait one.
 */
const MIN_CARD_SHARE_IN_FRAME = 0.04;
/** The share the parallel sides' least gap was set for (a third-wide card in a landscape frame). */
const LANDSCAPE_FRAME_SHARE = 0.06;

/** A convex, card-sized, card-shaped quadrilateral (its corners may lie a little outside the photo, under a thumb). */
function plausibleQuad(corners: readonly Point[], width: number, height: number, minShare = MIN_CARD_SHARE): boolean {
  const slack = 0.08;
  if (corners.some((p) => p.x < -width * slack || p.y < -height * slack || p.x > width * (1 + slack) || p.y > height * (1 + slack))) return false;
  let sign = 0;
  for (let i = 0; i < 4; i++) {
    const turn = Math.sign(cross(corners[i]!, corners[(i + 1) % 4]!, corners[(i + 2) % 4]!));
    if (turn === 0 || (sign !== 0 && turn !== sign)) return false;
    sign = turn;
  }
  const area = polygonArea(corners);
  if (area < width * height * minShare || area > width * height * 0.95) return false;
  for (let i = 0; i < 4; i++) {
    const a = corners[(i + 3) % 4]!;
    const b = corners[i]!;
    const c = corners[(i + 1) % 4]!;
    const cos = ((a.x - b.x) * (c.x - b.x) + (a.y - b.y) * (c.y - b.y)) / (Math.hypot(a.x - b.x, a.y - b.y) * Math.hypot(c.x - b.x, c.y - b.y));
    if (Math.abs(cos) > Math.cos((55 * Math.PI) / 180)) return false;
  }
  const ratio = quadRatio(corners);
  return ratio >= 1.2 && ratio <= 2;
}

/**
 * A quad's score as a card outline: its weakest side's support and its mean support (every side must
 * be an edge, most of its length), less a penalty for proportions off ID-1's.
 */
function outlineScore(gradient: Gradient, width: number, height: number, corners: readonly Point[]): number {
  const centre = { x: corners.reduce((s, p) => s + p.x, 0) / 4, y: corners.reduce((s, p) => s + p.y, 0) / 4 };
  const supports = [0, 1, 2, 3].map((i) => sideSupport(gradient, width, height, corners[i]!, corners[(i + 1) % 4]!, centre));
  const weakest = Math.min(...supports);
  const mean = supports.reduce((s, v) => s + v, 0) / 4;
  // A card tipped up to ~16° keeps its proportions within ±4 %; a quad that took in a sheet of paper
  // beside it, or lost a strip of it, does not.
  const offShape = Math.max(0, Math.abs(Math.log(quadRatio(corners) / ID1_ASPECT)) - 0.06);
  return 0.5 * weakest + 0.5 * mean - 3 * offShape;
}

/**
 * Pairs of roughly parallel lines (perspective tips a card's opposite sides up to 25° apart), far
 * enough apart to hold a card — the smallest card looked for (`minShare`): a third-wide card in a
 * portrait frame is only ~15 % of the frame's width tall.
 */
function parallelPairs(lines: Line[], width: number, height: number, minShare: number): [Line, Line][] {
  const pairs: [Line, Line][] = [];
  const minGap = Math.min(width, height) * 0.2 * Math.min(1, Math.sqrt(minShare / LANDSCAPE_FRAME_SHARE));
  for (let i = 0; i < lines.length; i++) {
    for (let j = i + 1; j < lines.length; j++) {
      const a = lines[i]!;
      const b = lines[j]!;
      if (angleBetween(a.theta, b.theta) > (25 * Math.PI) / 180) continue;
      // Distance between the two lines where a crosses the photo's centre line along its normal.
      const foot = { x: a.rho * Math.cos(a.theta), y: a.rho * Math.sin(a.theta) };
      const centre = { x: width / 2 - foot.x, y: height / 2 - foot.y };
      const along = -centre.x * Math.sin(a.theta) + centre.y * Math.cos(a.theta);
      const onA = { x: foot.x - along * Math.sin(a.theta), y: foot.y + along * Math.cos(a.theta) };
      const gap = Math.abs(onA.x * Math.cos(b.theta) + onA.y * Math.sin(b.theta) - b.rho);
      if (gap >= minGap) pairs.push([a, b]);
    }
  }
  return pairs;
}

/**
 * Quadrilaterals from the strongest lines: the lines split into two families by direction (within 45°
 * of the strongest line, and the rest) so that a checked cloth's many lines of one direction cannot
 * crowd out a card's short sides; two roughly parallel lines of one family crossed by two of the
 * other, each quad kept when it is card-shaped.
 */
function quadsFromLines(lines: Line[], width: number, height: number, perFamily: number, minShare: number): Point[][] {
  if (lines.length < 4) return [];
  const lead = lines[0]!.theta;
  const first = lines.filter((l) => angleBetween(l.theta, lead) < Math.PI / 4).slice(0, perFamily);
  const second = lines.filter((l) => angleBetween(l.theta, lead) >= Math.PI / 4).slice(0, perFamily);
  const quads: Point[][] = [];
  for (const [a, b] of parallelPairs(first, width, height, minShare)) {
    for (const [c, d] of parallelPairs(second, width, height, minShare)) {
      // Angles, not their averages: a pair at 4° and 176° is two near-vertical lines.
      if (angleBetween(a.theta, c.theta) < (60 * Math.PI) / 180 || angleBetween(b.theta, d.theta) < (60 * Math.PI) / 180) continue;
      const corners = [crossing(a, c), crossing(c, b), crossing(b, d), crossing(d, a)];
      if (corners.some((x) => x === null)) continue;
      const ordered = clockwise(corners as Point[]);
      if (plausibleQuad(ordered, width, height, minShare)) quads.push(ordered);
    }
  }
  return quads;
}

/** Four points ordered clockwise on screen around their centre. */
function clockwise(points: Point[]): Point[] {
  const cx = points.reduce((s, p) => s + p.x, 0) / points.length;
  const cy = points.reduce((s, p) => s + p.y, 0) / points.length;
  return [...points].sort((p, q) => Math.atan2(p.y - cy, p.x - cx) - Math.atan2(q.y - cy, q.x - cx));
}

/**
 * Each side of a chosen outline refitted to the strongest step across it (the Hough lines are
 * quantised to a degree and a pixel), then the corners where the fitted sides meet.
 */
function refitToEdges(gradient: Gradient, width: number, height: number, corners: Point[]): Point[] {
  const edges: Point[] = [];
  for (let i = 0; i < 4; i++) {
    const a = corners[i]!;
    const b = corners[(i + 1) % 4]!;
    const length = Math.hypot(b.x - a.x, b.y - a.y);
    const nx = -(b.y - a.y) / length;
    const ny = (b.x - a.x) / length;
    for (let s = 0; s < 60; s++) {
      const f = 0.1 + (0.8 * s) / 59;
      let best = OUTLINE_STEP;
      let at: Point | null = null;
      for (let t = -3; t <= 3; t++) {
        const x = Math.round(a.x + (b.x - a.x) * f + nx * t);
        const y = Math.round(a.y + (b.y - a.y) * f + ny * t);
        if (x < 1 || y < 1 || x >= width - 1 || y >= height - 1) continue;
        const i = y * width + x;
        const step = Math.abs(gradient.gx[i]! * nx + gradient.gy[i]! * ny);
        if (step > best) {
          best = step;
          at = { x, y };
        }
      }
      if (at) edges.push(at);
    }
  }
  return refineSides(corners, edges, 0.012);
}

/** An outline found, with its score as a card outline (outlineScore). */
interface Outline {
  corners: Point[];
  score: number;
}

/** The best few card outlines among the strongest lines' quadrilaterals, each refitted to its edges. */
function outlinesFromLines(gradient: Gradient, width: number, height: number, count: number, minShare: number, sameDirection = Infinity, perFamily = 14): Outline[] {
  const lines = strongLines(gradient, width, height, 60, minShare, sameDirection);
  const scored = quadsFromLines(lines, width, height, perFamily, minShare)
    .map((corners) => ({ corners, score: outlineScore(gradient, width, height, corners) }))
    .sort((a, b) => b.score - a.score);
  const kept: Outline[] = [];
  for (const outline of scored) {
    if (kept.length >= count) break;
    // Distinct outlines only: quads whose four corners are all close are one candidate.
    if (kept.some((k) => sharedCorners(k.corners, outline.corners) === 4)) continue;
    const refined = refitToEdges(gradient, width, height, outline.corners);
    kept.push(plausibleQuad(refined, width, height, minShare) ? { corners: refined, score: outlineScore(gradient, width, height, refined) } : outline);
  }
  return kept;
}

/** How many corners of `a` have a corner of `b` within 6 px. */
function sharedCorners(a: readonly Point[], b: readonly Point[]): number {
  return a.filter((p) => b.some((q) => Math.hypot(p.x - q.x, p.y - q.y) < 6)).length;
}

/** Whether every corner of `inner` lies inside `outer` (or within 2 px of its sides). */
function nestedIn(inner: readonly Point[], outer: readonly Point[]): boolean {
  const turn = Math.sign(cross(outer[0]!, outer[1]!, outer[2]!));
  return inner.every((p) =>
    outer.every((a, i) => {
      const b = outer[(i + 1) % 4]!;
      return (turn * cross(a, b, p)) / Math.hypot(b.x - a.x, b.y - a.y) >= -2;
    }),
  );
}

/**
 * The machine readable zone as a cross-check of an outline: straightened through it, a card shows
 * its zone's dense lines in its lower part (upper, upside down) starting close to its short edge —
 * an outline that took in a sheet of paper beside the card puts the zone far from its edge.
 */
function zoneFitsOutline(image: RgbaImage, corners: Point[], scale: number): boolean {
  // A little inside the outline: a row of desk texture along the card's edge would outweigh the zone.
  const cx = corners.reduce((sum, p) => sum + p.x, 0) / corners.length;
  const cy = corners.reduce((sum, p) => sum + p.y, 0) / corners.length;
  const quad = clockwise(corners.map((p) => ({ x: (cx + (p.x - cx) * 0.97) * scale, y: (cy + (p.y - cy) * 0.97) * scale })));
  const side = (i: number) => Math.hypot(quad[(i + 1) % 4]!.x - quad[i]!.x, quad[(i + 1) % 4]!.y - quad[i]!.y);
  const longFirst = side(0) + side(2) >= side(1) + side(3) ? 0 : 1;
  const ordered = [0, 1, 2, 3].map((k) => quad[(longFirst + k) % 4]!) as Quad;
  const width = 700;
  const card = warpPerspective(image, ordered, width, Math.round(width / ID1_ASPECT));
  for (const view of [card, rotate(card, 180)]) {
    const band = densestTextBand(view, 0.55);
    if (band && band.left < width * 0.09) return true;
  }
  return false;
}

/** Whether an outline's centre (in the small copy, `scale` times smaller) lies inside a quad of the photo. */
function centredIn(corners: readonly Point[], quad: Quad, scale: number): boolean {
  const centre = { x: (corners.reduce((s, p) => s + p.x, 0) / 4) * scale, y: (corners.reduce((s, p) => s + p.y, 0) / 4) * scale };
  return nestedIn([centre], clockwise([...quad]));
}

/**
 * Another card than those already read as nothing: a bank or loyalty card beside the ID card, of the
 * same size and shape and with as clear an outline (a dark card's edge is the photo's strongest),
 * whose reading held no print — a dark card's is refused as texture. The outlines centred on a card
 * tried are left out, the coarse search first, then the finer one.
 */
export function anotherCard(image: RgbaImage, tried: readonly Quad[]): CardLocation | null {
  const coarse = findCard(image, { side: SEARCH_SIDE, minShare: MIN_CARD_SHARE, exclude: tried });
  if (coarse || Math.max(image.width, image.height) <= FINE_SEARCH_SIDE) return coarse;
  return findCard(image, { side: FINE_SEARCH_SIDE, minShare: MIN_CARD_SHARE_IN_FRAME, exclude: tried });
}

/**
 * A sheet's outline this clear (nearly all of every side an edge with plain paper inside) is worth
 * straightening when no card was found: a photocopy's card, printed without an edge of its own, lies
 * on it at the photo's slant, which the whole photo read as it is cannot undo.
 */
const SHEET_OUTLINE_SCORE = 0.8;

/** Below this outline score a quad is not taken for the card (about half of each side an edge). */
const MIN_OUTLINE_SCORE = 0.35;

/**
 * An outline this well supported (most of every side a step with plain card inside) is the card even
 * where no zone was seen close to its edge: a faded zone, or one a lamp's shadow darkens at its start.
 */
const STRONG_OUTLINE_SCORE = 0.6;

/**
 * The card in a photo. Candidates: the region inside the strongest closed outline (the desk flooded
 * up to the card's edge — a smooth desk), the largest bright region (Otsu's threshold), and the best
 * quadrilateral of the photo's strongest straight lines (a wood-grain, cloth or printed desk, objects
 * around the card, a thumb over a corner, where no region is cleanly the card). Each is scored by the
 * edge support along its whole perimeter and its closeness to ID-1's proportions; of the best three,
 * the first whose zone sits where a card's does wins, else — in the finer search — the best one if it
 * is a strong outline. Outlines centred on a card in `exclude` (one already read as nothing) are left out.
 * null when none is (a straight scan filling the frame, a page of text): the caller then reads the
 * photo as it is.
 */
export function findCard(image: RgbaImage, search: { side: number; minShare: number; sameDirection?: number; exclude?: readonly Quad[]; sheet?: boolean; linesPerFamily?: number } = { side: SEARCH_SIDE, minShare: MIN_CARD_SHARE }): CardLocation | null {
  const minShare = search.minShare;
  const small = shrinkToFit(image, search.side);
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
  const gradient = colourGradient(blurTwice(small));
  const candidates: Outline[] = [];
  const region = quadOfMask(maskInsideEdges(smooth, width, height), width, height, minShare);
  if (region) candidates.push({ corners: region.corners, score: outlineScore(gradient, width, height, region.corners) });
  if (!region) {
    const threshold = otsu(smooth);
    const bright = new Uint8Array(grey.length);
    for (let i = 0; i < bright.length; i++) if (smooth[i]! > threshold) bright[i] = 1;
    const lit = quadOfMask(bright, width, height, minShare);
    if (lit) candidates.push({ corners: lit.corners, score: outlineScore(gradient, width, height, lit.corners) });
  }
  const excluded = (c: Outline) => (search.exclude ?? []).some((quad) => centredIn(c.corners, quad, scale));
  const ranked = [...candidates, ...outlinesFromLines(gradient, width, height, search.exclude ? 12 : 6, minShare, search.sameDirection, search.linesPerFamily)]
    .filter((c) => c.score >= MIN_OUTLINE_SCORE && !excluded(c))
    .sort((a, b) => b.score - a.score)
    .slice(0, 6);
  const fits = (c: Outline) => c.score >= ranked[0]!.score - 0.3 && zoneFitsOutline(image, c.corners, scale);
  const outer = ranked.slice(0, 3).find(fits);
  // A card lies on things: an outline that takes in a strip of the sheet under it shares the card's
  // other sides, and the card's own edge is the inner one — when that edge is nearly as well supported.
  const inner =
    outer &&
    ranked.find((c) => {
      const shared = sharedCorners(c.corners, outer.corners);
      return c.score >= outer.score - 0.1 && shared >= 2 && shared < 4 && nestedIn(c.corners, outer.corners) && fits(c);
    });
  // Only in a whole phone frame (the finer search): a close-up of a page of text has strong outlines of its text blocks.
  const strong = minShare < MIN_CARD_SHARE && ranked[0] && ranked[0].score >= STRONG_OUTLINE_SCORE ? ranked[0] : undefined;
  // Asked for a sheet: the clearest outline whatever its zone, when nearly all of every side is an edge.
  const sheet = search.sheet && ranked[0] && ranked[0].score >= SHEET_OUTLINE_SCORE ? ranked[0] : undefined;
  const best = inner ?? outer ?? strong ?? sheet;
  if (!best) return null;
  const corners = best.corners;
  const ratio = quadRatio(corners);
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

/** The finer search's side: a card 35–50 % of a whole phone frame's width is ~150 px in the coarse copy. */
export const FINE_SEARCH_SIDE = 800;

/** Whether two locations are one card: every corner within 4 % of the card's long side of the other's. */
export function sameCard(a: CardLocation, b: CardLocation): boolean {
  const long = Math.max(...a.quad.map((p, i) => Math.hypot(a.quad[(i + 1) % 4]!.x - p.x, a.quad[(i + 1) % 4]!.y - p.y)));
  // Either long side may come first: compare in the order that fits best.
  return [0, 2].some((shift) => a.quad.every((p, i) => Math.hypot(p.x - b.quad[(i + shift) % 4]!.x, p.y - b.quad[(i + shift) % 4]!.y) <= long * 0.04));
}

/**
 * The card's likely locations, most likely first: the coarse search (quick, right for a card filling
 * most of the photo), then — only when asked for, the caller reading the first one's zone first — a
 * search in a finer copy, where a card small in a whole phone frame, or one the coarse copy's desk
 * texture hid, still has clear edges. The same card twice is one candidate.
 */
export function* cardCandidates(image: RgbaImage): Generator<CardLocation> {
  const coarse = findCard(image);
  const refinable = Math.max(image.width, image.height) > FINE_SEARCH_SIDE;
  const fineSearch = () => findCard(image, { side: FINE_SEARCH_SIDE, minShare: MIN_CARD_SHARE_IN_FRAME });
  if (coarse && refinable && offCardShape(coarse)) {
    // Searched at once: a doubtful coarse outline must not spend the reading's budget first.
    yield* likelierFirst(coarse, fineSearch());
    return;
  }
  if (coarse) yield coarse;
  if (!refinable) return;
  const fine = fineSearch();
  if (fine && !(coarse && sameCard(coarse, fine))) yield fine;
  // Nothing found: a striped desk's or cloth's parallel stripes may have crowded the card's sides out
  // of their direction's lines. Searched once more with a few lines of any one direction.
  if (!coarse && !fine) {
    const striped = findCard(image, { side: FINE_SEARCH_SIDE, minShare: MIN_CARD_SHARE_IN_FRAME, sameDirection: STRIPES_KEPT });
    if (striped) yield striped;
    // Still nothing: a photocopy, the card printed on a sheet without an edge of its own and no zone
    // near the sheet's edge. The sheet straightened, when its outline is the photo's clearest.
    const sheet = striped ? null : findCard(image, { side: SEARCH_SIDE, minShare: MIN_CARD_SHARE, sheet: true });
    if (sheet) yield sheet;
    const held = striped || sheet ? null : findCard(image, { side: FINE_SEARCH_SIDE, minShare: MIN_CARD_SHARE_IN_FRAME, linesPerFamily: WEAK_SIDE_LINES });
    if (held) yield held;
    // Still nothing: a card too faint for any outline (a smeared lens's haze), its print boxed.
    const busy = striped || sheet || held ? null : busiestRegion(image);
    if (busy) yield busy;
  }
}

/**
 * Lines of each direction crossed when searching for a card held in a hand: the fingers over one side
 * leave it among the weaker lines, under an arm's and a sleeve's long edges.
 */
const WEAK_SIDE_LINES = 30;

/** Lines within this angle of each other run one direction (a desk's stripes). */
const SAME_DIRECTION = (2 * Math.PI) / 180;
/** Lines of one direction kept when searching past a striped desk: two sides of a card and a few stripes. */
const STRIPES_KEPT = 6;

/**
 * How far off the ID-1 proportions an outline may be before it is doubted: a card photographed up
 * to ~15° off square stays within ~7 %; further off, the outline took in something beside the card
 * (the page it lies on, a shadow's edge).
 */
const CARD_SHAPE_TOLERANCE = 0.08;

/** Whether an outline's proportions are too far from a card's to be the card alone. */
export function offCardShape(location: CardLocation): boolean {
  return Math.abs(location.aspect / ID1_ASPECT - 1) > CARD_SHAPE_TOLERANCE;
}

/** A doubtful coarse outline and the finer search's: the one nearer a card's proportions first, one card once. */
export function likelierFirst(coarse: CardLocation, fine: CardLocation | null): CardLocation[] {
  if (!fine || sameCard(coarse, fine)) return [coarse];
  const off = (l: CardLocation) => Math.abs(l.aspect / ID1_ASPECT - 1);
  return off(fine) < off(coarse) ? [fine, coarse] : [coarse, fine];
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

/** The desk around a straightened card (QUAD_MARGIN each way, and a little more for the rounded corners), as a share of its sides. */
const CARD_INSET = 0.06;

/**
 * Grey levels stretched so the card's own 2nd–98th percentile spans 0..255, the desk around it
 * clamped: a dark desk sets the dark end of a stretch of the whole cut (the engine's), which then
 * leaves a faded print, a screen's or a flash's washed-out one, too close to the card's white for
 * the engine's threshold to tell them apart.
 */
export function stretchInsideCard(image: RgbaImage): RgbaImage {
  const { width, height } = image;
  const grey = greyOf(image);
  const histogram = new Uint32Array(256);
  const [left, top] = [Math.round(width * CARD_INSET), Math.round(height * CARD_INSET)];
  let n = 0;
  for (let y = top; y < height - top; y++) {
    for (let x = left; x < width - left; x++) {
      histogram[Math.round(grey[y * width + x]!)]!++;
      n++;
    }
  }
  const percentile = (p: number) => {
    let seen = 0;
    for (let v = 0; v < 256; v++) {
      seen += histogram[v]!;
      if (seen >= n * p) return v;
    }
    return 255;
  };
  const low = percentile(0.02);
  const range = Math.max(1, percentile(0.98) - low);
  const out = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    out[i * 4] = out[i * 4 + 1] = out[i * 4 + 2] = ((grey[i]! - low) * 255) / range;
    out[i * 4 + 3] = 255;
  }
  return { width, height, data: out };
}

/** How far below its neighbourhood's mean an even neighbourhood's threshold drops, as a share of the mean's distance to the darkest ink (binarizedCard). */
const LOCAL_INK_WEIGHT = 0.15;

/**
 * A card's print set black on white by a threshold of its own neighbourhood (Wolf and Jolion's: the
 * neighbourhood's mean, lowered towards the card's darkest ink where the neighbourhood holds little
 * contrast; a radius of a fortieth of the card's width, a few letters), after a light smoothing
 * (grain and a screen's moiré would otherwise count as ink). The engine's one threshold for the whole
 * card loses pale print wherever the paper's brightness changes — a photocopy's pale toner beside a
 * glare's bright wedge, a faded card at night — and a plain mean's threshold takes a band of shade
 * wider than the radius (a blind's) for ink; the print is still darker than what is near it, and a
 * band of shade is even.
 */
export function binarizedCard(image: RgbaImage): RgbaImage {
  const { width, height } = image;
  const grey = greyOf(blurTwice(image));
  const stride = width + 1;
  const sums = new Float64Array(stride * (height + 1));
  const squares = new Float64Array(stride * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    let rowSquares = 0;
    for (let x = 0; x < width; x++) {
      const v = grey[y * width + x]!;
      row += v;
      rowSquares += v * v;
      sums[(y + 1) * stride + x + 1] = sums[y * stride + x + 1]! + row;
      squares[(y + 1) * stride + x + 1] = squares[y * stride + x + 1]! + rowSquares;
    }
  }
  const radius = Math.max(8, Math.round(width / 40));
  const boxed = (table: Float64Array, x0: number, y0: number, x1: number, y1: number) => table[y1 * stride + x1]! - table[y0 * stride + x1]! - table[y1 * stride + x0]! + table[y0 * stride + x0]!;
  const means = new Float32Array(width * height);
  const deviations = new Float32Array(width * height);
  let [darkest, widest] = [255, 1];
  for (let y = 0; y < height; y++) {
    const [y0, y1] = [Math.max(0, y - radius), Math.min(height, y + radius + 1)];
    for (let x = 0; x < width; x++) {
      const [x0, x1] = [Math.max(0, x - radius), Math.min(width, x + radius + 1)];
      const n = (x1 - x0) * (y1 - y0);
      const i = y * width + x;
      means[i] = boxed(sums, x0, y0, x1, y1) / n;
      deviations[i] = Math.sqrt(Math.max(0, boxed(squares, x0, y0, x1, y1) / n - means[i]! * means[i]!));
      darkest = Math.min(darkest, grey[i]!);
      widest = Math.max(widest, deviations[i]!);
    }
  }
  const out = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const mean = means[i]!;
    const threshold = mean - LOCAL_INK_WEIGHT * (1 - deviations[i]! / widest) * (mean - darkest);
    out[i * 4] = out[i * 4 + 1] = out[i * 4 + 2] = grey[i]! < threshold ? 0 : 255;
    out[i * 4 + 3] = 255;
  }
  return { width, height, data: out };
}

/**
 * How grainy a straightened card is: the median difference, inside the card (CARD_INSET), between a
 * pixel and its smoothed neighbourhood (blurTwice), in grey levels. A card shot off a screen carries the
 * screen's moiré on every pixel, paper included (ID rounds 19–22: 3–5); a card shot on a desk, shaken,
 * grainy at night or lying on a newspaper, at most 2: its print's edges are a minority of its pixels.
 */
export function fineGrain(image: RgbaImage): number {
  const { width, height } = image;
  const [grey, smooth] = [greyOf(image), greyOf(blurTwice(image))];
  const [left, top] = [Math.round(width * CARD_INSET), Math.round(height * CARD_INSET)];
  // Quarter grey levels, up to 64.
  const histogram = new Uint32Array(257);
  let n = 0;
  for (let y = top; y < height - top; y++) {
    for (let x = left; x < width - left; x++) {
      histogram[Math.min(256, Math.round(Math.abs(grey[y * width + x]! - smooth[y * width + x]!) * 4))]!++;
      n++;
    }
  }
  let seen = 0;
  for (let level = 0; level < histogram.length; level++) {
    seen += histogram[level]!;
    if (seen * 2 >= n && n > 0) return level / 4;
  }
  return 0;
}

/** A card at least this grainy (fineGrain) was shot off a screen: its moiré hides the print from the engine's threshold. */
export const SCREEN_GRAIN = 3;

/**
 * A grainy card read as nothing made readable: smoothed (the moiré's pattern, which the engine takes for
 * specks between the letters, fades; the print's strokes stay) and stretched inside the card (a screen's
 * print is washed out, and the desk around the card would set the dark end of the engine's stretch).
 */
export function smoothedCard(image: RgbaImage): RgbaImage {
  return stretchInsideCard(blurTwice(image));
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
 * The running maximum of `values` over a window of `radius` on each side, along one axis (van Herk /
 * Gil–Werman: three comparisons a pixel, whatever the radius). `sign` -1: the running minimum.
 */
function runningExtreme(values: Float32Array, width: number, height: number, axis: "x" | "y", radius: number, sign: 1 | -1): Float32Array {
  const out = new Float32Array(values.length);
  const [lines, length, step, stride] = axis === "x" ? [height, width, 1, width] : [width, height, width, 1];
  const window = 2 * radius + 1;
  const forward = new Float32Array(length);
  const backward = new Float32Array(length);
  for (let line = 0; line < lines; line++) {
    const base = line * stride;
    const at = (i: number) => sign * values[base + i * step]!;
    for (let i = 0; i < length; i++) forward[i] = i % window === 0 ? at(i) : Math.max(forward[i - 1]!, at(i));
    for (let i = length - 1; i >= 0; i--) backward[i] = i === length - 1 || (i + 1) % window === 0 ? at(i) : Math.max(backward[i + 1]!, at(i));
    for (let i = 0; i < length; i++) {
      const lo = Math.max(0, i - radius);
      const hi = Math.min(length - 1, i + radius);
      let extreme: number;
      if (hi - lo + 1 === window) extreme = Math.max(backward[lo]!, forward[hi]!);
      else {
        // A window cut by the image's edge may lie within one block: its pixels compared one by one.
        extreme = -Infinity;
        for (let k = lo; k <= hi; k++) extreme = Math.max(extreme, at(k));
      }
      out[base + i * step] = sign * extreme;
    }
  }
  return out;
}

/**
 * Uneven light evened out where a hard shadow crosses the card (a desk lamp's edge): the paper's
 * brightness is taken as the image's morphological closing — a running maximum that covers the
 * print's strokes, then a running minimum of the same reach that brings a shadow's edge back where it
 * was — and every pixel divided by it. The tile-wise estimate (flattenIllumination) smooths a shadow's
 * edge over a whole tile and leaves a seam along it, which the engine takes for a rule between
 * columns and stops its lines at. `radius`: more than half a stroke's width.
 */
export function flattenShadowEdges(image: RgbaImage, radius = Math.max(3, Math.round(image.width / 120))): RgbaImage {
  const { width, height } = image;
  const grey = greyOf(image);
  const dilated = runningExtreme(runningExtreme(grey, width, height, "x", radius, 1), width, height, "y", radius, 1);
  const paper = runningExtreme(runningExtreme(dilated, width, height, "x", radius, -1), width, height, "y", radius, -1);
  const out = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const v = (grey[i]! * 240) / Math.max(24, paper[i]!);
    out[i * 4] = out[i * 4 + 1] = out[i * 4 + 2] = v;
    out[i * 4 + 3] = 255;
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

/**
 * Unsharp mask along one axis only: the image plus `amount` times its difference from a running mean
 * of `radius` pixels along `axis` — a photo shaken sideways smears strokes along that axis only, and a
 * 2-D mask would only sharpen the noise across it.
 */
export function sharpenAlong(image: RgbaImage, axis: "x" | "y", radius = 6, amount = 2): RgbaImage {
  const { width, height } = image;
  const grey = greyOf(image);
  const out = new Uint8ClampedArray(width * height * 4);
  const [lines, length, step, stride] = axis === "x" ? [height, width, 1, width] : [width, height, width, 1];
  for (let line = 0; line < lines; line++) {
    const base = line * stride;
    for (let i = 0; i < length; i++) {
      let sum = 0;
      for (let d = -radius; d <= radius; d++) sum += grey[base + Math.min(length - 1, Math.max(0, i + d)) * step]!;
      const v = grey[base + i * step]!;
      const o = (base + i * step) * 4;
      out[o] = out[o + 1] = out[o + 2] = v + amount * (v - sum / (2 * radius + 1));
      out[o + 3] = 255;
    }
  }
  return { width, height, data: out };
}

/** Cells along the frame's longer side when looking for its busiest part. */
const BUSY_CELLS = 48;
/** A cell is busy when its grey spread is this share of the busiest cell's, or this many times the frame's median. */
const BUSY_SHARE_OF_MAX = 0.12;
const BUSY_TIMES_MEDIAN = 3;
/**
 * A frame smaller than this is a crop (a scanner app's, a resent photo): it is read whole at its own
 * resolution, which a box around its print would not better. Only a large frame, shrunk to be read,
 * loses a small card's print.
 */
const BUSY_MIN_FRAME_SIDE = 1600;
/** Fewer busy cells than this in one piece are a speck (a crumb, a glint), not a card's print. */
const BUSY_MIN_CELLS = 6;
/**
 * A box over this share of the frame is no small card in a large frame: a scanner app's crop (the card
 * fills it, its print boxes 40–50 %) is read whole at once, and the photo as it is covers it.
 */
const BUSY_MAX_SHARE = 0.25;

/**
 * No outline found at all: the card may lie small and faint in a large frame (a night photo through a
 * lens smeared by a fingertip, its edges lost in the haze), where the whole frame, shrunk, reads as
 * nothing. Print is where the grey spreads most within a small cell (a haze and the dark corners keep
 * theirs low; a night's grain is a few levels). The largest piece of such busy cells, boxed with a
 * cell's margin, is returned as a card to cut out at the photo's full resolution, its first side a long one.
 */
export function busiestRegion(image: RgbaImage): CardLocation | null {
  const { width, height } = image;
  if (Math.max(width, height) < BUSY_MIN_FRAME_SIDE) return null;
  const cell = Math.max(4, Math.ceil(Math.max(width, height) / BUSY_CELLS));
  const [cols, rows] = [Math.ceil(width / cell), Math.ceil(height / cell)];
  if (cols < 3 || rows < 3) return null;
  const grey = greyOf(image);
  const spread = new Float32Array(cols * rows);
  for (let cy = 0; cy < rows; cy++) {
    for (let cx = 0; cx < cols; cx++) {
      let [sum, squares, n] = [0, 0, 0];
      for (let y = cy * cell; y < Math.min(height, (cy + 1) * cell); y++) {
        for (let x = cx * cell; x < Math.min(width, (cx + 1) * cell); x++) {
          const g = grey[y * width + x]!;
          sum += g;
          squares += g * g;
          n++;
        }
      }
      spread[cy * cols + cx] = n === 0 ? 0 : Math.sqrt(Math.max(0, squares / n - (sum / n) ** 2));
    }
  }
  const sorted = Float32Array.from(spread).sort();
  const [median, max] = [sorted[Math.floor(sorted.length / 2)]!, sorted[sorted.length - 1]!];
  if (max <= 0) return null;
  const floor = Math.max(BUSY_SHARE_OF_MAX * max, BUSY_TIMES_MEDIAN * median);
  const mask = new Uint8Array(cols * rows);
  for (let i = 0; i < mask.length; i++) mask[i] = spread[i]! >= floor ? 1 : 0;
  const piece = largestComponent(mask, cols, rows);
  if (piece.size < BUSY_MIN_CELLS) return null;
  let [left, top, right, bottom] = [cols, rows, -1, -1];
  for (let i = 0; i < piece.mask.length; i++) {
    if (!piece.mask[i]) continue;
    const [x, y] = [i % cols, Math.floor(i / cols)];
    [left, top, right, bottom] = [Math.min(left, x), Math.min(top, y), Math.max(right, x), Math.max(bottom, y)];
  }
  const box = {
    left: Math.max(0, (left - 1) * cell),
    top: Math.max(0, (top - 1) * cell),
    right: Math.min(width, (right + 2) * cell),
    bottom: Math.min(height, (bottom + 2) * cell),
  };
  const [w, h] = [box.right - box.left, box.bottom - box.top];
  if (w * h > BUSY_MAX_SHARE * width * height) return null;
  const [tl, tr, br, bl] = [
    { x: box.left, y: box.top },
    { x: box.right, y: box.top },
    { x: box.right, y: box.bottom },
    { x: box.left, y: box.bottom },
  ];
  return w >= h
    ? { quad: [tl, tr, br, bl], aspect: w / h, boxed: true }
    : { quad: [tr, br, bl, tl], aspect: h / w, boxed: true };
}

/**
 * A faded print's ink darkened where it is faint: a printer low on toner prints the whole sheet pale,
 * paler still in streaks down the sheet (along the paper's feed), where the engine's global threshold
 * loses the text. On an image whose paper is evened to ~240 (flattenIllumination), the ink's level near
 * each pixel is the darkest pixel a few lines up and down the same column; where that ink is faint but
 * clearly ink (its contrast with the paper between `minContrast` and that of a good print), the pixel's
 * darkness is scaled so the ink reaches a good print's level, at most `maxGain` times. The paper stays
 * as it was (its darkness is ~0), and so does a well-printed stroke.
 */
export function darkenFaintInk(image: RgbaImage, reach = Math.max(8, Math.round(image.height / 40)), minContrast = 20, maxGain = 8): RgbaImage {
  const { width, height } = image;
  const grey = greyOf(image);
  const darkest = runningExtreme(runningExtreme(grey, width, height, "y", reach, -1), width, height, "x", 1, -1);
  const PAPER = 240;
  const GOOD_INK = 200;
  const out = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const contrast = PAPER - darkest[i]!;
    const gain = contrast >= minContrast && contrast < GOOD_INK ? Math.min(maxGain, GOOD_INK / contrast) : 1;
    const v = PAPER - (PAPER - grey[i]!) * gain;
    out[i * 4] = out[i * 4 + 1] = out[i * 4 + 2] = v;
    out[i * 4 + 3] = 255;
  }
  return { width, height, data: out };
}

/**
 * How dark a page's print is: the median, over strips 8 px wide and a few lines tall that hold ink, of
 * the darkest pixel's contrast with paper evened to ~240 (flattenIllumination). A good print's is ~200
 * or more; a printer low on toner prints the sheet pale (~90–120).
 */
export function printContrast(image: RgbaImage, reach = Math.max(8, Math.round(image.height / 40))): number {
  const { width, height } = image;
  const darkest = runningExtreme(greyOf(image), width, height, "y", reach, -1);
  const inked: number[] = [];
  for (let x0 = 0; x0 + 8 <= width; x0 += 8) {
    for (let y = reach; y < height; y += 2 * reach) {
      let least = 255;
      for (let x = x0; x < x0 + 8; x++) least = Math.min(least, darkest[y * width + x]!);
      if (240 - least >= 30) inked.push(240 - least);
    }
  }
  inked.sort((a, b) => a - b);
  return inked[Math.floor(inked.length / 2)] ?? 0;
}
