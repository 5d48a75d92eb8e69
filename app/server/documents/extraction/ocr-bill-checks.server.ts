// What the OCR path knows about a scanned bill's fields that the bill reader cannot (issue #14): how
// sure the engine was of the characters a field was read from, and what the rest of the page says
// about a misread county code. A digit the engine guessed at and nothing on the bill cross-checks
// must not be reported as sure: it goes to an operator's review instead of into a switch.
import { COUNTY_SEATS } from "../../../lib/cnp";
import { findPod } from "../../../lib/pod";
import { foldRomanian } from "../../../lib/text-normalize";
import { BILL_FIELDS, SUPPLIER_NAMES, type BillExtraction, type BillField } from "./bill-parser.server";
import { FIELD_CONFIRMED } from "../verification.server";
import { repairOcrText, repairStreetKind } from "./ocr-text-repair.server";

export interface OcrWord {
  text: string;
  /** 0..1 */
  confidence: number;
  /** The word's box read again on its own, at twice the size unless told (a second, independent reading). */
  readAgain: (scale?: number) => string;
}

/**
 * At or above this the engine was sure of every character of a word (tesseract's word confidence);
 * below it a digit may have been guessed, and the word is read a second time to confirm it.
 */
export const SURE_WORD = 0.95;
/** A field the two readings disagree on, or with a county code that is none: review, not verified. */
const DOUBTFUL = 0.85;

type Field = BillField | "pricePerKwh";

/** Fields made of digits that no check on the bill recomputes (unlike totals, VAT and the indexes' difference). */
const DIGIT_FIELDS = [
  "pod",
  "billNumber",
  "clientCode",
  "contractNumber",
  "billDate",
  "dueDate",
  "periodStart",
  "periodEnd",
  "billingAddress",
  "contractedPowerKw",
  "consumptionKwh",
] as const;
const DATE_FIELDS = new Set<Field>(["billDate", "dueDate", "periodStart", "periodEnd"]);
/** Checks that recompute a field's digits from other figures: a field they passed for is vouched for. */
const ARITHMETIC_CHECKS = new Set(["totals_add_up", "vat_rate", "consumption_matches_indexes"]);

const alnum = (text: string) => foldRomanian(text).replace(/ /g, "");
const digitsOf = (text: string) => text.replace(/\D/g, "");

/** How an ISO date may be printed, as its digits: 28.02.2026, 28.02.26, 1.2.2026, 2026-02-28. */
function printedDateDigits(iso: string): string[] {
  const [y, m, d] = iso.split("-") as [string, string, string];
  return [d + m + y, d + m + y.slice(2), String(Number(d)) + String(Number(m)) + y, y + m + d];
}

/**
 * Whether an OCR word is (part of) what the field was read from: for a date, the word's digits hold
 * one of the date's printed forms, or are a long enough part of one; otherwise the word, letters and
 * digits, is part of the value. Only words holding a digit count (a name's letters are not at stake).
 */
function readFrom(field: Field, value: string, word: string): boolean {
  const digits = digitsOf(word);
  if (digits.length === 0) return false;
  if (DATE_FIELDS.has(field)) {
    return printedDateDigits(value).some(
      (form) => digits.includes(form) || (digits.length >= 6 && form.includes(digits)),
    );
  }
  // One of the value's words, or a long enough part of a code printed in groups ('RO003E 597…').
  const letters = alnum(word);
  if (letters.length < 3) return false;
  return (
    value.split(/\s+/).some((part) => alnum(part) === letters) ||
    (letters.length >= 5 && alnum(value).includes(letters))
  );
}

/** The words a field was read from. */
export function wordsReadInto(field: Field, value: string, words: OcrWord[]): OcrWord[] {
  return words.filter((word) => {
    const repaired = repairOcrText(word.text.trim());
    return repaired.length > 0 && readFrom(field, value, repaired);
  });
}

/**
 * Whether a second reading of the word found other digits (a digit the first reading guessed at):
 * none of the figures it read is the word's. A second reading that found no figure at all (a word
 * cut out alone can be too little for the engine) confirms nothing and contradicts nothing; one
 * that took in a neighbour too still holds the word's figure.
 */
export function readingsDisagree(word: OcrWord): boolean {
  const again = repairOcrText(word.readAgain())
    .split(/\s+/)
    .map(digitsOf)
    .filter((digits) => digits.length > 0);
  return again.length > 0 && !again.includes(digitsOf(repairOcrText(word.text)));
}

/** The one household power in kW a text holds ('6 kW.', '5kW', 'aprobată 6,5 kW'), as '6.00'; else null. */
function onePowerIn(text: string): string | null {
  const found = new Set(
    [...repairOcrText(text).matchAll(/(?<![\d.,])(\d{1,2}(?:[.,]\d{1,2})?)\s*kw(?!h)/gi)]
      .map((m) => Number(m[1]!.replace(",", ".")))
      .filter((kw) => kw >= 1 && kw <= 30)
      .map((kw) => kw.toFixed(2)),
  );
  return found.size === 1 ? [...found][0]! : null;
}

/** The one power a word holds read again on its own at twice and at three times the size. */
const powersReadLarger = (word: OcrWord) => [2, 3].map((scale) => onePowerIn(word.readAgain(scale)));

/**
 * A power's figure read from a word the engine was unsure of ('5kW' for a printed '6 kW': a 6's loop
 * closed by the scan), read again at twice and at three times the size: when both readings agree on
 * another power, two readings outvote the one unsure, and theirs is the figure; when only one differs,
 * the figure is doubtful. Either way not sure: no check on the bill recomputes a power.
 */
export function powerReadAgain(power: string | null, words: OcrWord[]): { power: string | null; doubtful: boolean } {
  if (power === null) return { power, doubtful: false };
  for (const word of words) {
    if (word.confidence >= SURE_WORD || onePowerIn(word.text) !== power) continue;
    const [twice, thrice] = powersReadLarger(word);
    if (twice && twice !== power && twice === thrice) return { power: twice, doubtful: true };
    if ((twice && twice !== power) || (thrice && thrice !== power)) return { power, doubtful: true };
  }
  return { power, doubtful: false };
}

/**
 * 'Jud.XX' in an address must name one of the 41 counties (Bucharest has sectors, not a 'Jud.'), and
 * the county whose seat the address names. A code that is none is repaired to the seat's county when
 * the seat is printed ('Jud.BY Mun.Brașov' → 'Jud.BV'); `sure` is false whenever the code needed
 * repair or has none.
 */
export function checkCountyCode(address: string): { address: string; sure: boolean } {
  const county = /\bJud\.\s?([A-Z0-9]{2})\b/.exec(address);
  if (!county) return { address, sure: true };
  const code = county[1]!;
  const folded = foldRomanian(address);
  const seat = Object.entries(COUNTY_SEATS).find(([, name]) =>
    new RegExp(`\\bMUN ${foldRomanian(name)}\\b`).test(folded),
  )?.[0];
  if (code in COUNTY_SEATS && (!seat || seat === code)) return { address, sure: true };
  if (seat)
    return {
      address:
        address.slice(0, county.index) + county[0].replace(code, seat) + address.slice(county.index + county[0].length),
      sure: false,
    };
  return { address, sure: false };
}

/** A word whose street kind the engine misread with a '$' or a '5' ('Ș$os.Pantelimon'), as repaired. */
function misreadStreetKind(word: string): string | null {
  const text = word.trim().replace(/[,;]+$/, "");
  // The repair looks for the street's name after the kind: one is supplied for a word read alone ('$os.').
  const repaired = repairStreetKind(`${text} A`).slice(0, -2);
  return repaired !== text && /[$5]/.test(text) ? repaired : null;
}

/**
 * Whether the address's street kind was repaired, not read: a guess unless the same street is read
 * elsewhere on the page as printed (the consumption place under the billing address, say).
 */
export function streetKindGuessed(address: string, words: OcrWord[]): boolean {
  const read = (word: OcrWord) => foldRomanian(repairOcrText(word.text.trim()));
  return words.some((word) => {
    const repaired = misreadStreetKind(word.text);
    if (repaired === null || !address.includes(repaired)) return false;
    const wanted = foldRomanian(repaired);
    // The street's kind alone ('$os.' read apart from its name) names no street to find again.
    return (
      !wanted.includes(" ") || !words.some((other) => misreadStreetKind(other.text) === null && read(other) === wanted)
    );
  });
}

/** Edits (insert, delete, replace a character) turning one text into the other. */
export function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length]!;
}

/** The supplier's name and logo are printed at the top of the first page. */
const HEADER_LINES = 3;
/** Words of suppliers' names that say nothing about which supplier it is. */
const GENERIC_WORDS = new Set(["ENERGY", "ENERGIE", "POWER", "GAS", "FURNIZARE", "ROMANIA", "VANZARE", "E", "ON"]);

/**
 * The supplier, from a header the engine misread ('electrica îurnizare', 'DIGI oii ereroy'): a run of
 * words one edit per eight letters from a supplier's name, or a logo — the page's first word being
 * the telling word of a name ('DIGI', 'TINMAR'; four letters at least). Null when neither.
 */
export function supplierByLikeness(text: string): string | null {
  const header = text
    .split("\n")
    .slice(0, HEADER_LINES)
    .map((line) => foldRomanian(line).split(" ").filter(Boolean));
  for (const name of SUPPLIER_NAMES) {
    const wanted = foldRomanian(name);
    const length = wanted.split(" ").length;
    const allowed = Math.max(1, Math.floor(wanted.length / 8));
    for (const words of header) {
      for (let at = 0; at + length <= words.length; at++) {
        if (editDistance(words.slice(at, at + length).join(" "), wanted) <= allowed) return name;
      }
    }
  }
  // A name at a line's start with its first letters cut off (the sheet's edge, a fold or a staple over
  // the logo: 'sctrica furnizare'): the rest of a name of ten letters or more, one edit from it at most.
  for (const name of SUPPLIER_NAMES) {
    const wanted = foldRomanian(name);
    const length = wanted.split(" ").length;
    for (const cut of [1, 2, 3]) {
      const rest = wanted.slice(cut);
      if (rest.replace(/ /g, "").length < 10 || rest.startsWith(" ")) continue;
      if (header.some((words) => words.length >= length && editDistance(words.slice(0, length).join(" "), rest) <= 1)) return name;
    }
  }
  const logo = header.find((words) => words.length > 0)?.[0];
  if (!logo || logo.length < 4) return null;
  return (
    SUPPLIER_NAMES.find(
      (name) =>
        foldRomanian(name)
          .split(" ")
          .find((w) => !GENERIC_WORDS.has(w)) === logo,
    ) ?? null
  );
}

/** A supplier's telling word ('HIDROELECTRICA', 'PREMIER'): the first of its name that is no generic word. */
const brandOf = (name: string) =>
  foldRomanian(name)
    .split(" ")
    .find((w) => !GENERIC_WORDS.has(w));

/**
 * Offers are named after their supplier's brand ('Premier Online Fix 12', 'Hidro Digital Fix'): where
 * the page's header read no name (a phone app's bar, a portal's logo, the company's name in small print
 * at the foot), an offer whose first word is a brand, or its start of four letters or more, names the
 * supplier. Null when no brand or more than one fits.
 */
export function supplierByOffer(offer: string | null): string | null {
  const first = offer ? foldRomanian(offer).split(" ")[0] : undefined;
  if (!first || first.length < 4 || /\d/.test(first)) return null;
  const fits = SUPPLIER_NAMES.filter((name) => brandOf(name)?.startsWith(first));
  return fits.length === 1 ? fits[0]! : null;
}

/**
 * An offer named after its supplier's brand with the brand misread ('Timar Home' on a Tinmar bill,
 * 'IGA Casnic Fix' on a CIGA one): a first word one edit from the brand is the brand.
 */
export function offerBrandRepaired(offer: string, supplierName: string): string {
  const brand = brandOf(supplierName);
  const [first, ...rest] = offer.split(" ");
  if (!brand || !first || rest.length === 0) return offer;
  // An icon printed before the offer's name read as a letter ('N ENGIE Casa Confort'): no offer opens
  // with a lone letter before its brand.
  if (/^\p{L}$/u.test(first) && rest.length > 1 && foldRomanian(rest[0]!) === brand) return rest.join(" ");
  const folded = foldRomanian(first);
  if (folded.length < 3 || editDistance(folded, brand) !== 1) return offer;
  const printed = supplierName.split(" ").find((w) => foldRomanian(w) === brand) ?? first;
  return [printed, ...rest].join(" ");
}

/** A power's figure read as a symbol before its unit ('&kW', '6&kW'): no symbol is ever counted in kW. */
const SYMBOL_BEFORE_KW = /[^\p{L}\d\s.,]\s?kw(?!h)/iu;
/** The unit read alone, its figure lost (a faint '6' beside 'kW' the engine took for a speck). */
const BARE_KW = /^kw\.?$/i;
/** Its figure read as the letter it resembles ('SkW', 'BkW', 'GkW' for a 5, 6 or 8): no letter counts in kW. */
const LETTER_FOR_FIGURE_KW = /^[SBGOZ]\s?kw\.?$/i;

/**
 * A power the reader found nowhere because its figure came out as a symbol, or not at all: the word
 * read again at twice and at three times the size (its box's margin takes in the figure beside it),
 * and kept (not sure) only when both readings agree on one power.
 */
export function powerFromSymbol(words: OcrWord[]): string | null {
  for (const word of words) {
    const text = word.text.trim();
    if (!SYMBOL_BEFORE_KW.test(text) && !BARE_KW.test(text) && !LETTER_FOR_FIGURE_KW.test(text)) continue;
    const [twice, thrice] = powersReadLarger(word);
    if (twice && twice === thrice) return twice;
  }
  return null;
}

/** A POD as the engine may print it, letters where digits go ('ROBO4E214037210'): what findPod reads. */
const POD_AS_READ = /R\s?[O0]\s?[\dOQDISB]{3}\s?E\s?(?:[\dOISBl]\s?){9}/gi;

/**
 * Whether the POD's digits were read as letters other than O: a B is an 8 or a slashed zero (a
 * fixed-pitch font's 0), an S a 5 or a 6, an I or l a 1 or a 7, a D or Q a 0 (or an O's own misreading).
 * The digit put in their place is a guess.
 */
export function podDigitsGuessed(pod: string, text: string): boolean {
  const read = text.toUpperCase().match(POD_AS_READ)?.find((raw) => findPod(raw) === pod);
  return read !== undefined && /[ISBLDQ]/i.test(read.replace(/\s/g, "").slice(2).replace("E", ""));
}

/**
 * Whether a scan's POD is confirmed: a POD has no check digit, so a digit misread ('…292392200' for
 * '…292992200') passes every check on the bill. It is confirmed when the bill prints it twice and both
 * prints read the same, or when the engine was sure of every word it was read from (a second reading
 * of a word the engine was unsure of reads the same damaged pixels, and may agree on the misread).
 */
export function podConfirmed(pod: string, text: string, words: OcrWord[]): boolean {
  const prints = (text.toUpperCase().match(POD_AS_READ) ?? []).filter((raw) => findPod(raw) === pod).length;
  if (prints >= 2) return true;
  const readFromWords = wordsReadInto("pod", pod, words);
  return readFromWords.length > 0 && readFromWords.every((word) => word.confidence >= SURE_WORD);
}

/**
 * The bill reader's confidences, checked against the OCR: a digit field read from a word the engine
 * was not sure of, and that a second reading of the word at twice the size reads with other digits,
 * is at most DOUBTFUL — unless an arithmetic check recomputed it; so is a POD nothing confirms. An address's county code is
 * checked against the 41 and against the county seat printed with it. A supplier the reader did
 * not find is looked for by likeness in the page's header.
 */
export function checkOcrBill(bill: BillExtraction, text: string, words: OcrWord[]): BillExtraction {
  const confidence = { ...bill.fieldConfidence };
  const vouched = new Set(
    (bill.checks ?? []).filter((c) => c.passed && ARITHMETIC_CHECKS.has(c.name)).flatMap((c) => c.fields),
  );
  const doubt = (field: Field) => {
    if (confidence[field] !== undefined) confidence[field] = Math.min(confidence[field]!, DOUBTFUL);
  };
  for (const field of DIGIT_FIELDS) {
    const value = bill[field];
    if (value === null || vouched.has(field)) continue;
    const unsure = wordsReadInto(field, String(value), words).filter((word) => word.confidence < SURE_WORD);
    if (unsure.some(readingsDisagree)) doubt(field);
  }
  if (bill.pod && (podDigitsGuessed(bill.pod, text) || !podConfirmed(bill.pod, text, words))) doubt("pod");
  const fieldSource = { ...bill.fieldSource };
  const power = powerReadAgain(bill.contractedPowerKw, words);
  if (power.doubtful) doubt("contractedPowerKw");
  const symbolPower = power.power === null ? powerFromSymbol(words) : null;
  if (symbolPower) {
    confidence.contractedPowerKw = DOUBTFUL;
    fieldSource.contractedPowerKw = "shape";
  }
  const contractedPowerKw = power.power ?? symbolPower;
  let billingAddress = bill.billingAddress;
  if (billingAddress) {
    const county = checkCountyCode(billingAddress);
    billingAddress = county.address;
    if (!county.sure || streetKindGuessed(billingAddress, words)) doubt("billingAddress");
  }
  // A name recognised by its likeness or by its offer's brand, not read: below sure.
  const supplierName = bill.supplierName ?? supplierByLikeness(text) ?? supplierByOffer(bill.tariffType);
  if (!bill.supplierName && supplierName) {
    confidence.supplierName = 0.8;
    fieldSource.supplierName = "shape";
  }
  const tariffType =
    bill.tariffType && supplierName ? offerBrandRepaired(bill.tariffType, supplierName) : bill.tariffType;
  if (tariffType !== bill.tariffType) doubt("tariffType");
  const missingFields = bill.missingFields.filter((field) => (field !== "supplierName" || supplierName === null) && (field !== "contractedPowerKw" || contractedPowerKw === null));
  return { ...bill, supplierName, billingAddress, tariffType, contractedPowerKw, missingFields, fieldConfidence: confidence, fieldSource };
}

/** A field a second reading filled in is one reading with nothing to confirm it: never sure. */
const FILLED_AT_MOST = 0.85;

/**
 * The fields a first reading lost, taken from a second reading of the same page (a faded print read
 * again darkened): only where the first found nothing, below sure. What the first read stands, even
 * where the second reads otherwise: a second reading is no check of the first. Where the second read
 * far more of the page (`secondReadMore`: a toner streak cost the first half its words, 'TAL 90669' for
 * 'TAL 9066939', 'Bd.Un' for 'Bd.Unirii nr.149'), the first's unsure fields are its pieces: the second's
 * readings replace them, still below sure; the first's sure fields stand.
 */
export function filledFrom(first: BillExtraction, second: BillExtraction, secondReadMore = false): BillExtraction {
  const unsure = (field: Field) => secondReadMore && first[field] !== null && (first.fieldConfidence?.[field] ?? 0) < FIELD_CONFIRMED && second[field] !== null && second[field] !== first[field];
  const filled = BILL_FIELDS.filter((field) => (first.missingFields.includes(field) && second[field] !== null) || unsure(field));
  const priceFilled = (first.pricePerKwh === null && second.pricePerKwh !== null) || unsure("pricePerKwh");
  if (filled.length === 0 && !priceFilled) return first;
  const out: BillExtraction = { ...first, fieldConfidence: { ...first.fieldConfidence }, fieldSource: { ...first.fieldSource } };
  const take = (field: Field) => {
    Object.assign(out, { [field]: second[field] });
    out.fieldConfidence![field] = Math.min(second.fieldConfidence?.[field] ?? FILLED_AT_MOST, FILLED_AT_MOST);
    const source = second.fieldSource?.[field];
    if (source) out.fieldSource![field] = source;
  };
  for (const field of filled) take(field);
  if (priceFilled) {
    take("pricePerKwh");
    out.pricePerKwhSource = second.pricePerKwhSource;
  }
  out.missingFields = first.missingFields.filter((field) => !filled.includes(field));
  return out;
}
