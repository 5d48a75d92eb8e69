// Small readers shared by the bill and ID-card parsers: Romanian dates and amounts, label lookup
// over lines split into cells.

/** Removes diacritics one character at a time, so offsets in the folded text match the original. */
export function foldSameLength(text: string): string {
  let out = "";
  for (const char of text) {
    const base = char.normalize("NFD")[0] ?? char;
    out += base.length === char.length ? base : char;
  }
  return out;
}

// 'nov' is how English-trained OCR and some suppliers abbreviate 'noiembrie'; the other English
// names are printed by bilingual bills.
const RO_MONTHS = ["ian", "feb", "mar", "apr", "mai", "iun", "iul", "aug", "sep", "oct", "noi", "dec"];
const MONTH_ALIASES: Record<string, string> = { nov: "noi", jan: "ian", may: "mai", jun: "iun", jul: "iul" };

/**
 * A chart's or history's month caption, the month in words and the year: 'ian 26', 'Ian. 2026',
 * 'ianuarie 2026', "noi '25" → [year, month]. Matched on folded text.
 */
export function monthLabel(text: string): [number, number] | null {
  const m = /^([a-z]{3})[a-z]*\.?\s*['’/.-]?\s*(\d{4}|\d{2})$/i.exec(foldSameLength(text.trim()).toLowerCase());
  if (!m) return null;
  const stem = MONTH_ALIASES[m[1]!] ?? m[1]!;
  const month = RO_MONTHS.indexOf(stem) + 1;
  if (month === 0) return null;
  const year = Number(m[2]);
  return [year < 100 ? year + 2000 : year, month];
}

function isoDay(y: number, m: number, d: number): string | null {
  if (y < 100) y += 2000;
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

// Not the tail of an ISO date ('2025-10-01 / 2025-10-31' holds no '01 / 2025').
const NUMERIC_DATE = /(?<![\d.,]|(?<![\d.])\d{4}-(?:\d{2}-)?)(\d{1,2})\s?[./-]\s?(\d{1,2})\s?[./-]\s?(\d{4}|\d{2})(?!\d|[.,]\d)/g;
/** Year first: '2026-11-05', also with dots or slashes ('2026.11.05'). */
const ISO_DATE = /(?<![\d.,])(\d{4})([-./])(\d{2})\2(\d{2})(?![\d]|[.,]\d)/g;
const NAMED_DATE = /(\d{1,2})\s*[ .-]\s*([a-z]{3})[a-z]*\.?\s*[ .-]?\s*(\d{4}|\d{2})(?!\d)/gi;
/** A Roman-numeral month, as some suppliers and older forms print it: '05.XI.2026', '5-XI-2026'. */
const ROMAN_DATE = /(?<![\d.,])(\d{1,2})\s?[./-]\s?([IVX]{1,4})\s?[./-]\s?(\d{4}|\d{2})(?!\d|[.,]\d)/g;
const ROMAN_MONTHS = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII"];
/**
 * A date the Hungarian way, year first and the month in words ('2026. február 1.', '2025. márc. 8.'):
 * bilingual bills of the counties where Hungarian is official beside Romanian date their issue so.
 * Matched on folded text; the month's stem maps to the Romanian one.
 */
const HU_DATE = /(?<![\d.,])((?:19|20)\d{2})\.?\s+(jan|febr?|marc|apr|maj|jun|jul|aug|szept?|okt|nov|dec)[a-z]*\.?\s+(\d{1,2})\.?(?!\d)/gi;
const HU_MONTH_STEMS: Record<string, number> = { jan: 1, feb: 2, febr: 2, marc: 3, apr: 4, maj: 5, jun: 6, jul: 7, aug: 8, sze: 9, szep: 9, szept: 9, okt: 10, nov: 11, dec: 12 };
/** A period with the year only at its end: '01.10 - 31.10.2026'. */
const SHORT_PERIOD = /(?<![\d.])(\d{1,2})\.(\d{1,2})\s*[-–]\s*(\d{1,2})\.(\d{1,2})\.(\d{4}|\d{2})(?!\d)/g;
/** A period with month and year only at its end: '01-31.01.2026', '1–31 ianuarie 2026'. */
const DAY_RANGE = /(?<![\d.,/-])(\d{1,2})\s*[-–]\s*(\d{1,2})(?:[./](\d{1,2})[./]|\s*[ .]\s*([a-z]{3})[a-z]*\.?\s*)(\d{4})(?!\d)/gi;

/**
 * Every date in the text, in order: '05.11.2026', '5/11/26', '2026-11-05', '5 noiembrie 2026',
 * '5 nov. 26', '05.XI.2026' → YYYY-MM-DD. Two-digit years are 20xx.
 */
export function findDates(text: string): string[] {
  return datesWithSpans(text).map((f) => f.day);
}

/** A date's place in the text: a code or a figure is never read out of it ('08.I.2026' holds no 'I 2026'). */
export function dateSpans(text: string): { at: number; end: number }[] {
  return datesWithSpans(text).map(({ at, end }) => ({ at, end }));
}

function datesWithSpans(text: string): { at: number; end: number; day: string }[] {
  const found: { at: number; end: number; day: string }[] = [];
  const taken = new Set<number>();
  for (const m of text.matchAll(SHORT_PERIOD)) {
    const start = isoDay(Number(m[5]), Number(m[2]), Number(m[1]));
    const end = isoDay(Number(m[5]), Number(m[4]), Number(m[3]));
    if (!start || !end || start > end) continue;
    found.push({ at: m.index, end: m.index + m[0].length, day: start }, { at: m.index + 1, end: m.index + m[0].length, day: end });
    for (let i = m.index; i < m.index + m[0].length; i++) taken.add(i);
  }
  for (const m of foldSameLength(text).matchAll(DAY_RANGE)) {
    const name = m[4]?.toLowerCase();
    const month = name ? RO_MONTHS.indexOf(MONTH_ALIASES[name] ?? name) + 1 : Number(m[3]);
    const start = isoDay(Number(m[5]), month, Number(m[1]));
    const end = isoDay(Number(m[5]), month, Number(m[2]));
    if (!start || !end || start >= end) continue;
    found.push({ at: m.index, end: m.index + m[0].length, day: start }, { at: m.index + 1, end: m.index + m[0].length, day: end });
    for (let i = m.index; i < m.index + m[0].length; i++) taken.add(i);
  }
  for (const m of text.matchAll(NUMERIC_DATE)) {
    const day = taken.has(m.index) ? null : isoDay(Number(m[3]), Number(m[2]), Number(m[1]));
    if (day) found.push({ at: m.index, end: m.index + m[0].length, day });
  }
  for (const m of text.matchAll(ISO_DATE)) {
    const day = isoDay(Number(m[1]), Number(m[3]), Number(m[4]));
    if (day) found.push({ at: m.index, end: m.index + m[0].length, day });
  }
  for (const m of text.matchAll(ROMAN_DATE)) {
    const month = ROMAN_MONTHS.indexOf(m[2]!) + 1;
    const day = month > 0 ? isoDay(Number(m[3]), month, Number(m[1])) : null;
    if (day) found.push({ at: m.index, end: m.index + m[0].length, day });
  }
  for (const m of foldSameLength(text).matchAll(HU_DATE)) {
    const month = HU_MONTH_STEMS[m[2]!.toLowerCase()] ?? 0;
    const day = month > 0 ? isoDay(Number(m[1]), month, Number(m[3])) : null;
    if (!day) continue;
    found.push({ at: m.index, end: m.index + m[0].length, day });
    for (let i = m.index; i < m.index + m[0].length; i++) taken.add(i);
  }
  for (const m of foldSameLength(text).matchAll(NAMED_DATE)) {
    if (taken.has(m.index)) continue;
    const name = m[2]!.toLowerCase();
    const month = RO_MONTHS.indexOf(MONTH_ALIASES[name] ?? name);
    const day = month >= 0 ? isoDay(Number(m[3]), month + 1, Number(m[1])) : null;
    if (day) found.push({ at: m.index, end: m.index + m[0].length, day });
  }
  return found.sort((a, b) => a.at - b.at);
}

/** 'octombrie 2025' (a billing month printed alone) → its first and last day. */
export function monthPeriod(text: string): [string, string] | null {
  const m = /\b([a-z]{3})[a-z]*\.?\s+(\d{4})\b/i.exec(foldSameLength(text));
  if (!m) return null;
  const name = m[1]!.toLowerCase();
  const month = RO_MONTHS.indexOf(MONTH_ALIASES[name] ?? name);
  if (month < 0) return null;
  const year = Number(m[2]);
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return [isoDay(year, month + 1, 1)!, isoDay(year, month + 1, last)!];
}

export function firstDate(text: string): string | null {
  return findDates(text)[0] ?? null;
}

const AMOUNT = /-?\d{1,3}(?:[.,\s]\d{3})+(?:[.,]\d{1,2})?(?!\d)|-?\d+(?:[.,]\d{1,2})?(?!\d)/;

/**
 * A money amount printed the Romanian way ('1.234,56'), the English way ('1,234.56' or '1234.56')
 * or without grouping, as integer cents. Two digits after the last separator make it decimal;
 * three make it a thousands group.
 */
export function parseAmountCents(text: string): number | null {
  const match = AMOUNT.exec(text.replace(/\u00a0/g, " "));
  if (!match) return null;
  const raw = match[0].replace(/\s/g, "");
  const negative = raw.startsWith("-");
  const digits = raw.replace(/^-/, "");
  const last = Math.max(digits.lastIndexOf(","), digits.lastIndexOf("."));
  let whole = digits;
  let fraction = "";
  if (last >= 0 && digits.length - last - 1 <= 2) {
    whole = digits.slice(0, last);
    fraction = digits.slice(last + 1);
  }
  const cents = Number(whole.replace(/[.,]/g, "")) * 100 + Number(fraction.padEnd(2, "0") || "0");
  if (!Number.isFinite(cents)) return null;
  return negative ? -cents : cents;
}

export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** A quantity such as kWh: '1.245' and '1,245' are thousands; '182,5' is a decimal. */
export function parseQuantity(text: string): number | null {
  const match = /\d{1,3}(?:[.,\s]\d{3})+(?![\d.,])|\d+(?:[.,]\d{1,3})?/.exec(text);
  if (!match) return null;
  const raw = match[0].replace(/\s/g, "");
  const groups = raw.split(/[.,]/);
  if (groups.length > 1 && groups.slice(1).every((g) => g.length === 3)) return Number(groups.join(""));
  return Number(raw.replace(",", "."));
}

export interface TextLine {
  cells: string[];
  /** The same cells with diacritics removed (same offsets), for label matching. */
  folded: string[];
}

/** Splits text into lines of cells: a tab (PDF column gap), 3+ spaces (OCR) or a spaced middle dot separate cells. */
export function toLines(text: string): TextLine[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.split(/\t| {3,}| [·•] /).map((cell) => cell.trim()).filter((cell) => cell.length > 0))
    .filter((cells) => cells.length > 0)
    .map((cells) => ({ cells, folded: cells.map(foldSameLength) }));
}

export interface LabelHit {
  /** The rest of the cell after the label, or the next cell, or the cell below. */
  value: string;
  /** Where the value was read. */
  line: number;
  cell: number;
  position?: "same_cell" | "right" | "below";
  /**
   * Under a caption whose row holds another number of cells than the captions' line, which column the
   * value sat in was guessed (a caption or a cell the scan lost, another column's cells leading the
   * row): the row's cell the other way of counting (by place, or from the row's end) gives.
   */
  otherColumn?: string;
}

/** A cell that starts with its own label ('Interval facturare: …') is not another label's value. */
const LABELLED_CELL = /^[\p{L}][\p{L} .()/]{1,40}:/u;
/** Another column's labelled fact on a line of its own ('E-mail: …', 'CIF: …'). */
const OTHER_COLUMN_FACT = /^[\p{L}][\p{L} .()/-]{1,40}:/u;

export interface LabelLookup {
  /**
   * Columns printed side by side interleave their lines (a supplier's sidebar beside the holder's
   * facts): a line holding one labelled fact of another column ('E-mail: …') between a label and its
   * value is passed over, and the value read on the line after it; a header of captions over a row
   * with more cells is read from the row's end (the other column's cells lead it).
   */
  besideOtherColumn?: boolean;
  /** A cell another caption already named: two captions never share one cell of a row. */
  claimed?: { line: number; cell: number } | null;
}

/**
 * Every label match (case-insensitive, on folded text) with what follows it, best first per match:
 * the rest of the same cell, else the next cell on the line, else the cell in the same column on
 * the next line (labels printed above their value, as in a table's header row). Labels are tried in
 * order; within a label, matches in reading order.
 */
export function valuesAfterLabel(lines: TextLine[], labels: RegExp[], accept: (value: string) => boolean = () => true, lookup: LabelLookup = {}): LabelHit[] {
  const hits: LabelHit[] = [];
  for (const label of labels) {
    for (let l = 0; l < lines.length; l++) {
      const line = lines[l]!;
      for (let c = 0; c < line.cells.length; c++) {
        const match = label.exec(line.folded[c]!);
        if (!match) continue;
        const rest = line.cells[c]!.slice(match.index + match[0].length).replace(/^[\s:.\-–…]+/, "").trim();
        const under = (at: number, fromEnd = false): LabelHit => {
          const below = lines[at];
          const byPlace = !below ? -1 : below.cells.length === line.cells.length ? c : Math.min(c, below.cells.length - 1);
          const byEnd = !below ? -1 : below.cells.length - (line.cells.length - c);
          const [cell, other] = fromEnd ? [byEnd, byPlace] : [byPlace, byEnd];
          const otherColumn = below && below.cells.length !== line.cells.length && other !== cell ? below.cells[other] : undefined;
          return { value: below?.cells[cell] ?? "", line: at, cell, position: "below", ...(otherColumn !== undefined ? { otherColumn } : {}) };
        };
        const between = lines[l + 1];
        const otherColumn = lookup.besideOtherColumn && between?.cells.length === 1 && OTHER_COLUMN_FACT.test(between.cells[0]!);
        // A header of captions over a row with more cells: another column's cells lead the row.
        const longerRow = lookup.besideOtherColumn && line.cells.length >= 2 && between !== undefined && between.cells.length > line.cells.length;
        const candidates: LabelHit[] = [
          { value: rest, line: l, cell: c, position: "same_cell" },
          { value: line.cells[c + 1] ?? "", line: l, cell: c + 1, position: "right" },
          ...(longerRow ? [under(l + 1, true)] : []),
          under(l + 1),
          ...(otherColumn ? [under(l + 2)] : []),
        ];
        for (const [i, candidate] of candidates.entries()) {
          if (candidate.value.length === 0) continue;
          if (i > 0 && LABELLED_CELL.test(candidate.value)) continue;
          if (lookup.claimed && candidate.line === lookup.claimed.line && candidate.cell === lookup.claimed.cell) continue;
          if (accept(candidate.value)) {
            hits.push(candidate);
            break;
          }
        }
      }
    }
  }
  return hits;
}

export function valueAfterLabel(lines: TextLine[], labels: RegExp[], accept: (value: string) => boolean = () => true, lookup: LabelLookup = {}): LabelHit | null {
  return valuesAfterLabel(lines, labels, accept, lookup)[0] ?? null;
}
