// A bill read by what its values are, for the fields no known label named (issue #14): each supplier
// words its labels its own way, but a bill's totals add up at the VAT rate, its period is two dates a
// month apart, its due date follows its issue date, and a code sits next to a word with a telling
// stem. The parser asks these readers only for what its labels did not find, and weighs what they
// return below what a label vouches for unless a cross-check confirms it.
import { findPod } from "../../../lib/pod";
import {
  dateSpans,
  findDates,
  foldSameLength,
  monthLabel,
  monthPeriod,
  parseAmountCents,
  type TextLine,
} from "./text-fields.server";

/** Where a value was read, in the parser's lines. */
export interface ValueAt {
  line: number;
  cell: number;
}

/** Folded lower-case words; stems are matched as word prefixes ('emi' ⊂ 'emiterii', 'emisa'). */
function wordsOf(text: string): string[] {
  return (
    foldSameLength(text)
      .toLowerCase()
      .match(/\p{L}+/gu) ?? []
  ).filter((w) => w.length > 1 || w === "a");
}

const hasStem = (words: string[], ...stems: string[]) => words.some((w) => stems.some((s) => w.startsWith(s)));

/** A cell that holds a value (a digit) cannot be the label of the cell beside it. */
const labelOnly = (cell: string | undefined) =>
  cell !== undefined && !/\d{2}/.test(cell.replace(/\(\d{1,2}\s?%\)/, "")) && /\p{L}{2}/u.test(cell);

/**
 * The words that name a value: those before it in its own cell (after any earlier value), else the
 * cell left of it when that is only words, else the cell above it in a grid of labels over values.
 */
function contextWords(lines: TextLine[], at: ValueAt, before: string): string[] {
  const own = wordsOf(before.split(/\S*\d\S*/).pop() ?? "");
  if (own.length > 0) return own;
  const line = lines[at.line]!;
  const left = line.cells[at.cell - 1];
  if (labelOnly(left)) return wordsOf(left!);
  const above = lines[at.line - 1];
  if (above && above.cells.length === line.cells.length && labelOnly(above.cells[at.cell]))
    return wordsOf(above.cells[at.cell]!);
  return [];
}

// --- Amounts -------------------------------------------------------------------------------------

export interface MoneyAmount extends ValueAt {
  cents: number;
  words: string[];
}

/**
 * Money: two decimals, Romanian ('1.234,56') or English ('1,234.56') or grouped with spaces; not a
 * date, a price per kWh (more decimals), a power in kW or a percentage.
 */
const MONEY =
  /(?<![\d.,/])(\d{1,3}(?:([.,\u00a0 ])\d{3})(?:\2\d{3})*[.,]\d{2}|\d+[.,]\d{2})(?![.,]?\d)(?!\s*(?:kw|%|\/))/gi;

export function moneyAmounts(lines: TextLine[]): MoneyAmount[] {
  const out: MoneyAmount[] = [];
  lines.forEach((line, l) =>
    line.cells.forEach((cell, c) => {
      for (const m of cell.matchAll(MONEY)) {
        const cents = parseAmountCents(m[1]!);
        if (cents === null || cents <= 0) continue;
        out.push({ cents, line: l, cell: c, words: contextWords(lines, { line: l, cell: c }, cell.slice(0, m.index)) });
      }
    }),
  );
  return out;
}

/** VAT may be summed per line, so a few bani off net × rate are normal. */
const vatFits = (net: number, vat: number, rates: number[]) =>
  rates.some((rate) => Math.abs(Math.round(net * rate) - vat) <= Math.max(3, Math.round(net * 0.002)));

// Romanian first; the English of bilingual or foreign-made layouts after.
const TOTAL_STEMS = ["total", "plat", "achit", "suma", "sold", "amount"];

export interface AmountTriple {
  net: MoneyAmount;
  vat: MoneyAmount;
  gross: MoneyAmount;
}

/**
 * Among every money amount of the bill, the net + VAT = gross triple with VAT at the rate of the
 * billing date: the one whose gross sits by a 'total'-ish word, else the largest gross (the bill's
 * total is the largest sum that adds up; a charges row adds up too, at a smaller amount).
 */
export function amountTriple(amounts: MoneyAmount[], rates: number[]): AmountTriple | null {
  const byCents = new Map<number, MoneyAmount[]>();
  for (const a of amounts) byCents.set(a.cents, [...(byCents.get(a.cents) ?? []), a]);
  const distinct = [...byCents.keys()].sort((a, b) => b - a);
  let best: { triple: AmountTriple; score: number } | null = null;
  for (const net of distinct) {
    for (const vat of distinct) {
      if (vat >= net || !vatFits(net, vat, rates)) continue;
      for (const gross of [net + vat, net + vat - 1, net + vat + 1]) {
        const grosses = byCents.get(gross);
        if (!grosses) continue;
        const g = grosses.find((a) => hasStem(a.words, ...TOTAL_STEMS)) ?? grosses[grosses.length - 1]!;
        const n =
          byCents.get(net)!.find((a) => hasStem(a.words, "fara", "baza", "subtotal", "net", "excl")) ??
          byCents.get(net)![0]!;
        const v = byCents.get(vat)!.find((a) => hasStem(a.words, "tva", "vat")) ?? byCents.get(vat)![0]!;
        // A total word by the gross outweighs any size; among equals, the largest gross.
        const score = (hasStem(g.words, ...TOTAL_STEMS) ? 1e12 : 0) + gross;
        if (!best || score > best.score) best = { triple: { net: n, vat: v, gross: g }, score };
      }
    }
  }
  return best?.triple ?? null;
}

/**
 * How many different subtotal blocks the bill prints: net + VAT = gross sums stacked one amount a line
 * (a summary, not a charges row with its three amounts on one line). A bill of one service has one
 * (printed once or twice); a bill of several services (electricity, TV, internet…) a block per
 * section and one for the whole bill, whatever words name the sections.
 */
export function subtotalBlocks(amounts: MoneyAmount[], rates: number[]): number {
  const byCents = new Map<number, MoneyAmount[]>();
  for (const a of amounts) byCents.set(a.cents, [...(byCents.get(a.cents) ?? []), a]);
  const grosses = new Set<number>();
  for (const [net, nets] of byCents) {
    for (const [vat, vats] of byCents) {
      if (vat >= net || !vatFits(net, vat, rates)) continue;
      for (const gross of [net + vat, net + vat - 1, net + vat + 1]) {
        const stacked = (byCents.get(gross) ?? []).some((g) =>
          nets.some((n) => vats.some((v) => n.line < v.line && v.line < g.line && g.line - n.line <= 4)),
        );
        if (stacked) grosses.add(gross);
      }
    }
  }
  return grosses.size;
}

// --- Dates ---------------------------------------------------------------------------------------

interface DateAt extends ValueAt {
  day: string;
  words: string[];
}

const DAY_MS = 86_400_000;
/** Whole days from one ISO day to another (NaN when either is no day). */
export const daysBetween = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / DAY_MS);
const isFirstOfMonth = (day: string) => day.endsWith("-01");
const isLastOfMonth = (day: string) => new Date(Date.parse(day) + DAY_MS).getUTCDate() === 1;

export interface DateRoles {
  period: { start: string; end: string; by: "stem" | "shape" } | null;
  issue: { day: string; by: "stem" | "role" } | null;
  due: { day: string; by: "stem" | "role" } | null;
}

const ISSUE_STEMS = ["emi", "emis", "issu"];
/** At most this many words make a caption; more are a sentence. */
const CAPTION_WORDS = 6;
const DUE_STEMS = ["scad", "termen", "limit", "achit", "plat", "pana", "due", "pay"];
/** A meter reading's day or window ('Următoarea citire 25.02.2025 - 03.03.2025'): never the issue or the due date. */
const READING_STEMS = ["citir", "autocitir"];
const PERIOD_STEMS = ["perioad", "interval", "luna", "period", "billing"];
/**
 * When a copy was made, not when the bill was issued (folded text): 'Document generat în aplicație la
 * 08.04.2026', a browser's print date, 'pagină tipărită la', 'descărcat la'.
 */
export const COPY_STAMP = /\b(?:(?:generat|tiparit|printat|descarcat|exportat)[aei]?|generated|printed)\b/i;

/** Every date of the bill in reading order with the words that name it, and the pairs printed in one cell. */
function datesOf(lines: TextLine[]): { dates: DateAt[]; pairs: { start: DateAt; end: DateAt }[] } {
  const dates: DateAt[] = [];
  const pairs: { start: DateAt; end: DateAt }[] = [];
  lines.forEach((line, l) =>
    line.cells.forEach((cell, c) => {
      const found = findDates(cell);
      if (found.length === 0) return;
      const firstDigit = cell.search(/\d/);
      const words = contextWords(lines, { line: l, cell: c }, cell.slice(0, Math.max(0, firstDigit)));
      const here = found.map((day) => ({ day, line: l, cell: c, words }));
      dates.push(...here);
      // Two dates printed together, a month or a few apart: a period.
      if (here.length >= 2 && here[0]!.day < here[1]!.day && daysBetween(here[0]!.day, here[1]!.day) <= 95)
        pairs.push({ start: here[0]!, end: here[1]! });
    }),
  );
  return { dates, pairs };
}

/**
 * Issue date, due date and billing period by what the dates are: a period is two dates printed
 * together about a month apart (or a month's name); the issue date is on or after the period's end
 * and the due date 5–60 days after it. A date beside an 'emi…' word is the issue date, beside
 * 'scad…', 'termen' or 'până la … plată' the due date.
 */
export function datesByRole(lines: TextLine[], known: { issue?: string | null; due?: string | null } = {}): DateRoles {
  const { dates, pairs } = datesOf(lines);
  // A period word decides; else a whole calendar month, else about a month, else any pair.
  const free = pairs.filter((p) => !hasStem(p.start.words, ...ISSUE_STEMS, ...DUE_STEMS));
  const periodPair =
    pairs.find((p) => hasStem(p.start.words, ...PERIOD_STEMS)) ??
    free.find((p) => isFirstOfMonth(p.start.day) && isLastOfMonth(p.end.day)) ??
    free.find((p) => daysBetween(p.start.day, p.end.day) >= 27 && daysBetween(p.start.day, p.end.day) <= 31) ??
    // Two dates a fortnight apart are an issue and a due date, not a period.
    free.find((p) => daysBetween(p.start.day, p.end.day) >= 20) ??
    null;
  let period: DateRoles["period"] = periodPair
    ? {
        start: periodPair.start.day,
        end: periodPair.end.day,
        by: hasStem(periodPair.start.words, ...PERIOD_STEMS) ? "stem" : "shape",
      }
    : null;
  if (!period) period = splitPeriod(dates) ?? monthNamed(lines);
  const lone = dates.filter(
    (d) =>
      !COPY_STAMP.test(d.words.join(" ")) &&
      !hasStem(d.words, ...READING_STEMS) &&
      (!periodPair ||
      (d !== periodPair.start &&
        d !== periodPair.end &&
        (d.line !== periodPair.start.line || d.cell !== periodPair.start.cell))),
  );
  const inPeriod = (d: DateAt) => period !== null && d.day >= period.start && d.day <= period.end;

  // A day its label already gave the other role is not this one's: a cell holding both labels and only the
  // due date readable ('Data emiterii 15.12.2 025 - Data scadentă 30.12.2025') carries the issue's words too.
  const stemmed = (is: (words: string[]) => boolean, not: string[], otherDay?: string | null) =>
    lone.find((d) => is(d.words) && !hasStem(d.words, ...not) && !inPeriod(d) && d.day !== otherDay);
  // 'Emisă la', 'Data emiterii', 'EMISĂ', 'Dată emitere'; 'Data facturii'; 'Factura … din'.
  const issueStem = stemmed(
    (w) =>
      hasStem(w, ...ISSUE_STEMS) ||
      (hasStem(w, "data", "date") && hasStem(w, "factur", "invoice")) ||
      w.includes("din"),
    DUE_STEMS,
    known.due,
  );
  // 'până la' alone is the due date's in a short caption ('De plată 283,42 lei ⇥ până la 16.02.2026'); at
  // the end of a sentence it names any deadline ('… notificare transmisă până la' over '31.03.2025. …', to
  // leave a contract): there, only with a word of paying or of a due date.
  const dueStem = stemmed((w) => hasStem(w, ...DUE_STEMS.filter((stem) => stem !== "pana")) || (hasStem(w, "pana") && w.length <= CAPTION_WORDS), ISSUE_STEMS, known.issue);
  // A date its label named anchors the other one.
  let issue: DateRoles["issue"] = known.issue
    ? { day: known.issue, by: "stem" }
    : issueStem
      ? { day: issueStem.day, by: "stem" }
      : null;
  let due: DateRoles["due"] = known.due
    ? { day: known.due, by: "stem" }
    : dueStem
      ? { day: dueStem.day, by: "stem" }
      : null;
  if (issue && due) return { period, issue, due };

  // By role: candidates after the period (when one was read), the pair 5–60 days apart.
  const after = lone
    .filter((d) => !inPeriod(d) && (!period || (d.day >= period.end && daysBetween(period.end, d.day) <= 60)))
    .map((d) => d.day);
  const days = [...new Set(after)].sort();
  const fits = (i: string, d: string) => daysBetween(i, d) >= 5 && daysBetween(i, d) <= 60;
  if (issue && !due) {
    const d = days.find((day) => fits(issue!.day, day));
    if (d) due = { day: d, by: "role" };
  } else if (due && !issue) {
    const i = [...days].reverse().find((day) => fits(day, due!.day));
    if (i) issue = { day: i, by: "role" };
  } else {
    // The earliest date that has a due date after it; its due date the nearest one (a reminder
    // printed later is further away).
    for (const i of days) {
      const d = days.find((day) => fits(i, day));
      if (d) {
        issue = { day: i, by: "role" };
        due = { day: d, by: "role" };
        break;
      }
    }
  }
  return { period, issue, due };
}

/** A period printed as two facts on their own ('01.01.2026' … '31.01.2026'): a whole calendar month. */
function splitPeriod(dates: DateAt[]): DateRoles["period"] {
  for (const [i, start] of dates.entries()) {
    if (!isFirstOfMonth(start.day)) continue;
    const end = dates
      .slice(i + 1, i + 3)
      .find((d) => d.day.slice(0, 7) === start.day.slice(0, 7) && isLastOfMonth(d.day));
    if (end) return { start: start.day, end: end.day, by: "shape" };
  }
  return null;
}

/**
 * 'octombrie 2025' printed alone (no day): that month; '10/2025' too, beside a period word ('Luna
 * facturată: 10/2025'), where it cannot be an amount.
 */
function monthNamed(lines: TextLine[]): DateRoles["period"] {
  for (const [l, line] of lines.entries()) {
    for (const [c, cell] of line.cells.entries()) {
      if (findDates(cell).length > 0 || cell.length > 40) continue;
      const month = monthPeriod(cell);
      if (month) return { start: month[0], end: month[1], by: "shape" };
      const numeric = /(?<![\d.,/])(\d{1,2})[./](20\d{2})(?![\d.,/])/.exec(cell);
      const m = numeric ? Number(numeric[1]) : 0;
      if (
        !numeric ||
        m < 1 ||
        m > 12 ||
        !hasStem(contextWords(lines, { line: l, cell: c }, cell.slice(0, numeric.index)), ...PERIOD_STEMS)
      )
        continue;
      const year = Number(numeric[2]);
      const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
      const mm = String(m).padStart(2, "0");
      return { start: `${year}-${mm}-01`, end: `${year}-${mm}-${last}`, by: "stem" };
    }
  }
  return null;
}

// --- Codes ---------------------------------------------------------------------------------------

export interface Code {
  value: string;
  by: "stem" | "shape";
}

export interface Codes {
  billNumber: Code | null;
  contractNumber: Code | null;
  clientCode: Code | null;
}

/**
 * A token with a digit run, as codes are printed: 'HE2026 5088213', 'C-716919', '131436/2022'; never
 * the tail of a longer slashed code (the trade registry's 'J40/2011/2000' holds no '2011/2000' contract).
 */
const CODE = /(?<![\p{L}\d/])((?:[A-Z]{1,6}\d{0,4}\s?[-. ]?\s?)?\d[\d/-]{2,}\d)(?![\d\p{L}])/gu;

const isDateLike = (value: string) => findDates(value).length > 0;

/**
 * Bill number, contract number and client code by the stems of the words beside them ('factur',
 * 'seri', 'contract', 'client', 'cod'), else by their shapes: a series of capitals before a number
 * is a bill number, 'number/year' a contract, a bare long number a client code. Codes `known` by
 * their labels (and their parts) are left to their own fields.
 */
/** A legal act named just before a number: a law, a government's ordinance or decision, a mayor's disposition. */
const LEGAL_ACT_BEFORE = /\b(?:lege[a]?|legii|hg|h\.g\.|oug|o\.u\.g\.|ordin(?:ul)?|ordonanta|dispozitia|decizia|hotararea)\b(?:\s+[\p{L}.]+){0,2}\s*$/iu;

/** A POD's label or its misread head ('POD', 'RO00SE\'', 'POD: ROD06F73') right before a number: that number is the POD's tail. */
const POD_HEAD_BEFORE = /(?:\bPOD\s*:?|\bRO[0-9A-Z]{2,4}['`´.]?|\bPOD\s*:?\s*RO[0-9A-Z]{2,12}['`´.]?)\s*$/;

export function codesByStem(lines: TextLine[], known: string[] = []): Codes {
  const found: { value: string; words: string[]; beforeSlash?: true }[] = [];
  lines.forEach((line, l) =>
    line.cells.forEach((cell, c) => {
      const dates = dateSpans(cell);
      for (const m of cell.matchAll(CODE)) {
        // No code is read out of a date ('08.I.2026' holds no bill number 'I 2026').
        if (dates.some((d) => m.index < d.end && d.at < m.index + m[0].length)) continue;
        const value = m[1]!
          .replace(/\s*[.]\s*/, " ")
          .replace(/\s+/g, " ")
          .trim();
        if (
          isDateLike(m[0]) ||
          // A year alone ('2025') is no code.
          /^\d{4}$/.test(value) ||
          findPod(value) ||
          /^\d{1,3}(?:[.,]\d{3})*(?:,\d+)?$/.test(value) ||
          /kwh|kw/i.test(cell.slice(m.index + m[0].length, m.index + m[0].length + 5))
        )
          continue;
        // A law's or a decision's number and year ('Legea nr. 226/2021', 'Dispoziția primarului nr. 521')
        // is none of the bill's codes.
        if (LEGAL_ACT_BEFORE.test(foldSameLength(cell.slice(0, m.index)))) continue;
        const words = contextWords(lines, { line: l, cell: c }, cell.slice(0, m.index));
        // A meter's serial ('Serie contor' over 'EFR 2291 0436') is none of the bill's codes.
        if (hasStem(words, "contor", "meter")) continue;
        // Digits right after a POD's label or head ('POD RO00SE\' 74598414', its middle misread) are the POD's rest.
        if (POD_HEAD_BEFORE.test(cell.slice(0, m.index))) continue;
        // A number its slash and a year follow, misread ('294005/20U19'), is a contract's or a document's.
        const beforeSlash = /^\s?\/\s?\S/.test(cell.slice(m.index + m[0].length));
        found.push({ value, words, ...(beforeSlash ? { beforeSlash: true as const } : {}) });
      }
    }),
  );
  const byStem = (stems: string[], not: string[]) =>
    found.find((f) => hasStem(f.words, ...stems) && !hasStem(f.words, ...not));
  const stemmed = {
    billNumber: byStem(["factur", "seri", "invoice"], ["contract", "client", "data", "date", "emi", "scad"]),
    // 'Cont contract' (E.ON's) names the client's account, not the contract.
    contractNumber: found.find((f) => hasStem(f.words, "contract", "ctr") && !f.words.includes("cont")),
    clientCode: byStem(["client", "abonat", "incasare", "customer", "account"], ["contract", "loc", "pod"]),
  };
  // A code already read by its label ('HEI 4320431', its number in a cell of its own) is no other field's.
  const taken = new Set([...Object.values(stemmed).flatMap((f) => (f ? [f.value] : [])), ...known.flatMap((code) => [code, ...code.split(/\s+/)])]);
  const free = found.filter((f) => !taken.has(f.value));
  const shaped = (test: RegExp) => free.find((f) => test.test(f.value));
  const code = (stem: { value: string } | undefined, shape: { value: string } | undefined): Code | null =>
    stem ? { value: stem.value, by: "stem" } : shape ? { value: shape.value, by: "shape" } : null;
  return {
    billNumber: code(stemmed.billNumber, shaped(/^[A-Z]{2,6}\d{0,4} \d{5,10}$/)),
    contractNumber: code(stemmed.contractNumber, shaped(/^\d{3,10}\/(?:19|20)\d{2}$/)),
    clientCode: code(stemmed.clientCode, free.find((f) => !f.beforeSlash && /^(?:[A-Z]{1,2}-)?\d{6,12}$/.test(f.value))),
  };
}

// --- Quantities ----------------------------------------------------------------------------------

/** Grouped thousands with one separator ('1.349', '1 349', '12,480'), a decimal part after it at most. */
const GROUPED = /^[1-9]\d{0,2}([.,\u00a0 ])\d{3}(?:\1\d{3})*(?:[.,]\d+)?(?!\d)/;
const PLAIN = /^\d+(?:[.,]\d+)?/;
const ENERGY_UNIT: Record<string, number> = { mwh: 1000, kwh: 1, wh: 0.001 };

/**
 * A quantity of energy in kWh, read by what its separators and unit mean: '1.349' and '1,349' group
 * thousands, but a separator after four digits or more ('1349,000', e-Factura's three decimals) or
 * after a lone 0 is a decimal one, as is the last of two different separators ('1.349,5'); in MWh a
 * lone separator before three digits is the decimal one ('1,349 MWh' is 1349 kWh: MWh are printed to
 * the kWh). `unit` is the unit printed apart (a column's 'MWh'), used when none follows the figure.
 */
export function parseKwh(text: string, unit?: string): number | null {
  const at = text.search(/\d/);
  if (at < 0) return null;
  const rest = text.slice(at);
  const grouped = GROUPED.exec(rest);
  const raw = grouped ? grouped[0] : PLAIN.exec(rest)![0];
  const printed = (/^\s*([mk]?wh)\b/i.exec(rest.slice(raw.length))?.[1] ?? unit?.trim() ?? "kwh").toLowerCase();
  const factor = ENERGY_UNIT[printed] ?? 1;
  let value: number;
  if (grouped && !(factor === 1000 && /^\d{1,3}[.,]\d{3}$/.test(raw))) {
    const decimal = raw.slice(raw.lastIndexOf(grouped[1]!) + 4);
    value = Number(raw.slice(0, raw.length - decimal.length).replace(/\D/g, "")) + (decimal ? Number(`0.${decimal.slice(1)}`) : 0);
  } else value = Number(raw.replace(/\s/g, "").replace(",", "."));
  return Number.isFinite(value) ? Math.round(value * factor * 1000) / 1000 : null;
}

/** A unit price's factor to lei/kWh, by the unit printed with it or over its column ('lei/MWh', 'bani/kWh'). */
export function priceToLeiPerKwh(unitText: string): number {
  const unit = /\b(lei|ron|bani)\s*\/\s*([mk]?wh)\b/i.exec(foldSameLength(unitText));
  if (!unit) return 1;
  return (unit[1]!.toLowerCase() === "bani" ? 0.01 : 1) / ENERGY_UNIT[unit[2]!.toLowerCase()]!;
}

/** The readings a quantity's figure allows: '467,000' is 467 000 grouped or 467 with three decimals. */
function kwhReadings(figure: string, unit: string | undefined): number[] {
  const read = parseKwh(figure, unit);
  const single = /^\s*(\d{1,3})[.,](\d{3})(?!\d|[.,]\d)\s*([mk]?wh)?/i.exec(figure);
  const factor = ENERGY_UNIT[(single?.[3] ?? unit ?? "kwh").trim().toLowerCase()] ?? 1;
  const others = single ? [Number(`${single[1]}${single[2]}`) * factor, Number(`${single[1]}.${single[2]}`) * factor] : [];
  return [...new Set([...(read === null ? [] : [read]), ...others])];
}

/**
 * A charges row's quantity by its meaning: of the readings its figure allows, the one that times the
 * row's unit price (in lei/kWh, `priceFactor` converting lei/MWh or bani/kWh) makes the row's value,
 * or that is the new − old index difference the bill prints (`indexed`); else the figure as parseKwh
 * reads it, unchecked.
 */
export function rowKwh(
  cells: string[],
  at: number,
  figure: string,
  unit: string | undefined,
  priceFactor: number,
  indexed?: number,
): { kwh: number; checked: boolean } | null {
  const readings = kwhReadings(figure, unit);
  const numbers = cells.map((cell, c) => (c > at && /^\d[\d.,]*$/.test(cell) ? cell : null));
  for (const reading of readings) {
    if (reading === indexed) return { kwh: reading, checked: true };
    for (const [p, price] of numbers.entries()) {
      if (price === null) continue;
      const perKwh = Number(price.replace(/\.(?=\d{3}(?:\D|$))/g, "").replace(",", ".")) * priceFactor;
      const fits = numbers.some((value, v) => {
        const cents = v > p && value !== null && /[.,]\d{2}$/.test(value) ? parseAmountCents(value) : null;
        return cents !== null && cents > 0 && Math.abs(reading * perKwh * 100 - cents) <= Math.max(1, cents * 0.005);
      });
      if (fits) return { kwh: reading, checked: true };
    }
  }
  return readings[0] === undefined ? null : { kwh: readings[0], checked: false };
}

/**
 * Consumption by the numbers around it: new − old index printed on one line with their difference,
 * or a charges row whose quantity × unit price is its value (the energy row).
 */
export function kwhByValue(lines: TextLine[]): { kwh: number; by: "indexes" | "row" } | null {
  const registers: number[] = [];
  for (const line of lines) {
    const numbers = line.cells.filter((c) => /^\d[\d.]*$/.test(c)).map((c) => parseKwh(c)!);
    for (let i = 0; i + 2 < numbers.length; i++) {
      const [old, now, diff] = numbers.slice(i, i + 3) as [number, number, number];
      if (now > old && now - old === diff && diff > 0) {
        registers.push(diff);
        break;
      }
    }
  }
  // Several rows of readings (day and night registers, their total): the total row, else their sum.
  if (registers.length > 0) {
    const sum = registers.reduce((a, b) => a + b, 0);
    return { kwh: registers.find((diff) => diff * 2 === sum) ?? sum, by: "indexes" };
  }
  // A charge row whose quantity × unit price is its value: of several (a register's energy row, the
  // distribution billed on every kWh), the largest quantity is the whole consumption.
  const checked = checkedRowQuantities(lines);
  return checked.length > 0 ? { kwh: Math.max(...checked), by: "row" } : null;
}

/** The quantity of every charge row whose quantity × unit price is its value, a row's once. */
export function checkedRowQuantities(lines: TextLine[]): number[] {
  const checked: number[] = [];
  for (const line of lines) {
    const cells = line.cells.map((c) => c.replace(/\s*(?:kwh|lei|ron)\b.*$/i, "").trim());
    const quantities = cells.map((c) => (/^\d{1,3}(?:\.\d{3})*$|^\d+$/.test(c) ? parseKwh(c) : null));
    const prices = cells.map((c) => (/^\d+,\d{3,6}$/.test(c) ? Number(c.replace(",", ".")) : null));
    const values = cells.map((c) => (/^\d[\d.]*,\d{2}$/.test(c) ? parseAmountCents(c) : null));
    for (const [q, kwh] of quantities.entries()) {
      if (!kwh) continue;
      for (const [p, price] of prices.entries()) {
        if (price === null || p <= q) continue;
        if (values.some((cents, v) => v > p && cents !== null && Math.abs(Math.round(kwh * price * 100) - cents) <= 1)) checked.push(kwh);
      }
    }
  }
  return checked;
}

/**
 * The one quantity the bill prints in kWh: '182 kWh', '182' beside a 'kWh' cell, or a bare figure
 * right of (or under) a caption ending in '(kWh)'. Prices per kWh are not quantities.
 */
export function soleKwhFigure(lines: TextLine[]): number | null {
  const found = new Set<number>();
  const add = (text: string, unit?: string) => {
    const kwh = parseKwh(text, unit);
    if (kwh !== null && kwh > 0) found.add(kwh);
  };
  lines.forEach((line, l) =>
    line.cells.forEach((cell, c) => {
      // A rate ('kWh/zi', '4,2 kWh pe zi') is an average, never the bill's energy.
      for (const m of cell.matchAll(/(?<![\d.,])(\d[\d.,]*)\s*([mk]wh)\b(?!\s*\/|\s+pe\s+(?:zi|lun[aă])\b)/giu))
        if (!/\/\s*$/.test(cell.slice(0, m.index))) add(m[1]!, m[2]);
      if (!/^\d[\d.]*$/.test(cell)) return;
      const above = lines[l - 1];
      const captioned = (caption: string | undefined) => caption !== undefined && /\(kwh\)\s*:?$/i.test(caption);
      if (/^[mk]wh$/i.test(line.cells[c + 1] ?? "")) add(cell, line.cells[c + 1]);
      else if (captioned(line.cells[c - 1]) || (above?.cells.length === line.cells.length && captioned(above.cells[c]))) add(cell);
    }),
  );
  return found.size === 1 ? [...found][0]! : null;
}

/**
 * A meter's row whose caption a scan lost ('Energie activă ⇥ 19541 ⇥ 20437 ⇥ 8\'6', the header garbled and
 * the difference misread): two readings side by side whose difference is the quantity two charge rows
 * or more open with ('Energie electrică activă ⇥ 896 ⇥ …') is the consumption, read twice over.
 */
export function kwhByIndexRowAndQuantities(lines: TextLine[]): number | null {
  const quantityOf = (line: TextLine) => (line.cells.length >= 3 && /\p{L}/u.test(line.cells[0]!) && /^\d{1,5}$/.test(line.cells[1]!) ? Number(line.cells[1]) : null);
  const found = new Set<number>();
  lines.forEach((line, l) => {
    for (let c = 0; c + 1 < line.cells.length; c++) {
      if (!/^\d{3,7}$/.test(line.cells[c]!) || !/^\d{3,7}$/.test(line.cells[c + 1]!)) continue;
      const diff = Number(line.cells[c + 1]) - Number(line.cells[c]);
      if (diff > 0 && lines.filter((other, o) => o !== l && quantityOf(other) === diff).length >= 2) found.add(diff);
    }
  });
  return found.size === 1 ? [...found][0]! : null;
}

/**
 * The billed month's figure in a consumption history or chart: a row of bare figures over a row of
 * month captions ('ian 26' …), as many of each. The figure under the billed month's caption (a period
 * within one month), else — no period read — the last month's, the history ending with the bill's.
 */
export function billedMonthKwh(lines: TextLine[], periodStart: string | null, periodEnd: string | null): number | null {
  const billed = periodEnd && (!periodStart || periodStart.slice(0, 7) === periodEnd.slice(0, 7)) ? [Number(periodEnd.slice(0, 4)), Number(periodEnd.slice(5, 7))] : null;
  if (periodEnd && !billed) return null;
  const found = new Set<number>();
  lines.forEach((line, l) => {
    const months = line.cells.map(monthLabel);
    const above = lines[l - 1];
    if (months.length < 3 || months.some((m) => m === null) || !above || above.cells.length !== months.length) return;
    if (!above.cells.every((cell) => /^\d{1,3}(?:[. ]\d{3})+$|^\d+$/.test(cell))) return;
    const at = billed ? months.findIndex((m) => m![0] === billed[0] && m![1] === billed[1]) : months.length - 1;
    const kwh = at >= 0 ? parseKwh(above.cells[at]!) : null;
    if (kwh !== null && kwh > 0) found.add(kwh);
  });
  return found.size === 1 ? [...found][0]! : null;
}

/** The one power in kW the bill prints ('6,00 kW', 'putere 6 kW'), within a household's range. */
export function powerByValue(lines: TextLine[]): string | null {
  const found = new Set<number>();
  const add = (text: string) => {
    const cents = parseAmountCents(text);
    if (cents !== null && cents >= 100 && cents <= 3000) found.add(cents);
  };
  lines.forEach((line, l) =>
    line.cells.forEach((cell, c) => {
      for (const m of cell.matchAll(/(?<![\d.,])(\d{1,2}(?:[.,]\d{1,2})?)\s*kw(?!h)\b/gi)) add(m[1]!);
      // A bare figure under (or right of) a caption in kW: '(kW)' over '4,00'.
      const above = lines[l - 1];
      const captioned = (caption: string | undefined) => caption !== undefined && /\(kw\)\s*:?$/i.test(caption);
      if (
        /^\d{1,2}(?:[.,]\d{1,2})?$/.test(cell) &&
        (captioned(line.cells[c - 1]) || (above?.cells.length === line.cells.length && captioned(above.cells[c])))
      )
        add(cell);
    }),
  );
  if (found.size !== 1) return null;
  const cents = [...found][0]!;
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}

// --- Holder and address ----------------------------------------------------------------------------

/**
 * Words of a bill's own furniture — its block headings and labels ('DATE CONTRACT', 'DATE CLIENT',
 * 'LOC DE CONSUM', 'DATE FACTURĂ', 'REST DE PLATĂ') — no Romanian name is made of: never a holder's name.
 */
const NOT_A_NAME =
  /\b(?:FACTURA|FACTURII|FACTURARE|TOTAL|PLATA|PLATII|DATA|DATE|DATELE|CLIENT|CLIENTULUI|COD|CONTRACT|CONTRACTULUI|ENERGIE|ENERGY|ELECTRICA|ACTIVA|DETALII|CONSUM|CONSUMATOR|CUPON|TVA|ROMANIA|FURNIZARE|FURNIZOR|SRL|S\.A|LEI|RON|POD|TARIF|PRODUS|ADRESA|TITULAR|INFORMATII|DESPRE|LOC|LOCUL|SUMAR|SUME|REST|SOLD|VALOARE|PERIOADA|CONTOR|INDEX|CITIRE|PUTERE|STATUT|SERVICII|PENALITATI|IDENTIFICARE|TAXA|POSTALA|PLATITA|PRIORITAR)\b/;
/** A holder's name candidate holding a word of the bill's own furniture (any case): a heading, never a name. */
export const holdsLabelWord = (text: string) => NOT_A_NAME.test(foldSameLength(text).toUpperCase());
const NAME = /^[\p{Lu}][\p{Lu}'-]+(?: [\p{Lu}][\p{Lu}'-]+){1,3}$/u;
const ADDRESS_START =
  /^(?:(?:str|jud|mun|sec|bd|b-dul|sos|cal|bl|com|or|loc|sat)\.|(?:strada|judetul|municipiul|bulevardul|soseaua|calea|comuna|satul|orasul|localitatea|sectorul)\s)/i;
const STREET = /(?:^|[\s.])(?:str|bd|b-dul|sos|cal|calea|strada|bulevardul|soseaua)\.?\s*\p{L}|\bnr\.\s*\d/iu;

const LOCALITY =
  /^(?:jud|mun|loc|com|sat|ora[sș]|sec)\.\s*\p{L}|^(?:judetul|municipiul|localitatea|comuna|satul|orasul)\s/iu;
/** Where an address starts inside a cell ('VLAD POPA, Jud.CJ …'). */
const ADDRESS_INSIDE =
  /(?:^|[\s,;])(?=(?:str|jud|mun|sec|bd|b-dul|sos|cal|com|sat)\.|(?:strada|judetul|municipiul|bulevardul|soseaua|calea|comuna|satul|localitatea)\s)/i;

/** A company's tax or trade-registry number opening a cell: 'CUI RO28909028', 'CIF: …', 'J12/…'. */
const TAX_ID_FIRST = /^\s*(?:CUI|CIF|C\.U\.I\.|cod\s+fiscal|Nr\.?\s*Reg\.?\s*Com|J\d{1,2}\/)/i;
const bare = (cell: string) => cell.replace(/^[^\p{L}\d]+|[\s,;:.]+$/gu, "");
/** What follows a label of any wording ('Xyz abc: POPA ION' → 'POPA ION'), or the cell itself. */
const afterLabel = (cell: string) => bare(cell.slice(cell.lastIndexOf(": ") + 1));
/** The upper-case words ending a cell after words in lower case ('Titularul POPA ION,' → 'POPA ION'). */
const trailingName = (cell: string) =>
  /\p{Ll}\S*\s+((?:[\p{Lu}][\p{Lu}'-]+ ?){2,4})[\s,;.]*$/u.exec(cell)?.[1]?.trim() ?? "";
const isName = (text: string, isSupplier: (text: string) => boolean) =>
  NAME.test(text) && !NOT_A_NAME.test(foldSameLength(text)) && !isSupplier(text);

/** A party block's title alone in its cell, after a form's code at most ('BG-4 Vânzător', 'Date client:'). */
const PARTY_TITLE =
  /^(?:[A-Z]{1,3}-?\d{1,3}\s+)?(?:date(?:le)?\s+(?:de\s+identificare\s+)?(?:ale\s+)?)?(vanzator|furnizor|prestator|emitent|distribuitor|operator\s+(?:de\s+)?distributie|cumparator|client|beneficiar|titular)(?:ul(?:ui)?)?\s*:?$/i;
/** The parties whose offices a bill prints: the seller's, the distributor's — never the holder's address. */
const SELLER_ROLE = /^(?:vanzator|furnizor|prestator|emitent|distribuitor|operator\s+(?:de\s+)?distributie)$/i;

/**
 * Whether a cell lies in the seller's (or the distributor's) block of parties printed side by side
 * ('Vânzător' beside 'Cumpărător', 'Furnizor' beside 'Client'): the nearest line above titling both
 * such a block and the buyer's splits the lines under it into as many column groups, in order.
 */
export function inSellersColumn(lines: TextLine[], line: number, cell: number): boolean {
  for (let l = line - 1; l >= Math.max(0, line - 8); l--) {
    const roles = lines[l]!.folded.map((c) => PARTY_TITLE.exec(c)?.[1] ?? null);
    const titled = roles.filter((role) => role !== null);
    if (titled.length < 2) continue;
    if (!titled.some((role) => SELLER_ROLE.test(role)) || titled.every((role) => SELLER_ROLE.test(role))) return false;
    const cells = lines[line]!.cells.length;
    if (cells < roles.length) return false;
    const role = roles[Math.floor((cell * roles.length) / cells)];
    return role !== null && role !== undefined && SELLER_ROLE.test(role);
  }
  return false;
}

/** Block, staircase, floor and flat alone ('bl.C5 ap.30', 'sc.B ap.12'): what only ends an address, wrapped to its own line or cell. */
export const UNIT_TAIL = /^(?:(?:bl|sc|et|ap)\.\s*[\p{L}\d]+[\s,]*)+$/iu;
/** A cell's text without the comma, semicolon or blank a table left at its end. */
export const withoutTrailingPunctuation = (text: string) => text.replace(/[\s,;]+$/, "");
/** A street name's rest and its house number ('Eminescu nr.119', 'nr.30 ap.4'): what a street printed without its number lacks. */
const STREET_REST = /^(?:\p{Lu}[\p{L}-]*\s+){0,3}nr\.\s*\d{1,4}[A-Z]?(?:[\s,]+(?:bl|sc|et|ap)\.\s*[\p{L}\d]+)*$/u;

/**
 * The locality on the second line under a street, alone there or in the street's column, the line between
 * no part of an address (no address word, no number, no label) and nothing in the street's column unless
 * alone: a line of a box printed beside the address's (a scan may read the two boxes' lines as one).
 */
function localityPastOtherBox(lines: TextLine[], street: number, column: number): string | null {
  const [between, next] = [lines[street + 1], lines[street + 2]];
  const cells = lines[street]!.cells.length;
  // The line between: no cell in the address's column (fewer cells), or alone; either way no address's part.
  if (!between || !next || (between.cells.length !== 1 && between.cells.length > column)) return null;
  const noAddress = (cell: string) => !ADDRESS_START.test(cell) && !STREET.test(cell) && !UNIT_TAIL.test(cell) && !/\d|:/.test(cell);
  if (!between.cells.map((cell) => foldSameLength(bare(cell))).every(noAddress)) return null;
  // The locality alone on its line, or in the address's column of a line of as many cells.
  const at = next.cells.length === 1 ? 0 : next.cells.length === cells ? column : -1;
  if (at < 0) return null;
  const locality = bare(next.cells[at]!);
  return LOCALITY.test(foldSameLength(locality)) && !/\d{3}/.test(locality) ? locality : null;
}

/**
 * An address by its shape (street and locality markers; over two lines, locality first), and the
 * holder's name as the upper-case 2–4-word name printed before it in its cell or on its line, or
 * nearest above it.
 */
/** A mark a scan read as a cell of its own at a line's start ('o', 'O |', '|'): a punch hole, a fold, a speck. */
const SPECK_CELL = /^[^\p{L}\d]*\p{L}?[^\p{L}\d]*$/u;
/** How many such marks open a line's cells (never its last cell). */
export function leadingSpecks(cells: string[]): number {
  let k = 0;
  while (k < cells.length - 1 && SPECK_CELL.test(cells[k]!)) k++;
  return k;
}

export function holderAndAddressByShape(
  lines: TextLine[],
  isSupplier: (text: string) => boolean,
): { name: string | null; address: string | null } {
  for (const [l, line] of lines.entries()) {
    for (const [c, cell] of line.cells.entries()) {
      const text = bare(cell);
      const start = ADDRESS_INSIDE.exec(foldSameLength(text));
      // The supplier's own address, printed with its name or tax number, or in the cell right after
      // them ('Nova Power & Gas S.R.L. · Str. Câmpului nr. 1'), is not the holder's.
      // So is an address whose next cell opens with a company's tax or registry number ('… nr. 63 · CUI RO…').
      if (!start || isSupplier(text) || (c > 0 && isSupplier(bare(line.cells[c - 1]!))) || TAX_ID_FIRST.test(line.cells[c + 1] ?? "") || inSellersColumn(lines, l, c)) continue;
      // Before the address: the holder's name, or a label of any wording.
      const before = afterLabel(text.slice(0, start.index));
      let address = text.slice(start.index).replace(/^[\s,;]+/, "");
      const below = lines[l + 1];
      // Counted past the specks a scan read at either line's start.
      const column = below ? Math.min(c >= leadingSpecks(line.cells) ? c - leadingSpecks(line.cells) + leadingSpecks(below.cells) : c, below.cells.length - 1) : -1;
      const under = below ? bare(below.cells[column]!) : "";
      const folded = foldSameLength(address);
      const holdsLocality = LOCALITY.test(folded) || /\b(?:jud|mun)\./i.test(folded);
      // An envelope's window beside another box (the post's franking box): the two boxes' lines, of their
      // own pitch, interleave ('Str.Florilor nr.7' ⇥ 'cu C.N. Poșta Română S.A.' ⇥ 'Mun.București Sec.2'). A
      // line alone that is no part of an address passed over, the locality alone on the line after it.
      const pastOtherBox = holdsLocality ? null : localityPastOtherBox(lines, l, c);
      if (!STREET.test(folded) && ADDRESS_START.test(foldSameLength(under)) && STREET.test(foldSameLength(under)))
        address = `${address} ${under}`;
      else if (!STREET.test(folded)) continue;
      else if (!holdsLocality && LOCALITY.test(foldSameLength(under)) && !/\d{3}/.test(under)) address = `${under} ${address}`;
      else if (pastOtherBox) address = `${pastOtherBox} ${address}`;
      // Its flat alone on the next line ('… nr.138 bl.A1' over 'ap.40'): the address's end.
      else if (below?.cells.length === 1 && UNIT_TAIL.test(foldSameLength(under))) address = `${withoutTrailingPunctuation(address)} ${withoutTrailingPunctuation(under)}`;
      // A street with no number yet, its name's rest and number wrapped to the next line ('Str.Mihai' over
      // 'Eminescu nr.119'): under the street, or under its label's column when the label's cell is empty there.
      else if (!/\bnr\.\s*\d/i.test(folded)) {
        const rest = [c, c - 1].map((k) => (k >= 0 ? below?.cells[k] : undefined)).map((cell) => (cell === undefined ? "" : bare(cell))).find((cell) => STREET_REST.test(cell) && !NOT_A_NAME.test(foldSameLength(cell).toUpperCase()));
        if (rest) address = `${withoutTrailingPunctuation(address)} ${rest}`;
      }
      // An address right of another column: the name over it in its own column (a row of as many cells)
      // comes before that column's cell on its line (the franking box's contract a scan garbled into words).
      const above = lines[l - 1];
      const overInColumn = c > 0 && above?.cells.length === line.cells.length ? [above.cells[c]!] : [];
      // Values sit right of their labels: on each line above, the cells from the right.
      const candidates = [
        before,
        ...overInColumn,
        ...line.cells.slice(0, c).reverse(),
        ...[1, 2, 3].flatMap((up) => [...(lines[l - up]?.cells ?? [])].reverse()),
      ].flatMap((cell) => [afterLabel(cell), trailingName(cell)]);
      return { name: candidates.find((n) => isName(n, isSupplier)) ?? null, address };
    }
  }
  return { name: null, address: null };
}

/**
 * The holder's name where a scan made its caption unreadable ('Uoytel' for 'Ügyfél'): the one cell of
 * the lines above the billing address (the whole bill if none was found) shaped as a person's name,
 * upper-case words alone in their cell. Two such cells (a place's user beside the holder, an addressee)
 * leave it unread.
 */
export function soleNameByShape(lines: TextLine[], before: number, isSupplier: (text: string) => boolean): string | null {
  const names = new Set<string>();
  for (const line of lines.slice(0, before)) {
    for (const cell of line.cells) {
      const text = bare(cell);
      if (isName(text, isSupplier) && !inSellersColumn(lines, lines.indexOf(line), line.cells.indexOf(cell))) names.add(text);
    }
  }
  return names.size === 1 ? [...names][0]! : null;
}

/** Services a bill may sell besides electricity (a Digi-like invoice with TV, internet, mobile or gas). */
export const OTHER_SERVICES = /\b(?:tv|internet|telefonie|telefon|mobil[ae]?|gaze(?:\s+naturale)?|fibra|cablu|comunicatii\s+electronice)\b/i;

/** Words offer names are made of ('ENGIE Fix 24', 'E.ON Confort', 'Nova Casa', 'Hidro Casnic'). */
const PRODUCT_WORD =
  /\b(?:fix|variabil|flexi?|casnic|home|casa|standard|confort|plus|start|monom|verde|green|eco|clasic|smart)\b/i;
/** A supplier's legal name is not an offer. */
const LEGAL_NAME = /furnizare|\bs\.?\s?r\.?\s?l\b|\bs\.\s?a\b|\benergy\b|\bromania\b|vanzare|power\s*&/i;

/**
 * An offer's name with the price line under it run into its line by a scan ('Tinmar Abonament Casa Energie
 * activă 0,5984 lei/kWh + …'): the name is what comes before the active energy's words.
 */
function beforeEnergyPrice(text: string): string {
  const energy = /\s(?:energie|energia)\s+(?:electric[aă]\s+)?activ[aă](?!\p{L})/iu.exec(text);
  return energy ? text.slice(0, energy.index) : text;
}

/**
 * An offer name by its words: a short cell of words (a small number at most: 'Preț fix 12 luni')
 * naming a product, or the supplier's brand and a word — not the supplier's own name.
 */
export function tariffByWords(lines: TextLine[], supplierName: string | null): string | null {
  const supplier = supplierName ? foldSameLength(supplierName).toLowerCase() : null;
  const brand = supplier?.split(" ")[0] ?? null;
  for (const line of lines) {
    for (const cell of line.cells) {
      const text = beforeEnergyPrice(afterLabel(cell.split(/,\s*\d/)[0]!));
      const folded = foldSameLength(text);
      const words = text.split(/\s+/);
      if (
        words.length < 2 ||
        words.length > 5 ||
        text.length > 40 ||
        !words.every((w) => /\p{L}/u.test(w) || /^\d{1,2}$/.test(w))
      )
        continue;
      if (
        /[:|]|kwh|\blei\b/i.test(text) ||
        LEGAL_NAME.test(folded) ||
        // The supplier's other services ('Digi TV', 'Digi Net fibră') are not an electricity offer.
        OTHER_SERVICES.test(folded) ||
        (supplier !== null &&
          folded.toLowerCase().startsWith(supplier) &&
          !PRODUCT_WORD.test(folded.slice(supplier.length)))
      )
        continue;
      if (NAME.test(text) && !PRODUCT_WORD.test(folded)) continue;
      if (PRODUCT_WORD.test(folded) || (brand !== null && folded.toLowerCase().startsWith(`${brand} `))) return text;
    }
  }
  return null;
}

// --- Supply point --------------------------------------------------------------------------------

/**
 * The POD in any of the distribution operators' forms (romania-market.md): the national 'RO' + 3 +
 * 'E' + 9, Delgaz Grid's 'EMO…', or the long numeric '594…' of Oltenia and DEER.
 */
export function podByFormat(text: string): { pod: string; form: "national" | "delgaz" | "numeric" } | null {
  const national = findPod(text);
  if (national) return { pod: national, form: "national" };
  const delgaz = /(?<![\p{L}\d])(EMO\d{6,12})(?!\d)/u.exec(text.toUpperCase());
  if (delgaz) return { pod: delgaz[1]!, form: "delgaz" };
  const numeric = /(?<!\d)(594\d{13,15})(?!\d)/.exec(text);
  if (numeric) return { pod: numeric[1]!, form: "numeric" };
  return null;
}
