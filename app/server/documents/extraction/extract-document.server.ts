// One entry point for the queue consumer: bytes of an uploaded document → extracted fields, how
// they were obtained, and how well the OCR read them. Never pretends: a document it cannot read
// comes back as `unreadable` with the reason, for an admin to look at.
import { isValidCnp } from "../../../lib/cnp";
import { findMrz } from "../../../lib/mrz";
import type { DocumentKind } from "../magic-bytes.server";
import { detectKind } from "../magic-bytes.server";
import { parseBillText, type BillExtraction } from "./bill-parser.server";
import { addressLines, adoptLowerHalf, adoptRereadFields, confirmAddressDigits, fieldsToReread, labelLineIndex, lowerHalfAnchor, lowerHalfWorthRereading, parseIdCardText, type IdCardExtraction } from "./id-card-parser.server";
import { checkOcrBill, filledFrom, type OcrWord } from "./ocr-bill-checks.server";
import { repairOcrText } from "./ocr-text-repair.server";
import { anotherCard, binarizedCard, blurTwice, cardCandidates, darkenFaintInk, fineGrain, printContrast, SCREEN_GRAIN, smoothedCard, type CardLocation, type Quad, flattenIllumination, flattenShadowEdges, sharpen, sharpenAlong, stretchInsideCard } from "./card-geometry.server";
import {
  crop,
  densestTextBand,
  enlarge,
  estimateSkewDegrees,
  exifQuarterTurn,
  globalInkShare,
  ImageDecodeError,
  mirror,
  OCR_MAX_SIDE,
  printMarks,
  rotateDegrees,
  shrinkToFit,
  textRunsAcross,
  withoutRuledLines,
  type QuarterTurn,
  type RgbaImage,
} from "./image.server";
import { ID_PHOTO_SMALLER_COPIES, openImage, straightenFromSource, wholeImage, type ImageSource } from "./image-source.server";
import { yieldToRequests } from "../../foreground.server";
import type { OcrEngine, OcrLine, OcrPageResult } from "./ocr.server";
import { PdfReadError, readPdfPageImages, readPdfText } from "./pdf-text.server";

/** Document types of the admin spec; identity and bill are read automatically. */
export type DocumentType = "document_identitate" | "ultima_factura" | "contract_furnizor_actual" | "dovada_proprietate" | "poza_contor";
export type IdentitySubtype = "ci" | "pasaport" | "permis_sedere";

export type ProcessingMethod = "pdf_text" | "ocr_image" | "ocr_scanned_pdf" | "none";

export interface UnreadableExtraction {
  kind: "unreadable";
  reason: "unsupported_document_type" | "scanned_pdf_without_image" | "document_unreadable" | "no_text_found" | "pdf_password_protected";
  detail: string;
}

export type ExtractedData = BillExtraction | IdCardExtraction | UnreadableExtraction;

export interface ExtractionResult {
  extractedData: ExtractedData;
  processingMethod: ProcessingMethod;
  /** Mean OCR confidence 0..1; null when no OCR ran (text PDF). */
  ocrQuality: number | null;
  timings: { totalMs: number; ocrMs: number | null };
  ocr: { rotation: QuarterTurn; contrastSpread: number; passes: number; skewDegrees?: number; cardStraightened?: boolean } | null;
}

export interface ExtractInput {
  bytes: Uint8Array;
  mimeType: string;
  documentType: DocumentType | string;
  subtype?: IdentitySubtype | string | null;
  /** Used for the century of two-digit MRZ years. */
  now: Date | number;
  /** Lazily provides the OCR engine: text PDFs never pay its cold start. */
  ocr: () => Promise<OcrEngine>;
}

/** Below this many characters a PDF's text layer is treated as absent (a scan). */
export const MIN_PDF_TEXT_CHARS = 40;
/** An OCR pass below this mean confidence is read upside down or sideways, whatever it found. */
const ACCEPT_OCR_CONFIDENCE = 0.5;
const MRZ_WHITELIST = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789<";

/** Turns in order of likelihood: the EXIF turn, then the quarter the text lines' direction points to. */
function rotationOrder(image: RgbaImage, exifTurn: QuarterTurn): QuarterTurn[] {
  const base: QuarterTurn[] = textRunsAcross(image) ? [0, 180, 90, 270] : [90, 270, 0, 180];
  return [exifTurn, ...base.filter((t) => t !== exifTurn)];
}

// --- Bill pages (scanned or photographed) ---

/**
 * A scanned page fills its image, so its longest side fixes the text size: at 1600 px an A4 page is
 * read at ~140 dpi, where 9-pt text has an x-height of ~9 px — enough for the engine, at about two
 * thirds of the pixels (and time) of 2000 px; 1400–2000 px read the scanned sets equally well.
 */
const SCANNED_PAGE_MAX_SIDE = 1600;
/** Tiles across the page for the paper's brightness: ~100 px at 1600 px, a few text lines each. */
const PAPER_TILES = 16;
/** Pages of a scanned bill read: household bills run to 3–4 (consumption is often on the last). */
const SCANNED_BILL_MAX_PAGES = 4;

/** Words every bill prints: a reading that holds several is right side up, whatever its confidence. */
const BILL_WORDS = /\b(?:factur[aăi]|total|tva|kwh|client|contract|consum|plat[aă]|lei|ron|pod|perioad[aă]|energie)\b/gi;
const billWordCount = (text: string) => new Set((text.toLowerCase().match(BILL_WORDS) ?? []).map((w) => w.normalize("NFD").replace(/[\u0300-\u036f]/g, ""))).size;

const noTextFound = (): ExtractedData => ({ kind: "unreadable", reason: "no_text_found", detail: "OCR found no text" });
/**
 * OCR text goes through the repairs of its known misreadings before the bill reader; what it read
 * is then checked against how sure the engine was of each word (ocr-bill-checks).
 */
const parseOcrBill = (text: string, words: OcrWord[]) => {
  const repaired = repairOcrText(text);
  return checkOcrBill(parseBillText(repaired), repaired, words);
};
/** Twice the size: a digit's strokes the first reading merged or lost come out differently. */
const SECOND_READING_SCALE = 2;
/** A page's words, each able to be read again on its own (its box and a margin of 40 % of its height). */
function wordsOf(engine: OcrEngine, page: OcrPageResult): OcrWord[] {
  return (page.words ?? []).map((word) => ({
    text: word.text,
    confidence: word.confidence,
    readAgain: (scale = SECOND_READING_SCALE) => {
      const margin = Math.round((word.rect.bottom - word.rect.top) * 0.4);
      return engine
        .recognizeRegion(page.image, regionAround([word], margin), "", scale)
        .map((l) => l.text)
        .join(" ");
    },
  }));
}

const acceptBillReading = (r: Pick<OcrPageResult, "confidence" | "text">) => r.confidence >= 0.8 || (r.confidence >= 0.6 && billWordCount(r.text) >= 4);
/**
 * A page read with some confidence that holds not one bill word is something else read right side
 * up (an identity card, a letter sent as a bill): a bill read the wrong way up comes out as noise
 * the engine is unsure of. The other turns would only cost their passes (~1.5 s each).
 */
const notABill = (r: OcrPageResult) => r.confidence >= 0.6 && billWordCount(r.text) === 0;
/**
 * Which of two readings is the page right side up: the one holding more bill words, then the more
 * confident. A page read a quarter off (a photo's dark margins can mislead the direction test) comes
 * out as confident single letters with a few words the engine found turned in it.
 */
const billReadingRank = (r: OcrPageResult) => billWordCount(r.text) + r.confidence;

/**
 * The direction test on a level page: turned by a degree or two, a page's text lines smear across
 * the row profile while a table's aligned figures still stand out in the column profile.
 */
function linesRunAcross(page: RgbaImage): boolean {
  const small = shrinkToFit(page, 500);
  const skew = estimateSkewDegrees(small);
  return textRunsAcross(Math.abs(skew) >= 0.8 ? rotateDegrees(small, -skew) : small);
}

/**
 * Reads one bill page. Paper is mostly white, so the contrast stretch takes black from the darkest
 * 0.2 % (the 2nd percentile of a sparse page is paper, and stretching it turns JPEG noise into ink).
 * Only the two turns the text lines' direction allows are tried first (a page whose lines run across
 * is upright or upside down), and a reading holding several bill words is accepted at once; the two
 * other turns only when neither was accepted, and then the reading holding more bill words wins. An
 * EXIF turn the lines contradict is ignored. A confident reading without a single bill word ends the
 * search too: the page is not a bill, whichever way it is turned.
 */
async function recognizeBillPage(engine: OcrEngine, page: RgbaImage, exifTurn: QuarterTurn, scanned: boolean): Promise<BillPage> {
  // Sized once: the direction test and every pass then work on the smaller image. The direction
  // test reads the page as it came (the evened paper's tile seams can mislead it); the passes read
  // the paper made evenly white — grey or yellowish paper, a phone's uneven light or the white margin
  // of a page turned on the scanner otherwise pull the engine's global threshold into the paper.
  const sized = shrinkToFit(page, scanned ? SCANNED_PAGE_MAX_SIDE : OCR_MAX_SIDE);
  const across = linesRunAcross(sized);
  const image = flattenIllumination(sized, PAPER_TILES);
  const likely: QuarterTurn[] = across ? [0, 180] : [90, 270];
  const unlikely: QuarterTurn[] = across ? [90, 270] : [0, 180];
  const first = likely.includes(exifTurn) ? [exifTurn, ...likely.filter((t) => t !== exifTurn)] : likely;
  const options = { accept: (r: OcrPageResult) => acceptBillReading(r) || notABill(r), layout: true, darkShare: 0.002 };
  const faded = scanned && printContrast(image) < FADED_PRINT ? image : null;
  const read = await engine.recognize(image, { ...options, rotations: first });
  if (acceptBillReading(read) || notABill(read)) return { ...(await withRulesErased(engine, read)), faded };
  const other = await engine.recognize(image, { ...options, rotations: unlikely });
  const best = billReadingRank(other) > billReadingRank(read) ? other : read;
  return { ...(await withRulesErased(engine, { ...best, durationMs: read.durationMs + other.durationMs, passes: read.passes + other.passes })), faded };
}

/**
 * A good print's ink is ~200 darker than its paper (printContrast); a sheet printed by a printer low on
 * toner, ~90–120, and paler still in streaks down the sheet, where the engine loses words.
 */
const FADED_PRINT = 140;
/** A scanned bill page as read, with its evened image when its print is faded (null otherwise). */
type BillPage = OcrPageResult & { faded: RgbaImage | null };

/**
 * The turns a faded page is read again at: the first reading's, where that reading was a bill's. A page
 * the first reading could not read (faint print beside a dark scanner lid's border reads as nothing at
 * every turn) has no turn found: a sheet fed upside down is tried both ways, the first reading's turn first.
 */
export function fadedPageTurns(page: Pick<OcrPageResult, "rotation" | "confidence" | "text">): QuarterTurn[] {
  return acceptBillReading(page) ? [page.rotation] : [page.rotation, ((page.rotation + 180) % 360) as QuarterTurn];
}

/**
 * A faded print whose reading lacks fields is read once more with its faint ink darkened
 * (darkenFaintInk), each page at the turn its first reading found; what that reading finds fills only
 * the fields the first lost, below sure (filledFrom). Darkening every page would cost the well-printed
 * ones their reading (it darkens specks and a fold's shadow too), so only the faded ones are read again.
 */
async function fadedPrintReadAgain(engine: OcrEngine, pages: BillPage[], data: ExtractedData): Promise<{ data: ExtractedData; ms: number; passes: number }> {
  if (data.kind !== "bill" || data.missingFields.length === 0 || !pages.some((p) => p.faded)) return { data, ms: 0, passes: 0 };
  const again: OcrPageResult[] = [];
  let ms = 0;
  let passes = 0;
  for (const page of pages) {
    if (!page.faded) {
      again.push(page);
      continue;
    }
    const read = await engine.recognize(darkenFaintInk(page.faded), { layout: true, darkShare: 0.002, rotations: fadedPageTurns(page), accept: acceptBillReading });
    ms += read.durationMs;
    passes += read.passes;
    again.push(read);
  }
  const second = parseOcrBill(again.map((p) => p.layoutText ?? p.text).join("\n"), again.flatMap((p) => wordsOf(engine, p)));
  return { data: filledFrom(data, second, printedCharacters(again) >= READ_FAR_MORE * printedCharacters(pages)), ms, passes };
}

/**
 * How many times the characters of the first reading a darkened reading must hold to have read far more of a faded
 * page (round 28: 944 against 335, a toner streak down half the first reading's lines); a reading as good as the
 * first (~0.9–1.1 times its characters) is no better one.
 */
const READ_FAR_MORE = 2;
const printedCharacters = (pages: OcrPageResult[]) => pages.reduce((sum, p) => sum + (p.layoutText ?? p.text).replace(/\s/g, "").length, 0);

/** Rows of a box or table ruled with characters, as the engine reads them: a bar or a corner first ('| CLIENT : …'). */
const CHARACTER_RULED_ROW = /^\s*[|+]/;

/**
 * A page whose boxes and tables are ruled with characters (a dot-matrix print): the engine takes the
 * rules for the edges of regions and loses text beside them (a code's end, a table's figures). Read
 * again with the rules painted white (one more pass, on such pages only); the reading with more bill
 * words, then more characters, is kept.
 */
async function withRulesErased(engine: OcrEngine, read: OcrPageResult): Promise<OcrPageResult> {
  const text = read.layoutText ?? read.text;
  if (text.split("\n").filter((line) => CHARACTER_RULED_ROW.test(line)).length < 3) return read;
  const again = await engine.recognize(withoutRuledLines(read.image), { layout: true, darkShare: 0.002 });
  const characters = (r: OcrPageResult) => (r.layoutText ?? r.text).replace(/\s/g, "").length;
  const better = billWordCount(again.text) > billWordCount(read.text) || (billWordCount(again.text) === billWordCount(read.text) && characters(again) > characters(read));
  const passes = read.passes + again.passes;
  const durationMs = read.durationMs + again.durationMs;
  return better ? { ...again, rotation: read.rotation, skewDegrees: read.skewDegrees, passes, durationMs } : { ...read, passes, durationMs };
}

/**
 * Past the deadline, a zone pass only where the page read zone-like lines: the band of densest text a
 * reading without them is guessed from (a card's marks sharpened, a whole frame) is no zone's look
 * worth 0.8 s past it (ID round 19: the last pass of a photo read in 8.2 s).
 */
export function zoneBandTooLate(page: { lines: OcrLine[] }, clock?: ReadingClock): boolean {
  return !!clock && clock.now() >= clock.deadline && !page.lines.some((l) => isZoneLike(l.text));
}

/** How far past the reading's deadline a zone's sharpened pass may end (issue #14: < 8 s a document, the deadline 6.5 s). */
export const ZONE_PASS_GRACE_MS = 1000;

/**
 * `rotations`: the turns to try, most likely first, at most `maxTurns` of them (one at least).
 * `zoneSharpenings`: whether a zone that does not hold is read again sharpened along each axis.
 * `clock`: no sharpened zone pass starts that would end more than ZONE_PASS_GRACE_MS past the
 * reading's deadline at twice the plain zone pass's time (a whole frame's band of desk and print,
 * read sharpened, took 2 s a pass and ran a photo 4 s past the deadline: ID round 18). A card's zone,
 * ~0.1 s a pass, is still read sharpened near the deadline. The plain zone pass, bounded by the zone's
 * height, always runs: it is the reading's only look at the zone.
 */
export async function readIdImage(engine: OcrEngine, image: RgbaImage, rotations: QuarterTurn[], referenceYear: number, maxTurns = rotations.length, zoneSharpenings = true, wholeFrame = false, clock?: ReadingClock) {
  // A card made into a field of marks is not read at all (its passes would be the photo's slowest);
  // the photo as it is may be mostly a dark desk around the card, and is read whatever its ink.
  if (!wholeFrame && readsAsTexture(image)) return { page: unreadPage(image, rotations[0] ?? 0), mrzText: undefined, passes: 0, pagePasses: 0, ocrMs: 0, tooLong: false };
  // A page of print (a newspaper under the card) costs seconds a pass: only the turns that end by the deadline.
  const turnsLeft = turnsInTime(image, clock);
  if (turnsLeft < 1) return { page: unreadPage(image, rotations[0] ?? 0), mrzText: undefined, passes: 0, pagePasses: 0, ocrMs: 0, tooLong: true };
  const page = await engine.recognize(image, {
    rotations: rotations.slice(0, Math.max(1, Math.min(maxTurns, turnsLeft))),
    // Right side up once a confident reading holds a zone with at least three valid check digits
    // (a wrong turn reads as noise, where one or two digits can match by chance); the zone-only
    // second pass below repairs the rest.
    accept: (r) => {
      const mrz = r.confidence >= ACCEPT_OCR_CONFIDENCE ? findMrz(r.text, referenceYear) : null;
      return mrz !== null && Object.values(mrz.checks).filter(Boolean).length >= 3;
    },
  });
  let passes = page.passes;
  let regionMs = 0;
  let mrzText: string | undefined;
  // A zone read mirrored (its fillers as '>>>') is not read again with the zone's alphabet: the picture
  // is mirrored, and the time goes to reading it mirrored back (ID round 19: 1.2 s of zone passes left
  // a mirrored card no time for it).
  if (!findMrz(page.text, referenceYear)?.valid && !holdsMirroredFillers(page.text)) {
    // Second pass on the zone alone, with the MRZ alphabet only: where the first pass saw zone-like
    // lines, else the band of densest text in the card's lower part (the engine may have missed it).
    const rect = zoneRegion(page);
    if (rect && !readsAsTexture(crop(page.image, rect)) && !zoneBandTooLate(page, clock)) {
      await yieldToRequests();
      const regionStarted = performance.now();
      const zoneStarted = clock?.now() ?? 0;
      mrzText = engine.recognizeRegion(page.image, rect, MRZ_WHITELIST).map((l) => l.text).join("\n");
      passes++;
      const zoneMs = (clock?.now() ?? 0) - zoneStarted;
      const inTime = (cost: number) => !clock || clock.now() + cost < clock.deadline + ZONE_PASS_GRACE_MS;
      // Still no zone that holds: a shaken photo's strokes smeared along one axis. The zone cut out
      // and sharpened along each axis in turn, the reading with more valid check digits kept.
      const zone = crop(page.image, rect);
      const whole = { left: 0, top: 0, right: zone.width, bottom: zone.height };
      for (const axis of zoneSharpenings ? (["x", "y"] as const) : []) {
        if (findMrz(mrzText, referenceYear)?.valid || !inTime(2 * zoneMs)) break;
        await yieldToRequests();
        const sharpened = sharpenAlong(zone, axis);
        if (readsAsTexture(sharpened)) continue;
        const sharper = engine.recognizeRegion(sharpened, whole, MRZ_WHITELIST).map((l) => l.text).join("\n");
        passes++;
        if (checkDigitsHeld(sharper, referenceYear) > checkDigitsHeld(mrzText, referenceYear)) mrzText = sharper;
      }
      regionMs = performance.now() - regionStarted;
    }
  }
  return { page, mrzText, passes, pagePasses: page.passes, ocrMs: page.durationMs + regionMs, tooLong: false };
}

/**
 * A card prints at most this many letter-sized marks (printMarks: ~300–500); an image with more holds a
 * page of print — a newspaper the card lies on, cut out as the card's outline or in the whole frame.
 */
export const CARD_MAX_MARKS = 1500;
/** The engine's time a mark (ms, one pass): a card's ~400 marks ~0.6 s, a newspaper's ~3800 marks 6–10 s a pass (ID round 21). */
export const PASS_MS_PER_MARK = 1.5;

/**
 * Turns an image may be read at before the deadline, at PASS_MS_PER_MARK a pass (no pass read yet
 * tells the pace: a photo's first reading, started 5.7 s in after a slow outline search, read two turns
 * and ended 4 s past the deadline): a card's print at least one; a page of print none when even one
 * would end past it (ID round 21: a newspaper page taken for the card read 7 s a turn, 15.9 s in all).
 */
export function turnsInTime(image: RgbaImage, clock?: ReadingClock): number {
  if (!clock) return Infinity;
  const marks = printMarks(image);
  const turns = Math.floor((clock.deadline - clock.now()) / (Math.max(1, marks) * PASS_MS_PER_MARK));
  return marks > CARD_MAX_MARKS ? Math.max(0, turns) : Math.max(1, turns);
}

/**
 * An image more than a third ink is no card's print (a card's print is about a tenth ink, a tight band
 * of dense text at most about a quarter): a shaken or grainy card sharpened into a field of marks, which
 * the engine's layout analysis takes for hundreds of lines — one such pass cost 10 to 20 s (ID round 14,
 * a card shot off a screen, 32 s in all). Such an image is not read: the bound on one pass's work,
 * with the pixel count (OCR_MAX_SIDE) and the zone's height. A small region costs little whatever it holds.
 */
export const PRINT_MAX_INK_SHARE = 1 / 3;
const TEXTURE_CHECK_MIN_PIXELS = 100_000;

export function readsAsTexture(image: RgbaImage): boolean {
  return image.width * image.height >= TEXTURE_CHECK_MIN_PIXELS && globalInkShare(image) > PRINT_MAX_INK_SHARE;
}

/** A reading of nothing, no pass spent: what a refused image reads as. */
function unreadPage(image: RgbaImage, rotation: QuarterTurn): OcrPageResult {
  return { text: "", lines: [], confidence: 0, rotation, contrastSpread: 0, skewDegrees: 0, width: image.width, height: image.height, durationMs: 0, passes: 0, image };
}

/**
 * A zone is at most three lines at the foot of the card, under a third of its height (a TD1 zone, the
 * tallest, ~25 %). Where the first pass saw zone-like lines: the lowest of them and those within three
 * line heights above it (a card's title read without spaces higher up is no part of it); else the band
 * of densest text in the card's lower part, its lowest third of the page at most (on a field of marks
 * the band spreads over the whole lower half, and its reading cost seconds).
 */
export function zoneRegion(page: { lines: OcrLine[]; image: RgbaImage }): OcrLine["rect"] | null {
  const zone = page.lines.filter((l) => isZoneLike(l.text));
  const maxHeight = page.image.height / 3;
  if (zone.length > 0) {
    const lowest = zone.reduce((a, b) => (b.rect.bottom > a.rect.bottom ? b : a));
    const lineHeight = lowest.rect.bottom - lowest.rect.top;
    const near = zone.filter((l) => l.rect.top >= lowest.rect.top - 3 * lineHeight);
    const rect = regionAround(near, 12);
    return { ...rect, top: Math.max(rect.top, rect.bottom - maxHeight) };
  }
  const band = densestTextBand(page.image);
  return band ? { ...band, top: Math.max(band.top, band.bottom - maxHeight) } : null;
}

/**
 * A line read as part of a zone: fillers, or the whole line one run of the zone's alphabet holding
 * digits (a second line read only in part, with its one filler) — not a long word in a line (a card's
 * title read without its spaces would stretch the zone's region over the whole card, and the second
 * pass then reads the card's print with the zone's alphabet).
 */
export function isZoneLike(text: string): boolean {
  const flat = text.replace(/\s/g, "");
  return /<{2,}/.test(flat) || (/^[A-Z0-9<]{20,48}$/.test(flat) && /\d/.test(flat) && (flat.length >= 26 || flat.includes("<")));
}

/** How much of a zone a text holds: its valid check digits (+100 when the zone is valid), 0 without one. */
function checkDigitsHeld(text: string | undefined, referenceYear: number): number {
  const mrz = text ? findMrz(text, referenceYear) : null;
  return mrz ? Object.values(mrz.checks).filter(Boolean).length + (mrz.valid ? 100 : 0) : 0;
}

/** How much of a zone a reading holds: its valid check digits, none without a zone. */
function zoneScore(read: { page: { text: string }; mrzText?: string }, referenceYear: number): number {
  return Math.max(checkDigitsHeld(read.mrzText, referenceYear), checkDigitsHeld(read.page.text, referenceYear));
}

/** Fewer than 20 letters and digits: no card's print, only marks the engine took for text. */
export function readsAsNothing(text: string): boolean {
  return text.replace(/[^\p{L}\p{N}]/gu, "").length < 20;
}

type IdReading = Awaited<ReturnType<typeof readIdImage>> & { cardStraightened: boolean };

/**
 * Fewer lines of print than this (outside the zone): a reading that lost part of the card. Every
 * Romanian card prints ~15 lines of labels and values (the classic card 17, a passport 16, the
 * electronic card 14), of which the engine merges or drops a few even when it reads the card well.
 */
const CARD_PRINTED_LINES = 10;

/** Lines of the card's print a reading holds: three letters or digits at least, outside the zone. */
export function printedLines(page: { lines: { text: string }[] }): number {
  return page.lines.filter((l) => !isZoneLike(l.text) && l.text.replace(/[^\p{L}\p{N}]/gu, "").length >= 3).length;
}

/**
 * How much print a reading holds, weighed by how sure the engine was of it: a reading of grain and
 * glare comes out as many short lines the engine is unsure of, which must not beat fewer lines read
 * surely.
 */
export function surePrint(page: { lines: { text: string }[]; confidence: number }): number {
  return printedLines(page) * page.confidence;
}

/** Whether a text holds a CNP whose control digit holds: a card's print, never a desk's, a newspaper's or a phone's status bar. */
export function holdsValidCnp(text: string): boolean {
  return (text.match(/(?<!\d)[1-8]\d{12}(?!\d)/g) ?? []).some((cnp) => isValidCnp(cnp));
}

/**
 * Words every Romanian identity card or passport prints (its title, a label, a place's or an issuer's
 * mark), as the engine reads them even unsurely: no phone's status bar, gallery caption or desk prints them.
 */
const CARD_WORDS = /ROM[AÂ]NIA|ROUMANIE|IDENTIT|CARTE|PA[SŞȘ]APORT|PASSPORT|SPC[LE]{1,2}P|\b(?:Jud|Mun|Str|Sec)\b|nelimitat|Domiciliu|Prenume/i;

/**
 * Whether a reading holds a field of a card, or its print: a valid CNP, a zone's line, a word every card
 * prints. A screenshot's status bar or caption read however well holds none: no card was read.
 */
export function holdsCardField(text: string): boolean {
  return holdsValidCnp(text) || text.split("\n").some((line) => isZoneLike(line)) || CARD_WORDS.test(text);
}

/**
 * Of two readings whose zones do not hold, whether `a` is the card's rather than `b`: the one holding a
 * valid CNP, else the one that read at least half a card's print fairly surely (wayUpKnown: a
 * screenshot's status bar, two sure lines, must not beat the card read less surely; desk texture read
 * as a dozen unsure lines is no card's print), else the one the engine was surer of.
 */
export function surerReading(a: { page: { text: string; lines: { text: string }[]; confidence: number } }, b: { page: { text: string; lines: { text: string }[]; confidence: number } }): boolean {
  const [cnpA, cnpB] = [holdsValidCnp(a.page.text), holdsValidCnp(b.page.text)];
  if (cnpA !== cnpB) return cnpA;
  const [cardA, cardB] = [holdsCardField(a.page.text), holdsCardField(b.page.text)];
  if (cardA !== cardB) return cardA;
  const [printA, printB] = [wayUpKnown(a.page), wayUpKnown(b.page)];
  if (printA !== printB) return printA;
  // Both read half a card's print surely: one holding twice the other's lines or more wins (a
  // screenshot's frame, its status bar and a few of the card's words read at 0.72, must not beat the
  // card cut out and read at 0.63); closer, the surer (two outlines of one card, one cut tighter).
  const [linesA, linesB] = [printedLines(a.page), printedLines(b.page)];
  if (printA && Math.max(linesA, linesB) >= 2 * Math.min(linesA, linesB)) return linesA > linesB;
  return a.page.confidence >= b.page.confidence;
}

/** A whole phone frame this much above OCR size shrinks its card too small to read, and its desk costs seconds. */
const WHOLE_FRAME_MAX_SIDE = OCR_MAX_SIDE * 1.5;

/** Whether the photo as it is is still worth a reading once no card candidate's zone held. */
export function wholeFrameWorthReading(image: { width: number; height: number }, cardsTried: number): boolean {
  return cardsTried === 0 || Math.max(image.width, image.height) <= WHOLE_FRAME_MAX_SIDE;
}

/**
 * Full OCR passes (one turn of a whole card or photo, ~0.3–0.8 s on a quiet machine, each followed by
 * at most three cheaper passes over its zone) one photo may cost (issue #14: < 8 s a document,
 * decoding, finding the card and the labelled fields' second readings included): a photo nothing
 * reads well would otherwise try every candidate, turn and sharpening — 23 s for one. Counted in
 * passes, not milliseconds, so that a loaded machine reads a photo as a quiet one does, only slower.
 */
export const ID_PHOTO_MAX_PASSES = 10;

/** The turn each way a boxed print is read at when read level found nothing (a card dropped askew). */
export const BOXED_TILT = 15;

/** A card cut out narrower than this (a photo resent through a messaging app, 1280 px on its long side): its letters are under ~12 px high. */
const SMALL_CARD_WIDTH = 800;

/**
 * A small card made readable: enlarged twice over (the engine reads letters ~20 px high best) and
 * smoothed (a recompressed photo's blocks, a screen's moiré would be sharpened into marks); null for
 * a card large enough as it is.
 */
export function smallCard(cut: RgbaImage): RgbaImage | null {
  return cut.width < SMALL_CARD_WIDTH ? blurTwice(enlarge(cut, 2)) : null;
}

/**
 * Time from the upload's first byte after which a photo starts no further reading (issue #14: < 8 s a
 * document): the passes budget holds a quiet machine's photo to ~6 s, but a photo of large frames or
 * many candidates (a newspaper's outlines) paid more per pass — 8.7 and 9.3 s. The reading under way
 * finishes, then the best reading so far is kept.
 */
export const ID_PHOTO_DEADLINE_MS = 6500;

/** The time a photo's reading may run to: `deadline` on the scale of `now()` (milliseconds). */
export interface ReadingClock {
  now: () => number;
  deadline: number;
}

/**
 * Full passes that end before the deadline at the pace of those spent so far (OCR time a full pass,
 * its zone passes included); unbounded without a clock or before any pass.
 */
export function passesInTime(spent: { pagePasses: number; ocrMs?: number }, clock?: ReadingClock): number {
  if (!clock) return Infinity;
  const left = clock.deadline - clock.now();
  if (left <= 0) return 0;
  if (spent.pagePasses === 0 || !spent.ocrMs) return Infinity;
  return Math.floor(left / (spent.ocrMs / spent.pagePasses));
}

/**
 * Whether another reading may start: full passes are left, and (given a clock) one more pass at the
 * pace so far ends before the deadline (a whole phone frame's two turns started just before it ran
 * 2.5 s past it).
 */
export function budgetAllows(spent: { pagePasses: number; ocrMs?: number }, maxPasses = ID_PHOTO_MAX_PASSES, clock?: ReadingClock): boolean {
  return spent.pagePasses < maxPasses && passesInTime(spent, clock) >= 1;
}

/**
 * A card read as nothing, read again sharpened along an axis: its passes before found no line, cheaply
 * (a 1600 px card, 0.45 s a pass), while the sharpened card's marks are read as a dozen lines — 2.5 s
 * a pass and 0.8 s its zone band (ID round 19, a card shot off a screen at a slant: 8.2 s in all; at
 * twice the pace it still started, 2.6 paces before the deadline, and ended 0.9 s past it). Such a
 * pass is priced at this many passes at the pace so far.
 */
export const SHARPENED_PASS_COST = 3;

/** Turns a card read as nothing may be read sharpened at: within the budget, at SHARPENED_PASS_COST passes each before the deadline. */
export function sharpenedPassesLeft(spent: { pagePasses: number; ocrMs?: number }, maxPasses = ID_PHOTO_MAX_PASSES, clock?: ReadingClock): number {
  return Math.min(maxPasses - spent.pagePasses, Math.floor(passesInTime(spent, clock) / SHARPENED_PASS_COST));
}

/**
 * A reading at least this sure, of at least half a card's print, is the right way up: the same card
 * read upside down comes out at 0.25 at most (ID photo rounds 8 to 12: 0.08–0.24 the wrong way up,
 * 0.33–0.78 the right way), so its second readings need not try the other turn again.
 */
const WAY_UP_CONFIDENCE = 0.3;

/** Whether a reading shows which way up the card is: the print read, surely enough that no turn read it better. */
export function wayUpKnown(page: { lines: { text: string }[]; confidence: number }): boolean {
  return page.confidence >= WAY_UP_CONFIDENCE && printedLines(page) >= CARD_PRINTED_LINES / 2;
}

/**
 * The turns to read a straightened card at: both ways up, or — another outline of the card being
 * straightened the same way up (its first side the long one nearer the photo's top left) — only the
 * way up an earlier outline's sure reading found.
 */
export function cardTurns(earlier: { page: { lines: { text: string }[]; confidence: number; rotation: QuarterTurn } }[]): QuarterTurn[] {
  const wayUp = earlier.find((r) => wayUpKnown(r.page))?.page.rotation;
  return wayUp === undefined ? [0, 180] : [wayUp];
}

/** Cards tried at most, other cards (a bank card's outline is as clear as the ID card's) included. */
const MAX_CARDS_TRIED = 4;

/**
 * The card finder's candidates, then — while every card tried read as nothing (a dark bank card is
 * refused as texture, a card's back holds no print) — the next outline not centred on one tried.
 * Lazy: the caller reads each candidate before asking for the next.
 */
export function* cardsToTry(image: RgbaImage, readings: readonly { page: { text: string } }[]): Generator<CardLocation> {
  const tried: Quad[] = [];
  for (const card of cardCandidates(image)) {
    tried.push(card.quad);
    yield card;
  }
  while (tried.length > 0 && tried.length < MAX_CARDS_TRIED && readings.length >= tried.length && readings.every((r) => readsAsNothing(r.page.text))) {
    const other = anotherCard(image, tried);
    if (!other) return;
    tried.push(other.quad);
    yield other;
  }
}

/**
 * Below this confidence a reading that holds text but no sure sign of a card (no valid CNP, no zone
 * that holds) may be a mirrored picture's: a front camera or a webcam saves the card mirrored left
 * to right, and its print reads as 0.12–0.29 at either turn (ID photo round 18), as a card read the
 * wrong way up does (WAY_UP_CONFIDENCE). At 0.4, four tuning photos read right way round at
 * 0.33–0.40 paid the mirrored reading's two passes, and one lost its zone to the deadline.
 */
const MIRROR_CHECK_CONFIDENCE = 0.3;

/**
 * A run of the zone's fillers mirrored ('<<<' read as '>>>'): no card prints '>', and a mirrored
 * card's zone reads so however sure the engine is of the rest (ID round 19: 0.21, but 0.30 before
 * the card was evened).
 */
export function holdsMirroredFillers(text: string): boolean {
  // Not beside fillers read the right way round: a zone read as it is printed, a mark or two misread.
  const flat = text.replace(/[ \t]+/g, "");
  return />{3,}/.test(flat) && !/<{3,}/.test(flat);
}

/**
 * Whether a card's readings so far read none of its fields for sure: no valid CNP, no zone that holds
 * — however much else they read (a photocopy's scraps, a screenshot's status bar) or however sure the
 * engine was of it. Such a card is read once more set black on white (binarizedCard).
 */
export function binarizedWorthReading(read: { page: { text: string }; mrzText?: string }, referenceYear: number): boolean {
  return !holdsValidCnp(read.page.text) && zoneScore(read, referenceYear) < 100;
}

/**
 * Whether a reading holds a whole card's print, fairly surely (as many lines as a card prints, at the
 * confidence that shows its way up): no CNP read in it is the print's doing, not the contrast's, and
 * binarizing it reads nothing more — its two passes go to the next candidate (round 22's popescu s33-1:
 * a loyalty card over the ID card's edge, read as 23 lines at 0.33, left the ID card's outline no time).
 */
export function readsWholeCard(page: { lines: { text: string }[]; confidence: number }): boolean {
  return page.confidence >= WAY_UP_CONFIDENCE && printedLines(page) >= CARD_PRINTED_LINES;
}

/**
 * The order a card's evened readings are tried in (the last one binarized): as listed, or — every
 * reading so far read as nothing (no outline's plain, smoothed or sharpened pass took its marks for
 * text: a faded, backlit or night card, its print hardly darker than its plastic) — the binarized one
 * first, the only one that reads such a card (ID round 28: three photos read text only there, at a
 * pass the deadline cut short or never reached), the others after it while the reading lacks.
 */
export function eveningsOrder(text: string, count: number): number[] {
  const listed = Array.from({ length: count }, (_, i) => i);
  return readsAsNothing(text) ? [count - 1, ...listed.slice(0, -1)] : listed;
}

/** Whether a card's reading is worth reading again mirrored: text, but nothing that shows it a card read right. */
export function mirrorWorthTrying(read: { page: OcrPageResult; mrzText?: string }, referenceYear: number): boolean {
  const unsure = read.page.confidence < MIRROR_CHECK_CONFIDENCE || holdsMirroredFillers(read.page.text);
  return !readsAsNothing(read.page.text) && unsure && !holdsValidCnp(read.page.text) && zoneScore(read, referenceYear) < 100;
}

/**
 * Whether the whole frame is worth reading again mirrored: its reading is worth it as a card's is, or
 * it read text — however surely — but no card's field (a mirrored screenshot's status bar and caption,
 * read well at 0.93, round 25), while no card cut out read one either (the frame's status bar beside a
 * card read right is no sign of a mirrored picture).
 */
export function frameMirrorWorthTrying(frame: { page: OcrPageResult; mrzText?: string }, cards: readonly { page: { text: string } }[], referenceYear: number): boolean {
  if (mirrorWorthTrying(frame, referenceYear)) return true;
  return !cards.some((r) => holdsCardField(r.page.text)) && !readsAsNothing(frame.page.text) && !holdsCardField(frame.page.text) && zoneScore(frame, referenceYear) < 100;
}

/**
 * Whether the card read mirrored is the card as printed: its reading holds a valid CNP or more of a
 * zone (three check digits at least: one or two match by chance) where the picture as saved held
 * none, or the engine is much surer of it (a card's print mirrored reads as letter-like marks the
 * engine is unsure of; a card read right and then mirrored, likewise).
 */
export function readsMirrored(asSaved: { page: OcrPageResult; mrzText?: string }, mirrored: { page: OcrPageResult; mrzText?: string }, referenceYear: number): boolean {
  if (holdsValidCnp(mirrored.page.text) && !holdsValidCnp(asSaved.page.text)) return true;
  const zone = zoneScore(mirrored, referenceYear);
  if (zone >= 3 && zone > zoneScore(asSaved, referenceYear)) return true;
  const [was, now] = [asSaved.page.confidence, mirrored.page.confidence];
  return now >= was + 0.1 && now >= 1.5 * was;
}

type Spent = { passes: number; pagePasses: number; ocrMs: number };
const plus = (a: Spent, b: Spent): Spent => ({ passes: a.passes + b.passes, pagePasses: a.pagePasses + b.pagePasses, ocrMs: a.ocrMs + b.ocrMs });

/**
 * A photographed card is found, cut out, made rectangular and evenly lit (card-geometry), candidate
 * after candidate in order of likelihood until one's zone holds; then the photo as it is (the card
 * may fill the frame, or every outline was misjudged) unless it is a whole phone frame, and the
 * reading with more valid check digits is kept. Within the OCR budget: once it is spent, the best
 * reading so far is kept.
 */
export async function readIdPhoto(engine: OcrEngine, source: ImageSource, exifTurn: QuarterTurn, referenceYear: number, maxPasses = ID_PHOTO_MAX_PASSES, clock?: ReadingClock) {
  const { image } = source;
  // Turns a reading may try: within the budget, and those that end before the deadline at the pace so far.
  const passesLeft = (spent: Spent) => Math.min(maxPasses - spent.pagePasses, passesInTime(spent, clock));
  const straightened: IdReading[] = [];
  const total = () => straightened.reduce<Spent>(plus, { passes: 0, pagePasses: 0, ocrMs: 0 });
  const spentWith = (read: Spent) => plus(total(), read);
  // Outlines tried: a box around the frame's print (no outline found) leaves the photo as it is to be
  // read as if no card had been, its frame-filling card (a photocopy's sheet) maybe more than the box.
  let outlined = 0;
  // Whether the picture was saved mirrored (a front camera, a webcam): found on the first card that
  // reads as text but not as a card, and then every card cut out and the frame are read mirrored back.
  let mirrored = false;
  let mirrorTried = false;
  for (const card of cardsToTry(image, straightened)) {
    if (!card.boxed) outlined++;
    if (straightened.length > 0 && !budgetAllows(total(), maxPasses, clock)) break;
    await yieldToRequests();
    const cutOut = straightenFromSource(source, card);
    const small = smallCard(cutOut);
    let cut = small ?? cutOut;
    if (mirrored) cut = mirror(cut);
    let straight = small ? stretchInsideCard(flattenIllumination(cut)) : sharpen(flattenIllumination(cut));
    // The straightened card is upright or upside down whatever the EXIF says: its long side is level,
    // so two turns (0°, 180°) are all it needs.
    let read = { ...(await readIdImage(engine, straight, cardTurns(straightened), referenceYear, passesLeft(total()), true, false, clock)), cardStraightened: true };
    // A page of print too long to read by the deadline: its sharpened and evened copies are as long (one
    // sharpened copy's marks ran together, fewer counted, and its pass took 15 s): the next outline.
    if (read.tooLong) {
      straightened.push(read);
      continue;
    }
    // Text read, but nothing of a card: read once more mirrored, both ways up (mirrored, the card's way
    // up is either; the turn its marks read best at first, the likelier in round 18, 4 of 6). Kept, and
    // the photo read mirrored from then on, when the mirrored card reads as a card.
    const tryMirrored = async (reading: IdReading, readFrom: RgbaImage, worthTrying: boolean): Promise<IdReading> => {
      if (mirrorTried || !worthTrying || !budgetAllows(spentWith(reading), maxPasses, clock)) return reading;
      mirrorTried = true;
      await yieldToRequests();
      const again = await readIdImage(engine, mirror(readFrom), reading.page.rotation === 180 ? [180, 0] : [0, 180], referenceYear, passesLeft(spentWith(reading)), true, false, clock);
      mirrored = readsMirrored(reading, again, referenceYear);
      return { ...(mirrored ? again : reading), ...plus(reading, again), cardStraightened: true };
    };
    const mirroredBefore = mirrored;
    read = await tryMirrored(read, straight, mirrorWorthTrying(read, referenceYear));
    if (mirrored && !mirroredBefore) [cut, straight] = [mirror(cut), mirror(straight)];
    // The image the kept reading was read from: a card found mirrored only once evened is read mirrored back from it.
    let keptFrom = straight;
    // A box around the frame's print, not an outline: the card lies in it at the slant it was dropped
    // at, and the level edges beside it (a keyboard's keys) can hide its lines' slant from the skew
    // estimate. Read as nothing, it is read again turned BOXED_TILT each way; the turn that reads text
    // is the one the readings below start from.
    // Read again, both ways up, from another image of this card (made after requests had their turn):
    // its reading kept, and the image noted as the one read from, when it reads text.
    const readAgainFrom = async (made: () => RgbaImage, maxTurns: number): Promise<boolean> => {
      await yieldToRequests();
      const image = made();
      const again = await readIdImage(engine, image, [0, 180], referenceYear, maxTurns, true, false, clock);
      const readText = !readsAsNothing(again.page.text);
      if (readText) keptFrom = image;
      read = { ...(readText ? again : read), ...plus(read, again), cardStraightened: true };
      return readText;
    };
    let tilt = 0;
    for (const degrees of card.boxed ? [BOXED_TILT, -BOXED_TILT] : []) {
      if (!readsAsNothing(read.page.text) || !budgetAllows(spentWith(read), maxPasses, clock)) break;
      if (await readAgainFrom(() => rotateDegrees(straight, degrees), passesLeft(spentWith(read)))) tilt = degrees;
    }
    // A card read as nothing whose cut-out is grainy (a card shot off a screen, its moiré): read again
    // smoothed and stretched inside the card, before the sharpenings (which would sharpen the moiré).
    if (readsAsNothing(read.page.text) && !small && budgetAllows(spentWith(read), maxPasses, clock) && fineGrain(cut) >= SCREEN_GRAIN) {
      await readAgainFrom(() => smoothedCard(flattenIllumination(tilt === 0 ? cut : rotateDegrees(cut, tilt))), passesLeft(spentWith(read)));
    }
    // A card read as (almost) nothing: a shaken photo, whose strokes the engine does not take for
    // text at all. Read again sharpened along each axis in turn until one reads text.
    // Priced at SHARPENED_PASS_COST passes at the pace so far: the passes before read nothing, cheaply.
    for (const axis of ["x", "y"] as const) {
      if (!readsAsNothing(read.page.text)) break;
      const turns = sharpenedPassesLeft(spentWith(read), maxPasses, clock);
      if (turns < 1) break;
      await readAgainFrom(() => sharpenAlong(straight, axis), turns);
    }
    // No zone that holds, or a zone without most of the card's print: a hard shadow's edge across the
    // card (a desk lamp) left as a seam the engine stops its lines at, or a sleeve's haze. Read again
    // evened along the shadow's edge (a lighter sharpening: the haze's grain would turn into marks);
    // the reading with more of a zone is kept, and of two as good, the one that read more print surely.
    // Still lacking, with some print read: a grainy photo (night, a sleeve's haze, a faded card),
    // whose grain both sharpenings turned into marks the engine took for text: read again evened, not
    // sharpened. A candidate still read as nothing is no card's print: the budget goes to the next one.
    const lacking = (r: IdReading) => zoneScore(r, referenceYear) < 100 || printedLines(r.page) < CARD_PRINTED_LINES;
    // Last, while no reading holds a card's field (no valid CNP, no zone that holds): the card set black
    // on white by a local threshold (binarizedCard), whatever the readings before read (a photocopy's
    // pale toner under glare read as a few scraps, or as nothing at all).
    const evenings = [() => sharpen(flattenShadowEdges(cut), 1, 0.5), () => flattenIllumination(cut), () => binarizedCard(flattenIllumination(cut))]
      .map((evened, i) => (small && i < 2 ? () => stretchInsideCard(evened()) : evened))
      .map((evened) => (tilt === 0 ? evened : () => rotateDegrees(evened(), tilt)));
    const order = eveningsOrder(read.page.text, evenings.length);
    for (const i of order) {
      const evened = evenings[i]!;
      const binarized = i === evenings.length - 1;
      // Binarized first and still read as nothing: no card's print, the other evenings' passes go to the next candidate.
      const afterBinarized = order.indexOf(evenings.length - 1) < order.indexOf(i);
      // A reading that shows the card mirrored (its zone's fillers as '>>>') is evened no further: its
      // passes go to reading it mirrored back, below.
      if (!budgetAllows(spentWith(read), maxPasses, clock)) break;
      // The binarized reading only where it leaves the photo as it is its two turns (a photocopy's sheet
      // filling the frame reads there when every cut-out read nothing: tuning round 21's dumitrache s32-0).
      if (binarized ? !binarizedWorthReading(read, referenceYear) || readsWholeCard(read.page) || maxPasses - spentWith(read).pagePasses < 4 : !lacking(read) || ((i > 0 || afterBinarized) && readsAsNothing(read.page.text))) continue;
      if (!mirrorTried && holdsMirroredFillers(read.page.text) && mirrorWorthTrying(read, referenceYear)) break;
      await yieldToRequests();
      // The unsharpened reading, read only the way up the card's print was found (one pass, not two),
      // and its zone once: the axis sharpenings of this card's zone were tried by the readings before.
      // The shadow-evened one too once a reading showed which way up the card is (time: issue #14's p95).
      const turns: QuarterTurn[] = (i > 0 && !binarized) || wayUpKnown(read.page) ? [read.page.rotation] : [0, 180];
      const evenedImage = evened();
      const again = await readIdImage(engine, evenedImage, turns, referenceYear, passesLeft(spentWith(read)), i === 0, false, clock);
      const [was, now] = [zoneScore(read, referenceYear), zoneScore(again, referenceYear)];
      const spent = plus(read, again);
      // A valid CNP read where none was: the card's own print, however little else it read (a
      // binarized photocopy's CNP beside a zone band's chance check digits); the better zone kept with it.
      if (holdsValidCnp(again.page.text) && !holdsValidCnp(read.page.text)) {
        keptFrom = evenedImage;
        read = { ...again, ...spent, mrzText: was > now ? (read.mrzText ?? read.page.text) : again.mrzText, cardStraightened: true };
        continue;
      }
      if (now > was && surePrint(again.page) < surePrint(read.page)) {
        // A better zone read with less of the print (a zone band found in a reading of little else): both kept.
        read = { ...read, ...spent, mrzText: again.mrzText ?? again.page.text, cardStraightened: true };
        continue;
      }
      const better = now > was || (now === was && surePrint(again.page) > surePrint(read.page));
      if (better) keptFrom = evenedImage;
      read = { ...(better ? again : read), ...spent, cardStraightened: true };
    }
    // Not tried mirrored yet, and only the evened readings show the card's print as a mirrored card's
    // (a glare and a blur left its first reading a few sure marks, ID round 19): tried now, from the
    // image whose reading was kept. Found, the other cards and the frame are read mirrored back too.
    // Only on the zone's fillers read mirrored: an evened reading unsure of a card read the right way
    // round (a shaken, grainy photo) is common, and its passes go to the next outline.
    read = await tryMirrored(read, keptFrom, mirrorWorthTrying(read, referenceYear) && holdsMirroredFillers(read.page.text));
    straightened.push(read);
    if (zoneScore(read, referenceYear) >= 100) return { ...read, ...total() };
    await yieldToRequests();
  }
  if (!wholeFrameWorthReading({ width: source.fullWidth, height: source.fullHeight }, outlined) || (straightened.length > 0 && !budgetAllows(total(), maxPasses, clock))) {
    const best = straightened.reduce((a, b) => (surerReading(a, b) ? a : b));
    return { ...best, ...total() };
  }
  // Two turns at most when a card was tried: its reading already tried it both ways up (time: issue #14's p95).
  const frame = mirrored ? mirror(image) : image;
  const turns = rotationOrder(frame, exifTurn);
  const wholeTurns = outlined > 0 ? turns.slice(0, 2) : turns;
  let second = { ...(await readIdImage(engine, frame, wholeTurns, referenceYear, passesLeft(total()), true, true, clock)), cardStraightened: false };
  // No outline found and the photo as it is read as nothing: a night shot under a flash, its hot spot
  // and dim corners more apart than the print from its paper (a photocopy's sheet filling the frame).
  // Read again evened and sharpened, as a card cut out is, at the two likeliest turns of the evened
  // frame's lines (the turns as they were judged from the raw frame's murk). Not once a card was cut
  // out: it was read evened already, and an evened frame's reading only competes with it by chance.
  if (outlined === 0 && readsAsNothing(second.page.text) && budgetAllows(spentWith(second), maxPasses, clock)) {
    await yieldToRequests();
    const evenedFrame = sharpen(flattenIllumination(frame));
    const evened = await readIdImage(engine, evenedFrame, rotationOrder(evenedFrame, exifTurn).slice(0, 2), referenceYear, passesLeft(spentWith(second)), true, true, clock);
    second = { ...(readsAsNothing(evened.page.text) ? second : evened), ...plus(second, evened), cardStraightened: false };
    // Evened, still nothing: a faded or backlit card filling the frame, its print hardly darker than
    // its plastic. Set black on white (binarizedCard) as a card cut out would be, at the same two turns.
    if (readsAsNothing(second.page.text) && budgetAllows(spentWith(second), maxPasses, clock)) {
      await yieldToRequests();
      const binarizedFrame = binarizedCard(flattenIllumination(frame));
      const binarized = await readIdImage(engine, binarizedFrame, rotationOrder(evenedFrame, exifTurn).slice(0, 2), referenceYear, passesLeft(spentWith(second)), true, true, clock);
      second = { ...(readsAsNothing(binarized.page.text) ? second : binarized), ...plus(second, binarized), cardStraightened: false };
    }
  }
  // The frame read as text but not as a card, and no card cut out was read mirrored: a card filling
  // the frame (a scanner app's crop) saved mirrored. Read mirrored back at the turn its lines were read
  // at and the opposite one (mirrored, the card's way up is either).
  if (!mirrorTried && frameMirrorWorthTrying(second, straightened, referenceYear) && budgetAllows(spentWith(second), maxPasses, clock)) {
    mirrorTried = true;
    await yieldToRequests();
    const turn = second.page.rotation;
    const again = await readIdImage(engine, mirror(frame), [turn, ((turn + 180) % 360) as QuarterTurn], referenceYear, passesLeft(spentWith(second)), true, true, clock);
    second = { ...(readsMirrored(second, again, referenceYear) ? again : second), ...plus(second, again), cardStraightened: false };
  }
  if (straightened.length === 0) return second;
  const first = straightened.reduce((a, b) => (surerReading(a, b) ? a : b));
  const [firstZone, secondZone] = [zoneScore(first, referenceYear), zoneScore(second, referenceYear)];
  const spent = plus(total(), second);
  // The raw photo's zone with the straightened card's printed fields, when only the raw reading found
  // a zone that holds and the straightened one read the card's print more surely.
  if (secondZone >= 100 && firstZone < 100 && first.page.confidence > second.page.confidence) {
    return { ...first, ...spent, mrzText: second.mrzText ?? second.page.text, cardStraightened: true };
  }
  // Neither zone holds: the surer reading of a card wins (a few check digits matched by chance in a
  // reading of desk texture must not beat a card whose printed fields were read).
  const straightWins = firstZone >= 100 || secondZone >= 100 ? firstZone >= secondZone : surerReading(first, second);
  return { ...(straightWins ? first : second), ...spent };
}

function ocrSummary(page: OcrPageResult, passes: number): NonNullable<ExtractionResult["ocr"]> {
  return { rotation: page.rotation, contrastSpread: page.contrastSpread, passes, skewDegrees: page.skewDegrees };
}

/**
 * Scanner apps write a PDF whose page is an image yet which carries some text: the app's footer
 * ("Scanned with …", the date) or its own OCR layer. Such a text layer can pass for a text PDF and
 * read as nothing, so a text reading that lacks fields is read again from a page-sized image, when
 * there is one. A logo or a stamp is no page: the image must be large enough to hold a page's print.
 */
const PAGE_SCAN_MIN_SIDE = 500;
const isPageScan = (image: RgbaImage) => Math.min(image.width, image.height) >= PAGE_SCAN_MIN_SIDE;
/** Fields a reading lacks: the reading of a text layer and of its page's image are compared by it. */
const fieldsMissing = (data: ExtractedData) => (data.kind === "unreadable" ? Infinity : data.missingFields.length);

export async function extractDocument(input: ExtractInput): Promise<ExtractionResult> {
  const started = performance.now();
  const referenceYear = new Date(input.now).getUTCFullYear();
  const done = (partial: Omit<ExtractionResult, "timings">, ocrMs: number | null = null): ExtractionResult => ({
    ...partial,
    timings: { totalMs: Math.round(performance.now() - started), ocrMs: ocrMs === null ? null : Math.round(ocrMs) },
  });
  const unreadable = (reason: UnreadableExtraction["reason"], detail: string, method: ProcessingMethod = "none") =>
    done({ extractedData: { kind: "unreadable", reason, detail }, processingMethod: method, ocrQuality: null, ocr: null });

  const isIdentity = input.documentType === "document_identitate";
  const isBill = input.documentType === "ultima_factura";
  if (!isIdentity && !isBill) return unreadable("unsupported_document_type", String(input.documentType));

  const kind: DocumentKind | null = detectKind(input.bytes);
  if (!kind) return unreadable("document_unreadable", `not a JPEG, PNG or PDF (declared ${input.mimeType})`);

  try {
    if (kind === "pdf") {
      const pdf = await readPdfText(input.bytes);
      const pages = () => readPdfPageImages(input.bytes, isBill ? SCANNED_BILL_MAX_PAGES : undefined);
      const readPages = async (images: RgbaImage[]) => {
        const engine = await input.ocr();
        return isBill && images.length > 1 ? readScannedBillPages(engine, images) : readImage(engine, wholeImage(images[0]!), 0, isBill, referenceYear, "ocr_scanned_pdf");
      };
      if (pdf.textChars >= MIN_PDF_TEXT_CHARS) {
        const extractedData = isBill ? parseBillText(pdf.text) : parseIdCardText(pdf.text, { referenceYear });
        const textReading = { extractedData, processingMethod: "pdf_text", ocrQuality: null, ocr: null } as const;
        if (extractedData.missingFields.length === 0) return done(textReading);
        const scans = (await pages()).filter(isPageScan);
        if (scans.length === 0) return done(textReading);
        const read = await readPages(scans);
        return done(fieldsMissing(read.result.extractedData) < fieldsMissing(extractedData) ? read.result : textReading, read.ocrMs);
      }
      const images = await pages();
      if (images.length === 0) return unreadable("scanned_pdf_without_image", `${pdf.pages} page(s), ${pdf.textChars} text characters, no raster image`);
      const read = await readPages(images);
      return done(read.result, read.ocrMs);
    }
    // Decoding a phone photo is a few hundred ms of synchronous work: requests first.
    await yieldToRequests();
    const source = openImage(input.bytes, kind === "jpeg" ? "image/jpeg" : "image/png", OCR_MAX_SIDE, isBill ? [] : ID_PHOTO_SMALLER_COPIES);
    const exifTurn = kind === "jpeg" ? exifQuarterTurn(input.bytes) : 0;
    const engine = await input.ocr();
    const read = await readImage(engine, source, exifTurn, isBill, referenceYear, "ocr_image", { now: () => performance.now(), deadline: started + ID_PHOTO_DEADLINE_MS });
    return done(read.result, read.ocrMs);
  } catch (error) {
    if (error instanceof PdfReadError && error.passwordProtected) return unreadable("pdf_password_protected", error.message);
    if (error instanceof PdfReadError || error instanceof ImageDecodeError) {
      return unreadable("document_unreadable", error.message);
    }
    throw error;
  }

}

async function readImage(
  engine: OcrEngine,
  source: ImageSource,
  exifTurn: QuarterTurn,
  bill: boolean,
  referenceYear: number,
  method: ProcessingMethod,
  clock?: ReadingClock,
): Promise<{ result: Omit<ExtractionResult, "timings">; ocrMs: number }> {
  const noText = (page: OcrPageResult) => page.text.replace(/\s/g, "").length < 20;
  if (bill) {
    const page = await recognizeBillPage(engine, source.image, exifTurn, method === "ocr_scanned_pdf");
    const firstData: ExtractedData = noText(page)
      ? noTextFound()
      : parseOcrBill(page.layoutText ?? page.text, wordsOf(engine, page));
    const again = await fadedPrintReadAgain(engine, [page], firstData);
    return {
      result: { extractedData: again.data, processingMethod: method, ocrQuality: round(page.confidence), ocr: ocrSummary(page, page.passes + again.passes) },
      ocrMs: page.durationMs + again.ms,
    };
  }
  const { page, mrzText, passes, ocrMs, cardStraightened } = await readIdPhoto(engine, source, exifTurn, referenceYear, ID_PHOTO_MAX_PASSES, clock);
  // A page read as nothing whose zone a second pass read whole still has a zone to parse.
  if (noText(page) && !(mrzText && findMrz(mrzText, referenceYear)?.valid)) {
    const extractedData: ExtractedData = noTextFound();
    return { result: { extractedData, processingMethod: method, ocrQuality: round(page.confidence), ocr: { ...ocrSummary(page, passes), cardStraightened } }, ocrMs };
  }
  const started = performance.now();
  const inTime = () => regionRereadsInTime(clock);
  const first = parseIdCardText(page.text, { referenceYear, mrzText });
  const labelled = inTime() ? rereadLabelledFields(engine, page, first, { referenceYear, mrzText }) : first;
  const parsed = rereadLowerHalf(engine, page, labelled, { referenceYear, mrzText }, clock);
  const extractedData = confirmAddressDigits(parsed, inTime() ? rereadAddress(engine, page, parsed.address) : null);
  return {
    result: { extractedData, processingMethod: method, ocrQuality: round(page.confidence), ocr: { ...ocrSummary(page, passes), cardStraightened } },
    ocrMs: ocrMs + performance.now() - started,
  };
}

/**
 * Whether a labelled field's or the address's lines may still be read again after the page was parsed:
 * not past the deadline and its grace (issue #14: < 8 s a photo; a photo whose decoding and outline
 * search took 3 s under load ran its re-readings, 0.7 s, past it). Past it, the first reading's fields
 * stand (an address unconfirmed stays below 0.9).
 */
export function regionRereadsInTime(clock?: ReadingClock): boolean {
  return !clock || clock.now() <= clock.deadline + ZONE_PASS_GRACE_MS;
}

/**
 * The address lines cut out of the page and read again on their own (issue #14: nothing else checks
 * an address's digits); null when the address or its lines were not found.
 */
function rereadAddress(engine: OcrEngine, page: OcrPageResult, address: string | null): string | null {
  if (!address || !/\d/.test(address)) return null;
  const lines = addressLines(page.lines, address);
  if (lines.length === 0) return null;
  return engine.recognizeRegion(page.image, regionAround(lines, 8), "").map((l) => l.text).join("\n");
}

/**
 * The value lines under a birthplace's or an issuer's label cut out and read again on their own when
 * the first reading lost or garbled them (issue #14: a glare spot, a thumb's shadow); the second
 * reading, parsed with the rest of the page, replaces only what it reads better.
 */
function rereadLabelledFields(engine: OcrEngine, page: OcrPageResult, parsed: IdCardExtraction, options: { referenceYear: number; mrzText?: string }): IdCardExtraction {
  const fields = fieldsToReread(parsed);
  const texts = page.lines.map((l) => l.text);
  const after = new Map<number, string>();
  const instead = new Map<number, string>();
  const readAgain = (rect: OcrLine["rect"]) => engine.recognizeRegion(page.image, rect, "").map((l) => l.text).join("\n");
  for (const field of fields) {
    const at = labelLineIndex(texts, field);
    const label = page.lines[at];
    const value = parsed[field];
    if (label) {
      // The value is printed under its label in a larger type, at most two lines (an address-like place).
      const height = label.rect.bottom - label.rect.top;
      after.set(at, readAgain({ left: label.rect.left - height, top: label.rect.bottom, right: Math.max(label.rect.right, label.rect.left + page.width * 0.45), bottom: label.rect.bottom + height * 3 }));
    } else if (value) {
      // Label unread: the value's own line, read again in place of the first reading.
      const own = texts.findIndex((t) => t.includes(value.slice(0, 6)));
      const line = page.lines[own];
      if (!line) continue;
      const half = (line.rect.bottom - line.rect.top) / 2;
      instead.set(own, readAgain({ left: line.rect.left - half, top: line.rect.top - half, right: line.rect.right + half, bottom: line.rect.bottom + half }));
    }
  }
  if (after.size === 0 && instead.size === 0) return parsed;
  const text = texts.flatMap((line, i) => [instead.get(i) ?? line, ...(after.has(i) ? [after.get(i)!] : [])]).join("\n");
  return adoptRereadFields(parsed, parseIdCardText(text, options), fields);
}

/**
 * The classic card's lower half, from under the address's last line read (or its label) down to the
 * zone, read again on its own when the issuer or the issue date was not read (`lowerHalfWorthRereading`):
 * the whole card's reading can drop rows there whole. The band's lines stand in for the first reading's
 * lines inside it; the fields it reads better are taken (`adoptLowerHalf`). Not past the deadline.
 */
export function rereadLowerHalf(engine: OcrEngine, page: OcrPageResult, parsed: IdCardExtraction, options: { referenceYear: number; mrzText?: string }, clock?: ReadingClock): IdCardExtraction {
  if (!lowerHalfWorthRereading(parsed) || (clock && clock.now() > clock.deadline)) return parsed;
  const texts = page.lines.map((l) => l.text);
  const anchor = page.lines[lowerHalfAnchor(texts, parsed.address)];
  if (!anchor) return parsed;
  const height = anchor.rect.bottom - anchor.rect.top;
  const zone = page.lines.find((l) => l.rect.top > anchor.rect.bottom && isZoneLike(l.text));
  const band = { left: anchor.rect.left - height, top: anchor.rect.bottom, right: page.width, bottom: zone ? zone.rect.top : Math.min(page.height, anchor.rect.bottom + page.height * LOWER_HALF_SHARE) };
  if (band.bottom - band.top < height * 2) return parsed;
  const reread = engine.recognizeRegion(page.image, band, "").map((l) => l.text);
  if (reread.length === 0) return parsed;
  const inBand = (l: OcrLine) => (l.rect.top + l.rect.bottom) / 2 > band.top && (l.rect.top + l.rect.bottom) / 2 < band.bottom;
  const above = page.lines.filter((l) => !inBand(l) && l.rect.bottom <= band.bottom).map((l) => l.text);
  const below = page.lines.filter((l) => !inBand(l) && l.rect.bottom > band.bottom).map((l) => l.text);
  return adoptLowerHalf(parsed, parseIdCardText([...above, ...reread, ...below].join("\n"), options));
}

/** Without a zone read under it, the lower half's band reaches this share of the page's height down. */
const LOWER_HALF_SHARE = 0.3;

/** The box around some OCR lines with a margin; recognizeRegion's crop keeps it inside the page. */
function regionAround(lines: { rect: OcrLine["rect"] }[], margin: number): OcrLine["rect"] {
  return {
    left: Math.min(...lines.map((l) => l.rect.left)) - margin,
    top: Math.min(...lines.map((l) => l.rect.top)) - margin,
    right: Math.max(...lines.map((l) => l.rect.right)) + margin,
    bottom: Math.max(...lines.map((l) => l.rect.bottom)) + margin,
  };
}

/** A bill scanned over several pages (the amount due on page 1, the details on page 2): one text, read by the same bill reader. */
async function readScannedBillPages(engine: OcrEngine, pages: RgbaImage[]): Promise<{ result: Omit<ExtractionResult, "timings">; ocrMs: number }> {
  const read: BillPage[] = [];
  for (const page of pages) read.push(await recognizeBillPage(engine, page, 0, true));
  const text = read.map((p) => p.layoutText ?? p.text).join("\n");
  const letters = read.reduce((sum, p) => sum + p.text.length, 0);
  const confidence = letters > 0 ? read.reduce((sum, p) => sum + p.confidence * p.text.length, 0) / letters : 0;
  const firstData: ExtractedData =
    text.replace(/\s/g, "").length < 20 ? noTextFound() : parseOcrBill(text, read.flatMap((p) => wordsOf(engine, p)));
  const again = await fadedPrintReadAgain(engine, read, firstData);
  const first = read[0]!;
  return {
    result: { extractedData: again.data, processingMethod: "ocr_scanned_pdf", ocrQuality: round(confidence), ocr: ocrSummary(first, read.reduce((sum, p) => sum + p.passes, again.passes)) },
    ocrMs: read.reduce((sum, p) => sum + p.durationMs, again.ms),
  };
}

function round(value: number): number {
  return Math.round(value * 1000) / 1000;
}
