// Machine readable zone of identity documents (ICAO 9303). Romanian cards carry two layouts:
// the classic card (CI) a 2 × 36 zone laid out like TD2, the electronic card (CEI) a 3 × 30 TD1 zone;
// passports a 2 × 44 TD3 zone. OCR confusions are repaired where the field type leaves no doubt (a
// digit field never holds 'O'), and in mixed fields only where exactly one repair satisfies the check digit.

import { isValidCnp } from "./cnp";

export type MrzFormat = "TD1" | "TD2" | "TD3";
export type MrzCheckName = "documentNumber" | "birthDate" | "expiryDate" | "composite" | "personalNumber";

export interface MrzResult {
  format: MrzFormat;
  lines: string[];
  documentCode: string;
  issuingState: string;
  /** Without fillers: 'XV123456' */
  documentNumber: string;
  nationality: string;
  /** YYYY-MM-DD, century chosen so that the birth is not in the future. */
  birthDate: string | null;
  sex: "M" | "F" | null;
  /** YYYY-MM-DD */
  expiryDate: string | null;
  /** The expiry field is all fillers: a document valid without limit ('nelimitat'). */
  expiryUnlimited: boolean;
  optionalData: string;
  lastName: string;
  firstName: string;
  /** personalNumber only in TD3 (passports). */
  checks: Partial<Record<MrzCheckName, boolean>> & Record<Exclude<MrzCheckName, "personalNumber">, boolean>;
  /** All check digits valid. */
  valid: boolean;
  /** Characters changed by the OCR repair (0 when the zone was read cleanly). */
  corrections: number;
  /**
   * Check digits that hold only for a line read one character too long or too short, cut or padded
   * inside their field: each cut gives the field another value, and of ~10 such values one passes its
   * check digit by chance (1 in 10 each) — the check chose the value, it did not confirm it.
   */
  shiftedChecks?: MrzCheckName[];
}

const WEIGHTS = [7, 3, 1];

function charValue(char: string): number {
  if (char >= "0" && char <= "9") return char.charCodeAt(0) - 48;
  if (char >= "A" && char <= "Z") return char.charCodeAt(0) - 55;
  return 0; // '<'
}

/** ICAO 9303 check digit: weights 7-3-1, A=10…Z=35, '<'=0, mod 10. */
export function mrzCheckDigit(text: string): number {
  let sum = 0;
  for (let i = 0; i < text.length; i++) sum += charValue(text[i]!) * WEIGHTS[i % 3]!;
  return sum % 10;
}

const TO_DIGIT: Record<string, string> = { O: "0", Q: "0", D: "0", U: "0", I: "1", L: "1", T: "1", Z: "2", S: "5", B: "8", G: "6" };
const TO_LETTER: Record<string, string> = { "0": "O", "1": "I", "2": "Z", "5": "S", "8": "B", "6": "G" };

type FieldKind = "N" | "A" | "X" | "<"; // numeric, alphabetic, any, filler

/** Repairs characters by field kind; returns the repaired text and how many characters changed. */
function repair(text: string, mask: string): [string, number] {
  let out = "";
  let changed = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    const kind = (mask[i] ?? "X") as FieldKind;
    let fixed = char;
    if (kind === "N" && !/[0-9<]/.test(char)) fixed = TO_DIGIT[char] ?? char;
    else if (kind === "A" && !/[A-Z<]/.test(char)) fixed = TO_LETTER[char] ?? char;
    else if (kind === "<" && char !== "<") fixed = "<";
    if (fixed !== char) changed++;
    out += fixed;
  }
  return [out, changed];
}

/** Cleans an OCR line: upper case, no spaces, guillemets and other stray marks to fillers. */
export function cleanMrzLine(line: string): string {
  return line
    // The zone is printed in capitals only: words read in small letters at a line's end, after a space,
    // are its fillers read as marks ('IDROUBARBU<<MARIA Eticii zecea', a cling film's sheen: ID round 26).
    // (Each word taken whole, `(?!\p{Ll})`: a run of small letters split every way would backtrack exponentially.)
    .replace(/(?<=\s)(?:\p{Lu}?\p{Ll}{2,}(?!\p{Ll})\s*)+$/u, (words) => "<".repeat(words.replace(/\s+/g, "").length))
    .toUpperCase()
    .replace(/[«≪]/g, "<<")
    .replace(/\s+/g, "")
    // A leading mark ('|', ',') is the card's edge or a stray stroke, not a filler.
    .replace(/^[^A-Z0-9<]+/, "")
    // A zone letter with a speck over it ('MIHAÎ') is still that letter: the zone has no diacritics, so
    // an accented capital between zone characters was read from one, not from a filler.
    .replace(/(?<=[A-Z<])[ĂÂÎȘȚŞŢ](?=[A-Z<])/g, (c) => c.normalize("NFD").replace(/[\u0300-\u036f]/g, ""))
    .replace(/[^A-Z0-9<]/g, "<");
}

function mrzDate(yymmdd: string, kind: "birth" | "expiry", referenceYear: number): string | null {
  if (!/^\d{6}$/.test(yymmdd)) return null;
  const yy = Number(yymmdd.slice(0, 2));
  const mm = Number(yymmdd.slice(2, 4));
  const dd = Number(yymmdd.slice(4, 6));
  const currentYy = referenceYear % 100;
  const century = Math.floor(referenceYear / 100) * 100;
  let year: number;
  if (kind === "birth") year = yy > currentYy ? century - 100 + yy : century + yy;
  else year = yy < currentYy - 50 ? century + 100 + yy : century + yy;
  const date = new Date(Date.UTC(year, mm - 1, dd));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== mm - 1 || date.getUTCDate() !== dd) return null;
  return date.toISOString().slice(0, 10);
}

function namesFrom(field: string): { lastName: string; firstName: string } {
  // A lone 'K' between fillers is the most common OCR misreading of '<<'.
  const cleaned = field.replace(/<K</g, "<<<").replace(/[K<]+$/, "");
  const [last = "", ...rest] = cleaned.split("<<");
  // Given names are parted by one filler (a misread may double it); a run of three or more ends
  // them: what the engine read among the fillers after it ('MIHAI<<<<<<I<<7I<') is no name.
  const given = rest.join("<<").replace(/^<+/, "").split(/<{3,}/)[0]!.replace(/<+/g, " ").replace(/\s+/g, " ").trim().split(" ");
  // Lone letters after the given names are fillers misread ('MIHAI<I<I<<'): the zone spells names out.
  while (given.length > 1 && given[given.length - 1]!.length === 1) given.pop();
  return {
    lastName: last.replace(/<+/g, " ").trim(),
    firstName: given.join(" "),
  };
}

function checkField(value: string, check: string): boolean {
  if (/^<+$/.test(value)) return check === "<" || check === "0";
  return /^\d$/.test(check) && mrzCheckDigit(value) === Number(check);
}

const AMBIGUOUS: Record<string, string> = { O: "0", "0": "O", I: "1", "1": "I", B: "8", "8": "B", S: "5", "5": "S", Z: "2", "2": "Z", D: "0", G: "6", "6": "G" };

/**
 * A field whose check digit fails, repaired by swapping one look-alike character (O/0, I/1, B/8,
 * S/5, Z/2) — only when exactly one such swap makes the check digit hold. Returns null otherwise.
 */
export function repairByCheckDigit(value: string, check: string): string | null {
  if (checkField(value, check)) return value;
  const fixes = new Set<string>();
  for (let i = 0; i < value.length; i++) {
    const swap = AMBIGUOUS[value[i]!];
    if (!swap) continue;
    const candidate = value.slice(0, i) + swap + value.slice(i + 1);
    if (checkField(candidate, check)) fixes.add(candidate);
  }
  return fixes.size === 1 ? [...fixes][0]! : null;
}

/** Digits the engine confuses with each other (thin strokes lost to blur). */
const DIGIT_CONFUSIONS: Record<string, string[]> = { "1": ["7"], "7": ["1"], "3": ["8"], "8": ["3", "6"], "6": ["8", "5"], "5": ["6"] };

/**
 * A YYMMDD field whose check digit fails, repaired by one confused digit — only when exactly one
 * such change gives a real date that satisfies the check digit (the composite check still has to hold).
 */
export function repairDateByCheckDigit(value: string, check: string): string | null {
  if (checkField(value, check)) return value;
  const fixes = new Set<string>();
  for (let i = 0; i < value.length; i++) {
    for (const swap of DIGIT_CONFUSIONS[value[i]!] ?? []) {
      const candidate = value.slice(0, i) + swap + value.slice(i + 1);
      if (checkField(candidate, check) && mrzDate(candidate, "expiry", 2000) !== null) fixes.add(candidate);
    }
  }
  return fixes.size === 1 ? [...fixes][0]! : null;
}

/** Replaces `value` at `[start, start+length)` by its check-digit repair when one is unique. */
function withCheckRepair(line: string, start: number, length: number, checkAt: number, date = false): [string, number] {
  const value = line.slice(start, start + length);
  const fixed = (date ? repairDateByCheckDigit : repairByCheckDigit)(value, line[checkAt]!);
  if (!fixed || fixed === value) return [line, 0];
  return [line.slice(0, start) + fixed + line.slice(start + length), 1];
}

/**
 * A Romanian zone carries the holder's CNP (a passport's personal number, the electronic card's
 * optional data), whose digits 2–7 are the birth date: a birth date field that fails its check digit
 * (a glare spot, a smudge) is replaced by the CNP's when the CNP's own control digit holds and its
 * date satisfies the field's check digit — two independent checks confirm it.
 */
export function birthDateFromCnp(birth: string, check: string, optional: string): string | null {
  if (checkField(birth, check)) return null;
  const cnp = /(?<!\d)\d{13}(?!\d)/.exec(optional.replace(/</g, " "))?.[0];
  if (!cnp || !isValidCnp(cnp)) return null;
  const fromCnp = cnp.slice(1, 7);
  return checkField(fromCnp, check) ? fromCnp : null;
}

/** Replaces the birth date at `[start, start+6)` by the CNP's (birthDateFromCnp) when it holds. */
function withCnpBirthDate(line: string, start: number, optional: string): [string, number] {
  const fixed = birthDateFromCnp(line.slice(start, start + 6), line[start + 6]!, optional);
  if (!fixed) return [line, 0];
  const changed = [...fixed].filter((c, i) => c !== line[start + i]).length;
  return [line.slice(0, start) + fixed + line.slice(start + 6), changed];
}

/** A shaken or blurred zone's digits: a '0' whose hole closed reads '8' besides DIGIT_CONFUSIONS. */
const OPTIONAL_CONFUSIONS: Record<string, string[]> = { ...DIGIT_CONFUSIONS, "0": ["8"], "8": ["3", "6", "0"] };

/**
 * The optional data at `[start, end)` repaired by the composite check digit, once every other field's
 * own check digit holds (so only the optional data, which has none, can be wrong): one confused digit,
 * only when exactly one such change makes the composite hold and the result is `plausible`.
 */
function withCompositeRepair(line: string, start: number, end: number, checkAt: number, covered: (line: string) => string, plausible: (line: string) => boolean): [string, number] {
  if (checkField(covered(line), line[checkAt]!)) return [line, 0];
  const fixes = new Set<string>();
  for (let i = start; i < end; i++) {
    for (const swap of OPTIONAL_CONFUSIONS[line[i]!] ?? []) {
      const candidate = line.slice(0, i) + swap + line.slice(i + 1);
      if (checkField(covered(candidate), candidate[checkAt]!) && plausible(candidate)) fixes.add(candidate);
    }
  }
  return fixes.size === 1 ? [[...fixes][0]!, 1] : [line, 0];
}

function sexFrom(char: string): "M" | "F" | null {
  return char === "M" ? "M" : char === "F" ? "F" : null;
}

/** Romanian card numbers are two letters of the series and six digits; passport numbers are digits. */
function documentNumberMask(issuingState: string, passport = false): string {
  if (issuingState !== "ROU") return "XXXXXXXXX";
  return passport ? "NNNNNNNNN" : "AANNNNNNX";
}

function parseTd2(rawLines: [string, string], referenceYear: number): MrzResult | null {
  let [l1, l2] = rawLines.map((l) => l.padEnd(36, "<").slice(0, 36)) as [string, string];
  let corrections = 0;
  const apply = (text: string, mask: string) => {
    const [fixed, changed] = repair(text, mask);
    corrections += changed;
    return fixed;
  };
  const checkRepair = (line: string, start: number, length: number, checkAt: number, date = false) => {
    const [fixed, changed] = withCheckRepair(line, start, length, checkAt, date);
    corrections += changed;
    return fixed;
  };
  l1 = apply(l1.slice(0, 5), "AAAAA") + l1.slice(5).replace(/[^A-Z<]/g, (c) => TO_LETTER[c] ?? c);
  const issuingState = l1.slice(2, 5);
  l2 = apply(l2, documentNumberMask(issuingState) + "NAAANNNNNNNANNNNNNNXXXXXXXN");
  l2 = checkRepair(l2, 0, 9, 9);
  l2 = checkRepair(l2, 13, 6, 19, true);
  l2 = checkRepair(l2, 21, 6, 27, true);
  if (checkField(l2.slice(0, 9), l2[9]!) && checkField(l2.slice(13, 19), l2[19]!) && checkField(l2.slice(21, 27), l2[27]!)) {
    // A Romanian card's optional data is the CNP's sex digit and last six: with the zone's birth date
    // between them it is a whole CNP, whose control digit is a second, independent check.
    const cnpHolds = (line: string) => issuingState !== "ROU" || isValidCnp(line[28]! + line.slice(13, 19) + line.slice(29, 35));
    const [fixed, changed] = withCompositeRepair(l2, 28, 35, 35, (line) => line.slice(0, 10) + line.slice(13, 20) + line.slice(21, 35), cnpHolds);
    l2 = fixed;
    corrections += changed;
  }
  const documentNumberField = l2.slice(0, 9);
  const birth = l2.slice(13, 19);
  const expiry = l2.slice(21, 27);
  const optional = l2.slice(28, 35);
  const checks: MrzResult["checks"] = {
    documentNumber: checkField(documentNumberField, l2[9]!),
    birthDate: checkField(birth, l2[19]!),
    expiryDate: checkField(expiry, l2[27]!),
    composite: checkField(l2.slice(0, 10) + l2.slice(13, 20) + l2.slice(21, 35), l2[35]!),
  };
  const names = namesFrom(l1.slice(5));
  return {
    format: "TD2",
    lines: [l1, l2],
    documentCode: l1.slice(0, 2).replace(/</g, ""),
    issuingState,
    documentNumber: documentNumberField.replace(/</g, ""),
    nationality: l2.slice(10, 13),
    birthDate: mrzDate(birth, "birth", referenceYear),
    sex: sexFrom(l2[20]!),
    expiryDate: mrzDate(expiry, "expiry", referenceYear),
    expiryUnlimited: /^<{6}$/.test(expiry),
    optionalData: optional.replace(/<+$/, ""),
    ...names,
    checks,
    valid: Object.values(checks).every(Boolean),
    corrections,
  };
}

function parseTd1(rawLines: [string, string, string], referenceYear: number): MrzResult | null {
  let [l1, l2, l3] = rawLines.map((l) => l.padEnd(30, "<").slice(0, 30)) as [string, string, string];
  let corrections = 0;
  const apply = (text: string, mask: string) => {
    const [fixed, changed] = repair(text, mask);
    corrections += changed;
    return fixed;
  };
  const checkRepair = (line: string, start: number, length: number, checkAt: number, date = false) => {
    const [fixed, changed] = withCheckRepair(line, start, length, checkAt, date);
    corrections += changed;
    return fixed;
  };
  const issuingState = apply(l1.slice(2, 5), "AAA");
  l1 = apply(l1.slice(0, 2), "AA") + issuingState + apply(l1.slice(5), documentNumberMask(issuingState) + "N" + "X".repeat(15));
  l2 = apply(l2, "NNNNNNNANNNNNNNAAA" + "X".repeat(11) + "N");
  l3 = l3.replace(/[^A-Z<]/g, (c) => TO_LETTER[c] ?? c);
  l1 = checkRepair(l1, 5, 9, 14);
  l2 = checkRepair(l2, 0, 6, 6, true);
  l2 = checkRepair(l2, 8, 6, 14, true);
  const [td1Birth, td1ByCnp] = withCnpBirthDate(l2, 0, l1.slice(15, 30));
  l2 = td1Birth;
  corrections += td1ByCnp;
  const checks: MrzResult["checks"] = {
    documentNumber: checkField(l1.slice(5, 14), l1[14]!),
    birthDate: checkField(l2.slice(0, 6), l2[6]!),
    expiryDate: checkField(l2.slice(8, 14), l2[14]!),
    composite: checkField(l1.slice(5, 30) + l2.slice(0, 7) + l2.slice(8, 15) + l2.slice(18, 29), l2[29]!),
  };
  return {
    format: "TD1",
    lines: [l1, l2, l3],
    documentCode: l1.slice(0, 2).replace(/</g, ""),
    issuingState,
    documentNumber: l1.slice(5, 14).replace(/</g, ""),
    nationality: l2.slice(15, 18),
    birthDate: mrzDate(l2.slice(0, 6), "birth", referenceYear),
    sex: sexFrom(l2[7]!),
    expiryDate: mrzDate(l2.slice(8, 14), "expiry", referenceYear),
    expiryUnlimited: /^<{6}$/.test(l2.slice(8, 14)),
    optionalData: (l1.slice(15, 30) + "<" + l2.slice(18, 29)).replace(/^<+|<+$/g, ""),
    ...namesFrom(l3),
    checks,
    valid: Object.values(checks).every(Boolean),
    corrections,
  };
}

function parseTd3(rawLines: [string, string], referenceYear: number): MrzResult | null {
  let [l1, l2] = rawLines.map((l) => l.padEnd(44, "<").slice(0, 44)) as [string, string];
  let corrections = 0;
  const apply = (text: string, mask: string) => {
    const [fixed, changed] = repair(text, mask);
    corrections += changed;
    return fixed;
  };
  const checkRepair = (line: string, start: number, length: number, checkAt: number, date = false) => {
    const [fixed, changed] = withCheckRepair(line, start, length, checkAt, date);
    corrections += changed;
    return fixed;
  };
  l1 = apply(l1.slice(0, 5), "AXAAA") + l1.slice(5).replace(/[^A-Z<]/g, (c) => TO_LETTER[c] ?? c);
  const issuingState = l1.slice(2, 5);
  l2 = apply(l2, documentNumberMask(issuingState, true) + "NAAANNNNNNNANNNNNNN" + "X".repeat(14) + "NN");
  l2 = checkRepair(l2, 0, 9, 9);
  l2 = checkRepair(l2, 13, 6, 19, true);
  l2 = checkRepair(l2, 21, 6, 27, true);
  const [td3Birth, td3ByCnp] = withCnpBirthDate(l2, 13, l2.slice(28, 42));
  l2 = td3Birth;
  corrections += td3ByCnp;
  const birth = l2.slice(13, 19);
  const expiry = l2.slice(21, 27);
  const personal = l2.slice(28, 42);
  const checks: MrzResult["checks"] = {
    documentNumber: checkField(l2.slice(0, 9), l2[9]!),
    birthDate: checkField(birth, l2[19]!),
    expiryDate: checkField(expiry, l2[27]!),
    // An empty personal number may carry '<' as its check digit.
    personalNumber: checkField(personal, l2[42]!),
    composite: checkField(l2.slice(0, 10) + l2.slice(13, 20) + l2.slice(21, 43), l2[43]!),
  };
  return {
    format: "TD3",
    lines: [l1, l2],
    documentCode: l1.slice(0, 2).replace(/</g, ""),
    issuingState,
    documentNumber: l2.slice(0, 9).replace(/</g, ""),
    nationality: l2.slice(10, 13),
    birthDate: mrzDate(birth, "birth", referenceYear),
    sex: sexFrom(l2[20]!),
    expiryDate: mrzDate(expiry, "expiry", referenceYear),
    expiryUnlimited: false,
    optionalData: personal.replace(/<+$/, ""),
    ...namesFrom(l1.slice(5)),
    checks,
    valid: Object.values(checks).every(Boolean),
    corrections,
  };
}

/** Parses already separated MRZ lines (2 × 44, 2 × 36 or 3 × 30, small length errors tolerated). */
export function parseMrz(lines: string[], referenceYear = new Date().getUTCFullYear()): MrzResult | null {
  const cleaned = lines.map(cleanMrzLine);
  if (cleaned.length === 2 && cleaned.every((l) => l.length >= 42 && l.length <= 46)) {
    return parseTd3(cleaned as [string, string], referenceYear);
  }
  if (cleaned.length === 2 && cleaned.every((l) => l.length >= 34 && l.length <= 38)) {
    return parseTd2(cleaned as [string, string], referenceYear);
  }
  if (cleaned.length === 3 && cleaned.every((l) => l.length >= 28 && l.length <= 32)) {
    return parseTd1(cleaned as [string, string, string], referenceYear);
  }
  return null;
}

const MRZ_LIKE = /^[A-Z0-9<]{26,48}$/;

/** A line as tried: as read (`at` -1), or with the character at `at` dropped or a filler added there. */
type LineVariant = { line: string; at: number };

/** The line as read, and with one character dropped or one filler added when the length is off by one. */
function lengthVariants(line: string, expected: number): LineVariant[] {
  if (line.length === expected + 1) return Array.from({ length: line.length }, (_, at) => ({ line: line.slice(0, at) + line.slice(at + 1), at }));
  if (line.length === expected - 1) return Array.from({ length: line.length + 1 }, (_, at) => ({ line: `${line.slice(0, at)}<${line.slice(at)}`, at }));
  return [{ line, at: -1 }];
}

/** Each line's fields with a check digit of their own: [check, first position, position after the check digit]. */
const CHECKED_FIELDS: Record<MrzFormat, [MrzCheckName, number, number][][]> = {
  TD1: [[["documentNumber", 5, 15]], [["birthDate", 0, 7], ["expiryDate", 8, 15]]],
  TD2: [[], [["documentNumber", 0, 10], ["birthDate", 13, 20], ["expiryDate", 21, 28]]],
  TD3: [[], [["documentNumber", 0, 10], ["birthDate", 13, 20], ["expiryDate", 21, 28], ["personalNumber", 28, 43]]],
};

/**
 * The zone read from length variants: the checks of the fields a variant's cut or filler fell inside
 * (at the field's first position it only shifts the field whole, as a cut before it does).
 */
function withShifts(result: MrzResult | null, variants: (LineVariant | null)[]): MrzResult | null {
  if (!result) return null;
  const shifted = variants.flatMap((variant, lineIndex) =>
    !variant || variant.at < 0 ? [] : (CHECKED_FIELDS[result.format][lineIndex] ?? []).filter(([, start, end]) => variant.at > start && variant.at < end).map(([name]) => name),
  );
  return shifted.length > 0 ? { ...result, shiftedChecks: shifted } : result;
}

/**
 * A first line whose document code 'I' was misread ('TDROU', '1DROU') or got a stray prefix of one or
 * two marks ('ITDROU', 'i ITDROU');
 * a passport's 'P<' read as 'PK' or 'P('.
 */
function firstLineVariants(line: string): string[] {
  const out = new Set<string>([line]);
  for (const base of [line, line.slice(1), line.slice(2)]) {
    if (/^[A-Z0-9][A-Z<][A-Z]{3}/.test(base) && base.length <= 38) out.add(`I${base.slice(1)}`);
    if (/^P[A-Z<][A-Z]{3}/.test(base) && base.length >= 40) out.add(`P<${base.slice(2)}`);
  }
  return [...out].filter((l) => l.startsWith("I") || l.startsWith("P<"));
}

/**
 * A national document's issuing state is its holder's nationality: of two readings of a first line
 * ('ITDROU…' as 'IDROU…' or 'ITDRO…'), the one whose state and nationality agree has its names where
 * they belong — even when the other holds more check digits, which the second line's repair under
 * another state's number pattern can match by chance ('IDROUBARBU…' read as 'IROUBARBU…': 'ARBU').
 * Then check digits, then few repairs.
 */
const score = (r: MrzResult) => (r.issuingState === r.nationality ? 100 : 0) + Object.values(r.checks).filter(Boolean).length * 10 - r.corrections;

/**
 * A line of the card's print, not of its zone: the zone is all capitals, and the engine reads them as
 * such; a printed line the engine garbled ('înc. ndpte Eli de najsie ane/hn e DEbitt') would otherwise
 * pass for a zone line once upper-cased, and a zone made of print is noise with a check digit or two
 * right by chance. Lower case in at least two letters out of five.
 */
export function printedInLowerCase(line: string): boolean {
  const letters = line.replace(/[^\p{L}]/gu, "");
  const lower = line.replace(/[^\p{Ll}]/gu, "").length;
  return letters.length >= 5 && lower >= letters.length * 0.4;
}

/**
 * Finds the MRZ in OCR text: consecutive lines that look like MRZ lines. Prefers a zone whose check
 * digits all hold; otherwise returns the best-scoring candidate (or null when nothing looks like one).
 */
/**
 * Whether a candidate is a zone at all: two of its check digits hold (one may by chance), or a line
 * as read holds a run of fillers inside it (the names' separator, the empty optional data). Upper-case printed labels read
 * as a zone ('DATA NASTERII/DATE DE NAISSANCE' on an electronic card, its slashes taken for fillers)
 * have neither.
 */
function zoneShaped(candidate: MrzResult, read: string[]): boolean {
  const fillersInside = (raw: string) => /<<(?!<*$)/.test(raw.replace(/\s+/g, "").replace(/[«≪]/g, "<<"));
  return Object.values(candidate.checks).filter(Boolean).length >= 2 || read.some(fillersInside);
}

export function findMrz(text: string, referenceYear?: number): MrzResult | null {
  const read = text
    .split(/\r?\n/)
    .filter((line) => !printedInLowerCase(line))
    .map((raw) => ({ raw, line: cleanMrzLine(raw) }))
    .filter(({ line: l }) => MRZ_LIKE.test(l) && (l.includes("<") || /\d{6}/.test(l)));
  const lines = read.map((r) => r.line);
  const asRead = (i: number) => read.slice(i, i + 3).map((r) => r.raw);
  let best: MrzResult | null = null;
  // Judged on the lines as read: padding a line to its length, or a letter outside the zone's
  // alphabet ('CETĂȚENIE'), adds fillers.
  const consider = (candidate: MrzResult | null, raw: string[]) => {
    if (candidate && !zoneShaped(candidate, raw)) return;
    // The electronic card's first line holds its number and digits, never names: a names line read as
    // one ('DROUPOPESCU<<ION<MARIAN<<<<', a classic card's zone cut to 30 characters) is no electronic card's zone,
    // whatever check digits its letters pass by chance (ID round 26: its address and issuer dropped as not printed).
    if (candidate?.format === "TD1" && /[A-Z]{2,}<<[A-Z]{2,}/.test(cleanMrzLine(raw[0] ?? ""))) return;
    if (candidate && (!best || score(candidate) > score(best))) best = candidate;
  };
  for (let i = 0; i < lines.length; i++) {
    for (const first of firstLineVariants(lines[i]!)) {
      const second = lines[i + 1];
      // A second line read only in part (its end under a glare spot or a shadow) keeps the fields it
      // holds: padded with fillers, the fields cut off simply fail their checks.
      if (second && first.startsWith("P") && first.length >= 40 && second.length >= 20) {
        for (const l2 of second.length >= 41 ? lengthVariants(second, 44) : [{ line: second.padEnd(44, "<"), at: -1 }]) {
          consider(withShifts(parseMrz([first.padEnd(44, "<").slice(0, 44), l2.line], referenceYear), [null, l2]), asRead(i));
        }
        continue;
      }
      if (second && first.length <= 38 && second.length >= 33) {
        for (const l2 of lengthVariants(second, 36)) consider(withShifts(parseMrz([first.padEnd(36, "<").slice(0, 36), l2.line], referenceYear), [null, l2]), asRead(i));
      } else if (second && first.length >= 33 && first.length <= 38 && second.length >= 20) {
        consider(parseMrz([first.slice(0, 36), second.padEnd(36, "<")], referenceYear), asRead(i));
      }
      // The names line is the one most often lost (no check digit covers it): its fields hold without it.
      const third = lines[i + 2] && lines[i + 2]!.length <= 32 ? lines[i + 2]! : "<".repeat(30);
      if (second && second.length <= 32 && first.length <= 32) {
        for (const l1 of lengthVariants(first, 30)) {
          for (const l2 of lengthVariants(second, 30)) consider(withShifts(parseMrz([l1.line, l2.line, third.padEnd(30, "<").slice(0, 30)], referenceYear), [l1, l2]), asRead(i));
        }
      }
    }
  }
  if (best) return best;
  // No zone of full lines: a passport's zone cut short by a glare across its right end, both lines
  // under 26 characters — its names line still opens with the code, the state and a surname with its
  // fillers, and the fields left in the second line hold their check digits (the cut ones fail theirs).
  const short = text
    .split(/\r?\n/)
    .filter((line) => !printedInLowerCase(line))
    .map((raw) => ({ raw, line: cleanMrzLine(raw) }))
    .filter(({ line: l }) => /^[A-Z0-9<]{20,43}$/.test(l));
  for (let i = 0; i + 1 < short.length; i++) {
    const [first, second] = [short[i]!.line, short[i + 1]!.line];
    if (!/^P<[A-Z]{3}[A-Z]{2,}<</.test(first) || !/\d{6}/.test(second)) continue;
    consider(parseMrz([first.padEnd(44, "<"), second.padEnd(44, "<")], referenceYear), [short[i]!.raw, short[i + 1]!.raw]);
  }
  return best;
}

/** A zone's names: the surname, two fillers, the given names parted by one, then fillers (marks read among them aside). */
const ZONE_NAMES = /^([A-Z]{2,}(?:<[A-Z]+)*<<[A-Z]{2,}(?:<[A-Z]+)*)<{3,}[A-Z0-9<]*$/;

/**
 * The holder's names from a zone's names line read on its own, its other lines lost (a sleeve's haze, a
 * glare over the digits): a passport's or a classic card's first line (document code, issuing state,
 * names), or the electronic card's third line (names alone). No check digit covers names: a reading, not a proof.
 */
export function namesLineAlone(text: string): { lastName: string; firstName: string } | null {
  for (const raw of text.split(/\r?\n/)) {
    if (printedInLowerCase(raw)) continue;
    const line = cleanMrzLine(raw);
    const first = /^(?:P<|I[A-Z<])[A-Z]{3}(.+)$/.exec(line);
    const names = first && line.length >= 34 && line.length <= 46 ? first[1]! : line.length >= 26 && line.length <= 32 ? line : null;
    const match = names ? ZONE_NAMES.exec(names) : null;
    if (match) return namesFrom(match[1]!);
  }
  return null;
}

/**
 * The CNP a Romanian MRZ encodes: the classic card stores S + last six digits in the optional data
 * and the birth date in its own field; the electronic card stores the whole CNP.
 */
export function cnpFromMrz(result: MrzResult): string | null {
  const whole = /\d{13}/.exec(result.optionalData.replace(/</g, ""));
  if (whole) return whole[0];
  const short = /^(\d)(\d{6})$/.exec(result.optionalData.replace(/</g, ""));
  const birth = result.birthDate;
  if (!short || !birth) return null;
  return `${short[1]}${birth.slice(2, 4)}${birth.slice(5, 7)}${birth.slice(8, 10)}${short[2]}`;
}

function pad(text: string, length: number): string {
  return text.padEnd(length, "<").slice(0, length);
}

function mrzName(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase()
    .replace(/[^A-Z]+/g, "<");
}

export interface MrzBuildInput {
  documentNumber: string;
  birthDate: string; // YYYY-MM-DD
  sex: "M" | "F";
  /** YYYY-MM-DD, or null for a document valid without limit (fillers in the zone). */
  expiryDate: string | null;
  lastName: string;
  firstName: string;
  optionalData: string;
  issuingState?: string;
  nationality?: string;
}

const yymmdd = (iso: string | null) => (iso ? iso.slice(2, 4) + iso.slice(5, 7) + iso.slice(8, 10) : "<<<<<<");
const checkOf = (field: string) => (/^<+$/.test(field) ? "<" : String(mrzCheckDigit(field)));

/** The 2 × 36 zone of a classic Romanian identity card (used to render fixtures). */
export function buildTd2(input: MrzBuildInput): [string, string] {
  const state = input.issuingState ?? "ROU";
  const line1 = pad(`ID${state}${mrzName(input.lastName)}<<${mrzName(input.firstName)}`, 36);
  const docNumber = pad(input.documentNumber, 9);
  const birth = yymmdd(input.birthDate);
  const expiry = yymmdd(input.expiryDate);
  const optional = pad(input.optionalData, 7);
  const body = `${docNumber}${mrzCheckDigit(docNumber)}${input.nationality ?? state}${birth}${mrzCheckDigit(birth)}${input.sex}${expiry}${checkOf(expiry)}${optional}`;
  const composite = mrzCheckDigit(body.slice(0, 10) + body.slice(13, 20) + body.slice(21, 35));
  return [line1, body + composite];
}

/** The 2 × 44 TD3 zone of a passport; Romanian passports carry the CNP as the personal number. */
export function buildTd3(input: MrzBuildInput): [string, string] {
  const state = input.issuingState ?? "ROU";
  const line1 = pad(`P<${state}${mrzName(input.lastName)}<<${mrzName(input.firstName)}`, 44);
  const docNumber = pad(input.documentNumber, 9);
  const birth = yymmdd(input.birthDate);
  const expiry = yymmdd(input.expiryDate);
  const personal = pad(input.optionalData, 14);
  const body = `${docNumber}${mrzCheckDigit(docNumber)}${input.nationality ?? state}${birth}${mrzCheckDigit(birth)}${input.sex}${expiry}${checkOf(expiry)}${personal}${checkOf(personal)}`;
  const composite = mrzCheckDigit(body.slice(0, 10) + body.slice(13, 20) + body.slice(21, 43));
  return [line1, body + composite];
}

/** The 3 × 30 TD1 zone of an electronic identity card. */
export function buildTd1(input: MrzBuildInput): [string, string, string] {
  const state = input.issuingState ?? "ROU";
  const docNumber = pad(input.documentNumber, 9);
  const line1 = pad(`ID${state}${docNumber}${mrzCheckDigit(docNumber)}${input.optionalData}`, 30);
  const birth = yymmdd(input.birthDate);
  const expiry = yymmdd(input.expiryDate);
  const line2Body = pad(`${birth}${mrzCheckDigit(birth)}${input.sex}${expiry}${checkOf(expiry)}${input.nationality ?? state}`, 29);
  const composite = mrzCheckDigit(line1.slice(5, 30) + line2Body.slice(0, 7) + line2Body.slice(8, 15) + line2Body.slice(18, 29));
  const line3 = pad(`${mrzName(input.lastName)}<<${mrzName(input.firstName)}`, 30);
  return [line1, line2Body + composite, line3];
}
