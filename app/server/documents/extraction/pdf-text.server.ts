// The text layer of a PDF (PDF.js through unpdf, which runs in workerd), rebuilt into lines by
// position rather than by content-stream order: two columns printed on one baseline come out as
// one line with a tab between them, which the bill parser uses as a field boundary.
import { extractImages, extractTextItems, getResolvedPDFJS } from "unpdf";
import type { RgbaImage } from "./image.server";
import { monthLabel } from "./text-fields.server";

export interface PdfText {
  pages: number;
  /** Lines of all pages, top to bottom; cells far apart on one line are separated by '\t'. */
  text: string;
  /** Characters of real text (spaces excluded): 0 for a scanned PDF. */
  textChars: number;
}

export class PdfReadError extends Error {
  /** Locked with a user password: nobody can read it without the password, an operator neither. */
  readonly passwordProtected: boolean;
  constructor(message: string, passwordProtected = false) {
    super(message);
    this.name = "PdfReadError";
    this.passwordProtected = passwordProtected;
  }
}

/** Pages read at most: a household bill has 1–4; anything longer is not a bill. */
export const MAX_PDF_PAGES = 6;

interface Item {
  str: string;
  x: number;
  y: number;
  width: number;
  fontSize: number;
}

/** An amount's bani set on their own: ',58', '.07'. */
const BANI = /^[,.]\d{2}$/;

/**
 * A designer's amount ('1.724' large, then ',58' smaller and raised beside it, then 'lei'): the bani are a
 * run of their own on a higher baseline, which would make a line of their own above the lei. A ',dd' run
 * set smaller than the figures it follows, touching their end and raised within their height, is joined
 * to them: the amount is one.
 */
function raisedBaniJoined(items: Item[]): Item[] {
  const out = items.map((item) => ({ ...item }));
  const joined = new Set<Item>();
  for (const bani of out) {
    if (!BANI.test(bani.str.trim())) continue;
    const lei = out.find(
      (item) =>
        item !== bani &&
        !joined.has(item) &&
        /\d$/.test(item.str.trimEnd()) &&
        item.fontSize >= bani.fontSize * 1.3 &&
        Math.abs(bani.x - (item.x + item.width)) <= item.fontSize * 0.3 &&
        bani.y > item.y &&
        bani.y - item.y <= item.fontSize * 0.7,
    );
    if (!lei) continue;
    lei.str = `${lei.str.trimEnd()}${bani.str.trim()}`;
    lei.width = bani.x + bani.width - lei.x;
    joined.add(bani);
  }
  return out.filter((item) => !joined.has(item));
}

/** A bar's label: a bare figure ('234', '1.332', '1 332', '87,5'). */
const BAR_LABEL = /^\d{1,3}(?:[. ]\d{3})+(?:,\d+)?$|^\d+(?:,\d+)?$/;

/**
 * A bar chart of consumption by month ('ian 26' … under the bars, each bar's kWh printed over it): the
 * labels sit at their bars' heights, so read by position they come out tallest first, in no month's
 * order. A row of three or more month captions with one bare figure centred over each caption, the
 * figures on different heights, is a chart: its figures are set on one row just over the captions,
 * in the captions' order, as a history table prints them. Figures already on one row are a table's.
 */
function barLabelsInRow(items: Item[]): Item[] {
  const months = items.filter((item) => monthLabel(item.str) !== null);
  const out = items.map((item) => ({ ...item }));
  for (const axis of months) {
    const row = months
      .filter((m) => Math.abs(m.y - axis.y) <= Math.max(2, axis.fontSize * 0.35))
      .sort((a, b) => a.x - b.x);
    if (row.length < 3 || row[0] !== axis) continue;
    const centre = (item: Item) => item.x + item.width / 2;
    const gaps = row.slice(1).map((m, i) => centre(m) - centre(row[i]!));
    const step = Math.min(...gaps);
    if (step <= 0) continue;
    const over = row.map((m) =>
      out.filter(
        (item) =>
          BAR_LABEL.test(item.str.trim()) &&
          item.y > m.y + m.fontSize * 0.5 &&
          item.y - m.y <= Math.max(step * 2.5, 120) &&
          Math.abs(centre(item) - centre(m)) <= step * 0.3,
      ),
    );
    if (over.some((found) => found.length !== 1)) continue;
    const labels = over.map((found) => found[0]!);
    if (new Set(labels).size !== labels.length || labels.every((label) => Math.abs(label.y - labels[0]!.y) <= 2))
      continue;
    const y = axis.y + Math.max(...labels.map((label) => label.fontSize)) * 1.3;
    for (const label of labels) label.y = y;
  }
  return out;
}

function linesOf(items: Item[]): string[] {
  const sorted = barLabelsInRow(raisedBaniJoined(items))
    .filter((i) => i.str.trim().length > 0)
    .sort((a, b) => b.y - a.y || a.x - b.x);
  const rows: Item[][] = [];
  for (const item of sorted) {
    const row = rows[rows.length - 1];
    const tolerance = Math.max(2, item.fontSize * 0.35);
    if (row && Math.abs(row[0]!.y - item.y) <= tolerance) row.push(item);
    else rows.push([item]);
  }
  return rows.map((row) => {
    row.sort((a, b) => a.x - b.x);
    let line = "";
    let end = -Infinity;
    for (const item of row) {
      const gap = item.x - end;
      if (line.length > 0) line += gap > item.fontSize * 0.8 ? "\t" : gap > item.fontSize * 0.15 ? " " : "";
      line += item.str;
      end = item.x + item.width;
    }
    return line.replace(/ {2,}/g, " ").trim();
  });
}

/** Raised from PDF.js's password prompt: the file needs a password we do not have. */
const LOCKED = Symbol("pdf locked with a password");

async function open(bytes: Uint8Array) {
  const { getDocument } = await getResolvedPDFJS();
  // PDF.js may detach the buffer it is given: hand it a copy.
  const task = getDocument({ data: bytes.slice(), isEvalSupported: false, useSystemFonts: false });
  // A file that asks for a password is answered here rather than by PDF.js's own refusal, whose
  // rejection escapes unhandled inside workerd; a PDF locked only against printing never asks.
  const asked = new Promise<typeof LOCKED>((resolve) => {
    task.onPassword = () => resolve(LOCKED);
  });
  try {
    const opened = await Promise.race([task.promise, asked]);
    if (opened !== LOCKED) return opened;
  } catch (error) {
    await task.destroy();
    throw new PdfReadError(error instanceof Error ? error.message : String(error));
  }
  await task.destroy();
  throw new PdfReadError("the PDF asks for a password", true);
}

export async function readPdfText(bytes: Uint8Array): Promise<PdfText> {
  const doc = await open(bytes);
  try {
    if (doc.numPages > MAX_PDF_PAGES) throw new PdfReadError(`too many pages: ${doc.numPages}`);
    const { items } = await extractTextItems(doc);
    const lines = items.flatMap((page) => linesOf(page as Item[]));
    const text = lines.join("\n");
    return { pages: doc.numPages, text, textChars: text.replace(/\s/g, "").length };
  } finally {
    await doc.destroy();
  }
}

/**
 * The largest raster image of each page (a scanner's page image), decoded by PDF.js, for OCR of
 * scanned PDFs. Pages without an image are skipped.
 */
export async function readPdfPageImages(bytes: Uint8Array, maxPages = 2): Promise<RgbaImage[]> {
  const doc = await open(bytes);
  try {
    const images: RgbaImage[] = [];
    for (let page = 1; page <= Math.min(doc.numPages, maxPages); page++) {
      const found = await extractImages(doc, page);
      const largest = found.sort((a, b) => b.width * b.height - a.width * a.height)[0];
      if (!largest) continue;
      images.push(toRgba(largest));
    }
    return images;
  } finally {
    await doc.destroy();
  }
}

function toRgba(image: { data: Uint8ClampedArray; width: number; height: number; channels: 1 | 3 | 4 }): RgbaImage {
  if (image.channels === 4) return { width: image.width, height: image.height, data: image.data };
  const pixels = image.width * image.height;
  const out = new Uint8ClampedArray(pixels * 4);
  for (let i = 0; i < pixels; i++) {
    if (image.channels === 3) {
      out[i * 4] = image.data[i * 3]!;
      out[i * 4 + 1] = image.data[i * 3 + 1]!;
      out[i * 4 + 2] = image.data[i * 3 + 2]!;
    } else out[i * 4] = out[i * 4 + 1] = out[i * 4 + 2] = image.data[i]!;
    out[i * 4 + 3] = 255;
  }
  return { width: image.width, height: image.height, data: out };
}
