// OCR text of a Romanian identity document (classic card, electronic card, passport) → its fields.
// The machine readable zone comes first (its check digits make it trustworthy); the printed fields add
// diacritics, birthplace, address and the issuer, and every field both carry is cross-checked.
import countiesData from "../../../../seed/counties.json";
import { COUNTY_SEATS, countyCodeOfPlace, parseCnp } from "../../../lib/cnp";
import { cnpFromMrz, findMrz, namesLineAlone, type MrzResult } from "../../../lib/mrz";
import { charactersDiffering, foldRomanian } from "../../../lib/text-normalize";
import { findDates, foldSameLength } from "./text-fields.server";
import { repairStreetKind } from "./ocr-text-repair.server";

export const ID_FIELDS = [
  "cnp",
  "lastName",
  "firstName",
  "sex",
  "birthDate",
  "birthPlace",
  "address",
  "series",
  "number",
  "issuedBy",
  "issueDate",
  "expiryDate",
] as const;
export type IdField = (typeof ID_FIELDS)[number];

export interface IdCardExtraction {
  kind: "id_card";
  /** ci: classic card (2 × 36 zone, address printed); cei: electronic card (TD1); pasaport: passport (TD3). */
  cardType: "ci" | "cei" | "pasaport" | null;
  /** The admin spec's identity subtype the document was recognised as (cards, old and electronic, are 'ci'). */
  documentSubtype?: "ci" | "pasaport" | null;
  /** Printed 'nelimitat' (or fillers in the zone's expiry): valid without limit, expiryDate stays null. */
  validityUnlimited?: boolean;
  cnp: string | null;
  lastName: string | null;
  firstName: string | null;
  sex: "M" | "F" | null;
  birthDate: string | null;
  birthPlace: string | null;
  address: string | null;
  series: string | null;
  number: string | null;
  issuedBy: string | null;
  issueDate: string | null;
  expiryDate: string | null;
  nationality: string | null;
  mrz: {
    format: MrzResult["format"];
    lines: string[];
    valid: boolean;
    checks: MrzResult["checks"];
    corrections: number;
  } | null;
  /** Where each field came from. */
  sources: Partial<Record<IdField, "mrz" | "printed" | "mrz+printed">>;
  /**
   * 0..1 per field read: 0.99 zone and print agree, 0.97 a zone whose check digits hold (not the names: no digit checks them), 0.9 derived
   * from a CNP whose control digit holds, 0.7 printed only (nothing checks it), 0.5 sources disagree.
   */
  fieldConfidence?: Partial<Record<IdField, number>>;
  /** Fields where the zone and the printed text disagree. */
  conflicts: { field: IdField; mrz: string; printed: string }[];
  /** The CNP's county (JJ) against the county of the printed birthplace; null when either is unread. */
  cnpCountyMatchesBirthPlace?: boolean | null;
  /**
   * Whether a second reading of the address lines holds the same numbers (house, block, flat) in the
   * same order: no check digit covers them. Absent when no second reading was made (a text PDF).
   */
  addressDigitsConfirmed?: boolean;
  missingFields: IdField[];
}

const LABEL = {
  lastName: /(?<!pre)\bnume\s*\/|\blast\s*name\b|\bsurname\b/i,
  // Its translations glued on, the slashes read as letters ('PRENUMEIILENDMSIGIVER NA', ID round 28).
  firstName: /\bprenume|\bfirst\s*name\b|\bgiven\s*names?\b/i,
  birthPlace: /\bloc(?:ul)?\s*na[sș]ter(?:e|ii)\b|\bplace\s*of\s*birth\b|\blieu\s*de\s*naissance\b/i,
  address: /\bdomiciliu\b|\badresse\b|\baddress\b/i,
  issuedBy: /\bemis[aă]\s*de\b|\bissued\s*by\b|\bd[eé]livr[eé]e\s*par\b|\bautoritatea\b|\bauthority\b/i,
  birthDate: /\bdata\s*na[sș]terii\b|\bdate\s*of\s*birth\b/i,
  issueDate: /\bdata\s*(?:emiterii|eliber[aă]rii)\b|\bdate\s*of\s*issue\b/i,
  passportNumber: /\bnr\.?\s*pa[sș]aport\b|\bpassport\s*no\b/i,
  /** The passport's title, in Romanian and English (or French) on one line: no card prints it. */
  passportTitle: /\bpa[sș]aport\b.*\bpass(?:e)?port\b/i,
  expiry: /\bdata\s*expir[aă]rii\b|\bdate\s*of\s*expiry\b/i,
  anyLabel:
    /\/.*\/|\bnume\b|\bprenume|\bcet[aă][tț]enie\b|\bsex\b|\bloc(?:ul)?\s*na[sș]ter(?:e|ii)\b|\bdomiciliu\b|\bemis[aă]\s*de\b|\bautoritatea\b|\bvalabilitate\b|\bcnp\b|\bdata\b/i,
};

const DIGIT_FIX: Record<string, string> = { O: "0", o: "0", D: "0", I: "1", l: "1", "|": "1", S: "5", B: "8", Z: "2" };

/** 13-digit runs that pass the CNP check, after repairing letter/digit confusions inside runs. */
function cnpCandidates(text: string, referenceYear: number): string[] {
  const found: string[] = [];
  for (const token of text.match(/[0-9OoDIl|SBZ]{13,15}/g) ?? []) {
    if ((token.match(/\d/g) ?? []).length < 10) continue;
    const fixed = token.replace(/[OoDIl|SBZ]/g, (c) => DIGIT_FIX[c] ?? c);
    for (let start = 0; start + 13 <= fixed.length; start++) {
      const candidate = fixed.slice(start, start + 13);
      if (parseCnp(candidate, referenceYear).valid) found.push(candidate);
    }
  }
  return found;
}

function linesOf(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => withoutTimestamp(l).trim())
    .filter((l) => l.length > 0);
}

/**
 * A camera app's or a screenshot's stamp over the photo ('Shot on … 2026.05.09 18:43', ID round 22): a
 * date written year first or with a clock time beside it — Romanian identity documents print their
 * dates day first and no time — and the watermark's 'Shot on …' up to the line's end. Never a document's date.
 */
const TIMESTAMP = /(?<![\d.,:/-])(?:\d{4}\s?[./-]\s?\d{1,2}\s?[./-]\s?\d{1,2}(?:[\s,]+\d{1,2}[:.]\d{2})?|\d{1,2}\s?[./-]\s?\d{1,2}\s?[./-]\s?\d{2,4}[\s,]+\d{1,2}:\d{2})(?::\d{2})?(?![\d.,/-]*\d)/g;

function withoutTimestamp(line: string): string {
  return line.replace(/\bShot\s+(?:on|with|by)\b.*$/i, "").replace(TIMESTAMP, " ");
}

/**
 * The line after the first line matching `label`, unless it is itself a label line; up to `span`
 * lines when each further one passes `continues` (a smudged label under the value must not join it).
 */
function valueBelow(lines: string[], label: RegExp, span = 1, continues: (line: string) => boolean = () => true): string | null {
  const index = lines.findIndex((l) => label.test(foldSameLength(l)) || label.test(l));
  if (index < 0) return null;
  const values: string[] = [];
  for (let i = index + 1; i < lines.length && values.length < span; i++) {
    const line = lines[i]!;
    if (isMrzLine(line) || (values.length > 0 && (LABEL.anyLabel.test(line) || !continues(line)))) break;
    if (values.length === 0 && LABEL.anyLabel.test(line) && /\//.test(line)) return null;
    values.push(line);
  }
  return values.length > 0 ? values.join(" ") : null;
}

/** Zone lines have fillers, or are one long run (a printed upper-case line has several words). */
function isMrzLine(line: string): boolean {
  return /<{2,}/.test(line) || (/^[A-Z0-9<]{28,}$/.test(line.replace(/\s/g, "")) && (line.match(/\s+/g) ?? []).length <= 3);
}

/** The model sometimes reads Romanian's comma-below letters as the (wrong) cedilla ones. */
function commaBelow(value: string): string {
  return value.replace(/[şţŞŢ]/g, (c) => ({ ş: "ș", ţ: "ț", Ş: "Ș", Ţ: "Ț" })[c] ?? c);
}

/** Printed values are upper-case words; OCR noise after them (a stray 'E' from the next column) is cut. */
function cleanName(value: string | null): string | null {
  if (!value) return null;
  const words = commaBelow(value)
    .split(/\s+/)
    .filter((w) => /^[\p{Lu}][\p{Lu}\-']*$/u.test(w));
  // Lone letters at the end are noise from the next column ('MIHAI I I'); no name ends in an initial.
  while (words.length > 1 && words[words.length - 1]!.length === 1) words.pop();
  return words.length > 0 && words.join("").length > 1 ? words.join(" ") : null;
}

/**
 * With its label unread, the printed name found by the zone's: a line of upper-case words, one for
 * each of the zone's, each beginning with the zone's word and the last one or two letters longer in all
 * ('VLAD ANDREI' where the zone read 'VLAD<ANDRE]<<<': the name's last letter read as a mark, then
 * taken for the fillers' start). The print, read in a larger type, holds the letters the zone lost.
 */
function nameLineLonger(lines: string[], zoneName: string | null, zoneText: string): string | null {
  if (!zoneName) return null;
  for (const line of lines) {
    if (isMrzLine(line)) continue;
    const name = cleanName(line);
    if (!name || name !== commaBelow(line).trim()) continue;
    if (extendsZoneName(zoneName, name, zoneText)) return name;
  }
  return null;
}

/**
 * Whether a printed name is the zone's with one letter more at the end of its last word, where the
 * zone as read (`zoneText`, raw) has a mark after that word: the letter read as a mark ('ANDRE]'). A
 * zone that reads fillers there ('DAN<<<') lost nothing: a print 'DANII' is a smudge read into it.
 */
export function extendsZoneName(zoneName: string, printed: string, zoneText: string): boolean {
  const zoneWords = zoneName.split(" ");
  const words = foldRomanian(printed).replace(/-/g, " ").split(" ");
  if (words.length !== zoneWords.length || !words.every((w, i) => w === zoneWords[i] || (i === words.length - 1 && w.length === zoneWords[i]!.length + 1 && w.startsWith(zoneWords[i]!)))) return false;
  const last = zoneWords[zoneWords.length - 1]!;
  return words[words.length - 1] !== last && new RegExp(`${last}[^A-Z<\\s]`).test(zoneText.replace(/[ \t]+/g, ""));
}

/**
 * Whether the zone's name is a printed name with one letter more at the end of its last word, that
 * letter the word's own last one again or a 'K' ('VLAD<ANDREII<<' for 'VLAD ANDREI': the first
 * filler, or a mark beside the name, read as a letter — the zone's commonest misreads of a '<').
 * No Romanian name ends in a doubled letter the print would have lost. Nor is a letter the zone as read
 * (`zoneText`, raw) holds in lower case before its fillers one of the name's ('ION<MARIANz<<<', ID round
 * 28): a zone is printed in capitals only, so that letter is a filler or a mark misread.
 */
export function zoneNameOneLetterLonger(printed: string, zoneName: string, zoneText = ""): boolean {
  const words = foldRomanian(printed).replace(/-/g, " ").split(" ");
  const zoneWords = zoneName.split(" ");
  if (words.length !== zoneWords.length || !words.slice(0, -1).every((w, i) => w === zoneWords[i])) return false;
  const [word, zoneWord] = [words[words.length - 1]!, zoneWords[zoneWords.length - 1]!];
  const extra = zoneWord.slice(word.length);
  if (word.length < 2 || !zoneWord.startsWith(word) || extra.length !== 1) return false;
  return extra === word[word.length - 1] || extra === "K" || zoneText.replace(/[ \t]+/g, "").includes(`${word}${extra.toLowerCase()}<`);
}

/**
 * Whether the zone's name differs from the print's in one word, in one letter or two side by side, where
 * the zone as read (`zoneText`, raw) breaks that word with a gap: the engine lost its grip on the
 * zone's letters there ('RADUI FSCU' for 'RADULESCU', a cracked lens's streak across it, ID round 28).
 * The zone's names line has no check digit; the print, read whole in a larger type, holds the word.
 */
export function zoneWordBrokenWhereDiffers(printed: string, zoneName: string, zoneText: string): boolean {
  const words = foldRomanian(printed).replace(/-/g, " ").split(" ");
  const zoneWords = zoneName.split(" ");
  if (words.length !== zoneWords.length) return false;
  const differing = words.flatMap((w, i) => (w === zoneWords[i] ? [] : [i]));
  if (differing.length !== 1) return false;
  const [word, zoneWord] = [words[differing[0]!]!, zoneWords[differing[0]!]!];
  if (word.length < 4 || word.length !== zoneWord.length || !/^[A-Z]+$/.test(word) || !/^[A-Z]+$/.test(zoneWord)) return false;
  const off = [...word].flatMap((c, i) => (c === zoneWord[i] ? [] : [i]));
  if (off.length > 2 || off[off.length - 1]! - off[0]! > 1) return false;
  // The gap lies beside a letter read differently, or between two.
  const gaps = Array.from({ length: off[off.length - 1]! - off[0]! + 2 }, (_, i) => off[0]! + i);
  return gaps.some((gap) => gap > 0 && gap < zoneWord.length && new RegExp(`${zoneWord.slice(0, gap)}[ \\t]+${zoneWord.slice(gap)}`).test(zoneText));
}

/**
 * With its label unread, a printed line that is an upper-case name and nothing else which the zone's
 * name `fits` (the same letters, the print's diacritics aside; one letter more in the zone).
 */
function nameLineFitting(lines: string[], zoneName: string | null, fits: (printed: string, zoneName: string) => boolean): string | null {
  if (!zoneName) return null;
  for (const line of lines) {
    const name = isMrzLine(line) ? null : wholeUpperCaseLine(commaBelow(line));
    if (name && fits(name, zoneName)) return name;
  }
  return null;
}

/**
 * Whether a printed surname ends with the zone's, two letters longer at least: the zone's names line
 * read with its start cut ('MITRACHE<<GHEORGHE<<<' for 'DUMITRACHE', a glare over the line's left end,
 * ID round 19) — the surname begins the line, so it is the one cut. The print holds the whole name.
 */
export function endsWithCutName(printed: string, zoneName: string): boolean {
  // A word before it ('SI VASILESCU': a caption's 'și' read into the value) is no cut: a cut falls inside a word.
  if (/\s/.test(printed.trim())) return false;
  const [whole, tail] = [foldRomanian(printed).replace(/[\s-]/g, ""), foldRomanian(zoneName).replace(/[\s-]/g, "")];
  return tail.length >= 3 && whole.length >= tail.length + 2 && whole.endsWith(tail);
}

/**
 * With its label unread, the printed one-word surname the zone's surname `fits` (cut, glued, run on):
 * the first line that `read` takes for an upper-case name of one word.
 */
function surnameLineFitting(lines: string[], zoneName: string | null, fits: (printed: string, zoneName: string) => boolean, read: (line: string) => string | null = wholeUpperCaseLine): string | null {
  if (!zoneName) return null;
  for (const line of lines) {
    const name = isMrzLine(line) ? null : read(line);
    if (name && !name.includes(" ") && fits(name, zoneName)) return name;
  }
  return null;
}

/** A printed line that is an upper-case name and nothing else, as the engine read it. */
function wholeUpperCaseLine(line: string): string | null {
  const name = cleanName(line);
  return name && name === line.trim() && !TITLE_WORDS.has(foldRomanian(name)) ? name : null;
}

/**
 * Whether the zone's surname is a printed one-word surname with one or two letters glued before it:
 * the electronic card's names line begins with the surname at the card's edge, where marks beyond the
 * card (a newspaper's print, a sleeve's seam) are read as letters ('LLCONSTANTIN', ID round 20).
 */
export function gluedBeforeName(printed: string, zoneName: string): boolean {
  if (/\s/.test(printed.trim())) return false;
  const [whole, zone] = [foldRomanian(printed).replace(/[\s-]/g, ""), foldRomanian(zoneName).replace(/[\s-]/g, "")];
  return whole.length >= 4 && zone.length > whole.length && zone.length <= whole.length + 2 && zone.endsWith(whole);
}

const lettersOf = (name: string) => foldRomanian(name).replace(/[\s-]/g, "");

/**
 * Whether the zone's surname is a printed one-word surname (one letter misread at most) followed by
 * three letters or more the print does not have: the fillers after it and the given names read as
 * letters, one run ('VASILESCCIECRISTINASELENA' for 'VASILESCU<<CRISTINA<ELENA', ID round 20).
 */
export function runsPastName(printed: string, zoneName: string): boolean {
  return nameStartInRun(printed, zoneName) >= 0;
}

/**
 * Where the printed surname starts in such a run: at its start, else one letter in — the issuing
 * state's last letter taken into the names when the filler before them was misread ('P«RDUVASTLESCU…',
 * a mirrored passport's zone, ID round 22). -1: no such run.
 */
function nameStartInRun(printed: string, zoneName: string): number {
  if (/\s/.test(printed.trim())) return -1;
  const [whole, zone] = [lettersOf(printed), lettersOf(zoneName)];
  for (const start of [0, 1]) {
    if (whole.length < 4 || zone.length < start + whole.length + 3) continue;
    let misread = 0;
    for (let i = 0; i < whole.length; i++) if (zone[start + i] !== whole[i]) misread++;
    if (misread <= 1) return start;
  }
  return -1;
}

/** What follows the printed surname in the zone's run (the given names, fillers read as letters). */
function runAfterName(printed: string, zoneName: string): string {
  return lettersOf(zoneName).slice(nameStartInRun(printed, zoneName) + lettersOf(printed).length);
}

/**
 * Whether a printed given name's words all lie, in order, in what follows the surname in such a run,
 * each at most two letters after the last (a filler read as a letter between them: 'CRISTINASELENA').
 */
export function nameInRun(printed: string, run: string): boolean {
  const words = foldRomanian(printed).split(/[\s-]+/).filter(Boolean);
  if (words.length === 0 || words.join("").length < 3) return false;
  let at = run.indexOf(words[0]!);
  if (at < 0 || at > 3) return false;
  at += words[0]!.length;
  for (const word of words.slice(1)) {
    const next = run.indexOf(word, at);
    if (next < 0 || next - at > 2) return false;
    at = next + word.length;
  }
  return true;
}

/** A printed line of upper-case words as the engine read it, a closing mark aside ('VASILESCU.'). */
function upperCaseLine(line: string): string | null {
  const bare = line.trim().replace(/[.,:;]$/, "");
  const name = cleanName(bare);
  return name && name === bare && !TITLE_WORDS.has(foldRomanian(name)) ? name : null;
}

/** With its label unread, the printed given names found in such a run after the printed surname. */
function givenNamesInRun(lines: string[], zoneName: string | null, surname: string | null): string | null {
  if (!zoneName || !surname || !runsPastName(surname, zoneName)) return null;
  const run = runAfterName(surname, zoneName);
  for (const line of lines) {
    const name = isMrzLine(line) ? null : upperCaseLine(line);
    if (name && name !== surname && nameInRun(name, run)) return name;
  }
  return null;
}

/** The electronic card's issue and expiry row as the engine reads it: two full dates and nothing else. */
const TWO_FULL_DATES = /^\d{2}[.,]\d{2}[.,]\d{4}\s+\d{2}[.,]\d{2}[.,]\d{4}\.?$/;
/**
 * A caption's words read with the zone's alphabet as if they were its names line ('ALNO NR
 * DOCUMENTDOCUMENTIO', the electronic card's 'NR. DOCUMENT / DOCUMENT NO', ID round 19): no name
 * holds 'DOCUMENT', nor is 'NR' a name. Both names of such a line are dropped: they are one misread.
 */
export function readsCaption(zoneName: string): boolean {
  return /DOCUMENT/.test(zoneName) || zoneName.split(" ").includes("NR");
}

/**
 * Whether a zone's names are one misread: a caption read as them (readsCaption), or a surname holding
 * a digit — the surname begins the line, so a digit there is another printed row taken for the names
 * line ('OIZZ3<3B<OZ<ZO33', the issuer's row with its dates, ID round 22). A digit in the given names
 * alone is theirs only (namesOf).
 */
export function namesMisread(names: { lastName: string; firstName: string }): boolean {
  return readsCaption(names.lastName) || readsCaption(names.firstName) || /\d/.test(names.lastName);
}

/**
 * Upper-case marks, not a name: one word of one or two letters, or two such words or more with no word
 * of four letters beside them ('L TE CEB XS', a photo read upside down, ID round 24). A given name of
 * two letters stands beside a longer one ('MARIA DE LA'), never among fragments only.
 */
export function fragmentsOnly(name: string): boolean {
  const words = name.trim().split(/[\s-]+/).filter(Boolean);
  const short = words.filter((w) => [...w].length <= 2).length;
  if (words.length === 1) return short === 1;
  return short >= 2 && words.every((w) => [...w].length < 4);
}

/** Words of the documents' titles, never a name. */
const TITLE_WORDS = new Set(["ROMANIA", "ROUMANIE", "CARTE", "CARD", "IDENTITATE", "IDENTITE", "IDENTITY", "PASAPORT", "PASSPORT", "PASSEPORT", "ROU"]);

/**
 * With neither zone nor name labels read (a worn card, its small print lost): the names by their shape,
 * the first two lines that are upper-case words only and no title, in a row (else with one line between
 * them: the given names' label garbled into lower-case marks), before any date or CNP — every Romanian
 * document prints the surname, then the given names, under its title (the classic card its series and
 * number above them). Printed only (0.7).
 */
export function namesByShape(lines: string[]): { lastName: string; firstName: string } | null {
  const nameLike = (line: string) => {
    const words = line.trim().split(/\s+/);
    return /^\p{Lu}[\p{Lu}\- ]*\p{Lu}$/u.test(line.trim()) && !words.some((w) => TITLE_WORDS.has(foldRomanian(w))) && !fragmentsOnly(line);
  };
  const dateOrCnp = (line: string) => /\d{13}/.test(line.replace(/\s/g, "")) || findDates(line).length > 0 || /\d{2}[.,]\d{2}[.,]\d{2}/.test(line);
  const stop = lines.findIndex(dateOrCnp);
  const head = stop < 0 ? lines : lines.slice(0, stop);
  const found = namePairIn(head, nameLike);
  if (found || stop < 0 || !seriesNumberAndCnp(lines[stop]!)) return found;
  // The classic card prints its series, number and CNP on one row above the names: that row opens the
  // names' part, which runs to the next date or CNP. A CNP alone on its row opens nothing.
  const rest = lines.slice(stop + 1);
  const next = rest.findIndex(dateOrCnp);
  return namePairIn(next < 0 ? rest : rest.slice(0, next), nameLike);
}

/** The classic card's row above the names: a two-letter series, a six-digit number, a CNP, and no date. */
function seriesNumberAndCnp(line: string): boolean {
  const cnp = /(?<!\d)\d{13}(?!\d)/.exec(line);
  if (!cnp || findDates(line).length > 0) return false;
  return /\b[A-Z]{2}\b\s*\S{0,2}\s*\d{6}(?!\d)/.test(line.slice(0, cnp.index));
}

/** Two name-like lines in a row first; only then two with one line between, which holds no figure (a lone digit is a mark): a label garbled, not a field's value. */
function namePairIn(head: string[], nameLike: (line: string) => boolean): { lastName: string; firstName: string } | null {
  for (const gap of [0, 1]) {
    for (let i = 0; i + 1 + gap < head.length; i++) {
      const between = head.slice(i + 1, i + 1 + gap);
      if (nameLike(head[i]!) && nameLike(head[i + 1 + gap]!) && between.every((line) => !/\d{2}/.test(line))) {
        return { lastName: commaBelow(head[i]!.trim()), firstName: commaBelow(head[i + 1 + gap]!.trim()) };
      }
    }
  }
  return null;
}

/**
 * A place's abbreviations as the engine misreads them on a worn card, repaired before the place is
 * looked for: the street kind ('$os.'), 'Jud,' for 'Jud.', a place name's capital I read as a small l
 * ('Mun.lași'), 'Mun' with its dot lost before such an l ('Munlași'). No place name starts with a small letter.
 */
function placeMarksRead(line: string): string {
  return repairStreetKind(restoreCutSeat(line))
    // Quotes read between a mark and its name ('Mun. „laşi', 'jud. „TM'), a small j ('jud.'), a county
    // code's second letter read small ('Jud. Is'): a county code is two capitals, a locality starts with one.
    .replace(/\b(Mun|Or|Com|Sat)\.\s?[„“”"'`]+\s?(?=\p{L})/gu, "$1.")
    .replace(/\b[Jj]ud[.,_]\s?[„“”"'`]*\s?(?=[A-Za-z]{2}\b)/g, "Jud.")
    .replace(/\bJud\.(\p{Lu}\p{Ll})(?!\p{L})/gu, (whole, code: string) => (countyCodeOfPlace(`Jud.${code.toUpperCase()}`) !== null ? `Jud.${code.toUpperCase()}` : whole))
    .replace(/\bJud[,_](?=\s?[A-Z\d]{2}\b)/g, "Jud.")
    // 'Mun,' for 'Mun.' before the locality's capital ('Mun, Galați').
    .replace(/\bMun[,_]\s?(?=\p{Lu}|l[a-zăâîșțş]{2})/gu, "Mun.")
    // Bucharest's sector 1 with its dot lost and its '1' read as a letter ('Sec|', 'Seci'): sectors run 1 to 6.
    .replace(/\bSec\.?\s?[il|I](?=\s|$)/g, "Sec.1")
    .replace(/\b(Mun|Jud|Com|Sat|Or|Sec)\.( ?)l(?=[a-zăâîșțş])/g, "$1.$2I")
    .replace(/\bMun ?l(?=[a-zăâîșțş]{2})/g, "Mun.I")
    // The number's 'r' read as an 'f' ('nf.7'): no address has an 'nf.' before a number.
    .replace(/\bnf\.(?=\s?\d)/g, "nr.")
    // A street kind's dot read as a dash, a comma or a colon ('Str-Braitei', ID round 22): still a street,
    // so the line is an address, not a birthplace.
    .replace(/(?<!\p{L})(Str|[SȘŞ]os|Bd|Bdul|Calea|Aleea|Intr|Splaiul)[-,:_](?=\s?\p{Lu}\p{Ll})/gu, "$1.");
}

/**
 * A place line cut at the card's left edge, its 'Jud.XX M' lost ('un.Galați Str.Brăilei nr.63': a
 * scanner app's crop a little off, a card turned a quarter): a county seat after the rest of 'Mun.'
 * is rebuilt as the documents print it, its county the seat's. Only a seat: another town's county is
 * not known from its name.
 */
export function restoreCutSeat(line: string): string {
  // Quotes the engine reads before the name ('un. „Cluj-l Napoca'), and a mark read after a hyphenated
  // seat's hyphen, go with the cut.
  const m = /^(?:un|n)\.\s?[„“”"'`]*\s?(?=\p{Lu})/u.exec(line.trim());
  if (!m) return line;
  const rest = line.trim().slice(m[0].length).replace(/^(\p{Lu}\p{Ll}+)-[l|I]?\s+(?=\p{Lu}\p{Ll})/u, "$1-");
  const code = Object.keys(COUNTY_SEATS).find((c) => {
    const seat = COUNTY_SEATS[c]!;
    return foldRomanian(rest.slice(0, seat.length)) === foldRomanian(seat) && !/\p{L}/u.test(rest[seat.length] ?? "");
  });
  return code ? `Jud.${code} Mun.${COUNTY_SEATS[code]}${rest.slice(COUNTY_SEATS[code]!.length)}` : line;
}

/**
 * OCR reads a capital I as 'l' or '|'; in place names it can only be an I (Iași, Ilfov, IS). Only
 * Bucharest has sectors: a municipality one letter off its name before a sector ('Mun.Jucurești
 * Sec.3') is Bucharest, and the sector's mark after it one letter off ('Suc.1') is 'Sec.'.
 */
function cleanPlace(value: string | null): string | null {
  if (!value) return null;
  return (
    placeMarksRead(commaBelow(value))
      // A quote read between a locality and its street ('Cluj-Napoca'Str.'): the gap between two words.
      .replace(/(\p{L})['"`„“”](?=(?:Str|[SȘŞ]os|Bd|Bdul|Calea|Aleea|Intr|Pia[tț]a|Splaiul)\.)/gu, "$1 ")
      // Dashes and underscores standing alone ('nr.28 _— ap.5 _'): a worn card's scratches, no part of a place.
      .replace(/(^|\s)[_—–~]+(?=\s|$)/g, "$1")
      .replace(/\s+/g, " ")
      // A vowel read twice with two marks ('Str.Brăâilei'): Romanian never writes ă and â side by side.
      .replace(/([ăâ])[ăâ]/g, "$1")
      .replace(/([ĂÂ])[ĂÂ]/g, "$1")

      // A hyphenated locality read with a gap after its hyphen ('Cluj- Napoca'): one name.
      .replace(/(\p{Ll})- (?=\p{Lu}\p{Ll})/gu, "$1-")
      // Or with a quote read in the gap ('Cluj- “Napoca').
      .replace(/(\p{Ll})-\s?[„“”"'`]+\s?(?=\p{Lu}\p{Ll})/gu, "$1-")
      // A '|' standing alone is the card's or a finger's edge; inside a word it is an 'I'.
      .replace(/(^|\s)[|](?=\s|$)/g, "$1")
      .replace(/[|]/g, "I")
      // 'bl.' (block) read as 'bi.': no Romanian address abbreviation is 'bi.'
      .replace(/\bbi[.,:](?=\s?[A-Z0-9])/g, "bl.")
      // A block named by a letter and a number, its digits read as the letters they look like ('bl.AZ' for
      // 'bl.A2'): a block's name is its letter and digits — a Z, S or O after the letter is one of them.
      .replace(/\b(bl[.,:-]\s?)([A-Z])([ZSO]{1,2})(?=[\s,]|$)/g, (_, mark: string, letter: string, digits: string) => `${mark}${letter}${digits.replace(/Z/g, "2").replace(/S/g, "5").replace(/O/g, "0")}`)
      // The abbreviation's dot read as a dash, a comma or a colon ('ap-31', 'ap:5'), or as an underscore ('Mun_lasi').
      .replace(/\b(bl|sc|et|ap|nr)[,:-]\s?(?=[A-Z0-9])/g, "$1.")
      // The number's dot lost ('biroul nr2', 'Str.Brestei nr101'): Romanian documents always print 'nr.'.
      .replace(/\bnr(?=\d)/g, "nr.")
      .replace(/\b(Jud|Mun|Or|Com|Sec|Str|bl|sc|et|ap|nr)_(?=\S)/g, "$1.")
      // Punctuation closing the value is a mark beside it ('Mun.Oradea.', 'Timișoara :'): no place ends in one.
      .replace(/\s*[,;:]+$/, "")
      .replace(/(\p{L}{3,})\.$/u, "$1")
      .replace(/\b(Jud\.\s?)([A-Za-z]{2})\b/g, (_, prefix: string, code: string) => prefix + code.replace(/l/g, "I").toUpperCase())
      .replace(/((?:Mun|Or|Com|Sec|Str)\.\s?|(?:SPCLEP|SPCEP|Sat|Ora[sș])\.?\s)l(?=[a-zăâîșț])/g, "$1I")
      .replace(/\bMun\.\s?(\p{L}{8,10})(?=\s+S\p{L}c\b)/u, (whole, name: string) => (plain(name) !== "bucuresti" && withinOneEdit(plain(name), "bucuresti") ? "Mun.București" : whole))
      // Only Bucharest has sectors: a name cut at its start before one ('urești Sec.1', 'Murești Sec.1', the
      // photo's edge or a film's sheen over 'Mun.Buc') is Bucharest's end.
      .replace(/^(?:\S{1,3}\s)?(\p{L}{4,8})\s?(?=S\p{Ll}c\.?\s?[1-6](?!\d))/u, (whole, name: string) => (plain(name).length >= 5 && "bucuresti".endsWith(plain(name).slice(1)) ? "Mun.București " : whole))
      // A mark glued after the sector's digit ('Sec.1l'): sectors are one digit.
      .replace(/(\bMun\.București\s+)S\p{Ll}c\.?\s?([1-6])(?!\d)(?:[lI|](?=\s|$))?/u, "$1Sec.$2")
      .trim() || null
  );
}

/**
 * A number of one or two digits standing alone after a locality's name ('Mun.Timișoara 2', 'SPCLEP
 * Oradea 31'): a mark or a date's first digits, never part of a birthplace or an issuer — Bucharest's
 * sector ('Sec. 3', 'Sectorul 3') and an office's number ('biroul 2') excepted. Not for an address.
 */
export function withoutStrayNumber<T extends string | null>(value: T): T {
  if (!value) return value;
  const m = /(?<!\p{L})(\p{L}{3,})\s+\d{1,2}$/u.exec(value);
  if (!m || /^(?:sec|sector|sectorul|biroul|nr)$/i.test(m[1]!)) return value;
  return value.slice(0, m.index + m[1]!.length) as T;
}

/**
 * Romanian issuers: the records offices (SPCLEP, SPCEP), the passport and records directorates, the police.
 * Not a word boundary before it but no letter or digit: a field's rule or a smudge read as '_' glued
 * to the office ('_SPCEP Timiș', ID round 28) is no letter of its name.
 */
const ISSUER = /(?<![A-Za-z\d])(?:S\.?P\.?C\.?L?\.?E\.?P|DEPABD|DGP|Serviciul|Poli[tț]ia)\b/;
/** A locality as Romanian documents print it: 'Jud.XX Mun.Name', 'Mun.București Sec.N', 'Or.', 'Com.', 'Sat'. */
const PLACE = /\bJud\.\s?[A-Z]{2}\b|\b(?:Mun|Or|Ora[sș]|Com|Sat)\.\s?\p{Lu}/u;
/** A street part: a street kind followed by a name, or a house number. */
// Not '\b' before the kind: 'Ș' is no word character to JavaScript, so '\bȘos.' never matched.
const STREET = /(?<!\p{L})(?:Str|[SȘŞ]os|Bd|Bdul|Calea|Aleea|Intr|Pia[tț]a|Splaiul)\.\s?\p{Lu}|\bnr\.\s?\d/u;
/** An address's continuation line: block, staircase, floor, flat (after a stray mark or two the engine read from a smudge). */
const ADDRESS_TAIL = /^(?:\S{1,2}\s)?(?:bl|sc|et|ap)[.,:-]\s?\w/i;

/** A line holding a block, staircase, floor or flat part and nothing else ('ap.5', 'bl.B4 ap.20'). */
const LONE_ADDRESS_TAIL = /^\s*(?:(?:bl|sc|et|ap)\.\s?[A-Z0-9]{1,4}\s*)+$/;

/**
 * A smudge read as a word of one or two letters right before the block, staircase, floor or flat
 * ('nr.28 Hl ap.5', a finger's edge beside the line): no address has a word that short there.
 */
function dropMarksBeforeFlat(address: string): string {
  return address.replace(/\s\p{L}{1,2}(?=\s(?:bl|sc|et|ap)\.)/gu, "");
}

/**
 * A Bucharest sector's records office, 'SPCEP S<n> biroul nr.<n>', with its office's letters misread
 * ('spere 53 biroul nr.2', ID round 24): 'biroul nr.' after a sector is printed by no other issuer.
 */
const SECTOR_OFFICE = /(?:^|\s)[S5]([1-6])\s+biroul\s+nr\.?\s?(\d{1,2})(?!\d)/;

export function sectorOffice(lines: string[]): string | null {
  for (const line of lines) {
    const m = SECTOR_OFFICE.exec(line);
    if (m) return `SPCEP S${m[1]} biroul nr.${m[2]}`;
  }
  return null;
}

/**
 * 'Jud.' and 'Mun.' both smudged away ('ont BH —— Oradea Str.Republicii nr.42', ID round 24): a county
 * code, a mark or two, then that county's seat — the seat confirms the code, and the place is rebuilt
 * as printed. Another town's county is not known from its name.
 */
const COUNTY_THEN_NAME = /(?:^|\s)(?:\S{1,4}\s+)?([A-Z]{2})\s+(?:[^\p{L}\d\s]{1,3}\s*|\p{L}{1,3}[.,]\s*)?(?=\p{Lu})/u;

export function restoreCountyAndSeat(line: string): string {
  if (PLACE.test(line)) return line;
  const m = COUNTY_THEN_NAME.exec(line);
  const seat = m ? COUNTY_SEATS[m[1]!] : undefined;
  if (!m || !seat) return line;
  const rest = line.slice(m.index + m[0].length);
  if (foldRomanian(rest.slice(0, seat.length)) !== foldRomanian(seat) || /\p{L}/u.test(rest[seat.length] ?? "")) return line;
  return `${line.slice(0, m.index)} Jud.${m[1]} Mun.${seat}${rest.slice(seat.length)}`.trim();
}

/** 'Jud.' smudged away ('rep BV Mun.Brașov'): a county code right before the locality brings it back. */
const BARE_COUNTY = /(?:^|\s)(?:\S{1,4}\s)?([A-Z]{2})\s(?=(?:Mun|Or|Ora[sș]|Com|Sat)\.)/;

function restoreCounty(value: string): string {
  if (/\bJud\./.test(value)) return value;
  const m = BARE_COUNTY.exec(value);
  if (!m || countyCodeOfPlace(`Jud.${m[1]}`) === null) return value;
  return `${value.slice(0, m.index)} Jud.${m[1]} ${value.slice(m.index + m[0].length)}`.trim();
}

/**
 * OCR noise around a place value cut off: what comes before the locality when it is a few stray
 * characters (a label's smudge read as 'A ', 'f ') and lone letters between the parts.
 */
function trimPlace(value: string | null): string | null {
  if (!value) return null;
  const restored = restoreCounty(value);
  const at = PLACE.exec(restored)?.index ?? 0;
  const trimmed = at > 0 && at <= 8 ? restored.slice(at) : restored;
  return trimmed
    .split(/\s+/)
    .filter((word, i) => i === 0 || !/^[\p{L}]$/u.test(word))
    .join(" ");
}

/**
 * Values found by their shape when their label was not read (small print blurred in a photo): the
 * issuer by the office's name, the address as the locality line with a street part (and the block
 * line under it), the birthplace as a locality line without one. Printed-only, like any label read.
 */
function byShape(lines: string[]): { issuedBy: string | null; address: string | null; birthPlace: string | null } {
  const printed = lines.filter((l) => !isMrzLine(l));
  const issuerLine = printed.find((l) => ISSUER.test(l));
  const issuer = issuerLine ? joinDateDots(issuerLine.slice(ISSUER.exec(issuerLine)!.index)) : sectorOffice(printed);
  let address: string | null = null;
  let birthPlace: string | null = null;
  for (let i = 0; i < printed.length; i++) {
    const line = restoreCountyAndSeat(restoreCounty(placeMarksRead(printed[i]!)));
    const place = PLACE.exec(line);
    if (!place || ISSUER.test(line) || LABEL.anyLabel.test(line)) continue;
    const value = line.slice(place.index);
    if (STREET.test(value)) {
      if (address) continue;
      const next = printed[i + 1];
      // The block / flat line read elsewhere, the photo's lines out of order ('ap.5' above the street): a
      // line that is a block / flat part and nothing else belongs to the address alone.
      const lone = /\b(?:bl|sc|et|ap)\./.test(value) ? [] : printed.filter((l) => LONE_ADDRESS_TAIL.test(l));
      address = next && ADDRESS_TAIL.test(next) ? `${value} ${next}` : lone.length === 1 ? `${value} ${lone[0]!.trim()}` : value;
    } else if (!birthPlace && !address) birthPlace = value;
  }
  return { issuedBy: issuer ? issuerBeforeDates(issuer).trim() : null, address, birthPlace };
}

/** One character without its diacritics, upper case; a separator (space, hyphen) as a space. */
const foldChar = (c: string) => {
  const bare = c.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toUpperCase();
  return /^[A-Z0-9]$/.test(bare) ? bare : " ";
};

/**
 * A zone's name (no diacritics, spaces for hyphens) with the diacritics and hyphens of a printed
 * reading that differs from it: the two aligned letter by letter (longest common subsequence after
 * folding), every zone letter matched by a printed one takes the printed form; the zone's letters
 * stay where the print lost or misread them ('MURESAN' + 'UREȘAN' → 'MUREȘAN').
 */
export function withPrintedDiacritics(zone: string, printed: string): string {
  const a = [...zone];
  const b = [...printed];
  const fb = b.map(foldChar);
  const lcs = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i]![j] = foldChar(a[i]!) === fb[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length) {
    if (j < b.length && foldChar(a[i]!) === fb[j]) {
      out.push(b[j]!);
      i++;
      j++;
    } else if (j < b.length && lcs[i]![j + 1]! >= lcs[i + 1]![j]!) j++;
    else out.push(a[i++]!);
  }
  return out.join("");
}

/** Letters compared without case or diacritics. */
const plain = (text: string) => foldRomanian(text).toLowerCase();

/** Edit distance of two short strings, stopping early above 1. */
function withinOneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return a.slice(i + 1) === b.slice(i + 1) || a.slice(i) === b.slice(i + 1) || a.slice(i + 1) === b.slice(i);
}

/**
 * A county seat cross-checked against its county code (issue #14): 'Jud.DJ Mun.Cralova' is Craiova,
 * DJ's seat, one letter off; 'Jud.GJ Mun.Cluj-Napoca' names CJ's seat under a code one letter off
 * CJ; 'Mun. Timișoara' lost its 'Jud.TM'. Only one wrong character on one side is repaired, and only
 * when the other side confirms it; stray quotes the engine reads around a name ('Mun. „Cluj- Napoca')
 * go first.
 */
export function repairCountySeat(place: string): string {
  // 'Jud.' lost altogether before a county seat's name (with 'Mun.' itself losing a letter at the
  // edge of the read: 'un.Craiova'): the seat names its county.
  const bare = /^[„“”"'`]*(?:Mun|Mu|un)\.\s?(\p{L}[\p{L}\- ]*?)(?=\s+(?:Str|[SȘŞ]os|Bd|Bdul|Calea|Aleea|Intr|Pia[tț]a|Splaiul|nr)\.|\s*$)/u.exec(place);
  const seatCode = bare ? Object.keys(COUNTY_SEATS).find((c) => plain(COUNTY_SEATS[c]!) === plain(bare[1]!.replace(/-\s+/g, "-"))) : undefined;
  if (bare && seatCode) return `Jud.${seatCode} Mun.${COUNTY_SEATS[seatCode]}${place.slice(bare[0].length)}`;
  // The municipality's name lost whole after a county known ('Jud.BV Mun', a glare over the name): the
  // county's seat, the likeliest of its municipalities — a guess, at the confidence of any printed place.
  const nameLost = /^Jud\.\s?([A-Z]{2})\s+Mun\.?$/.exec(place.trim());
  if (nameLost && COUNTY_SEATS[nameLost[1]!]) return `Jud.${nameLost[1]} Mun.${COUNTY_SEATS[nameLost[1]!]}`;
  // 'Mun.' with its dot read as a dash or a comma ('Mun-Ga'ati'); a letter read as a quote inside the name.
  const m = /\bJud\.\s?([A-Z]{2})\s+[„“”"'`]*Mu(?:n[.,\-]?|\.)?\s?[„“”"'`]*\s?(\p{L}[\p{L}\-'’ ]*?)(?=\s+(?:Str|[SȘŞ]os|Bd|Bdul|Calea|Aleea|Intr|Pia[tț]a|Splaiul|Sat|nr)\.|\s*$)/u.exec(place);
  if (!m) return place;
  const [whole, code, name] = m as unknown as [string, string, string];
  const read = plain(name.replace(/-\s+/g, "-").replace(/\s+/g, " "));
  const rebuilt = (seatCode: string) => `${place.slice(0, m.index)}Jud.${seatCode} Mun.${COUNTY_SEATS[seatCode]}${place.slice(m.index + whole.length)}`;
  const seat = COUNTY_SEATS[code];
  // One stray word the engine adds after the seat's name at the end of the line ('Brașov ȘT') is dropped.
  const strayAfter = seat !== undefined && read.startsWith(`${plain(seat)} `) && !read.slice(seat.length + 1).includes(" ");
  // Or a mark of a letter or two after a name one letter off ('Ga'ati Fr').
  const beforeMark = /^(.+) \p{L}{1,2}$/u.exec(read)?.[1];
  const oneOffThenMark = seat !== undefined && beforeMark !== undefined && withinOneEdit(plain(seat), beforeMark);
  if (seat && (plain(seat) === read || withinOneEdit(plain(seat), read) || strayAfter || oneOffThenMark || twoLettersSwapped(plain(seat), read))) return rebuilt(code);
  // The seat's name cut at the end of the read (a glare spot, the edge of the photo: 'Jud.BV Mun.Bra'):
  // half of it at least, three letters or more ('Jud.MS Mun.Târ' could be Târnăveni as well as Târgu Mureș).
  const cutAtEnd = place.slice(m.index + whole.length).trim() === "" && read.length >= Math.max(3, plain(seat ?? "").length / 2) && plain(seat ?? "").startsWith(read);
  if (seat && cutAtEnd) return rebuilt(code);
  const other = Object.keys(COUNTY_SEATS).find((c) => plain(COUNTY_SEATS[c]!) === read && (c[0] === code[0] || c[1] === code[1]));
  return other ? rebuilt(other) : place;
}

/** Two letters of a name read in each other's place ('Piolești' for 'Ploiești'): the same letters, two places differing. */
export function twoLettersSwapped(seat: string, read: string): boolean {
  if (seat.length !== read.length || seat.length < 5) return false;
  const differing = [...seat].flatMap((c, i) => (c === read[i] ? [] : [i]));
  return differing.length === 2 && seat[differing[0]!] === read[differing[1]!] && seat[differing[1]!] === read[differing[0]!];
}

/**
 * A worn card's locality read with a few letters misread ('drnlova' for Craiova): as long as the
 * seat's name, its last three letters in place, no more than three letters off in all.
 */
function fewLettersOff(seat: string, read: string): boolean {
  if (seat.length !== read.length || seat.length < 6 || seat.slice(-3) !== read.slice(-3)) return false;
  return charactersDiffering(seat, read) <= 3;
}

/** Romania's counties, and Bucharest (the seeded reference list): a passport's issuer is the county's passport office, 'SPCEP <county>'. */
const COUNTIES = countiesData.map((county) => county.name);

/**
 * A passport's issuer by the county list: the county's name read without its diacritics ('SPCEP
 * Timis'), with a smudge of a few marks after it ('SPCEP Brașov dz'), or cut at the card's edge or a
 * glare after two letters at least where only one county begins so ('SPCEP Ti': Timiș). Anything else as read.
 */
export function passportIssuerCounty(issuer: string): string {
  const m = /^(S\.?P\.?C\.?E\.?P)\s+(.+)$/u.exec(issuer.trim());
  if (!m) return issuer;
  const [office, rest] = [m[1]!, m[2]!];
  const read = plain(rest);
  const whole = COUNTIES.find((county) => plain(county) === read || (read.startsWith(`${plain(county)} `) && read.length - plain(county).length <= 4 && !/\d/.test(read)));
  if (whole) return `${office} ${whole}`;
  if (!/^\p{L}{2,}$/u.test(rest)) return issuer;
  const begun = COUNTIES.filter((county) => plain(county).startsWith(read));
  return begun.length === 1 ? `${office} ${begun[0]}` : issuer;
}

/**
 * The issuing office's locality one letter off the county seat the card's own address or birthplace
 * names ('SPCLEP Craiovs' on a card whose address is 'Jud.DJ Mun.Craiova …'): a records office
 * serves where its holder lives, so the seat printed elsewhere on the card confirms the repair. A
 * worn card's locality may be further off ('SPCLEP drnlova', ID round 14): see fewLettersOff.
 */
export function repairIssuerLocality(issuer: string, places: (string | null)[]): string {
  const m = /^(S\.?P\.?C\.?L?\.?E\.?P)\s+(\p{L}[\p{L}\- ]*?)\s*$/u.exec(issuer);
  if (!m) return issuer;
  const read = plain(m[2]!);
  for (const place of places) {
    const code = place ? /\bJud\.\s?([A-Z]{2})\b/.exec(place)?.[1] : undefined;
    const seat = code ? COUNTY_SEATS[code] : undefined;
    if (!seat || !place!.includes(`Mun.${seat}`) || seat === m[2]) continue;
    // The seat's name read without its diacritics ('SPCLEP Galati'): as the card's place prints it.
    if (plain(seat) === read) return `${m[1]} ${seat}`;
    // One letter off, or cut where the seat's name has a hyphen or a space ('SPCLEP Cluj' for Cluj-Napoca),
    // or cut short at the card's edge after four letters at least ('SPCLEP Gala' for Galați) — a local
    // office's (SPCLEP, named by its locality) only: a county's passport office is named by the county,
    // which may begin as its seat does ('SPCEP Timiș', Timișoara).
    const part = read.replace(/[- ]+$/, "");
    const cutAtPart = part.length >= 3 && /[- ]/.test(plain(seat)[part.length] ?? "") && plain(seat).startsWith(part);
    const cutShort = /L/.test(m[1]!) && part.length >= 4 && plain(seat).startsWith(part);
    if (withinOneEdit(plain(seat), read) || cutAtPart || cutShort || fewLettersOff(plain(seat), read)) return `${m[1]} ${seat}`;
  }
  return issuer;
}

/**
 * The birthplace when neither its label nor a 'Jud.' / 'Mun.' prefix was read ('Mu București Sec.1',
 * 'un Cluj- Napoca', 'Jua. .BH “Mun. 'Oradea'): the first line above the address (no street part, no
 * issuer, no label) naming a county seat or Bucharest's sector, rebuilt as the documents print it.
 * The CNP's county is checked against it with the other printed places (cnpCountyMatchesBirthPlace).
 */
export function placeBySeat(lines: string[]): string | null {
  for (const line of lines) {
    if (isMrzLine(line) || ISSUER.test(line)) continue;
    if (STREET.test(line) || ADDRESS_TAIL.test(line) || LABEL.address.test(foldSameLength(line))) return null;
    if (LABEL.anyLabel.test(line)) continue;
    const folded = ` ${foldRomanian(line)} `;
    const sector = / SEC(?:TOR(?:UL)?)? ?([1-6]) /.exec(folded);
    if (folded.includes("BUCURESTI") && sector) return `Mun.București Sec.${sector[1]}`;
    const code = Object.keys(COUNTY_SEATS).find((c) => folded.includes(` ${foldRomanian(COUNTY_SEATS[c]!)} `));
    if (code) return `Jud.${code} Mun.${COUNTY_SEATS[code]}`;
  }
  return null;
}

/** A line that can carry on an address: the block / flat part, a street, a locality. */
function continuesAddress(line: string): boolean {
  // The issuer's row under an unread 'Emisă de' ('SPCEP S3 biroul nr.2 30.06.22-…') is no street part, for all its 'nr.2'.
  if (ISSUER.test(line)) return false;
  return ADDRESS_TAIL.test(line) || STREET.test(line) || PLACE.test(line);
}

/**
 * Dates as OCR spaces them ('21. 08.2023', '01. .01. 2031'): the dots joined back to the digits around
 * them — after a day or a month only: a stray dot after a year ('21.08.2023. 21.08.2033') ends a date.
 */
function joinDateDots(value: string): string {
  return (
    value
      .replace(/(?<!\d)(\d{1,2})\s?\.(?:\s*\.)*\s*(?=\d)/g, "$1.")
      // A mark read as a digit glued before the day ('905.02.2024'): no day has three digits.
      .replace(/(?<![\d.])\d(\d{2})\s?\.\s?(?=\d{2}\s?\.\s?\d{2})/g, "$1.")
      // A year read in two halves ('09.09.20 34', ID round 28): a full date's century and its last two digits.
      .replace(/(?<![\d.])(\d{2}\.\d{2}\.(?:19|20))\s(\d{2})(?![\d.,])/g, "$1$2")
      // One of a date's dots read as a comma ('07.04,2022', '07,04.2022'): a card prints its dates with dots only.
      .replace(/(?<![\d.,])(\d{2})(?:,(\d{2})\.|\.(\d{2}),)(\d{4})(?!\d)/g, (_, day: string, a?: string, b?: string, year?: string) => `${day}.${a ?? b}.${year}`)
  );
}

/**
 * 'dd.mm.yy-dd.mm.yyyy' as printed on the classic card, tolerant of OCR spacing, dash variants, a dot
 * read as a comma or a colon (either one as a dash too: '30-06.22-23.11.2032', '14.02-18-nelimitat', the
 * dash between the dates still there to tell it from a range) and 'nelimitat' with its 'l' or 'i' misread.
 */
const VALIDITY = /(\d{2})(?:\s?[.,:\-–]\s?|\s)(\d{2})\s?[.,:\-–]\s?(\d{4}|\d{2})(?!\d)\s*[-–—~]\s*(?:(\d{2})\s?[.,:]\s?(\d{2})\s?[.,:]\s?(\d{4})(?!\d)|(ne[li1I|]{2}mitat|permanent))/i;
/**
 * The validity's first date and its dash with the rest of the row cut off (the card's edge, a thumb,
 * a shadow: 'nr.2 30.06.22-23.11'): the issue date is still read, the expiry left to the zone.
 */
const VALIDITY_CUT = /(\d{2})\s?[.,:]\s?(\d{2})\s?[.,:]\s?(\d{4}|\d{2})(?!\d)\s*[-–—~]/;
/**
 * Where a printed date starts ('30.06.22', '30,06.2022', a month's digit smudged: '30,0$,22'): no
 * issuer's name holds one, so the issuer ends there.
 */
const DATE_START = /(?:^|\s)\d{2}\s?[.,]\s?(?:\d{2}|\d\S)\s?[.,]\s?\d{2}|(?:^|\s)\d{2}\s\d{2}[.,]\d{2}\s?[-–—~]/;
/**
 * The validity's dates read as a run of digits ('nr2 —_300873.33.11.2032'): a dash before digits, or
 * four digits in a row — no issuer's name holds either (an office's number has one or two digits).
 */
const DATES_RUN = /\s+[-–—~_]+[\s_]*\d|\s+[-–—~_]*\d{4,}/;
/** The issuer's text up to the validity or any date that starts on its row. */
function issuerBeforeDates(joined: string): string {
  const validity = VALIDITY.exec(joined);
  const starts = (validity ? [validity] : [DATE_START.exec(joined), DATES_RUN.exec(joined)]).filter((m) => m !== null);
  return starts.length > 0 ? joined.slice(0, Math.min(...starts.map((m) => m.index))) : joined;
}
/**
 * The validity glued to the issuer with its first digits lost ('SPCLEP Galați .02.18-nelimitat', the
 * issue day not read, ID round 19): a date's end, a dash, then 'nelimitat' or the expiry date — no
 * part of an issuer's name, and not dates enough for the validity to be read from.
 */
export const VALIDITY_CUT_AT_START = /\s+[.,]?\d{1,2}[.,]\d{2}\s?[-–]\s?(?:ne[li1I|]{2}mitat|\d{1,2}[.,]\d{2}[.,]\d{2,4})\S*$/;

/**
 * The validity's 'nelimitat' run into the issuer with its dates lost, a letter dropped or misread and a
 * few marks before it ('SPCLEP Galati d i S-nelmitat', ID round 26): no issuer's name holds the word.
 */
export const UNLIMITED_RUN_IN = /(?:\s+\S{1,2})*\s+\S{0,3}ne[li1I|]{0,2}m[il1I|]{0,2}tat\S*$/i;

/** An electronic card or passport prints its expiry in its own field; 'nelimitat' there means no limit. */
const UNLIMITED = /\bne[li1I|]{2}mitat|\bpermanent/i;

export interface Validity {
  /** null: the issue date read as no date ('31 04.16' for '11.04.16'), its expiry still read. */
  issueDate: string | null;
  /** null: valid without limit ('nelimitat', cards issued after 55). */
  expiryDate: string | null;
  /** Text before the dates on their line (the issuer, when printed on the same row). */
  before: string;
  /** The expiry was cut off the row (not read): `expiryDate` null then means unknown, not unlimited. */
  expiryCut?: true;
}

/**
 * The 'Valabilitate' dates: on the label's line or the few lines under it, else anywhere outside
 * the zone. Where several pairs are read, the one whose expiry the MRZ confirms wins.
 */
export function readValidity(lines: string[], mrzExpiry: string | null): Validity | null {
  const labelAt = lines.findIndex((l) => /valabilitate|validit[eéy]/i.test(foldSameLength(l)));
  const near = labelAt >= 0 ? lines.slice(labelAt, labelAt + 4) : [];
  const candidates: Validity[] = [];
  const cutOff: Validity[] = [];
  const expiryOnly: Validity[] = [];
  for (const line of [...near, ...lines.filter((l) => !near.includes(l))]) {
    if (isMrzLine(line)) continue;
    const joined = joinDateDots(line);
    const m = VALIDITY.exec(joined);
    if (!m) {
      const cut = VALIDITY_CUT.exec(joined);
      const issueDate = cut ? findDates(`${cut[1]}.${cut[2]}.${cut[3]!.length === 2 ? `20${cut[3]}` : cut[3]}`)[0] : undefined;
      if (cut && issueDate) cutOff.push({ issueDate, expiryDate: null, before: joined.slice(0, cut.index), expiryCut: true });
      continue;
    }
    const issueDate = findDates(`${m[1]}.${m[2]}.${m[3]!.length === 2 ? `20${m[3]}` : m[3]}`)[0];
    if (!issueDate) {
      // The issue date misread into no date (a 31st of April): the expiry after its dash still is one.
      const expiryDate = m[4] ? findDates(`${m[4]}.${m[5]}.${m[6]}`)[0] : undefined;
      if (expiryDate) expiryOnly.push({ issueDate: null, expiryDate, before: joined.slice(0, m.index) });
      continue;
    }
    if (m[7]) {
      candidates.push({ issueDate, expiryDate: null, before: joined.slice(0, m.index) });
      continue;
    }
    const expiryDate = findDates(`${m[4]}.${m[5]}.${m[6]}`)[0];
    // The expiry misread into no date ('38.02.2033'): the issue date before it still is one, the expiry left to the zone.
    if (!expiryDate && m[4]) cutOff.push({ issueDate, expiryDate: null, before: joined.slice(0, m.index), expiryCut: true });
    if (!expiryDate || issueDate >= expiryDate) continue;
    candidates.push({ issueDate, expiryDate, before: joined.slice(0, m.index) });
  }
  return candidates.find((c) => c.expiryDate === mrzExpiry) ?? candidates[0] ?? cutOff[0] ?? expiryOnly[0] ?? null;
}

/**
 * An electronic card or passport prints three dates outside its zone: birth, issue, expiry. With the
 * issue date's label unread, the one date left that is neither of the other two and not in the future
 * is the issue date, and a later date beside it on its row the expiry (printed only, 0.7); none, or
 * more than one such date → null.
 */
function unlabelledIssueDates(lines: string[], known: (string | null)[], referenceYear: number): { issueDate: string; expiryDate: string | null } | null {
  const rows = lines.filter((l) => !isMrzLine(l)).map((l) => findDates(joinDateDots(l)));
  const others = new Set(rows.flat().filter((d) => !known.includes(d) && d <= `${referenceYear}-12-31`));
  if (others.size !== 1) return null;
  const issueDate = [...others][0]!;
  const row = rows.find((dates) => dates.includes(issueDate))!;
  return { issueDate, expiryDate: row.find((d) => d > issueDate) ?? null };
}

function seriesAndNumber(lines: string[], mrz: MrzResult | null): { series: string; number: string } | null {
  for (const line of lines.slice(0, 12)) {
    if (isMrzLine(line)) continue;
    const classic = /\b([A-Z]{2})\b\s+(?:\S{1,6}\s+)?([0-9OI]{6})\b/.exec(line);
    if (classic && !/^(?:RO|ID|CI)$/.test(classic[1]!)) {
      return { series: classic[1]!, number: classic[2]!.replace(/O/g, "0").replace(/I/g, "1") };
    }
    const joined = /\b([A-Z]{2})(\d{6})\b/.exec(line);
    if (joined && !/^(?:RO)$/.test(joined[1]!)) return { series: joined[1]!, number: joined[2]! };
  }
  // The electronic card prints its series and number glued ('PH218406') lower down, beside the CNP.
  for (const line of lines.slice(12)) {
    const joined = isMrzLine(line) ? null : /\b([A-Z]{2})(\d{6})\b/.exec(line);
    if (joined && joined[1] !== "RO") return { series: joined[1]!, number: joined[2]! };
  }
  if (mrz && /^[A-Z]{2}\d{6,7}$/.test(mrz.documentNumber)) {
    return { series: mrz.documentNumber.slice(0, 2), number: mrz.documentNumber.slice(2) };
  }
  return null;
}

/** What a document type does not print: the electronic card neither address nor issuer, a passport no address and no series. */
function notPrinted(cardType: IdCardExtraction["cardType"], field: IdField): boolean {
  if (cardType === "cei") return field === "address" || field === "issuedBy";
  if (cardType === "pasaport") return field === "address" || field === "series";
  return false;
}

/**
 * The birth date a CNP read apart from the zone gives, to set against the zone's own. The classic card's
 * zone holds only the CNP's first and last six digits, its middle being the zone's birth date
 * (`cnpFromMrz`): a CNP taken from that zone is the zone's birth date again, no second reading (a zone's
 * '3909104' for '8001014' whose check digits held by chance, 'confirmed' by itself at 0.99 against a
 * printed CNP that said 1980: ID round 26). The printed CNP's then, if one was read.
 */
export function birthOfPrintedCnp(
  cnp: string | null,
  cnpSource: "mrz" | "printed" | "mrz+printed" | undefined,
  printedCnp: string | null,
  mrz: MrzResult | null,
  referenceYear: number,
): string | null {
  const zoneBuilt = cnpSource === "mrz" && mrz !== null && !/\d{13}/.test(mrz.optionalData.replace(/</g, ""));
  const source = zoneBuilt ? printedCnp : cnp;
  const info = source ? parseCnp(source, referenceYear) : null;
  return info?.valid ? info.info.birthDate : null;
}

/** Bucharest without a sector matches any of its codes (40–46; 47–48 for the old sectors 7–8). */
function countyMatches(cnpCounty: string | null, birthPlace: string | null): boolean | null {
  const placeCounty = birthPlace ? countyCodeOfPlace(birthPlace) : null;
  if (!cnpCounty || !placeCounty) return null;
  if (placeCounty === "40") return Number(cnpCounty) >= 40 && Number(cnpCounty) <= 48;
  return cnpCounty === placeCounty;
}

export interface ParseIdOptions {
  /** Year used to choose the century of two-digit MRZ years. */
  referenceYear: number;
  /** MRZ text read separately (a whitelisted second OCR pass), preferred when its check digits hold. */
  mrzText?: string;
}

export function parseIdCardText(text: string, options: ParseIdOptions): IdCardExtraction {
  const { referenceYear } = options;
  const lines = linesOf(text);
  const fromText = findMrz(text, referenceYear);
  const fromPass = options.mrzText ? findMrz(options.mrzText, referenceYear) : null;
  const mrz = fromPass && (fromPass.valid || !fromText?.valid) ? fromPass : fromText;
  const sources: IdCardExtraction["sources"] = {};
  const conflicts: IdCardExtraction["conflicts"] = [];

  function merge<T extends string>(field: IdField, mrzValue: T | null, printed: T | null, same = (a: T, b: T) => a === b): T | null {
    if (mrzValue && printed) {
      if (same(mrzValue, printed)) {
        sources[field] = "mrz+printed";
        return printed;
      }
      conflicts.push({ field, mrz: mrzValue, printed });
      // The zone wins where check digits protect it; the printed text wins for names (diacritics).
      const mrzTrusted = mrz?.valid === true && !["lastName", "firstName"].includes(field);
      sources[field] = mrzTrusted ? "mrz" : "printed";
      return mrzTrusted ? mrzValue : printed;
    }
    if (mrzValue) sources[field] = "mrz";
    else if (printed) sources[field] = "printed";
    return mrzValue ?? printed;
  }

  const printedCnps = cnpCandidates(lines.filter((l) => !isMrzLine(l)).join("\n"), referenceYear);
  const mrzCnp = mrz ? cnpFromMrz(mrz) : null;
  const cnp = merge("cnp", mrzCnp && parseCnp(mrzCnp, referenceYear).valid ? mrzCnp : null, printedCnps[0] ?? null);
  const cnpInfo = cnp ? parseCnp(cnp, referenceYear) : null;

  const sameName = (a: string, b: string) => foldRomanian(a) === foldRomanian(b);
  // The zone's names are the anchor once its check digits hold (it was read where and as a zone is):
  // a printed name that does not agree letter for letter ('URESAN', 'MI') only lends its diacritics.
  // The zone as read, marks and all: where a name's letter was read as a mark (extendsZoneName).
  const zoneText = `${text}\n${options.mrzText ?? ""}`;
  const name = (field: "lastName" | "firstName", mrzValue: string | null, printed: string | null) => {
    const glued = field === "lastName" && mrz?.format === "TD1" && gluedBeforeName(printed ?? "", mrzValue ?? "");
    // The zone's surname ran on into the given names: the print holds both apart.
    const ranOn = zoneLast !== null && printedLast !== null && runsPastName(printedLast, zoneLast) && (field === "lastName" || (printed !== null && nameInRun(printed, runAfterName(printedLast, zoneLast))));
    if (mrzValue && printed && printed === (field === "lastName" ? lastByZone : firstByZone) && lettersOf(printed) === lettersOf(mrzValue)) {
      sources[field] = "mrz";
      return withPrintedDiacritics(mrzValue, printed);
    }
    if (mrzValue && printed && (extendsZoneName(mrzValue, printed, zoneText) || zoneNameOneLetterLonger(printed, mrzValue, zoneText) || (field === "lastName" && endsWithCutName(printed, mrzValue)) || zoneWordBrokenWhereDiffers(printed, mrzValue, zoneText) || glued || ranOn)) {
      sources[field] = "printed";
      return printed;
    }
    const merged = merge(field, mrzValue, printed, sameName);
    if (!mrzValue || !printed || sameName(mrzValue, printed) || !mrz?.valid) return merged;
    sources[field] = "mrz";
    return withPrintedDiacritics(mrzValue, printed);
  };
  // No check digit covers the names line: where the zone read twice (the page, the zone's own pass)
  // names it differently, the reading the printed name agrees with wins ('GHEORGHE<ZESLLSE<L' read
  // in one pass from fillers that the other and the print read as none).
  // With no printed name read, the reading that saw fillers where the other saw more given names wins:
  // a filler's chevron is often read as a letter, a name's letters are not read as a run of fillers.
  const otherZone = mrz === fromPass ? fromText : fromPass;
  const otherRaw = (mrz === fromPass ? text : options.mrzText ?? "").replace(/[ \t]+/g, "");
  const zoneName = (field: "lastName" | "firstName", printed: string | null) => {
    if (mrz && namesMisread(mrz)) return null;
    // No name holds a digit.
    const chosen = mrz?.[field] && !/\d/.test(mrz[field]) ? mrz[field] : null;
    const other = otherZone?.[field] || null;
    if (!chosen || !other || sameName(chosen, other)) return chosen;
    if (printed) return !sameName(chosen, printed) && sameName(other, printed) ? other : chosen;
    // No labelled print: a line of the print that holds one reading as a whole word, and no line the
    // other, still agrees with it ('IOANA' under an unread label, against a zone pass's 'SIOANA').
    const inPrint = (value: string) => lines.some((l) => !isMrzLine(l) && ` ${foldRomanian(l)} `.includes(` ${foldRomanian(value)} `));
    if (inPrint(other) && !inPrint(chosen)) return other;
    const fillersAfter = field === "firstName" && otherRaw.includes(`${other.split(" ").join("<")}<<<`);
    return fillersAfter && chosen.startsWith(`${other} `) ? other : chosen;
  };
  // Without a zone's names (none, or a misread dropped) the names by their shape.
  const byLines = mrz && !namesMisread(mrz) ? null : namesByShape(lines);
  const alone = mrz?.lastName ? null : namesLineAlone(zoneText);
  const namesAlone = alone && !namesMisread(alone) ? { lastName: alone.lastName, firstName: /\d/.test(alone.firstName) ? "" : alone.firstName } : null;
  const zoneLast = mrz?.lastName || namesAlone?.lastName || null;
  // A printed line the zone's name reads as it is, or with one letter more (the print's diacritics kept).
  const zoneReadsName = (printed: string, zone: string) => lettersOf(printed) === lettersOf(zone) || zoneNameOneLetterLonger(printed, zone, zoneText);
  // A line found because the zone's name reads it is no second reading that agrees with the zone: the
  // zone's surname may be its given names (a names line cut at its start, 'ELENA<<<'), matching the
  // given names' line (ID round 18 read under load, 'ELENA' at 0.99). Its letters lend diacritics only.
  const labelledLast = cleanName(valueBelow(lines, LABEL.lastName)) ?? nameLineLonger(lines, mrz?.lastName ?? null, zoneText);
  const labelledFirst = cleanName(valueBelow(lines, LABEL.firstName)) ?? nameLineLonger(lines, mrz?.firstName ?? null, zoneText);
  const lastByZone = labelledLast === null ? nameLineFitting(lines, zoneLast, zoneReadsName) : null;
  const firstByZone = labelledFirst === null ? nameLineFitting(lines, mrz?.firstName || namesAlone?.firstName || null, zoneReadsName) : null;
  const printedLast = labelledLast ?? lastByZone ?? surnameLineFitting(lines, zoneLast, endsWithCutName) ?? (mrz?.format === "TD1" ? surnameLineFitting(lines, zoneLast, gluedBeforeName) : null) ?? surnameLineFitting(lines, zoneLast, runsPastName, upperCaseLine) ?? byLines?.lastName ?? null;
  const printedFirst = labelledFirst ?? firstByZone ?? givenNamesInRun(lines, zoneLast, printedLast) ?? byLines?.firstName ?? null;
  // No zone, or one found without its names line: the names line read on its own, if it was.
  const lastName = name("lastName", zoneName("lastName", printedLast) ?? namesAlone?.lastName ?? null, printedLast);
  const firstName = name("firstName", zoneName("firstName", printedFirst) ?? namesAlone?.firstName ?? null, printedFirst);

  // With no zone taken, a line opening as a passport's zone does ('P<ROU…', the rest of it unread, ID
  // round 28) still says passport: identity cards' zones open 'ID'.
  const passportZoneStart = (l: string) => /^P<[A-Z]{3}[A-Z<]{2}/.test(l.replace(/\s+/g, ""));
  const passport = mrz ? mrz.format === "TD3" : lines.some((l) => LABEL.passportNumber.test(foldSameLength(l)) || LABEL.passportTitle.test(foldSameLength(l)) || passportZoneStart(l));
  // Without zone or labels, the electronic card by its issue and expiry row: two full dates (the classic
  // card prints its validity as '30.06.22-23.11.2032').
  const electronic = !passport && (mrz?.format === "TD1" || lines.some((l) => LABEL.expiry.test(foldSameLength(l))) || (!mrz && lines.some((l) => TWO_FULL_DATES.test(joinDateDots(l)))));
  // Electronic cards and passports print the birth date in its own field; the classic card only in the CNP.
  const printedBirth = electronic || passport ? (findDates(valueBelow(lines, LABEL.birthDate) ?? "")[0] ?? null) : null;
  const birthDate = merge("birthDate", mrz?.birthDate ?? null, printedBirth ?? birthOfPrintedCnp(cnp, sources.cnp, printedCnps[0] ?? null, mrz, referenceYear));
  const sex = merge("sex", mrz?.sex ?? null, cnpInfo?.valid ? cnpInfo.info.sex : null);
  // The CNP encodes birth date and sex: whatever else was read must agree with it.
  if (cnp && cnpInfo?.valid) {
    if (birthDate && birthDate !== cnpInfo.info.birthDate) conflicts.push({ field: "cnp", mrz: mrz?.birthDate ?? birthDate, printed: cnpInfo.info.birthDate });
    if (sex && sex !== cnpInfo.info.sex) conflicts.push({ field: "cnp", mrz: sex, printed: cnpInfo.info.sex });
  }

  let documentId: string | null = null;
  if (passport) {
    const printedNumber = /\b(\d{8,9})\b/.exec(valueBelow(lines, LABEL.passportNumber) ?? "")?.[1] ?? null;
    const mrzNumber = mrz && /^\d{8,9}$/.test(mrz.documentNumber) ? mrz.documentNumber : null;
    const number = merge("number", mrzNumber, printedNumber);
    documentId = number ? `--${number}` : null;
  } else {
    const mrzSeries = mrz && /^[A-Z]{2}\d{6}$/.test(mrz.documentNumber) ? mrz.documentNumber : null;
    // The zone's number stands in for the print only when the zone's own could not be taken: the same
    // reading twice is no agreement of zone and print (a chance check digit in a misread zone, at 0.99).
    const docNumber = seriesAndNumber(lines, mrzSeries ? null : mrz);
    documentId = merge("series", mrzSeries, docNumber ? docNumber.series + docNumber.number : null);
    if (sources.series) sources.number = sources.series;
  }

  let issueDate: string | null = null;
  let printedExpiry: string | null = null;
  let printedUnlimited = false;
  let issuedBy: string | null = null;
  let address: string | null = null;
  if (electronic || passport) {
    // Without its label, the issue line is the one whose second date is the expiry the zone's check digit holds.
    const zoneExpiry = mrz?.checks.expiryDate ? mrz.expiryDate : null;
    const issueLine =
      valueBelow(lines, LABEL.issueDate) ??
      lines.find((l) => !isMrzLine(l) && zoneExpiry !== null && findDates(joinDateDots(l))[1] === zoneExpiry) ??
      null;
    const dates = findDates(joinDateDots(issueLine ?? ""));
    issueDate = dates[0] ?? null;
    printedExpiry = dates[1] ?? null;
    const unlabelled = issueDate ? null : unlabelledIssueDates(lines, [birthDate, mrz?.expiryDate ?? null, printedExpiry], referenceYear);
    issueDate ??= unlabelled?.issueDate ?? null;
    printedExpiry ??= unlabelled?.expiryDate ?? null;
    if (passport && !issueDate && zoneExpiry) issueDate = passportIssueByYear(lines, zoneExpiry);
    printedUnlimited = !printedExpiry && UNLIMITED.test(issueLine ?? "");
    if (passport) issuedBy = cleanPlace(valueBelow(lines, LABEL.issuedBy) ?? byShape(lines).issuedBy);
  } else {
    const issuerLine = valueBelow(lines, LABEL.issuedBy);
    const validity = readValidity(lines, mrz?.expiryDate ?? null);
    if (validity) {
      issueDate = validity.issueDate;
      printedExpiry = validity.expiryDate;
      printedUnlimited = validity.expiryDate === null && !validity.expiryCut;
    }
    // The issuer and the validity share a row on the classic card: the issuer is what precedes the dates.
    if (issuerLine) issuedBy = cleanPlace(issuerBeforeDates(joinDateDots(issuerLine)));
    issuedBy ??= cleanPlace(byShape(lines).issuedBy);
    address = cleanPlace(trimPlace(valueBelow(lines, LABEL.address, 3, continuesAddress) ?? byShape(lines).address));
    if (address) address = repairCountySeat(dropMarksBeforeFlat(address));
  }
  // An issue date before birth or in the future is a misread, not a fact.
  if (issueDate && ((birthDate && issueDate < birthDate) || issueDate > `${referenceYear + 1}`)) issueDate = null;
  const validityUnlimited = mrz ? mrz.expiryUnlimited && (mrz.checks.expiryDate || printedUnlimited) : printedUnlimited;
  const expiryDate = validityUnlimited ? null : merge("expiryDate", mrz?.expiryDate ?? null, printedExpiry);
  if (validityUnlimited) sources.expiryDate = mrz?.expiryUnlimited && printedUnlimited ? "mrz+printed" : mrz?.expiryUnlimited ? "mrz" : "printed";
  if (passport && issueDate && expiryDate && mrz?.checks.expiryDate && mrz.expiryDate === expiryDate) issueDate = passportIssueByExpiry(issueDate, expiryDate);
  if (issueDate) sources.issueDate = "printed";
  // A lone letter after the office's name is a smudge read as text ('SPCEP Timiș I'): no issuer ends in
  // one; a few marks before the office's name ('A SPCLEP Oradea', 'L : SPCLEP Galați') go too.
  // A lone mark there is the next field's dot or a speck ('SPCLEP Cluj-Napoca .', ID round 28).
  issuedBy = issuedBy?.replace(/\s+[^\p{L}\d\s]+$/u, "").replace(/\s+\p{L}$/u, "") || null;
  const office = issuedBy ? ISSUER.exec(issuedBy) : null;
  if (issuedBy && office && office.index > 0 && office.index <= 4) issuedBy = issuedBy.slice(office.index);
  // A lone letter between the office and its locality is a smudge too ('SPCLEP I lași'), and a date's
  // first digits cut off the row's end ('SPCLEP Iasi 16.0', 'SPCLEP Oradea 11.04.') no part of an issuer's name.
  if (issuedBy) issuedBy = cleanPlace(issuedBy.replace(/^(S\.?P\.?C\.?L?\.?E\.?P)\s+\p{L}\s+(?=\p{L}{2})/u, "$1 ").replace(/\s+\d{1,2}\s?[.,]\s?(?:\d{1,2}\s?[.,]?)?$/, "").replace(VALIDITY_CUT_AT_START, "").replace(UNLIMITED_RUN_IN, ""));
  // Bucharest's records offices name their sector 'S1'–'S6' ('SPCEP S3'): a '5' there is its 'S' misread.
  if (issuedBy) issuedBy = issuedBy.replace(/^(S\.?P\.?C\.?E\.?P)\s+5([1-6])\b/, "$1 S$2");
  if (issuedBy) sources.issuedBy = "printed";
  if (address) sources.address = "printed";
  if (issuedBy) issuedBy = withoutStrayNumber(issuedBy);
  const printedPlace = withoutStrayNumber(cleanPlace(trimPlace(valueBelow(lines, LABEL.birthPlace) ?? byShape(lines).birthPlace)));
  const birthPlace = printedPlace ? repairCountySeat(printedPlace) : placeBySeat(lines);
  if (birthPlace) sources.birthPlace = "printed";
  if (issuedBy) issuedBy = repairIssuerLocality(issuedBy, [address, birthPlace]);
  if (issuedBy && passport) issuedBy = passportIssuerCounty(issuedBy);
  const cardType: IdCardExtraction["cardType"] = passport ? "pasaport" : mrz ? (mrz.format === "TD1" ? "cei" : "ci") : electronic ? "cei" : lines.length > 0 ? "ci" : null;

  const result: Omit<IdCardExtraction, "missingFields"> = {
    kind: "id_card",
    cardType,
    documentSubtype: cardType === "pasaport" ? "pasaport" : cardType ? "ci" : null,
    validityUnlimited,
    cnp,
    lastName,
    firstName,
    sex,
    birthDate,
    birthPlace,
    address,
    series: documentId && !passport ? documentId.slice(0, 2) : null,
    number: documentId ? documentId.slice(2) : null,
    issuedBy,
    issueDate,
    expiryDate,
    nationality: mrz?.nationality.replace(/</g, "") || null,
    mrz: mrz ? { format: mrz.format, lines: mrz.lines, valid: mrz.valid, checks: mrz.checks, corrections: mrz.corrections } : null,
    sources,
    conflicts,
    cnpCountyMatchesBirthPlace: countyMatches(cnpInfo?.valid ? cnpInfo.info.countyCode : null, birthPlace),
  };
  const expected = ID_FIELDS.filter((f) => !notPrinted(result.cardType, f) && !(f === "expiryDate" && validityUnlimited));
  const fieldConfidence: Partial<Record<IdField, number>> = {};
  const conflicting = new Set(conflicts.flatMap((c) => (c.field === "series" ? ["series", "number"] : [c.field])));
  const cnpHolds = cnpInfo?.valid === true;
  // A printed CNP no zone agrees with is sure only when a reading apart from it agrees too: its check
  // digit alone passes one run of 13 digits in 11 (a poor reading's '1310827131840', sure at 0.9 with
  // its birth date, on a Brașov passport: round 9 read under load). The zone's birth date, a birth date
  // printed apart, or the birth place's county.
  const cnpCorroborated =
    cnpHolds &&
    ((mrz?.checks.birthDate === true && mrz.birthDate === cnpInfo.info.birthDate) || printedBirth === cnpInfo.info.birthDate || result.cnpCountyMatchesBirthPlace === true);
  const cnpSure = cnpHolds && (sources.cnp !== "printed" || cnpCorroborated);
  const cnpVouches = (field: IdField) => (field === "birthDate" || field === "sex") && cnpSure && result[field] === (field === "sex" ? cnpInfo.info.sex : cnpInfo.info.birthDate);
  for (const field of ID_FIELDS) {
    if (result[field] === null) continue;
    const source = sources[field];
    let value = 0.7;
    if (conflicting.has(field)) value = 0.5;
    // Zone and print misread alike (the same blur, the same engine: '715284' for '715204' in both)
    // when the zone's check digit over the field fails: their agreement is then no check at all.
    else if (source === "mrz+printed" && zoneCheckFails(mrz, field)) value = cnpVouches(field) ? 0.9 : 0.85;
    else if (source === "mrz+printed") value = 0.99;
    // No check digit covers the names line: a name from the zone alone is as sure as a printed one.
    // A zone's field whose check digit chose among a cut line's readings, with no print to agree: unconfirmed.
    else if (source === "mrz") value = mrz?.valid && field !== "lastName" && field !== "firstName" && !zoneCheckShifted(mrz, field) ? 0.97 : mrz?.valid ? 0.7 : 0.5;
    else if (field === "birthPlace" && result.cnpCountyMatchesBirthPlace === false) value = 0.5;
    else if (field === "cnp" && cnpSure) value = 0.9;
    else if (cnpVouches(field)) value = 0.9;
    fieldConfidence[field] = value;
  }
  return { ...result, fieldConfidence, missingFields: expected.filter((f) => result[f] === null) };
}

/**
 * A Romanian passport is valid 10 years from its issue day (5 or 3 for a child's): its expiry is the
 * issue date's day and month so many years on. A printed issue date one digit off such a date
 * ('07.08.2022' under an expiry of 07.04.2032, the zone's check digit holding it, ID round 24) is that
 * date misread; any other is kept as read (a passport replaced early, say).
 */
export function passportIssueByExpiry(issueDate: string, expiryDate: string): string {
  const dates = [10, 5, 3].map((years) => `${Number(expiryDate.slice(0, 4)) - years}${expiryDate.slice(4)}`);
  if (dates.includes(issueDate)) return issueDate;
  const oneDigitOff = dates.filter((date) => charactersDiffering(date, issueDate) === 1);
  return oneDigitOff.length === 1 ? oneDigitOff[0]! : issueDate;
}

/**
 * A passport's issue date of which only the year was read ('„2022', its day and month lost in a blur,
 * ID round 28): a line that is a year and nothing else, 10, 5 or 3 years before the expiry the zone's
 * check digit holds, is the issue line — the passport runs out on its issue day so many years on.
 */
export function passportIssueByYear(lines: string[], zoneExpiry: string): string | null {
  const expiryYear = Number(zoneExpiry.slice(0, 4));
  for (const line of lines) {
    const year = /^[^\p{L}\d]*((?:19|20)\d{2})[^\p{L}\d]*$/u.exec(line)?.[1];
    if (year && [10, 5, 3].includes(expiryYear - Number(year))) return `${year}${zoneExpiry.slice(4)}`;
  }
  return null;
}

/** The zone's check digit over each field it covers. */
const ZONE_CHECK_OF: Partial<Record<IdField, "documentNumber" | "birthDate" | "expiryDate">> = {
  series: "documentNumber",
  number: "documentNumber",
  birthDate: "birthDate",
  expiryDate: "expiryDate",
};

/** Whether the zone's check digit over a field held only for a line cut or padded inside that field (MrzResult.shiftedChecks). */
function zoneCheckShifted(mrz: MrzResult, field: IdField): boolean {
  const check = field === "cnp" ? "personalNumber" : ZONE_CHECK_OF[field];
  return check !== undefined && (mrz.shiftedChecks ?? []).includes(check);
}

function zoneCheckFails(mrz: MrzResult | null, field: IdField): boolean {
  const check = ZONE_CHECK_OF[field];
  return check !== undefined && mrz?.checks[check] === false;
}

/** The numbers of an address in order ('nr.14 bl.A2 ap.31' → 14, 2, 31). */
function numbersOf(text: string): string[] {
  return text.match(/\d+/g) ?? [];
}

/** Whether `part` appears in `whole` in order, other items allowed between. */
function inOrder(part: string[], whole: string[]): boolean {
  let at = 0;
  for (const item of whole) if (item === part[at]) at++;
  return at === part.length;
}

/**
 * The OCR lines the address was read from: lines whose every number-bearing word is part of the
 * address (the label's line and the issuer's row hold other numbers, or none).
 */
export function addressLines<L extends { text: string }>(lines: L[], address: string): L[] {
  const flat = address.replace(/\s+/g, "");
  return lines.filter((line) => {
    const words = line.text.split(/\s+/).filter((w) => /\d/.test(w));
    return words.length > 0 && words.every((w) => flat.includes((cleanPlace(w) ?? w).replace(/\s+/g, "")));
  });
}

/**
 * Issue #14: an address's digits have no check digit ('nr. 212' read for 'nr. 12'). They count as
 * confirmed when a second reading of the address lines on their own (`second`, the lines cut out and
 * read again) holds the same numbers in the same order; when it does not, or no second reading could
 * be made, the address drops to 0.5 — the admin review then looks at it — and says why.
 */
export function confirmAddressDigits(id: IdCardExtraction, second: string | null): IdCardExtraction {
  if (!id.address) return id;
  const numbers = numbersOf(id.address);
  if (numbers.length === 0) return id;
  const confirmed = second !== null && inOrder(numbers, numbersOf(second)) && numbersOf(second).length <= numbers.length + 2;
  const fieldConfidence = { ...id.fieldConfidence };
  if (!confirmed && fieldConfidence.address !== undefined) fieldConfidence.address = Math.min(fieldConfidence.address, 0.5);
  return { ...id, fieldConfidence, addressDigitsConfirmed: confirmed };
}

/** `first` with `fields` taken from a second reading of the printed side, their confidence at most `cap`. */
function withPrintedFields(first: IdCardExtraction, second: IdCardExtraction, fields: readonly (RereadField | (typeof LOWER_HALF_FIELDS)[number])[], cap: number): IdCardExtraction {
  const result: IdCardExtraction = { ...first, sources: { ...first.sources }, fieldConfidence: { ...first.fieldConfidence } };
  for (const field of fields) {
    result[field] = second[field];
    result.sources[field] = "printed";
    result.fieldConfidence![field] = Math.min(second.fieldConfidence?.[field] ?? 0.7, cap);
  }
  return result;
}

/** Printed fields worth a second reading of the line under their label: no check digit covers them. */
export type RereadField = "birthPlace" | "issuedBy";

/** A place whose locality is known: Bucharest's sector, or a county seat under its own county's code. */
function placeKnown(place: string): boolean {
  if (/^Mun\.Bucure[sș]ti Sec\.[1-6]$/.test(place)) return true;
  const m = /^Jud\.([A-Z]{2}) Mun\.(.+)$/.exec(place);
  return m !== null && COUNTY_SEATS[m[1]!] === m[2];
}

/**
 * Fields to read again (issue #14, round 7): a birthplace not read, or whose locality is not its
 * county's seat as far as the seats list knows ('Jud. TM Mun. oierartazi'); an issuer not read, or
 * read without an issuing office's name (noise).
 */
export function fieldsToReread(id: IdCardExtraction): RereadField[] {
  const fields: RereadField[] = [];
  if (!id.birthPlace || !placeKnown(id.birthPlace)) fields.push("birthPlace");
  if ((!id.issuedBy || !ISSUER.test(id.issuedBy)) && id.cardType !== "cei") fields.push("issuedBy");
  return fields;
}

/** Index of the OCR line holding a field's label, -1 when it was not read. */
export function labelLineIndex(lines: string[], field: RereadField): number {
  return lines.findIndex((l) => LABEL[field].test(foldSameLength(l)) || LABEL[field].test(l));
}

/**
 * The fields of a reading made with the lines under their labels read again (`second`) taken over
 * where they are better: found where the first had none, a known locality or an issuing office where
 * the first's is not.
 * A birthplace the two readings agree on stays printed-only (0.7): both are the same print.
 */
export function adoptRereadFields(first: IdCardExtraction, second: IdCardExtraction, fields: RereadField[]): IdCardExtraction {
  const better = (field: RereadField) => {
    const value = second[field];
    if (!value) return false;
    if (!first[field]) return true;
    if (field === "issuedBy") return ISSUER.test(value) && !ISSUER.test(first.issuedBy!);
    return placeKnown(value) && !placeKnown(first.birthPlace!);
  };
  const taken = fields.filter(better);
  if (taken.length === 0) return first;
  const result = withPrintedFields(first, second, taken, 1);
  if (taken.includes("birthPlace")) result.cnpCountyMatchesBirthPlace = second.cnpCountyMatchesBirthPlace;
  result.missingFields = first.missingFields.filter((f) => !taken.includes(f as RereadField));
  return result;
}


/**
 * The classic card's lower half ('Domiciliu' value, 'Emisă de', 'Valabilitate') is worth a second
 * reading on its own when its issuer or issue date was not read: a first reading of the whole card can
 * drop those rows whole (issue #14: a plain scanner-app photo read the address's first row, then only
 * '-01.01.2031').
 */
export function lowerHalfWorthRereading(id: IdCardExtraction): boolean {
  return id.cardType === "ci" && (!id.issuedBy || !ISSUER.test(id.issuedBy) || !id.issueDate);
}

/**
 * Index of the OCR line the lower half is read again under: the last line the address was read from
 * (most of its words in the address), else the address's label; -1 when neither was read.
 */
export function lowerHalfAnchor(lines: string[], address: string | null): number {
  if (address) {
    const flat = foldRomanian(address).replace(/\s+/g, "").toLowerCase();
    for (let i = lines.length - 1; i >= 0; i--) {
      const words = foldRomanian(lines[i]!)
        .toLowerCase()
        .split(/\s+/)
        .filter((w) => w.length >= 3);
      if (words.length > 0 && words.filter((w) => flat.includes(w)).length * 2 > words.length) return i;
    }
  }
  return lines.findIndex((l) => LABEL.address.test(foldSameLength(l)) || LABEL.address.test(l));
}

/** The lower half's fields a second reading (`second`) may bring back. */
const LOWER_HALF_FIELDS = ["address", "issuedBy", "issueDate", "expiryDate"] as const;

/**
 * The lower half's fields of a reading made with that band read again (`second`) taken over where the
 * first lacks them, an issuing office where the first's is not one, or an address the first's is the
 * start of (a last row, 'ap.5', lost). Printed-only, unconfirmed: at 0.7 at most.
 */
export function adoptLowerHalf(first: IdCardExtraction, second: IdCardExtraction): IdCardExtraction {
  const fold = (s: string) => foldRomanian(s).replace(/[\s.,]+/g, "").toLowerCase();
  const better = (field: (typeof LOWER_HALF_FIELDS)[number]) => {
    const value = second[field];
    const had = first[field];
    if (!value) return false;
    if (!had) return field !== "expiryDate" || !first.validityUnlimited;
    if (field === "issuedBy") return ISSUER.test(value) && !ISSUER.test(had);
    if (field === "address") return fold(value).length > fold(had).length && fold(value).startsWith(fold(had));
    return false;
  };
  const taken = LOWER_HALF_FIELDS.filter(better);
  if (taken.length === 0) return first;
  const result = withPrintedFields(first, second, taken, 0.7);
  result.missingFields = first.missingFields.filter((f) => !(taken as readonly string[]).includes(f));
  return result;
}
