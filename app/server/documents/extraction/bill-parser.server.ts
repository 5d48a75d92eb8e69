// Text of a Romanian electricity bill → its fields. Pure: the same parser reads a PDF's text layer
// and the OCR of a photographed bill. Labels differ between suppliers, so each field has the
// synonyms seen on Electrica, Hidroelectrica, PPC (Enel), E.ON, Engie and others.
import { findPod } from "../../../lib/pod";
import { addDays } from "../../../lib/dates";
import { charactersDiffering } from "../../../lib/text-normalize";
import { PRICE_BAND } from "../verification.server";
import {
  centsToDecimal,
  foldSameLength,
  valuesAfterLabel as valuesAfterLabelIn,
  findDates,
  firstDate,
  monthPeriod,
  parseAmountCents,
  toLines,
  type LabelHit,
  type TextLine,
} from "./text-fields.server";
import {
  amountTriple,
  checkedRowQuantities,
  codesByStem,
  COPY_STAMP,
  datesByRole,
  holderAndAddressByShape,
  holdsLabelWord,
  soleNameByShape,
  inSellersColumn,
  kwhByValue,
  moneyAmounts,
  parseKwh,
  priceToLeiPerKwh,
  rowKwh,
  subtotalBlocks,
  podByFormat,
  powerByValue,
  soleKwhFigure,
  billedMonthKwh,
  kwhByIndexRowAndQuantities,
  tariffByWords,
  UNIT_TAIL,
  withoutTrailingPunctuation,
  leadingSpecks,
  daysBetween,
} from "./bill-values.server";

export interface BillExtraction {
  kind: "bill";
  supplierName: string | null;
  billNumber: string | null;
  /** YYYY-MM-DD */
  billDate: string | null;
  dueDate: string | null;
  periodStart: string | null;
  periodEnd: string | null;
  pod: string | null;
  clientCode: string | null;
  contractNumber: string | null;
  customerName: string | null;
  billingAddress: string | null;
  consumptionKwh: number | null;
  tariffType: string | null;
  /** Decimal strings in lei with a dot, 2 places. */
  totalWithoutVat: string | null;
  vat: string | null;
  totalWithVat: string | null;
  currency: "RON" | null;
  contractedPowerKw: string | null;
  /** lei/kWh, 4 decimals: (total without VAT + VAT) / kWh, or total with VAT / kWh as fallback. */
  pricePerKwh: string | null;
  pricePerKwhSource: "net_plus_vat" | "total_with_vat" | null;
  /** Fields the parser could not find (names of the keys above). */
  missingFields: BillField[];
  /** 0..1 per field found: how it was read (label position) and whether its cross-checks held. */
  fieldConfidence?: Partial<Record<BillField | "pricePerKwh", number>>;
  /** The cross-checks that could be run on what was read; a failed one lowers its fields' confidence. */
  checks?: BillCheck[];
  /** How each field found was read: beside a known label, or by what the value is (bill-values.server.ts). */
  fieldSource?: Partial<Record<BillField | "pricePerKwh", FieldSource>>;
}

/**
 * label: beside one of the known labels; stem: beside a word with a telling stem; role: a date placed
 * by its order among the bill's dates; shape: by its format alone; arithmetic: amounts that add up at
 * the VAT rate; derived: worked out from other fields.
 */
export type FieldSource = "label" | "stem" | "role" | "shape" | "arithmetic" | "derived";

export type BillCheckName = "totals_add_up" | "vat_rate" | "consumption_matches_indexes" | "period_before_due_date" | "price_in_band";
export interface BillCheck {
  name: BillCheckName;
  passed: boolean;
  fields: (BillField | "pricePerKwh")[];
  detail: string;
}

export const BILL_FIELDS = [
  "supplierName",
  "billNumber",
  "billDate",
  "dueDate",
  "periodStart",
  "periodEnd",
  "pod",
  "clientCode",
  "contractNumber",
  "customerName",
  "billingAddress",
  "consumptionKwh",
  "tariffType",
  "totalWithoutVat",
  "vat",
  "totalWithVat",
  "currency",
  "contractedPowerKw",
] as const;
export type BillField = (typeof BILL_FIELDS)[number];

/** Household suppliers (romania-market.md), matched on folded upper-case text; first hit wins. */
const SUPPLIERS: { name: string; pattern: RegExp }[] = [
  { name: "Electrica Furnizare", pattern: /ELECTRICA\s+FURNIZARE/ },
  { name: "Hidroelectrica", pattern: /HIDROELECTRICA/ },
  { name: "PPC Energie", pattern: /PPC\s+ENERGIE|ENEL\s+ENERGIE/ },
  { name: "E.ON Energie România", pattern: /E\.?\s?ON\s+ENERGIE/ },
  { name: "Engie România", pattern: /ENGIE\s+ROMANIA/ },
  { name: "Premier Energy", pattern: /PREMIER\s+ENERGY/ },
  { name: "Tinmar Energy", pattern: /TINMAR/ },
  { name: "Nova Power & Gas", pattern: /NOVA\s+POWER/ },
  { name: "CIGA Energy", pattern: /CIGA\s+ENERGY/ },
  { name: "Restart Energy", pattern: /RESTART\s+ENERGY/ },
  { name: "Digi Energy", pattern: /DIGI\s+ENERGY/ },
  { name: "Grenerg", pattern: /GRENERG/ },
  { name: "MVM Energie", pattern: /\bMVM\b/ },
  { name: "CEZ Vânzare", pattern: /\bCEZ\s+VANZARE\b/ },
  // Logos are bare words (PPC, ENGIE, e.on); the earliest match wins, so a full name elsewhere still decides.
  { name: "PPC Energie", pattern: /\bPPC\b/ },
  { name: "Engie România", pattern: /\bENGIE\b/ },
  { name: "E.ON Energie România", pattern: /(?<![\w.])E\.ON(?![\w.])/ },
];

/** The suppliers' names as the reader reports them (the OCR path matches misread names against them). */
export const SUPPLIER_NAMES = [...new Set(SUPPLIERS.map((s) => s.name))];

/** A greeting opening a plain-language bill: 'Bună ziua, POPA ION!', 'Dragă Ioana Popa,'. */
const GREETING = /^(?:buna\s+ziua|buna|salut(?:are)?|drag[aei]|stimat[ae]\s+(?:domnule|doamna))\s*,?(?=\s+\p{Lu})/iu;

/**
 * A Hungarian caption as a label, matched on folded text: each accented vowel ('á', 'ő', 'ü' …) stands
 * for any one character (a scan reads them as Romanian ones, a digit or a sign: 'Kiâllităs',
 * 'hatârid6', 'Fizet&si'), a space for any blank or none.
 */
function hu(caption: string): RegExp {
  const source = caption.replace(/[áéíóöőúüű]/g, "\\S").replace(/ /g, "\\s*");
  return new RegExp(`${caption.startsWith("^") ? "" : "\\b"}${source}\\b`, "i");
}

const L = {
  billDate: [
    /data\s+(?:emiterii|emitere|facturii|facturarii|facturare|documentului)\b/i,
    // Abbreviated: 'Dt. emit. 12/11/2025'.
    /\bdt\.?\s*emit(?:ere|erii|\.)/i,
    /\bdin\s+data\b/i,
    /\bemis[ae]?\s+(?:la|in|pe)\b/i,
    /\bemis[ae]\s*:/i,
    /^emis[ae]\b/i,
    /^emitere\b/i,
    /\bdata\s*:/i,
    // Bilingual bills of the counties where Hungarian is official beside Romanian (Harghita, Covasna,
    // Mureș) caption each fact in Hungarian too, folded here: 'Kiállítás dátuma', 'Számla kelte'. A scan
    // reads their accented vowels as Romanian ones or as a digit or sign ('Kiâllităs', 'hatârid6',
    // 'Fizet&si'): one character of any kind stands for each (HU below), and 'i' may come out 'l'.
    hu("k[il]állítás dátuma"),
    hu("számla kelte"),
  ],
  dueDate: [
    /data\s+scadent(?:ei|a|ă)?\b/i,
    /\bdt\.?\s*scad(?:enta|entei|\.)/i,
    /termen(?:ul)?\s+(?:limita\s+)?(?:de\s+)?plat[ai]\b/i,
    /data\s+limita\s+(?:de\s+)?plat[ai]\b/i,
    /\b(?:a\s+se\s+plati|plateste|platiti|achitati|plata)\s+(?:factura\s+)?pana\s+(?:la|pe|in)\b/i,
    /\bscadent[ae]\s*(?:la|:)?/i,
    /\bscadenta\b/i,
    /^scadent\s*:/i,
    // 'Vă rugăm să achitați 314,32 lei până la 16.02.2026.'
    /\b(?:lei|ron)\s+(?:de\s+plata\s+)?pana\s+(?:la|pe)\b/i,
    // Hungarian: 'Fizetési határidő'.
    hu("fizetési határidő"),
  ],
  period: [
    /^interval\s*:/i,
    /perioad[ae]\s+(?:de\s+)?factur(?:are|ata)\b/i,
    /interval(?:ul)?\s+(?:de\s+)?facturare\b/i,
    /pentru\s+perioada\b/i,
    /perioada\s+(?:de\s+)?consum\b/i,
    /\bperioad[ae]\b/i,
    /\bluna\s+(?:de\s+)?(?:consum|facturare)\b/i,
    // Hungarian: 'Számlázási időszak', 'Elszámolási időszak'.
    hu("(?:számlázási|elszámolási) időszak"),
  ],
  clientCode: [/cod(?:ul)?\s+(?:unic\s+)?(?:de\s+)?client(?:ului)?\b/i, /cod\s+incasare\b/i, /cont\s+contract\b/i, /cod\s+abonat\b/i, /\bnr\.?\s+client\b/i, /\bid\s+client\b/i, hu("[uv]gyfél ?(?:kód|azonosító)")],
  contract: [/(?:nr\.?|numar(?:ul)?)\s+(?:de\s+)?(?:inregistrare\s+)?contract(?:ului)?\b/i, /\bnr\.?\s*ctr\.?/i, /^contract\b\s*(?:nr\.?)?\s*:?/i, /contract(?:ul)?\s+(?:[a-z]+\s+){0,4}nr\.?/i, /cod\s+contract\b/i, hu("szerződés ?száma?")],
  customer: [
    /nume\s+client\b/i,
    /nume\s+si\s+prenume\b/i,
    /\btitular(?:ul)?(?:\s+contract(?:ului)?)?\s*:/i,
    /\bbeneficiar\s*:/i,
    /\bcumparator\s*:/i,
    /^client\b\s*:?/i,
    // 'Nume' alone is a caption over (or before) the name: a label, never a value.
    /^nume\s*(?::|$)/i,
    /\bdenumire\s+client\b/i,
    // A letter's salutation: 'Stimate client POPA ION,'.
    /\bstimat[ae]\s+client[ae]?\b/i,
    GREETING,
    // An envelope's addressee: 'În atenția: POPA ION', 'În atenţia dlui POPA ION'.
    /\bin\s+atentia\b(?:\s+(?:dlui|dnei|d-lui|d-nei|domnului|doamnei))?\s*:?/i,
    // A card's caption after its icon, read as a symbol ('= Titular' for '✉ Titular').
    /^(?:[^\p{L}\p{N}\s]{1,2}\s+)?(?:titular(?:ul)?(?:\s+cont(?:ract)?(?:ul(?:ui)?)?)?|beneficiar|cumparator)\s*:?$/iu,
    // Hungarian: 'Ügyfél' (alone: 'Ügyfélkód' is the client code), 'Ügyfél neve', 'Felhasználó neve'.
    hu("^[uv]gyfél(?: neve)?(?=\\s*(?::|$))"),
    hu("^felhasználó neve"),
  ],
  address: [
    /adresa\s+(?:de\s+)?facturare\b/i,
    /adres[ae]\s+(?:de\s+)?corespondent[ae]\b/i,
    /adresa\s+client\b/i,
    /adresa\s+loc(?:ului)?\s+(?:de\s+)?consum\b/i,
    /\badresa\s*:/i,
    /\b(?:consumat[ae]|furnizat[ae])\s+la\s+adresa\b/i,
    /^locul\s+(?:de\s+)?consum(?:ului)?\s*:/i,
    /\badr\.\s*(?:loc(?:ului)?\s+(?:de\s+)?consum)?\s*:?/i,
    /^adres[ae]\b\s*:?/i,
    // The classic invoice form's buyer: 'Domiciliul:' (a person), beside the seller's 'Sediul:'.
    /^domiciliu(?:l)?\s*:/i,
    // Hungarian: 'Számlázási cím', 'Levelezési cím', 'Felhasználási hely (címe)'.
    hu("(?:számlázási|levelezési) cí ?m"),
    hu("^felhasználási hely(?: címe)?"),
  ],
  tariff: [/(?:denumire|tip)\s+(?:oferta|produs)\b/i, /\boferta\s+contractata\b/i, /tip\s+tarif\b/i, /tip\s+produs\b/i, /categorie\s+tarifar[ae]\b/i, /^produs\s*:/i, /\bprodus\s*:/i, /\btarif\s*:/i, /\boferta\s*:/i, /^produs\s*$/i, /\btip\s+contract\b/i, /^tarif(?!\s+(?:de\s+)?(?:distr|transp|reglement)|[^:]*\b(?:si|și)\s+transp)\s*:?/i,
    // No colon, the offer's capitalised name right after the word, alone or inside a sentence of
    // facts ('…, produs ENGIE Casa Flex, putere aprobată 6 kW').
    /\b[Pp]rodus(?:ul)?\s+(?=\p{Lu})/u, /\b[Oo]ferta\s+(?=\p{Lu})/u],
  // 'Putere apr.': abbreviated on a narrow card.
  power: [/(?:putere(?:a)?|\bpt\.)\s*(?:maxim[ae]\s+)?(?:aprobat[ae]|contractat[ae]|instalat[ae]|apr\b\.?)\b/i, /putere\s+maxim[ae]\s+simultan\s+absorbit[ae]/i, /\bputere\s*:/i, /^putere\s*:?(?=\s*\d|$)/i],
  net: [
    /total\s+(?:valoare\s+)?fara\s+tva\b/i,
    /valoare\s+fara\s+tva\b/i,
    /total\s+(?:factura\s+)?fara\s+tva\b/i,
    /baza\s+(?:de\s+)?impozitare\b/i,
    /baza\s+impozabil[ae]\b/i,
    /\bsubtotal\b/i,
    /\bfara\s+tva\b/i,
  ],
  // 'cu TVA 19%' (an amount with VAT, an example bill's: 'Exemplu factură … (cu TVA 19%) ⇥ 120,11 lei') is no VAT's label.
  vat: [/valoare\s+tva\b(?:\s*\(?\d{1,2}\s?%\)?)?/i, /^tva\b(?:\s*\(?\d{1,2}\s?%\)?)?/i, /(?<!\b(?:cu|inclusiv)\s+)\btva\s*\(?\d{1,2}\s?%\)?/i, /\btotal\s+tva\b/i, /^tva\b/i],
  gross: [
    /total(?:ul)?\s+de\s+plat[ai]\b(?:\s*\((?:lei|ron)\))?/i,
    /total\s+factura\s+curenta\b/i,
    /total\s+general\b/i,
    /total\s+factura\b(?!\s+fara)/i,
    // The invoice's whole value in words ('Valoare totală factură'), as 'Valoare fără TVA' is its net.
    /^valoare(?:a)?\s+total[ae]\s+(?:a\s+)?factur(?:a|ii)\b(?!\s+fara)/i,
    /suma\s+de\s+plat[ai]\b/i,
    /total\s+cu\s+tva\b/i,
    // A section's subtotal on a bill of several services: 'Total energie electrică cu TVA'.
    /\btotal\s+(?:[a-z]+\s+){1,3}cu\s+tva\b/i,
    /valoare\s+cu\s+tva\b/i,
    /de\s+plat[ai]\s*(?:\((?:lei|ron)\))?\s*:/i,
    /^(?:suma\s+|total\s+)?de\s+plat[ai]\b(?!\s+pana)/i,
    /^(?:suma\s+|total\s+)?de\s+achitat\b/i,
    /^total\s*:/i,
    /^total\s*(?:\((?:lei|ron)\))?\s*:?$/i,
    // The invoice's value as a payment page quotes it ('Valoare factură'), never an earlier bill's.
    /^valoare\s+factur[ai](?:\s+curent[ae])?\s*:?$/i,
  ],
  consumption: [
    /(?:consum(?:ul)?|energie(?:a)?|cantitate(?:a)?)\s+(?:activ[ae]\s+)?facturat[ae]?\b/i,
    /total\s+consum\b/i,
    /energie\s+consumat[ae]\b/i,
    /consum\s+(?:total|energie)\b/i,
    /^consum\b/i,
    // A caption worded as the customer's question, the answer under it: 'Cât am consumat?'.
    /^cat\s+(?:am|ati|a|s-a)\s+consumat\b/i,
  ],
  pod: [/\bcod\s+POD\b/i, /\bPOD\b/, /loc\s+(?:de\s+)?consum/i],
  // '…pe baza indexului actual 31729': the word declined in a sentence.
  // Abbreviated as a narrow card or column prints them: 'Index ant.', 'Index act.'.
  oldIndex: [/index(?:ul(?:ui)?)?\s+(?:vechi|anterior|initial|precedent|ant\b\.?)\b/i],
  newIndex: [/index(?:ul(?:ui)?)?\s+(?:nou|actual|curent|final|act\b\.?)\b/i],
  // The next reading's window ('Următoarea citire'): no field of its own, a caption all the same — in a grid
  // of captions over their values it keeps its row where it is, its dates named by it (never a due date).
  nextReading: [/^urmato(?:are|r)(?:a|ii)?\s+citir[ei]\w*\s*:?$/i, /^(?:interval(?:ul)?|perioad[ae])\s+(?:de\s+)?citire\s*:?$/i],
};

/** A bill's columns may interleave their lines (a supplier's sidebar beside the holder's facts). */
const valuesAfterLabel = (lines: TextLine[], labels: RegExp[], accept?: (value: string) => boolean, claimed: LabelHit | null = null) =>
  valuesAfterLabelIn(lines, labels, accept, { besideOtherColumn: true, claimed: claimed?.position === "below" ? claimed : null });
const valueAfterLabel = (lines: TextLine[], labels: RegExp[], accept?: (value: string) => boolean, claimed: LabelHit | null = null): LabelHit | null =>
  valuesAfterLabel(lines, labels, accept, claimed)[0] ?? null;

const ALL_LABELS = Object.values(L).flat();
/** A cell that starts with another field's label (a grid of labels over values) is not a value. */
const startsWithLabel = (value: string) => {
  const folded = foldSameLength(value);
  return ALL_LABELS.some((label) => label.exec(folded)?.index === 0);
};
/** A value run on into the next field's label (cells merged by OCR: 'ELF 1133533 COD CLIENT') ends before it. */
function beforeNextLabel(value: string): string {
  const words = value.split(/\s+/);
  const at = words.findIndex((_, k) => k > 0 && startsWithLabel(words.slice(k).join(" ")));
  return at > 0 ? words.slice(0, at).join(" ") : value;
}
const BILL_NUMBER_LABELS = [
  /\bdocument\s+fiscal\s+(?:nr\.?|numar)/i,
  /\b(?:numar(?:ul)?|nr\.?)\s+factur(?:ii|[ai])\b/i,
  /\bfactur[ai]\s+(?:nr\.?|numar)/i,
  /\b(?:numar|nr\.?)\s+document\b/i,
  /\bseri[ae]\s*(?:\/|si)\s*(?:numar|nr\.?)/i,
];

/** A table's figure cell: digits with their separators only ('1.361', '55', '245,50'). */
const isFigure = (cell: string) => /^\d[\d.,\s]*$/.test(cell);

/**
 * The holder's address as reported: no country, no next section's caption run into it, no scan's
 * speck before it ('* MUN.BUCURESTI …': no address starts with a mark).
 */
/**
 * A speck a scan read as a small letter after the address's last figure ('… bl.B8 ap.44 n'): a letter of
 * a number is printed joined to it or as a capital ('nr.12A', 'nr. 12 A'), never a lone small one.
 */
const withoutSpeckAfterFigure = (address: string) => address.replace(/(?<=\d)\s+\p{Ll}$/u, "");
const billingAddressOf = (address: string | null) =>
  address === null ? null : localityFirst(withoutCountry(withoutSectionCaption(withoutCaptionAfter(withoutSpeckAfterFigure(address.replace(/^[^\p{L}\d]+/u, "").trimEnd())))));

/**
 * One part of an address's locality, ranked in the order an address names them: its county, its town
 * (municipality, town, commune, locality), village, sector. Matched on the folded text, either case.
 */
const LOCALITY_PARTS: [string, number][] = [
  [String.raw`(?:jud\.\s?|judetul\s+)[a-z][a-z-]*`, 0],
  [String.raw`(?:mun\.\s?|municipiul\s+|oras\.\s?|oras(?:ul)?\s+|com\.\s?|comuna\s+|loc\.\s?|localitatea\s+)[a-z][a-z-]*`, 1],
  [String.raw`(?:sat\.\s?|sat(?:ul)?\s+)[a-z][a-z-]*`, 2],
  [String.raw`sec(?:t(?:or(?:ul)?)?)?\.?\s?\d`, 3],
];
const LOCALITY_PART = new RegExp(`(?:${LOCALITY_PARTS.map(([p]) => p).join("|")})(?:\\s+(?!(?:jud|judetul|mun|municipiul|com|comuna|loc|localitatea|sat|satul|sec|sect|sector|sectorul|oras|orasul)\\b)[A-Z][a-zA-Z-]*)*`, "gi");
const TRAILING_LOCALITY = new RegExp(`[\\s,;]+((?:${LOCALITY_PART.source})(?:[\\s,;]+(?:${LOCALITY_PART.source}))*)[\\s,;.]*$`, "i");
const localityRank = (part: string) => LOCALITY_PARTS.find(([p]) => new RegExp(`^${p}`, "i").test(part))?.[1] ?? 9;
/**
 * An address printed street first and its locality after ('Str.Libertății nr.63 bl.C2 ap.21 Jud.CT
 * Mun.Constanța', an envelope's lines read in their printed order): reported in the order the rest of
 * the product uses — county, town or sector, then street, number, block and flat. Only a locality that
 * ends the address, after a street with its number and no locality of its own, is moved; its words
 * stay as printed.
 */
function localityFirst(address: string): string {
  const folded = foldSameLength(address);
  const tail = TRAILING_LOCALITY.exec(folded);
  if (!tail) return address;
  const head = address.slice(0, tail.index);
  if (!HAS_NUMBER.test(head) || !STREET_PART.test(foldSameLength(head)) || LOCALITY_NAMED.test(foldSameLength(head))) return address;
  const start = tail.index + tail[0].indexOf(tail[1]!);
  const parts = [...tail[1]!.matchAll(LOCALITY_PART)].map((m) => address.slice(start + m.index, start + m.index + m[0].length));
  const ordered = parts.map((part, k) => ({ part, k })).sort((x, y) => localityRank(foldSameLength(x.part)) - localityRank(foldSameLength(y.part)) || x.k - y.k);
  return `${ordered.map((o) => o.part).join(" ")} ${head.replace(/[\s,;]+$/, "")}`;
}

const hasDate = (value: string) => firstDate(value) !== null;
/** A date, not a period: two dates printed as a range ('01.08.2025 - 31.08.2025') are no issue or due date. */
/**
 * A date label's own part of its value: up to the other date's label ('Data emiterii 15.12.2 025 - Data
 * scadentă 30.12.2025', the issue date misread; or the cell beside it opening with that label) — the date
 * after the other label is that label's, never this one's.
 */
function ownDatePart(value: string, others: RegExp[]): string {
  const folded = foldSameLength(value);
  const at = others.map((label) => folded.search(label)).filter((i) => i >= 0);
  return at.length ? value.slice(0, Math.min(...at)) : value;
}
const ownDateHit = (hit: LabelHit | null, others: RegExp[]) => hit && { ...hit, value: ownDatePart(hit.value, others) };
const oneDay = (value: string) => hasDate(value) && !(findDates(value).length >= 2 && /\d\s*[-–]\s*\d/.test(value));
/** A cell that is an amount and nothing else (a currency word at most): not 'TVA 21%'. */
const AMOUNT_ONLY = /^(?:(?:lei|ron)\s*)?-?\d[\d.,\s]*(?:\s*(?:lei|ron))?\.?$/i;
// A date ('16.02.2026') fits the amount pattern too: it is never an amount.
const hasAmount = (value: string) => AMOUNT_ONLY.test(value.trim()) && !hasDate(value) && parseAmountCents(value) !== null;
const hasKwh = (value: string) => /\d[\d.,\s]*\s*[mk]wh/i.test(value);
// A greeting's exclamation mark ('Bună ziua, POPA ION!') ends the sentence, not the value.
const cleanText = (value: string) => value.replace(/[·•|].*$/, "").replace(/[\s,;:.!]+$/, "").trim();
const untilNextLabel = (value: string | null) => (value ? cleanText(beforeNextLabel(value)) : null);

/** Words that title an offer, printed after it where a layout's labels follow their values ('Eco Fix ofertă'). */
const OFFER_TITLE = /^(?:oferta|produs(?:ul)?|tarif(?:ul)?)$/;
/**
 * An offer's name ends at a colon or semicolon, at the next fact of a sentence ('…, putere aprobată
 * 6 kW', '… - Putere aprobată 6 kW'), or at a word in lower case that is a label: another field's, or the offer's own printed
 * after it (offer names are capitalised words: 'ENGIE Casa Flex', 'Tarif Fix' stays whole).
 */
function offerName(value: string): string {
  const sentence = value.split(/,\s*(?:putere|\p{Ll})|[;:]/u)[0]!;
  // A word's cut piece in small letters ('di' of a charge row's 'distribuție' a scan parted) names no offer.
  if (/^\s*\p{Ll}{1,3}\s*$/u.test(sentence)) return "";
  // A stub of three letters or fewer cut at a colon a scan read inside the name ('Ele: ⇥ sshic Convenție'):
  // what is left is no offer's name.
  if (/^\s*\p{L}{1,3}\s*[:;]/u.test(value)) return "";
  // A spaced dash (a scan's reading of a middle dot) before another field's label ends the name too.
  const dash = [...sentence.matchAll(/\s[-–]\s+/g)].find((m) => startsWithLabel(sentence.slice(m.index + m[0].length)));
  const clause = dash ? sentence.slice(0, dash.index) : sentence;
  const words = clause.trim().split(/\s+/);
  const at = words.findIndex(
    (word, k) =>
      k > 0 && ((/^\p{Ll}/u.test(word) && (OFFER_TITLE.test(foldSameLength(word)) || startsWithLabel(words.slice(k).join(" ")))) || labelBeforeFigure(words.slice(k).join(" "))),
  );
  return cleanText(at > 0 ? words.slice(0, at).join(" ") : clause);
}

/**
 * An offer named after its supplier in capitals ('ENGIE Casa …'), its brand read one letter off by a scan
 * ('ENCIE'): the supplier's own spelling. Only a word of four letters or more, all capitals, as long as the brand.
 */
function brandSpelled(offer: string, supplier: string | null): string {
  const brand = supplier ? foldSameLength(supplier.split(/\s+/)[0]!).toUpperCase() : "";
  const first = /^\p{Lu}{4,}(?=\s|$)/u.exec(offer)?.[0];
  if (!first || brand.length !== first.length || !/^[A-Z]+$/.test(brand)) return offer;
  return charactersDiffering(first, brand) === 1 ? brand + offer.slice(first.length) : offer;
}

/**
 * Another field's label with its figure right after it ('Putere aprobată 7 kW'), however capitalised:
 * facts a scan ran on into one line, their separators lost. A label word inside an offer's name
 * ('Casa Consum Redus') has no figure after it.
 */
function labelBeforeFigure(text: string): boolean {
  const folded = foldSameLength(text);
  return ALL_LABELS.some((label) => {
    const m = label.exec(folded);
    return m?.index === 0 && /^\s*:?\s*\d/.test(folded.slice(m[0].length));
  });
}

function supplierOf(text: string): string | null {
  const folded = text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toUpperCase();
  let best: { name: string; at: number } | null = null;
  for (const supplier of SUPPLIERS) {
    const match = supplier.pattern.exec(folded);
    if (match && (!best || match.index < best.at)) best = { name: supplier.name, at: match.index };
  }
  return best?.name ?? null;
}

/** A POD or any other code ('RO006E721535616', 'EGB-3710551') is one token of capitals and digits: never an address. */
const isCode = (value: string) => /^[A-Z\d][A-Z\d/-]*\d[A-Z\d/-]*$/.test(value.trim());

const ADDRESS_HINT = /\b(?:str|jud|mun|sec|bd|sos|cal|nr|bl|ap|com|sat|ora[sș])\.?\s*[\p{L}\d]/iu;

/** Unlabelled address printed under the holder's name (as PPC does). */
function addressBelow(lines: TextLine[], customer: LabelHit | null): LabelHit | null {
  if (!customer) return null;
  const below = lines[customer.line + 1];
  const cell = below ? Math.min(customer.cell, below.cells.length - 1) : -1;
  const value = below?.cells[cell];
  // 'Nr. client: …' under the name is another field, not an address; nor a letter's sentence naming one.
  return value && ADDRESS_HINT.test(value) && !/^[\p{L}. ]{1,30}:/u.test(value) && !isSentence(value) ? { value, line: customer.line + 1, cell } : null;
}

/**
 * Prose, not an address: words in lower case before the first address word ('Vă transmitem factura …
 * din Jud.CJ …'). An address opens with its locality or street; a locality's name is capitalised.
 */
function isSentence(value: string): boolean {
  const folded = foldSameLength(value);
  const at = ADDRESS_HINT.exec(folded)?.index ?? folded.length;
  return folded.slice(0, at).split(/\s+/).filter((word) => /^\p{Ll}{2,}/u.test(word)).length >= 2;
}

/** A sentence naming the place of consumption: 'factura … emisă pentru locul de consum din Jud.CJ …'. */
const PLACE_IN_SENTENCE = /\bloc(?:ul|ului)?\s+(?:de\s+)?consum\s+(?:din|de\s+la|situat\s+(?:in|la))\s+|\b(?:la|pe)\s+adresa\s+(?:din\s+)?(?=\p{Lu})/iu;
/** Abbreviations an address writes with a dot ('Str. Lungă', 'nr. 5'): their dot ends no sentence. */
const ADDRESS_ABBREVIATION = /^(?:str|jud|mun|sec|bd|b-dul|sos|cal|nr|bl|sc|et|ap|com|sat|loc|or|ors)$/i;

/**
 * The address a letter's sentence names, up to the sentence's end (a dot before a capitalised word,
 * not an abbreviation's), its wrapped rest read from the next line: a notification e-mail's body
 * prints the place of consumption only so. Null unless what it names opens as an address does.
 */
function addressInSentence(lines: TextLine[]): string | null {
  for (const [l, line] of lines.entries()) {
    for (const [c, cell] of line.folded.entries()) {
      const named = PLACE_IN_SENTENCE.exec(cell);
      if (!named) continue;
      let rest = line.cells[c]!.slice(named.index + named[0].length);
      // The sentence wrapped: its rest opens the next line (a paragraph's line, no label of its own).
      // A scan's speck read as a cell after it ('/', a pen's stroke) holds no letter nor digit.
      const next = lines[l + 1];
      const endsItsLine = line.cells.slice(c + 1).every((cell) => !/[\p{L}\d]/u.test(cell));
      if (endsItsLine && sentenceEnd(rest) === null && next && !startsWithLabel(next.folded[0]!)) rest = `${rest} ${next.cells[0]!}`;
      const end = sentenceEnd(rest);
      const address = withoutTrailingPunctuation((end === null ? rest : rest.slice(0, end)).trim()).replace(/\.$/, "");
      const folded = foldSameLength(address);
      if (ADDRESS_START.exec(` ${folded}`)?.index === 0 && (STREET_PART.test(folded) || LOCALITY_START.test(folded))) return address;
    }
  }
  return null;
}

/** Where a sentence ends: a dot before a capitalised word or the text's end, not an abbreviation's dot. */
function sentenceEnd(text: string): number | null {
  for (const m of text.matchAll(/\.(?=\s+\p{Lu}|\s*$)/gu)) {
    const word = /[\p{L}\d-]+$/u.exec(foldSameLength(text.slice(0, m.index)))?.[0] ?? "";
    if (!ADDRESS_ABBREVIATION.test(word)) return m.index;
  }
  return null;
}

/** 'CEZ 0838382 / 08 NOI 2025' → 'CEZ 0838382': the issue date printed after the number is not part of it. */
// A number never ends with a separator: a dash or slash left there is the mark before a date or an
// amount the scan put in the next cell ('PFU 7263163 - ⇥ 13.08.2026', where '·' was printed).
const withoutDate = (number: string) =>
  number
    .replace(/\s*\/\s*\d{1,2}[\s./-].*$/, "")
    .replace(/[\s/–—-]+$/, "")
    .trim();

function billNumberOf(lines: TextLine[]): string | null {
  const found = billNumberRaw(lines);
  return found ? withoutDate(beforeNextLabel(found)) : seriesSlashNumberIssued(lines);
}

/**
 * A series and its number parted by a slash with the issue date after them ('DSQ / 3765391 · emisă
 * 12.01.2026', an e-mail's summary line): the bill's number where no label named one.
 */
const SERIES_SLASH_NUMBER_ISSUED = /(?:^|[\s\t])([A-Z]{2,6})\s?\/\s?(\d{5,10})\s*[-–·.,]?\s*emis[aă](?!\p{L})/u;
function seriesSlashNumberIssued(lines: TextLine[]): string | null {
  for (const line of lines) {
    const m = SERIES_SLASH_NUMBER_ISSUED.exec(line.cells.join("\t"));
    if (m) return `${m[1]} ${m[2]}`;
  }
  return null;
}

/** A bill number carries digits: a word alone after the label ('Seria și nr. factură') is the label's end. */
const numbered = (code: string | undefined) => {
  const value = code ? beforeNextLabel(code) : "";
  return /\d/.test(value) ? value.trim().toUpperCase() : null;
};

/** 'PSR nr. 2175120', 'HID nr 0012345': a series, the word for number, the number. */
const SERIES_NR_NUMBER = /^([A-Z]{1,6})\s+(?:nr\.?|numar(?:ul)?)\s*:?\s*(\d{4,})$/i;

/**
 * A scan that broke the label 'Seria și nr.' into cells and lost a word of it ('Seria ⇥ și ⇥ PSR nr.
 * 8181807'): a cell that is the whole 'SERIES nr. NUMBER' on the line the label opens.
 */
function seriesNrAfterBrokenLabel(lines: TextLine[]): LabelHit | null {
  for (const [l, line] of lines.entries()) {
    if (!/^seri[ae]\b/i.test(line.folded[0] ?? "")) continue;
    const c = line.cells.findIndex((cell, i) => i > 0 && SERIES_NR_NUMBER.test(cell.trim()));
    if (c > 0) return { value: line.cells[c]!, line: l, cell: c, position: "right" };
  }
  return null;
}

function billNumberRaw(lines: TextLine[]): string | null {
  for (const line of lines) {
    for (const cell of line.folded) {
      // 'seria și nr. HID 0012345': the conjunction is not a series.
      const joint = numbered(/\bseri[ae]\s+(?:si|și)\s+(?:nr\.?|numar(?:ul)?)\s*:?\s*([A-Z0-9][A-Z0-9 /-]{2,}?)(?:\s+din\b|\s*$)/i.exec(cell)?.[1]);
      if (joint) return joint;
      // A scan may read the abbreviation's full stop as a comma ('Seria EPD nr, 2802757').
      const series = /\bseri[ae]\s+([A-Z]{1,6})\s*(?:,\s*)?(?:nr[.,]?|numar(?:ul)?)\s*:?\s*([A-Z0-9]{3,})/i.exec(cell);
      if (series && numbered(series[2])) return `${series[1]!.toUpperCase()} ${series[2]!.toUpperCase()}`;
      const afterNr = numbered(/\b(?:numar|nr\.?)\s+fact(?:ur[ai]|\.)\s*:?\s*([A-Z0-9][A-Z0-9 /-]{3,}?)\s*$/i.exec(cell)?.[1]);
      if (afterNr) return afterNr;
      const invoice = numbered(/\bfactur[ai](?:\s+fiscal[ae])?\s+(?:nr\.?|numar(?:ul)?)\s*:?\s*([A-Z0-9][A-Z0-9 /-]{3,}?)(?:\s+din\b|\s*$)/i.exec(cell)?.[1]);
      if (invoice) return invoice;
      const bare = /^factur[ai]\s*:?\s+([A-Z]{2,6}\s?\d{4,})$/i.exec(cell);
      if (bare) return bare[1]!.toUpperCase();
    }
  }
  // The series in a cell of its own and the number in the next ('Număr factură ⇥ HEI ⇥ 4320431').
  for (const line of lines) {
    const c = line.folded.findIndex((cell) => BILL_NUMBER_LABELS.some((label) => label.exec(cell)?.index === 0) && isCaption(cell));
    const [series, number] = c >= 0 ? [line.cells[c + 1], line.cells[c + 2]] : [];
    if (series && number && /^[A-Z]{1,6}$/.test(series) && /^\d{4,}$/.test(number)) return `${series} ${number}`;
  }
  // Series and number in boxes of their own ('Serie ⇥ Număr' over 'EGB ⇥ 3710551'): the number is the series joined to it.
  for (const [l, line] of lines.entries()) {
    const c = line.folded.findIndex((cell, i) => /^seri[ae]:?$/i.test(cell) && /^(?:numar(?:ul)?|nr\.?)(?:\s+factur[ai])?:?$/i.test(line.folded[i + 1] ?? ""));
    if (c < 0) continue;
    // The document's title printed in the same band may share the series' cell ('EGB FACTURĂ').
    const seriesOf = (cell: string) => /^([A-Z]{1,6})(?:\s+(.+))?$/.exec(cell);
    for (const below of lines.slice(l + 1, l + 4)) {
      const at = below.cells.findIndex((cell, i) => {
        const series = seriesOf(cell);
        return series !== null && (!series[2] || DOCUMENT_TITLE.test(foldSameLength(series[2]))) && /^\d{4,}$/.test(below.cells[i + 1] ?? "");
      });
      if (at >= 0) return `${seriesOf(below.cells[at]!)![1]} ${below.cells[at + 1]}`;
    }
  }
  // The number under (or beside) its label, in a grid.
  const shaped = (v: string) =>
    (/^[A-Z0-9][A-Z0-9 /-]{3,}$/i.test(v) && /\d{3}/.test(v)) || SERIES_NR_NUMBER.test(v.trim());
  const hit = valueAfterLabel(lines, BILL_NUMBER_LABELS, shaped) ?? seriesNrAfterBrokenLabel(lines);
  if (!hit) return null;
  // The series and the number with the word between them ('PSR nr. 2175120'): the number is the two joined.
  const seriesNr = SERIES_NR_NUMBER.exec(hit.value.trim());
  return seriesNr ? `${seriesNr[1]!.toUpperCase()} ${seriesNr[2]}` : hit.value.trim().toUpperCase();
}

/** An invoice's party headings ('VÂNZĂTOR', 'CUMPĂRĂTOR', 'Furnizor'): a block's title, never a name. */
const PARTY_HEADING = /^(?:vanzator|cumparator|furnizor|prestator|beneficiar|client|titular)\b/i;

/** A document's title ('FACTURĂ FISCALĂ', 'Aviz de însoțire'), printed in a box between the parties: never a name. */
const DOCUMENT_TITLE = /^(?:factura|aviz|chitanta|proforma|nota\s+de\s+credit|duplicat|storno)\b/i;

/**
 * A party's block headed by its role alone ('Cumpărător:'), the name under the heading in the same
 * column: lines of a box between the parties, with fewer cells (the document's title), are passed over.
 */
function holderUnderHeading(lines: TextLine[]): LabelHit | null {
  for (const [l, line] of lines.entries()) {
    const c = line.folded.findIndex((cell) => isBareLabel(cell) && L.customer.some((label) => label.test(cell)));
    if (c < 0) continue;
    for (const [k, below] of lines.slice(l + 1, l + 4).entries()) {
      if (below.cells.length !== line.cells.length) continue;
      const name = below.cells[c]!;
      if (readable(name) && holderNamed(name)) return { value: name, line: l + 1 + k, cell: c, position: "below" };
      break;
    }
  }
  return null;
}

/** The contract holder's column and the place of consumption's, side by side: 'LOC DE CONSUM ⇥ TITULAR CONTRACT'. */
const HOLDER_HEADING = /^(?:client\s+)?titular(?:ul)?(?:\s+(?:de\s+)?contr\p{L}*)?$/iu;
const PLACE_HEADING = /^loc(?:ul)?\s+(?:de\s+)?consum$/i;
/**
 * Someone other than the holder a bill is sent to or paid by: a tenant paying for the owner ('Plătitor
 * (chiriaș)'), the envelope's addressee ('Destinatar factură'), a user of the place, someone acting 'în
 * numele' of the holder. The customer (who signs a new contract) is the holder, never them.
 */
const PAYER_HEADING = /^(?:platitor|destinatar(?:\s+factur\p{L}*)?|chirias|utilizator|in\s+numele)\b/iu;
/** A column's heading without its note in brackets ('Titular contract (proprietar)'; a scan may cut the bracket). */
const headingOf = (cell: string) =>
  cell
    .replace(/\s*\([^)]*\)?\s*$/, "")
    .replace(/^[^\p{L}]+|[^\p{L}]+$/gu, "")
    .trim();
/** A speck a scan read as a cell of its own ('/', 'i'): no column. */
const isSpeckCell = (cell: string) => !/[\p{L}\p{N}]{2}/u.test(cell);

/**
 * A bill whose place of consumption has a user of its own prints the place's and the holder's facts in
 * two columns under those headings: the holder is the name in the holder's column (each column's
 * captions, 'Nume utilizator' and 'Nume titular', are often misread), never the place's user. A name a
 * scan ran together with the caption after it ('VLAD CRĂCIUN Nume utilizator') keeps its capitals.
 */
function holderInHolderColumn(lines: TextLine[]): (LabelHit & { besidePayer: boolean }) | null {
  for (const [l, line] of lines.entries()) {
    // Specks read as cells of their own are no columns (counted out of the heading's line and the lines under it).
    const heading = line.folded.filter((cell) => !isSpeckCell(cell)).map(headingOf);
    const c = heading.findIndex((cell) => HOLDER_HEADING.test(cell));
    const besidePayer = heading.some((cell, i) => i !== c && PAYER_HEADING.test(cell));
    if (c < 0 || !(besidePayer || heading.some((cell) => PLACE_HEADING.test(cell)))) continue;
    for (const [k, below] of lines.slice(l + 1, l + 4).entries()) {
      const cells = below.cells.filter((cell) => !isSpeckCell(cell));
      if (cells.length < heading.length) continue;
      const cell = cells[c]!.trim();
      const name = holderNamed(cell) ? cell : (/^\p{Lu}[\p{Lu}-]+(?:\s+\p{Lu}[\p{Lu}-]+){1,3}(?=\s+\p{Lu}\p{Ll})/u.exec(cell)?.[0] ?? "");
      if (readable(name) && holderNamed(name)) return { value: name, line: l + 1 + k, cell: below.cells.indexOf(cells[c]!), position: "below", besidePayer };
    }
  }
  return null;
}

/**
 * What a holder's name can be after its label: a few capitalised words (not the sentence under a
 * salutation), two at least (a household's holder has a family and a given name: a single word is
 * another column's caption, 'Tensiune'), no digits (a street number, a code), no address marker at its
 * start ('Calea Victoriei nr.43' beside a salutation), not the supplier's own name.
 */
/** A lone lower-case letter after a name in capitals ('IONESCU ANA i'): a speck a scan read as a letter, no part of it. */
const withoutSpeck = (value: string) => value.replace(/(?<=\p{Lu}{2,})\s+\p{Ll}$/u, "");
const holderNamed = (name: string) =>
  /^\p{Lu}\S*(?:\s+\p{Lu}\S*){1,5}$/u.test(name.trim()) &&
  !PARTY_HEADING.test(foldSameLength(name)) &&
  !DOCUMENT_TITLE.test(foldSameLength(name)) &&
  !holdsLabelWord(name) &&
  !/\d/.test(name) &&
  ADDRESS_START.exec(foldSameLength(name))?.index !== 0 &&
  !isSuppliersOwn(name);

/** Where an address starts inside a cell: an abbreviation with its dot, or a spelled-out word. */
const ADDRESS_START =
  /(?:^|[\s,;])(?=(?:str|jud|mun|sec|bd|b-dul|sos|cal|bl|ap|com|or|loc|sat)\.|(?:strada|judetul|municipiul|bulevardul|soseaua|calea|comuna|satul|orasul|localitatea|sectorul)\s)/i;

/** 'POPESCU ION, Str. Lungă nr. 1, Cluj' → name and address apart (both printed on one line). */
export function splitNameAndAddress(value: string): { name: string; address: string | null } {
  const match = ADDRESS_START.exec(foldSameLength(value));
  if (!match || match.index === 0) return { name: value, address: null };
  const name = value.slice(0, match.index).replace(/[\s,;-]+$/, "");
  const address = value.slice(match.index).replace(/^[\s,;]+/, "");
  return name.length > 1 ? { name, address } : { name: value, address: null };
}

const RANGE = /(\d{1,2}[./]\d{1,2}[./]\d{4})\s*[-–]\s*(\d{1,2}[./]\d{1,2}[./]\d{4})/;

function unlabelledRange(lines: TextLine[]): [string, string] | null {
  for (const line of lines) {
    for (const cell of line.cells) {
      const m = RANGE.exec(cell);
      const dates = m ? findDates(m[0]) : [];
      if (dates.length === 2 && dates[0]! <= dates[1]!) return [dates[0]!, dates[1]!];
    }
  }
  return null;
}

/**
 * A narrow first column beside a wide one (the address window's width): the page's text reads its lines
 * between the wide column's rows ('Str.Libertății nr.135' ⇥ 'Contor ⇥ Index vechi …' ⇥ 'ap.30' ⇥ 'Energie
 * activă …' ⇥ 'Mun.București Sec.2'). Under the street, rows of the other column (several cells, the first
 * no address's) are passed over, and the address's own lines — its flat, then its locality, alone on their
 * lines — are read on; any other line alone ('Cod client: …') ends it. Null unless a locality is found so.
 */
function restOfNarrowColumn(lines: TextLine[], at: number, street: string): string | null {
  let rest = "";
  for (const line of lines.slice(at + 1, at + 7)) {
    const first = line.folded[0]!;
    if (line.cells.length === 1 && !rest && UNIT_TAIL.test(first) && !/\b(?:ap)\./i.test(foldSameLength(street))) rest = withoutTrailingPunctuation(line.cells[0]!);
    else if (line.cells.length === 1 && LOCALITY_START.test(first)) return `${withoutTrailingPunctuation(line.cells[0]!)} ${street}${rest ? ` ${rest}` : ""}`;
    else if (line.cells.length < 2 || ADDRESS_START.exec(first)?.index === 0 || UNIT_TAIL.test(first)) return null;
  }
  return null;
}

/** A name alone on its line (2–4 upper-case words) with an address starting on the next line. */
function holderAboveAddress(lines: TextLine[]): { name: string; address: string } | null {
  for (let l = 0; l + 1 < lines.length; l++) {
    const { cells, folded } = lines[l]!;
    // The name alone, or first on a line whose other cells are labelled facts of another column.
    if (!/^[\p{Lu}][\p{Lu}'-]+(?: [\p{Lu}][\p{Lu}'-]+){1,3}$/u.test(cells[0]!) || (cells.length > 1 && !startsWithLabel(folded[1]!))) continue;
    // A labelled line of a column beside the envelope window may fall between name and address.
    const at = startsWithLabel(lines[l + 1]!.folded[0]!) ? l + 2 : l + 1;
    const next = lines[at]?.cells[0] ?? "";
    if (ADDRESS_START.exec(foldSameLength(next))?.index === 0) {
      // A street's rest wrapped to a line of its own ('Str.Mihai' over 'Eminescu nr.119'): its number is there.
      // Alone on its line, or first before another column's labelled facts ('ap.53 ⇥ Citire: …').
      const after = lines[at + 1];
      const restAlone = after !== undefined && after.folded.slice(1).every((cell) => startsWithLabel(cell) || /^\p{L}[\p{L} .()/]{1,40}:/u.test(cell));
      const rest = restAlone ? withoutTrailingPunctuation(after.cells[0]!) : "";
      // Or, on a narrow column, its block and flat ('… nr.159 bl.A8' over 'ap.43').
      const wrapped = (!HAS_NUMBER.test(next) && STREET_TAIL.test(rest)) || (HAS_NUMBER.test(next) && UNIT_TAIL.test(foldSameLength(rest)));
      const street = wrapped ? `${withoutTrailingPunctuation(next)} ${rest}` : next;
      // The holder's block is the first column: its locality, under the street in that column.
      const address = withLocality(lines, street === next ? at : at + 1, street, 0);
      return { name: cells[0]!, address: address === street && !wrapped ? (restOfNarrowColumn(lines, at, street) ?? address) : address };
    }
  }
  return null;
}

/** An address's locality anywhere in it: its county, municipality, town, commune, village or sector. */
const LOCALITY_NAMED = /\b(?:jud|mun|loc|com|sat|ora[sș]|sec|sect)\.|\b(?:judetul|municipiul|localitatea|comuna|satul|orasul|sector(?:ul)?)\b/i;
/** Where an address names its county, municipality or village. */
const LOCALITY_START = /^(?:jud|mun|loc|com|sat|ora[sș]|sec)\.\s*\p{L}|^(?:judetul|municipiul|localitatea|comuna|satul|orasul)\s/iu;

/**
 * An address printed over two lines, the street first and the locality under it: one address, the
 * locality first (the order the rest of the bill's fields and our records use).
 */
function withLocality(lines: TextLine[], line: number, street: string, cell?: number): string {
  return localityBelow(lines, line, street, cell).address;
}

/**
 * withLocality, telling whether the locality's column was matched loosely: a scan may read a speck at
 * a line's start as a cell, or part a cell at a misread separator ('01.05.2025 · 31.05.2025'), so the
 * two lines' cells no longer count alike. Counted past the specks, or, for an address in the first
 * column, the first cell of a line holding as many cells or more: the locality's head on a line the
 * scan split is a reading below sure (`loose`).
 */
function localityBelow(lines: TextLine[], line: number, street: string, cell?: number, labelLeft = false): { address: string; loose: boolean } {
  const below = lines[line + 1];
  const cells = lines[line]?.cells ?? [];
  const folded = foldSameLength(street);
  if (!below || /\b(?:jud|mun)\./i.test(folded)) return { address: street, loose: false };
  // The locality alone on the line under, or in the street's own column of a grid of as many cells.
  const exact = below.cells.length === 1 ? 0 : cell !== undefined && below.cells.length === cells.length ? cell : -1;
  const [from, under] = [leadingSpecks(cells), leadingSpecks(below.cells)];
  const loose =
    exact >= 0 || cell === undefined || cell < from
      ? -1
      : below.cells.length - under === cells.length - from
        ? under + cell - from
        : cell === from && below.cells.length - under >= cells.length - from
          ? under
          : // The first column's street: the next line's first cell, where it opens with a locality, whatever the
            // other columns' counts (a scan parted 'Contract nr.' into two cells on the street's line).
            cell === from && LOCALITY_START.test(below.folded[under]!)
            ? under
            : -1;
  // Under a label with a cell of its own, the label's column is empty: the locality, one cell fewer on
  // its line, sits one cell left ('Adresa ⇥ Șos.Pantelimon nr.130 ⇥ Perioadă …' over 'Mun.București Sec.2 ⇥ POD …').
  const underLabel = exact < 0 && loose < 0 && labelLeft && cell !== undefined && cell - 1 >= from && below.cells.length - under === cells.length - from - 1 ? under + cell - 1 - from : -1;
  const column = exact >= 0 ? exact : loose >= 0 ? loose : underLabel;
  const locality = below.cells[column];
  if (!locality || !LOCALITY_START.test(below.folded[column]!)) return { address: street, loose: false };
  return { address: `${withoutTrailingPunctuation(locality)} ${street}`, loose: exact < 0 };
}

/**
 * A section's caption ('Date contractuale', 'Informații despre consum', 'Detalii factură') printed on the
 * address's line: it ends the address. Capitalised, as captions are printed; never a street's name
 * ('Str. Datelor').
 */
const SECTION_CAPTION = /\s+[DIS](?:ate|nforma[tț]ii|etalii|itua[tț]ia|inteza)\s+(?:contractuale|de\s+identificare|client(?:ului)?|factur[aă]|despre\b|privind\b|loc(?:ului)?\s+de\s+consum|consum|cont(?:ului)?|tva|plat[aă]|tehnice)\b.*$/iu;
const withoutSectionCaption = (address: string) => {
  const caption = SECTION_CAPTION.exec(address);
  return caption && /^\s+\p{Lu}/u.test(caption[0]) ? address.slice(0, caption.index) : address;
};
/**
 * Words in lower case after the house number, block or flat ('… nr.144 adresa locului de consum', a
 * layout printing its captions after their values): the caption, never the address's.
 */
const CAPTION_AFTER_NUMBER = /^(.*\b(?:nr|bl|sc|et|ap)\.\s*[\p{L}\d-]+)(?:\s+\p{Ll}+){2,}$/u;
const withoutCaptionAfter = (address: string) => CAPTION_AFTER_NUMBER.exec(address)?.[1] ?? address;
/** The country after an address ('…, RO', e-Factura's buyer block; '…, România') is not part of it. */
const withoutCountry = (address: string) => address.replace(/[\s,;]+(?:RO|ROU|Rom[aâ]nia|ROMANIA|ROMÂNIA)[\s.]*$/u, "");

/** The rest of a street: a name's last words at most, its number, then block and flat ('Victoriei nr.16 bl.2'). */
const STREET_TAIL = /^(?:\p{Lu}[\p{L}-]*\s+){0,3}nr\.\s*\d+[\p{L}\d]*[\s,]*(?:(?:bl|sc|et|ap)\.\s*[\p{L}\d]+[\s,]*)*$/u;
const HAS_NUMBER = /\bnr\.\s*\d/i;
/** A cell that completes the address above it: its block and flat, or (when no number was printed yet) the street's rest. */
const isAddressTail = (address: string, cell: string) => {
  const folded = foldSameLength(cell);
  if (UNIT_TAIL.test(folded)) return true;
  return !HAS_NUMBER.test(address) && !startsWithLabel(folded) && STREET_TAIL.test(cell);
};

/**
 * A block and flat alone beside the label ('Adresa bl.B7 ap.27 ⇥ Mun.București … nr.30'): the wrapped
 * address's second line was printed first; the street in the next cell starts it. Null when the value
 * is more than its tail or no street sits beside it.
 */
function streetBeside(lines: TextLine[], hit: LabelHit, address: string): string | null {
  if (!UNIT_TAIL.test(foldSameLength(address))) return null;
  const next = lines[hit.line]?.cells[hit.cell + 1];
  if (!next || startsWithLabel(foldSameLength(next)) || !STREET_PART.test(foldSameLength(next)) || !HAS_NUMBER.test(next) || isSuppliersOwn(next)) return null;
  return `${withoutTrailingPunctuation(next)} ${address}`;
}

/**
 * An address cut at its column's edge: the street's rest, block and flat run on to the next line, in the
 * value's column, in the label's column when the label had a cell of its own (empty under it), or in
 * the last cell when the address was the last on its line. A line of another box printed between
 * them (fewer cells: the date of a central title box) is passed over. A block or flat whose dot a scan
 * read as a dash or a comma ('ap-31') is the tail all the same, its dot put back: `repaired`, a reading
 * below sure; so is an address followed there by what starts as a block or flat but reads as none
 * (cut before its tail, it would otherwise pass for whole).
 */
function withTailBelow(lines: TextLine[], hit: LabelHit, address: string): { address: string; repaired: boolean } {
  const line = lines[hit.line];
  if (!line) return { address, repaired: false };
  for (const below of [lines[hit.line + 1], lines[hit.line + 2]]) {
    if (!below) break;
    const columns = [hit.position === "right" ? hit.cell - 1 : -1, hit.cell, hit.cell === line.cells.length - 1 ? below.cells.length - 1 : -1];
    const cells = columns.map((c) => (c >= 0 ? below.cells[c] : undefined)).map((cell) => (cell === undefined ? undefined : withoutTrailingPunctuation(withoutCountry(cell))));
    const tail = cells.find((cell) => cell !== undefined && isAddressTail(address, cell));
    const misread = tail ? undefined : cells.find((cell) => cell !== undefined && MISREAD_UNIT_TAIL.test(foldSameLength(cell)));
    const taken = tail ?? misread?.replace(/\b(bl|sc|et|ap)[,-]\s*/giu, "$1.");
    if (taken) return { address: address.endsWith(taken) ? address : `${withoutTrailingPunctuation(address)} ${taken}`, repaired: misread !== undefined };
    // What starts as a block or flat but reads as none ('ap 3l'): the address is cut before it, not whole.
    if (cells.some((cell) => cell !== undefined && LOOSE_UNIT_START.test(foldSameLength(cell)))) return { address, repaired: true };
    if (below.cells.length >= line.cells.length) break;
  }
  return { address, repaired: false };
}
const LOOSE_UNIT_START = /^(?:bl|sc|et|ap)\b[\s.,:;-]*\w/i;
/** A block and flat with the dot read as a dash or a comma ('ap-31', 'bl,B4 ap-7'). */
const MISREAD_UNIT_TAIL = /^(?:(?:bl|sc|et|ap)[.,-]\s*[\p{L}\d]+[\s,]*)+$/iu;

/** What only the supplier's own block prints: its tax and trade-register numbers, bank account, capital. */
const SUPPLIER_MARK = /\b(?:CIF|CUI|cod\s+fiscal|IBAN|capital\s+social|nr\.?\s*(?:de\s+)?(?:inreg|ord\.?\s*reg)|J\d{1,2}\/\d+\/\d{4}|furnizor(?:ul)?|vanzator(?:ul)?)\b/i;
/** A supplier's name or a line of its block: never the holder's name or address. */
/** A company's legal form ('S.A.', 'S.R.L.'): the supplier's, never a household holder's. */
const LEGAL_FORM = /(?<!\p{L})(?:S\.\s?A\.?|S\.\s?R\.\s?L\.?|SRL)(?!\p{L})/u;
const isSuppliersOwn = (text: string) => supplierOf(text) !== null || SUPPLIER_MARK.test(foldSameLength(text)) || LEGAL_FORM.test(text);
/** A holder's label, or a personal numeric code's ('CIF/CNP:'): a supplier has a tax number, never a CNP. */
const isHolderLabel = (cell: string) => L.customer.some((label) => label.test(cell)) || /\bCNP\b/i.test(cell);

/**
 * An address in the supplier's block is the supplier's, never the holder's (supplier and client
 * blocks side by side share lines): the address's column is read upwards to the nearest holder label
 * or supplier mark, else downwards to the next line's.
 */
function inSupplierBlock(lines: TextLine[], hit: LabelHit): boolean {
  const own = lines[hit.line]?.folded[hit.cell] ?? "";
  if (SUPPLIER_MARK.test(own) || inSellersColumn(lines, hit.line, hit.cell)) return true;
  const column = hit.position === "right" ? hit.cell - 1 : hit.cell;
  const from = hit.position === "below" ? hit.line - 1 : hit.line;
  const verdict = (l: number) => {
    const cell = lines[l]?.folded[column];
    if (cell === undefined) return null;
    // A bare 'Nume:' names the supplier too when the supplier's own name is its value.
    if (isHolderLabel(cell)) return isBareLabel(cell) && isSuppliersOwn(lines[l]?.cells[column + 1] ?? "") ? "supplier" : "holder";
    // A person's name in the address's own column (the holder's label above it lost: 'l ⇥ POPA ANDREI'): the holder's block.
    const value = hit.position === "right" ? lines[l]?.cells[hit.cell] : undefined;
    if (value !== undefined && UPPER_NAME.test(value.trim()) && !isSuppliersOwn(value) && !startsWithLabel(foldSameLength(value))) return "holder";
    // A registration field left blank ('Nr. ord. reg. com./an: -') is the buyer's form, a person's.
    if (/:\s*-?\s*$/.test(cell)) return null;
    return SUPPLIER_MARK.test(cell) || supplierOf(cell) !== null ? "supplier" : null;
  };
  for (let l = from - 1; l >= Math.max(0, from - 3); l--) {
    const found = verdict(l);
    if (found) return found === "supplier";
  }
  return verdict(hit.line + 1) === "supplier";
}

/** A street (or the number) in an address: what a locality line alone lacks. */
const STREET_PART = /(?:^|\s)(?:str|bd|b-dul|sos|cal|calea|strada|bulevardul|soseaua|nr)\.?\s*\p{L}|\bnr\.\s*\d/iu;

/**
 * An address that wraps inside its column ('Adresă: Mun.București Sec.2' over 'Șos.Pantelimon nr.130'):
 * the locality is completed by the street printed in the same column of the next line (one cell left
 * when the label's own cell above is empty there).
 */
function withStreetBelow(lines: TextLine[], hit: LabelHit, address: string): string {
  if (STREET_PART.test(foldSameLength(address))) return address;
  const line = lines[hit.line];
  if (!line) return address;
  for (const below of [lines[hit.line + 1], lines[hit.line + 2]]) {
    if (!below) break;
    // Under a label with a cell of its own, the label's column is empty: the street sits one cell left.
    // A street alone on its line (another column had nothing there) is the locality's street too.
    const alone = below.cells.length === 1 && below.cells.length < line.cells.length && STREET_PART.test(below.folded[0]!) && !isSuppliersOwn(below.cells[0]!);
    const column = below.cells.length === line.cells.length ? hit.cell : hit.position === "right" ? hit.cell - 1 : alone ? 0 : -1;
    const next = below.cells[column];
    const folded = below.folded[column];
    if (next && folded && !startsWithLabel(folded) && !folded.includes(":") && ADDRESS_START.exec(folded)?.index === 0) return `${address} ${withoutTrailingPunctuation(next)}`;
    // A line of another column between them (a sidebar's labelled fact: 'CIF: …') is passed over.
    if (below.cells.length !== 1 || !/^[\p{L}][\p{L} .()/-]{1,40}:/u.test(below.cells[0]!)) break;
  }
  return address;
}

/** A period printed as two facts: 'De la: 01.01.2026' and 'Până la: 31.01.2026'. */
function periodFromTo(lines: TextLine[]): [string, string] | null {
  const dateAfter = (label: RegExp) => {
    for (const line of lines) {
      for (const [c, cell] of line.folded.entries()) if (label.test(cell)) return firstDate(line.cells[c]!);
    }
    return null;
  };
  const start = dateAfter(/^de\s+la\s*:?\s*\d/i);
  const end = dateAfter(/^pana\s+la\s*:?\s*\d/i);
  return start && end && start <= end ? [start, end] : null;
}

/** A voltage ('0,4 kV', 'JT 0,4kV'): the connection's, never the contracted power. */
const VOLTAGE = /\d\s*kv\b/i;

/** A cell that is only a power ('5,00 kW'), when no label names it. */
function unlabelledPower(lines: TextLine[]): LabelHit | null {
  for (const [l, line] of lines.entries()) {
    const c = line.cells.findIndex((cell) => /^\d{1,2}(?:[.,]\d{1,2})?\s*kw$/i.test(cell));
    if (c >= 0) return { value: line.cells[c]!, line: l, cell: c, position: "below" };
  }
  return null;
}

/** Words offer names are made of ('ENGIE Fix 24', 'E.ON Confort', 'Nova Casa'). */
const PRODUCT_WORD = /\b(?:fix|variabil|flexi?|casnic|home|casa|standard|confort|plus|start|monom|verde|green|eco|clasic)\b/i;

/** An offer name printed with no label, among the supply point's facts (POD, power) on one line. */
function unlabelledTariff(lines: TextLine[]): LabelHit | null {
  for (const [l, line] of lines.entries()) {
    if (!line.cells.some((cell) => findPod(cell) !== null || /^\d{1,2}(?:[.,]\d{1,2})?\s*kw$/i.test(cell))) continue;
    const c = line.folded.findIndex(
      (cell) => PRODUCT_WORD.test(cell) && cell.length <= 40 && !/[:|]|kwh|\blei\b/i.test(cell) && !startsWithLabel(cell) && findPod(cell) === null,
    );
    if (c >= 0) return { value: line.cells[c]!, line: l, cell: c, position: "right" };
  }
  return null;
}

/** A section heading's number or letter ('2. ', 'B) ', 'IV. '), shared by the fuel and the cancellation headings. */
const SECTION_MARK = String.raw`^(?:(?:\d{1,2}|[ivx]{1,4}|[a-h])[.)]\s*)?`;
const SUPPLY_WORD = String.raw`(?:(?:furnizare|consum|livrare)\s+(?:de\s+)?)?`;
/**
 * A dual-fuel invoice's section headings ('2. GAZE NATURALE', 'Energie electrică'): a line of its own
 * naming one fuel, no figure on it (a summary's 'Gaze naturale (cu TVA)  784,76 lei' is a row, not a heading).
 */
const GAS_HEADING = new RegExp(String.raw`${SECTION_MARK}${SUPPLY_WORD}gaze?\s+naturale?$`, "i");
const POWER_HEADING = new RegExp(
  String.raw`${SECTION_MARK}${SUPPLY_WORD}(?:energie|energia|energiei)\s+electrice?a?$|${SECTION_MARK}(?:electricitate|curent\s+electric)$`,
  "i",
);
/**
 * What only a natural gas supply prints: a volume in cubic metres ('154 m³', '154 mc'), the calorific
 * value ('PCS 10,64 kWh/m³'), a Delgaz gas place-of-consumption code ('DEG34817365').
 */
const GAS_MARK = /\d\s*(?:m³|m3|mc)(?![\p{L}\d])|\bPCS\b|\bDEG\d{6,}/u;

/**
 * An electricity bill's own lines: on an invoice for electricity and natural gas, the gas section
 * (from its heading to the next fuel's, or to a POD) and every line carrying a gas mark are left out, so that the
 * supply point's facts (contract, offer, power, consumption, indexes) are the electricity's, whichever
 * section comes first. A bill with no gas section keeps every line.
 */
export function electricityLines(lines: TextLine[]): TextLine[] {
  let inGas = false;
  return lines.filter((line) => {
    const heading = line.cells.length === 1 ? line.folded[0]!.trim() : "";
    if (GAS_HEADING.test(heading)) inGas = true;
    // The electricity's section opens at its heading, or at its POD where the heading was worded otherwise.
    else if (POWER_HEADING.test(heading) || line.cells.some((cell) => findPod(cell) !== null)) inGas = false;
    return !inGas && !GAS_MARK.test(line.cells.join(" "));
  });
}

/** A row of a table of places marked as this bill's own ('această factură', 'factura curentă'). */
const THIS_BILL = /\b(?:aceasta|prezenta)\s+factura\b|\bfactura\s+(?:curenta|de\s+fata)\b/i;

/** The national PODs a line prints, each once. */
function podsOn(line: TextLine): string[] {
  const inCells = line.cells.map((cell) => findPod(cell)).filter((pod): pod is string => pod !== null);
  const joined = inCells.length > 0 ? null : findPod(line.cells.join(" "));
  return [...new Set(joined ? [joined] : inCells)];
}

/**
 * A bill that prints two or more PODs (an account's places of consumption, listed on each place's own
 * bill): the one something ties to this bill — its own label on its line, this bill's number on its
 * row, the row marked as this bill —, never the first one found. `tied` is false with no tie or with
 * ties at odds (a scan that misread one of them): then no sure reading. `otherPlaces`: the lines of
 * the PODs no tie names, another place's row (its bill number, kWh and amount are not this bill's).
 */
/** A POD's head ending its cell: 'RO' + the operator's three digits + 'E' and some of the nine digits (OCR's letter-for-digit confusions as findPod's). */
const POD_HEAD_AT_END = /(?:^|[\s:])(R\s?[O0]\s?[\dOQDISB]{3}\s?E(?:\s?[\dOISB]){0,8})$/i;

/**
 * A POD a narrow column broke over two lines at its left edge ('POD: RO003E08' over '8806660', the meter's
 * series under that): the head ending its cell, no POD on its own, and a bare run of digits right under it in
 * the same column make the POD when together they have its shape — exactly nine digits after the E. A
 * labelled line under the head (the meter's 'Serie contor: …') is never a tail.
 */
export function podOverTwoLines(lines: TextLine[]): string | null {
  for (let l = 0; l + 1 < lines.length; l++) {
    for (const [c, cell] of lines[l]!.cells.entries()) {
      const head = POD_HEAD_AT_END.exec(cell);
      if (!head || findPod(cell)) continue;
      const tail = lines[l + 1]!.cells[c] ?? "";
      if (!/^\d[\d ]*$/.test(tail)) continue;
      const joined = `${head[1]!}${tail}`.replace(/\s/g, "");
      const pod = joined.length === 15 ? findPod(joined) : null;
      if (pod) return pod;
    }
  }
  return null;
}

export function podOfSeveral(lines: TextLine[], billNumber: string | null): { pod: string; tied: boolean; otherPlaces: Set<TextLine> } | null {
  const pods = lines.map(podsOn);
  const printed = [...new Set(pods.flat())];
  if (printed.length < 2) return null;
  const tokens = billNumber?.split(/\s+/).filter(Boolean) ?? [];
  const ownNumber = tokens.length > 0 && /\d{4,}/.test(billNumber!) ? new RegExp(`(?<![\\p{L}\\d])${tokens.map((t) => t.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")).join("\\s*")}(?![\\p{L}\\d])`, "iu") : null;
  const labelled = new Set<string>();
  const rowTied = new Set<string>();
  for (const [l, line] of lines.entries()) {
    if (pods[l]!.length !== 1) continue;
    const pod = pods[l]![0]!;
    const at = line.cells.findIndex((cell) => findPod(cell) === pod);
    // The label before the POD on its own line (in an earlier cell, or the POD's cell before the code).
    const before = at < 0 ? [] : [...line.folded.slice(0, at), line.folded[at]!.slice(0, line.folded[at]!.search(/R\s?[O0]\s?[\dOISB]{3}/i))];
    if (before.some((cell) => L.pod.some((label) => label.test(cell)))) labelled.add(pod);
    const next = lines[l + 1];
    const marked = THIS_BILL.test(line.folded.join(" ")) || (next !== undefined && pods[l + 1]!.length === 0 && THIS_BILL.test(next.folded.join(" ")));
    if (marked || (ownNumber !== null && ownNumber.test(line.cells.join(" ")))) rowTied.add(pod);
  }
  const tied = new Set([...labelled, ...rowTied]);
  const pod = tied.size === 1 ? [...tied][0]! : ([...labelled][0] ?? [...rowTied][0] ?? printed[0]!);
  const otherPlaces = new Set(tied.size === 0 ? [] : lines.filter((_, l) => pods[l]!.length > 0 && pods[l]!.every((p) => !tied.has(p))));
  return { pod, tied: tied.size === 1, otherPlaces };
}

/** A deadline in a sentence ('achitați factura până la 26.12.2025'): the due date, never the issue date. */
const DEADLINE = /\bpana\s+(?:la|pe|in)\b/i;

/**
 * 'Factura seria X nr. 123 din 01.02.2025', or its 'din 01.02.2025' wrapped onto a line of its own
 * under the number: the date printed with the bill's number is its issue date.
 */
/** 'Nr. TTP 4900691 din 14.04.2026': a series and number, then the date it was issued, alone in a cell. */
const NUMBER_AND_ITS_DATE = /^nr\.?\s*[a-z]{2,6}\s?\d{5,}\s+din\s+\d{1,2}[./-]\d{1,2}[./-]\d{2,4}$/i;

function datePrintedWithNumber(lines: TextLine[], own: string | null): string | null {
  for (const line of lines) {
    for (const cell of line.folded) {
      const wrapped = /^din\s+\d/i.test(cell) && findDates(cell).length === 1;
      // 'Nr. TTP 4900691 din 14.04.2026' under a 'FACTURĂ' heading the scan set on a line of its own: this bill's number and its date.
      const numbered = findDates(cell).length === 1 && NUMBER_AND_ITS_DATE.test(cell);
      // 'Document generat în aplicație la 12.06.2025. Factura fiscală …': when the copy was made.
      if ((!/\bfactur[ai]\b/i.test(cell) && !wrapped && !numbered) || DEADLINE.test(cell) || COPY_STAMP.test(cell) || L.dueDate.some((label) => label.test(cell))) continue;
      // Another invoice's number ('Factura de avans HAR 7256967 din 05.11.2024', settled by this bill): its date is not this bill's.
      const number = /\b[A-Z]{2,6}\s?\d{5,}\b/.exec(cell)?.[0];
      if (own && number && number.replace(/\s/g, "") !== own.replace(/\s/g, "")) continue;
      const date = firstDate(cell);
      if (date) return date;
    }
  }
  return null;
}

/** The charges table's active-energy row. */
const ACTIVE_ENERGY = /energie\s+(?:electrica\s+)?activa/i;
/**
 * A regulated charge every supplier bills beside its offer ('Tarif distribuție și transport', 'Certificate
 * verzi', 'Contribuție cogenerare', 'Acciză'): a charges table's row, never the offer's name.
 */
const REGULATED_CHARGE = /^(?:tarif(?:ul)?\s+(?:de\s+)?(?:distributie|transport)|certificate(?:le)?\s+verzi|contributi[ae]\s+(?:pentru\s+)?cogenerare|acciz[ae])\b/i;

/** An energy per day or per month ('în medie 1,6 kWh pe zi', '12 kWh/zi'): an average, never the bill's consumption. */
const KWH_RATE = /[mk]wh\s*(?:\/|pe\s+)\s*(?:zi|luna)\b|\b(?:in\s+)?medie\b/i;

/** A quantity and its unit ('46 kWh', '1.245 kWh'), the figure right before the unit. */
const FIGURE_BEFORE_UNIT = /(?<![\p{L}\d])\d[\d.,\s]*?\s*[mk]wh\b/iu;

function kwhOf(lines: TextLine[], indexed?: number): number | null {
  const hit = valueAfterLabel(lines, L.consumption, (v) => hasKwh(v) && !KWH_RATE.test(foldSameLength(v)));
  // The number right before 'kWh', not the first one (a period may come first).
  if (hit) {
    const figure = /(\d[\d.,\s]*?)\s*([mk]wh)/i.exec(hit.value);
    return figure ? parseKwh(figure[1]!, figure[2]) : parseKwh(hit.value);
  }
  // The unit in the label ('Consum energie activă (kWh)   987'): a bare number right of it.
  for (const [l, line] of lines.entries()) {
    const c = line.folded.findIndex((cell) => /\(kwh\)\s*:?$/i.test(cell) && L.consumption.some((label) => label.test(cell)));
    if (c < 0) continue;
    // Several figures on the row (this bill beside the previous one): the one the readings vouch for.
    const figures = line.cells.slice(c + 1).filter(isFigure);
    if (figures.length > 1) {
      const vouched = figures.map((cell) => parseKwh(cell)).find((kwh) => kwh !== null && kwh === indexed);
      if (vouched !== undefined) return vouched;
      continue;
    }
    const value = line.cells[c + 1];
    if (value && isFigure(value)) return parseKwh(value);
    // A meter with several registers (day and night, T1 and T2): one register's figure is not the
    // bill's consumption; the total row is, when it makes the registers' sum (or their sum, none printed).
    const column = registerColumn(lines, l, c);
    if (column.registers.length >= 2) {
      if (column.total === null || column.total === column.sum) return column.sum;
      continue;
    }
    // A column's caption in a table's header ('Consum (kWh)' beside the indexes'): the figure under
    // it, when the readings on its row vouch for it (one register's row of several is not the bill's),
    // or, the readings unread, the active energy's charge row bills the same quantity.
    const under = valuesAfterLabel(lines.slice(l, l + 3), L.consumption, isFigure).find((hit) => hit.position === "below");
    const kwh = under ? parseKwh(under.value) : null;
    const billed = (row: TextLine) => row.folded.some((cell) => ACTIVE_ENERGY.test(cell)) && row.cells.some((cell) => isFigure(cell) && parseKwh(cell) === kwh);
    if (kwh !== null && (indexed === undefined ? lines.some(billed) : kwh === indexed)) return kwh;
  }
  // Fallback: the active-energy row of the charges table ('Energie electrică activă  182 kWh'), its
  // quantity read by its meaning (× unit price = the row's value, or new − old index), the price's
  // unit over its column; every row of the table bills the same quantity, so another row may vouch.
  for (const [l, line] of lines.entries()) {
    const index = line.folded.findIndex((c) => ACTIVE_ENERGY.test(c));
    if (index < 0) continue;
    const priceFactor = priceToLeiPerKwh(lines.slice(Math.max(0, l - 8), l + 1).map((above) => above.cells.join(" ")).join(" "));
    const inRow = (row: TextLine, from: number) => {
      const at = row.cells.findIndex((c, i) => i >= from && hasKwh(c));
      // The figure right before the unit: a cell a scan ran together with the facts before it ('Serie contor
      // ZMX11753087 : … : energie activă 46 kWh', its '·' read as colons) holds a meter's serial and indexes first.
      if (at >= 0) return rowKwh(row.cells, at, FIGURE_BEFORE_UNIT.exec(row.cells[at]!)?.[0] ?? row.cells[at]!, undefined, priceFactor, indexed);
      // Quantity and unit in their own columns: '182' then 'kWh' (or 'MWh').
      const unit = row.cells.findIndex((c, i) => i > from + 1 && /^[mk]wh$/i.test(c));
      return unit > 0 && /^\d[\d.,]*$/.test(row.cells[unit - 1]!) ? rowKwh(row.cells, unit, row.cells[unit - 1]!, row.cells[unit], priceFactor, indexed) : null;
    };
    const own = inRow(line, index);
    if (!own || own.checked) return own?.kwh ?? null;
    const figure = line.cells.find((c) => parseKwh(c) === own.kwh);
    const vouched = lines.filter((other) => other !== line && figure !== undefined && other.cells.includes(figure)).map((other) => inRow(other, 1)).find((r) => r?.checked);
    return (vouched ?? own).kwh;
  }
  return null;
}

type Confidence = Partial<Record<BillField | "pricePerKwh", number>>;

/** A sum or difference of kWh figures as a bill prints it: no float artefact ('25.049999999999994' for 25,05). */
const asPrinted = (kwh: number) => Math.round(kwh * 1000) / 1000;

/** How much a value is worth by where it sat relative to its label, before any check. */
const BY_POSITION = { same_cell: 0.9, right: 0.88, below: 0.8 } as const;
const positionConfidence = (hit: LabelHit | null | undefined) => (hit ? BY_POSITION[hit.position ?? "same_cell"] : 0);

interface AmountCandidate {
  cents: number;
  hit: LabelHit;
}

function amountsAfter(lines: TextLine[], labels: RegExp[]): AmountCandidate[] {
  const seen = new Set<string>();
  const out: AmountCandidate[] = [];
  for (const hit of valuesAfterLabel(lines, labels, hasAmount)) {
    const key = `${hit.line}:${hit.cell}`;
    const cents = parseAmountCents(hit.value);
    if (seen.has(key) || cents === null) continue;
    seen.add(key);
    out.push({ cents, hit });
  }
  return out.slice(0, 8);
}

/** VAT of 21 % from August 2025, 19 % before (Law 141/2025). */
export function vatRateOn(day: string | null): number[] {
  if (!day) return [0.21, 0.19];
  return day >= "2025-08-01" ? [0.21] : [0.19];
}

/** VAT may be summed per line, so a few cents off net × rate are normal. */
export function vatMatchesRate(netCents: number, vatCents: number, rates: number[]): boolean {
  return rates.some((rate) => Math.abs(Math.round(netCents * rate) - vatCents) <= Math.max(3, Math.round(netCents * 0.002)));
}

/** The VAT the rate gives on the net amount, to one ban (rounding). */
export const vatToTheBan = (netCents: number, vatCents: number, rates: number[]) => rates.some((rate) => Math.abs(Math.round(netCents * rate) - vatCents) <= 1);

/** An amount printed with its bani ('1.081,98', '58,80'), bani other than ',00'. */
const AMOUNT_WITH_BANI = /(?<![\d.,])\d{1,3}(?:\.\d{3})*,(?!00)\d{2}(?![\d.,])|(?<![\d.,])\d+,(?!00)\d{2}(?![\d.,])/;

/** Some total read as whole lei ('1452.00') on a bill that prints other amounts with their bani. */
export function wholeLeiAmongBani(text: string, totals: (number | null)[]): boolean {
  return totals.some((cents) => cents !== null && cents !== 0 && cents % 100 === 0) && AMOUNT_WITH_BANI.test(text);
}

/** A total read as its lei alone, the bani set small and raised lost or read as marks ('103”! ei', '19 ei'): the lei. */
const LEI_ONLY = /^(\d{1,3}(?:\.\d{3})+|\d{1,6})(?![^\d]*\d)[^\d%]*$/;
const BANI_AMOUNT = /^(?:\d{1,3}(?:\.\d{3})*|\d+)[,.]\d{2}$/;

/**
 * Totals whose bani a scan lost ('Total fără TVA ⇥ 103”! ei', 'TVA 19% ⇥ 19 ei'), put back from the charges
 * table: its rows' values (each with its bani) add up to the net amount, whose lei must be the lei read; the
 * VAT at a rate, and the total, must have the lei read for them too (one of the two read at least). Null
 * when any of it does not fit.
 */
export function totalsFromRows(lines: TextLine[], rates: number[]): { net: number; vat: number; gross: number } | null {
  const lei = (labels: RegExp[]) => {
    const hit = valuesAfterLabel(lines, labels, (v) => LEI_ONLY.test(v.trim()))[0];
    return hit ? { lei: Number(LEI_ONLY.exec(hit.value.trim())![1]!.replace(/\./g, "")), line: hit.line } : null;
  };
  const net = lei(L.net);
  if (!net) return null;
  let header = -1;
  for (let l = 0; l < net.line; l++) if (lines[l]!.folded.some((cell) => /^valoare\b/i.test(cell.trim()))) header = l;
  if (header < 0) return null;
  const rows = lines.slice(header + 1, net.line).map((line) => line.cells[line.cells.length - 1]!.trim());
  if (rows.length < 2 || !rows.every((cell) => BANI_AMOUNT.test(cell))) return null;
  const netCents = rows.reduce((sum, cell) => sum + parseAmountCents(cell)!, 0);
  if (Math.floor(netCents / 100) !== net.lei) return null;
  const vatLei = lei(L.vat)?.lei ?? null;
  const grossLei = lei(L.gross)?.lei ?? null;
  if (vatLei === null && grossLei === null) return null;
  for (const rate of rates) {
    const vat = Math.round(netCents * rate);
    if ((vatLei === null || Math.floor(vat / 100) === vatLei) && (grossLei === null || Math.floor((netCents + vat) / 100) === grossLei)) return { net: netCents, vat, gross: netCents + vat };
  }
  return null;
}

export const totalsAddUp = (net: number, vat: number, gross: number) => Math.abs(net + vat - gross) <= 1;

/**
 * A total or a net amount whose leading digit a scan lost or misread (a lamp's band, a fold across the
 * figure's start: '71,01' for 971,01, '191,27' for 991,27): where the VAT matches the rate on what the other
 * two amounts leave for it, and the amount read is that figure but for its first digit (every digit after it
 * the figure's last), that figure is the amount. Null when the three add up, or when neither fits so.
 */
export function leadingDigitsLost(net: number | null, vat: number | null, gross: number | null, rates: number[]): { net?: number; gross?: number } | null {
  if (net === null || vat === null || gross === null || totalsAddUp(net, vat, gross)) return null;
  const butFirst = (read: number, figure: number) => {
    const [r, f] = [String(read), String(figure)];
    return r.length >= 4 && f.length >= r.length && r !== f && f.endsWith(r.slice(1));
  };
  if (vatMatchesRate(net, vat, rates) && butFirst(gross, net + vat)) return { gross: net + vat };
  if (gross > vat && vatMatchesRate(gross - vat, vat, rates) && butFirst(net, gross - vat)) return { net: gross - vat };
  return null;
}

interface Totals {
  net: AmountCandidate | null;
  vat: AmountCandidate | null;
  gross: AmountCandidate | null;
  /** VAT worked out as total − net, when no VAT line was read. */
  vatDerived: boolean;
  /** Found among all the bill's amounts by adding up, not by labels. */
  byTriple?: boolean;
  /** The VAT read with one digit wrong, put right as total − net (at the rate): vatDerived too. */
  vatOneDigitOff?: boolean;
  /** The total without VAT read with one digit wrong, put right as total − VAT (the VAT at its rate). */
  netOneDigitOff?: boolean;
  /** Found among the amounts as the net whose VAT is the sum of a VAT row per rate: a new kind of reading. */
  splitByAmounts?: boolean;
  /** A labelled total larger than the triple found among the amounts was printed: a new kind of reading. */
  underLargerTotal?: boolean;
  /** The total as the rest to pay plus the deductions above it, its own line lost: a new kind of reading. */
  restPlusDeductions?: boolean;
}

/** Two amounts printed with as many digits that differ in one of them: one misread digit ('19,42' for '10,42'). */
const oneDigitApart = (a: number, b: number) => {
  const [x, y] = [String(a), String(b)];
  return x.length === y.length && [...x].filter((digit, i) => digit !== y[i]).length === 1;
};

/**
 * A charges table with net, VAT and gross columns: its TOTAL row, not the first row under the
 * headers (which adds up too, so no cross-check would notice it).
 */
function tableTotalRow(lines: TextLine[]): { net: AmountCandidate; vat: AmountCandidate; gross: AmountCandidate } | null {
  for (let h = 0; h < lines.length; h++) {
    const header = lines[h]!.folded;
    const column = (labels: RegExp[]) => header.findIndex((cell) => labels.some((label) => label.test(cell)));
    const net = column(L.net);
    const gross = column(L.gross);
    const vat = header.findIndex((cell, i) => i !== net && i !== gross && L.vat.some((label) => label.test(cell)));
    if (net < 0 || vat < 0 || gross < 0) continue;
    const total = lines.slice(h + 1).findIndex((line) => /^total\b/i.test(line.folded[0]!) && line.cells.length === header.length);
    if (total < 0) continue;
    const row = lines[h + 1 + total]!;
    const at = (cell: number): AmountCandidate | null => {
      const value = row.cells[cell] ?? "";
      const cents = hasAmount(value) ? parseAmountCents(value) : null;
      return cents === null ? null : { cents, hit: { value, line: h + 1 + total, cell, position: "below" } };
    };
    const [n, v, g] = [at(net), at(vat), at(gross)];
    if (n && v && g) return { net: n, vat: v, gross: g };
  }
  return null;
}

/** Among every labelled amount, the net/VAT/total triple that adds up; else the first of each. */
/** 'Total: 258,27 lei' is usual; a summary box may print '258,27 lei  de plată până la …'. */
function amountsLeftOfDue(lines: TextLine[]): AmountCandidate[] {
  const out: AmountCandidate[] = [];
  lines.forEach((line, l) =>
    line.folded.forEach((cell, c) => {
      const left = line.cells[c - 1];
      if (c > 0 && /^de\s+plat[ai]\b/i.test(cell) && left && hasAmount(left)) {
        out.push({ cents: parseAmountCents(left)!, hit: { value: left, line: l, cell: c - 1, position: "right" } });
      }
    }),
  );
  return out;
}

/** 'achitați 314,32 lei până la 16.02.2026': the amount due inside a sentence. */
function amountsInDueSentence(lines: TextLine[]): AmountCandidate[] {
  const out: AmountCandidate[] = [];
  lines.forEach((line, l) =>
    line.folded.forEach((cell, c) => {
      const m = /(\d{1,3}(?:\.\d{3})*,\d{2}|\d+[.,]\d{2})\s*(?:lei|ron)\s+(?:de\s+plata\s+)?pana\s+(?:la|pe)\b/i.exec(cell);
      const cents = m ? parseAmountCents(m[1]!) : null;
      if (m && cents !== null) out.push({ cents, hit: { value: line.cells[c]!.slice(m.index, m.index + m[1]!.length), line: l, cell: c, position: "same_cell" } });
    }),
  );
  return out;
}

/**
 * A charges table's 'Total' row with net and VAT columns only (the gross printed elsewhere): the two
 * amounts, when the second is the first's VAT at the bill's rate.
 */
function totalRowPair(lines: TextLine[], rates: number[]): { net: AmountCandidate; vat: AmountCandidate } | null {
  for (const [l, line] of lines.entries()) {
    if (!/^total\s*:?$/i.test(line.folded[0]!) || line.cells.length !== 3 || !line.cells.slice(1).every(hasAmount)) continue;
    const [net, vat] = [parseAmountCents(line.cells[1]!)!, parseAmountCents(line.cells[2]!)!];
    if (!vatMatchesRate(net, vat, rates)) continue;
    const at = (cell: number, cents: number): AmountCandidate => ({ cents, hit: { value: line.cells[cell]!, line: l, cell, position: "right" } });
    return { net: at(1, net), vat: at(2, vat) };
  }
  return null;
}

/**
 * A note that cancels an earlier invoice ('stornare', 'storno', 'anulare') before billing the period
 * again: its cancelled section's net, VAT and total add up at the rate as the re-billed ones do, and so
 * does a sum across the two sections, so no check tells them apart.
 */
const CANCELLATION = /\bstorn(?:are|area|o|at[aei]?|eaza)\b|\banular(?:e|ea)\b/i;
/** 'A. Stornare factura …', 'Storno factura …', 'Anulare factura …': a cancelled invoice's section heading. */
const CANCELLATION_HEADING = new RegExp(String.raw`${SECTION_MARK}(?:storn|anular)`, "i");
/** The next section: a lettered or numbered heading ('B. Refacturare …'), or one naming the billing again. */
const NEXT_SECTION = /^(?:[a-h]|[ivx]{1,4})[.)]\s+\p{L}/iu;
const REBILLING = /\b(?:refactur|recalcul)/i;
/** An amount printed negative ('-212,45', '− 44,61 lei'): a cancelled or credited sum. */
const NEGATIVE_AMOUNT = /^[-−–]\s?\d/;

/** The lines of a cancelled invoice's section: from its heading to the next section's. */
function cancelledSection(lines: TextLine[]): Set<number> {
  const out = new Set<number>();
  for (let l = 0; l < lines.length; l++) {
    if (!CANCELLATION_HEADING.test(lines[l]!.folded[0] ?? "")) continue;
    out.add(l);
    const sectionEnds = (line: TextLine) =>
      NEXT_SECTION.test(line.folded[0] ?? "") || REBILLING.test(line.folded.join(" "));
    for (let k = l + 1; k < lines.length && !sectionEnds(lines[k]!); k++) out.add(k);
  }
  return out;
}

/**
 * The lines the bill's totals may come from on a note that prints a cancellation: the cancelled
 * section's lines and every amount printed negative left blank (same line and cell numbers).
 */
function withoutCancelled(lines: TextLine[]): TextLine[] {
  const cancelled = cancelledSection(lines);
  const blank = (cells: string[], l: number) =>
    cells.map((cell) => (cancelled.has(l) || NEGATIVE_AMOUNT.test(cell.trim()) ? "" : cell));
  return lines.map((line, l) => ({ cells: blank(line.cells, l), folded: blank(line.folded, l) }));
}

/** A line naming electricity: the electricity section's own subtotal on a bill of several services. */
const ELECTRICITY = /\benergie(?:i)?\s+electric[ae]?\b|\belectricitate\b|\bcurent\s+electric\b/i;
const namesElectricity = (lines: TextLine[], hit: LabelHit | undefined) => hit !== undefined && hit.line >= 0 && ELECTRICITY.test(lines[hit.line]?.folded.join(" ") ?? "");

/** A payment service's or a bank's fee for paying the bill: never part of the bill's own total. */
const FEE = /\bcomision(?:ul)?\b|\btax[ai]\s+(?:de\s+)?(?:serviciu|procesare|tranzactie)\b/i;

/**
 * A reading that straddles a change of VAT rate (19 % to 21 % on 1 August 2025, Law 141/2025) is billed
 * with a VAT row per rate ('Bază TVA 19% (…) ⇥ 350,37 ⇥ TVA 19% ⇥ 66,57', then the 21 % row): the
 * bill's VAT is the rows' sum, at a rate between the two on the whole net. Each row's VAT is the
 * amount after its 'TVA NN%' (in its cell or the next); a base's caption ('Bază TVA 19%') is followed
 * by the base, never the VAT. Null unless two rates or more are printed with one VAT amount each.
 */
export interface VatSplit {
  vatCents: number;
  rates: number[];
}
const RATE_CAPTION = /\btva\s*\(?(\d{1,2})\s?%\)?\s*:?\s*/i;
export function vatSplit(lines: TextLine[]): VatSplit | null {
  const byRate = new Map<number, Set<number>>();
  for (const line of lines) {
    line.folded.forEach((cell, c) => {
      const m = RATE_CAPTION.exec(cell);
      if (!m || /\bbaz[ae]\b/i.test(cell.slice(0, m.index))) return;
      const rest = line.cells[c]!.slice(m.index + m[0].length).trim();
      const value = rest ? rest : (line.cells[c + 1] ?? "");
      const cents = hasAmount(value) ? parseAmountCents(value) : null;
      const rate = Number(m[1]);
      if (cents === null || cents <= 0 || rate < 5 || rate > 24) return;
      byRate.set(rate, (byRate.get(rate) ?? new Set()).add(cents));
    });
  }
  // One rate with two amounts (a column's rows, a sub-total and a total): not a row per rate.
  if (byRate.size < 2 || [...byRate.values()].some((amounts) => amounts.size > 1)) return null;
  return { vatCents: [...byRate.values()].reduce((sum, amounts) => sum + [...amounts][0]!, 0), rates: [...byRate.keys()].map((r) => r / 100) };
}
/** The bill's VAT on a split reading: the rows' sum, between the lowest and the highest rate on the net. */
export function splitFits(split: VatSplit | null, netCents: number, vatCents: number): boolean {
  if (!split || Math.abs(vatCents - split.vatCents) > 1) return false;
  const tolerance = Math.max(3, Math.round(netCents * 0.002));
  return vatCents >= Math.round(netCents * Math.min(...split.rates)) - tolerance && vatCents <= Math.round(netCents * Math.max(...split.rates)) + tolerance;
}

function chooseTotals(lines: TextLine[], rates: number[], electricityFirst: boolean, split: VatSplit | null = null): Totals {
  const table: { net: AmountCandidate; vat: AmountCandidate; gross?: AmountCandidate } | null = tableTotalRow(lines) ?? totalRowPair(lines, rates);
  // On a bill of several services the electricity section's subtotals come first (a stable sort).
  const ordered = (found: AmountCandidate[]) =>
    electricityFirst ? [...found].sort((a, b) => Number(namesElectricity(lines, b.hit)) - Number(namesElectricity(lines, a.hit))) : found;
  const nets = ordered([...(table ? [table.net] : []), ...amountsAfter(lines, L.net)]);
  const vats = ordered([...(table ? [table.vat] : []), ...amountsAfter(lines, L.vat)]);
  const grossesRead = ordered([...(table?.gross ? [table.gross] : []), ...amountsAfter(lines, L.gross), ...amountsLeftOfDue(lines), ...amountsInDueSentence(lines)]);
  // A payment service's total is the bill's value plus its own fee ('Comision serviciu 2,49 lei'): the fee is not the bill's.
  const fees = amountsAfter(lines, [FEE]);
  const grosses = grossesRead.filter((gross) => !grossesRead.some((bill) => fees.some((fee) => fee.cents > 0 && bill.cents + fee.cents === gross.cents)));
  for (const gross of grosses) {
    for (const net of nets) {
      for (const vat of vats) {
        if (totalsAddUp(net.cents, vat.cents, gross.cents) && (vatMatchesRate(net.cents, vat.cents, rates) || splitFits(split, net.cents, vat.cents))) {
          return { net, vat, gross, vatDerived: false };
        }
      }
    }
  }
  if (vats.length === 0) {
    for (const gross of grosses) {
      for (const net of nets) {
        const vat = gross.cents - net.cents;
        if (vat > 0 && vatMatchesRate(net.cents, vat, rates)) return { net, vat: { cents: vat, hit: gross.hit }, gross, vatDerived: true };
      }
    }
  }
  // A VAT line read with one digit wrong (a scan): total − net at the rate, one digit from what was read.
  for (const gross of grosses) {
    for (const net of nets) {
      const vat = gross.cents - net.cents;
      const misread = vats.find((read) => oneDigitApart(read.cents, vat));
      if (misread && vat > 0 && vatMatchesRate(net.cents, vat, rates)) return { net, vat: { cents: vat, hit: misread.hit }, gross, vatDerived: true, vatOneDigitOff: true };
    }
  }
  // So may the total without VAT be ('1.818,17' for '1.018,17'): total − VAT, which the VAT read is the rate of.
  for (const gross of grosses) {
    for (const vat of vats) {
      const net = gross.cents - vat.cents;
      const misread = nets.find((read) => oneDigitApart(read.cents, net));
      if (misread && net > 0 && vatMatchesRate(net, vat.cents, rates)) return { net: { cents: net, hit: misread.hit }, vat, gross, vatDerived: false, netOneDigitOff: true };
    }
  }
  // No VAT read that fits (a scan garbled its line): a net one digit off what the total leaves at a rate
  // ('714,14' for '774,14' under 921,23 at 19 %), the VAT their difference.
  if (!vats.some((vat) => grosses.some((gross) => nets.some((net) => totalsAddUp(net.cents, vat.cents, gross.cents))))) {
    for (const gross of grosses) {
      for (const rate of rates) {
        const net = Math.round(gross.cents / (1 + rate));
        const misread = nets.find((read) => oneDigitApart(read.cents, net));
        if (misread && vatMatchesRate(net, gross.cents - net, rates)) {
          return { net: { cents: net, hit: misread.hit }, vat: { cents: gross.cents - net, hit: gross.hit }, gross, vatDerived: true, vatOneDigitOff: true, netOneDigitOff: true };
        }
      }
    }
  }
  // Labels gave no triple that passes both checks: one found among every amount that does wins over
  // labelled amounts that fail them.
  // A reading billed at two rates: the largest net whose VAT is the rows' sum and whose total is
  // printed too. One rate's row (its base, VAT, and the VATs' sum) adds up as well, smaller: never the bill's.
  const amounts = moneyAmounts(lines);
  if (split) {
    const at = (a: { cents: number; line: number; cell: number }): AmountCandidate => ({ cents: a.cents, hit: { value: "", line: a.line, cell: a.cell } });
    const vat = amounts.find((a) => a.cents === split.vatCents);
    const net = amounts
      .filter((n) => splitFits(split, n.cents, split.vatCents) && amounts.some((g) => totalsAddUp(n.cents, split.vatCents, g.cents)))
      .sort((a, b) => b.cents - a.cents)[0];
    const gross = net && amounts.find((g) => totalsAddUp(net.cents, split.vatCents, g.cents));
    if (net && gross && vat) return { net: at(net), vat: at(vat), gross: at(gross), vatDerived: false, byTriple: true, splitByAmounts: true };
  }
  const triple = amountTriple(amounts, rates);
  // With a VAT row per rate, a triple whose VAT is not their sum is one rate's sub-total.
  if (triple && (!split || Math.abs(triple.vat.cents - split.vatCents) <= 1)) {
    const at = (a: { cents: number; line: number; cell: number }): AmountCandidate => ({ cents: a.cents, hit: { value: "", line: a.line, cell: a.cell } });
    // A total printed under a total's label larger than the triple's: the triple is a charge row or a
    // sub-total (a scan lost the total row's VAT). The bill's is that total with a net it is the VAT
    // rate above ('TOTAL 668,45 … 808,82': 140,37 at 21 %); with none, the row's triple is below sure.
    const larger = grosses.filter((g) => g.cents > triple.gross.cents + 1).sort((a, b) => b.cents - a.cents);
    for (const gross of larger) {
      const net = amounts
        .filter((a) => a.cents < gross.cents && vatMatchesRate(a.cents, gross.cents - a.cents, rates))
        .sort((a, b) => b.cents - a.cents)[0];
      if (net) return { net: at(net), vat: { cents: gross.cents - net.cents, hit: gross.hit }, gross, vatDerived: true, byTriple: true, underLargerTotal: true };
    }
    return { net: at(triple.net), vat: at(triple.vat), gross: at(triple.gross), vatDerived: false, byTriple: true, underLargerTotal: larger.length > 0 };
  }
  for (const gross of grosses) {
    for (const net of nets) {
      for (const vat of vats) if (totalsAddUp(net.cents, vat.cents, gross.cents)) return { net, vat, gross, vatDerived: false };
    }
  }
  // On a bill that also bills late-payment penalties or takes the state's aid off, the amount to pay
  // ('TOTAL DE PLATĂ' = the bill + penalties, 'Suma de plată', 'REST DE PLATĂ') is not the bill's value:
  // unchecked by a net and a VAT, it is never taken for it.
  const toPay = billsExtras(lines) ? new Set(amountsAfter(lines, AMOUNT_TO_PAY).map((a) => a.cents)) : new Set<number>();
  const gross = grosses.find((g) => !toPay.has(g.cents)) ?? null;
  if (!gross && nets.length === 0 && vats.length === 0) {
    const restored = restPlusDeductions(lines);
    if (restored) return { net: null, vat: null, gross: restored, vatDerived: false, restPlusDeductions: true };
  }
  return { net: nets[0] ?? null, vat: vats[0] ?? null, gross, vatDerived: false };
}

/** 'REST DE PLATĂ': what is left to pay after the deductions printed above it. */
const REST_TO_PAY = /^rest(?:ul)?\s+de\s+plat[ai]\b/i;
/**
 * The bill's value where a scan lost it with its net and VAT: the rest to pay plus the deductions printed
 * between the bill's total caption and it (a vulnerable consumer's aid and supplement, '−228,00',
 * '−10,00'), the bill's value less them being what is left to pay. Null without a deduction.
 */
function restPlusDeductions(lines: TextLine[]): AmountCandidate | null {
  const at = lines.findIndex((line) => REST_TO_PAY.test(line.folded[0]?.trim() ?? ""));
  if (at < 0) return null;
  const rest = lines[at]!.cells.slice(1).find(hasAmount);
  const captions = lines.slice(0, at).map((line, l) => (line.folded.some((cell) => L.gross.some((label) => label.test(cell))) ? l : -1));
  const totalCaption = Math.max(-1, ...captions);
  if (!rest || totalCaption < 0) return null;
  const deductions = lines
    .slice(totalCaption + 1, at)
    .flatMap((line) => line.cells.filter((cell) => NEGATIVE_AMOUNT.test(cell.trim())))
    .map((cell) => parseAmountCents(cell.trim().replace(/^[-−–]\s?/, "")));
  const restCents = parseAmountCents(rest);
  if (restCents === null || deductions.length === 0 || deductions.some((d) => d === null || d <= 0)) return null;
  return { cents: restCents + deductions.reduce((sum: number, d) => sum + d!, 0), hit: { value: rest, line: at, cell: lines[at]!.cells.indexOf(rest), position: "right" } };
}

/** The captions of what the holder pays, which may hold more than the bill's value (penalties) or less (aid). */
const AMOUNT_TO_PAY = [/\bde\s+plat[ai]\b/i, /\bde\s+achitat\b/i, /\brest(?:ul)?\s+de\s+plat[ai]\b/i];
/** Late-payment penalties billed with an amount, or a deduction's negative row (a vulnerable consumer's aid). */
const billsExtras = (lines: TextLine[]) =>
  lines.some((line) => line.folded.some((cell, c) => /\bpenalitat/i.test(cell) && (hasAmount(cell) || hasAmount(line.cells[c + 1] ?? "")))) ||
  lines.some((line) => line.cells.some((cell) => NEGATIVE_AMOUNT.test(cell.trim())));

/** A register's total row ('1.8.0 Total', 'Total'): the sum of the registers above it. */
const REGISTER_TOTAL = /^(?:1\.8\.0\b|total\b)/i;

/** The columns of a readings table's captions for the old and the new index (-1 where a caption is missing). */
function indexColumns(head: TextLine): [number, number] {
  const at = (labels: RegExp[]) => head.folded.findIndex((cell) => labels.some((label) => label.exec(cell)?.index === 0));
  return [at(L.oldIndex), at(L.newIndex)];
}

/**
 * A table of meter readings with one row per register (day and night, 1.8.1 and 1.8.2): what is
 * billed is the meter's whole consumption, the total row's readings if printed, else the registers'
 * sum. Null unless the readings' columns hold two registers or more.
 */
function registerIndexes(lines: TextLine[]): { old: number; new: number } | null {
  for (const [l, head] of lines.entries()) {
    const [oldAt, newAt] = indexColumns(head);
    if (oldAt < 0 || newAt <= oldAt) continue;
    const rows: { old: number; new: number; total: boolean }[] = [];
    for (const row of lines.slice(l + 1)) {
      // Counted from the row's end: a scan's stray mark ('_', '=') may add a cell at its start. One
      // read past the last column (a smudge read as 'IEI') holds no figure: it is no column's.
      let end = row.cells.length;
      while (end > head.cells.length && !/\d/.test(row.cells[end - 1]!)) end--;
      const cellUnder = (column: number) => row.cells[end - (head.cells.length - column)];
      const [from, to] = [cellUnder(oldAt), cellUnder(newAt)];
      if (!from || !to || !isFigure(from) || !isFigure(to)) break;
      // More figures than the table has columns: another table's row (a history's months), no register.
      if (row.cells.filter(isFigure).length > head.cells.length) break;
      const [o, n] = [parseKwh(from), parseKwh(to)];
      if (o === null || n === null || n < o) break;
      rows.push({ old: o, new: n, total: REGISTER_TOTAL.test(row.folded[0]!) });
    }
    const total = rows.find((row) => row.total);
    const registers = rows.filter((row) => !row.total);
    if (registers.length < 2) continue;
    if (total) return { old: total.old, new: total.new };
    const sum = registers.reduce((sum, row) => ({ old: sum.old + row.old, new: sum.new + row.new }), { old: 0, new: 0 });
    return { old: asPrinted(sum.old), new: asPrinted(sum.new) };
  }
  return null;
}

/**
 * A charges table's column caption ('U.M.', 'Cantitate' or its 'Cant.', 'Preț unitar'), beside the
 * 'Denumire produs' (or 'Produs / serviciu') column's: never a product's name.
 */
const TABLE_COLUMN_CAPTION = /^(?:u\.?\s?m\.?|unitate(?:a)?\s+de\s+masura|cantitate(?:a)?|cant\.?|pret(?:ul)?\s+unitar\b.*|valoare(?:a)?(?:\s+\(lei\))?)$/i;

/** A table's header: two of its cells or more are column captions ('U.M.', 'Cantitate', 'Preț unitar'), a scan's rules ('|') aside. */
const isTableHeader = (line: TextLine) => line.folded.filter((cell) => HEADER_CAPTION.test(cell.replace(/[|[\]"]/g, "").trim())).length >= 2;
/** Column captions of a charges table beyond the quantity's and price's: the values without and with VAT, the VAT's. */
const HEADER_CAPTION = new RegExp(`${TABLE_COLUMN_CAPTION.source}|^(?:valoare(?:a)?\\s+(?:fara|cu)\\b.*|tva\\s*(?:\\((?:lei|ron)\\))?|cota\\s+tva)$`, "i");

/** A meter table's caption for its readings ('Index vechi', 'Citire 31.08.2026', 'Registru'). */
const READINGS_CAPTION = /\b(?:index|citire|registru)\b/i;

/**
 * The figures under a consumption column's caption (cell c of line l), one per register row, and the
 * total row's ('Total consum  91', '1.8.0 Total') if printed: counted from the row's end, as the readings are.
 */
function registerColumn(lines: TextLine[], l: number, c: number): { registers: number[]; sum: number; total: number | null; unchecked: boolean } {
  const head = lines[l]!;
  const registers: number[] = [];
  let total: number | null = null;
  let unchecked = false;
  const figure = (cell: string | undefined) => cell !== undefined && isFigure(cell);
  // Only a table of readings has registers (a monthly history's rows are months).
  if (!head.folded.some((cell) => READINGS_CAPTION.test(cell))) return { registers, sum: 0, total, unchecked };
  const [oldAt, newAt] = indexColumns(head);
  for (const row of lines.slice(l + 1)) {
    const under = (column: number) => row.cells[row.cells.length - (head.cells.length - column)];
    const cell = under(c);
    const kwh = figure(cell) ? parseKwh(cell!) : null;
    if (kwh === null) break;
    if (REGISTER_TOTAL.test(row.folded[0]!) || L.consumption.some((label) => label.test(row.folded[0]!))) {
      total = kwh;
      break;
    }
    // A register's row prints its readings beside its consumption: a row with one figure is another table's,
    // and so is one with more figures than the table has columns (a history's months).
    const figures = row.cells.filter(figure).length;
    if (figures < 2 || figures > head.cells.length) break;
    // A register whose readings do not make its figure (new − old): the sum is not confirmed by them.
    if (oldAt >= 0 && newAt > oldAt) {
      const [o, n] = [under(oldAt), under(newAt)].map((v) => (figure(v) ? parseKwh(v!) : null));
      if (o == null || n == null || asPrinted(n - o) !== kwh) unchecked = true;
    }
    registers.push(kwh);
  }
  return { registers, sum: asPrinted(registers.reduce((sum, kwh) => sum + kwh, 0)), total, unchecked };
}

/** The meter table's consumption column when it holds two registers or more (registerColumn), else null. */
function meterRegisters(lines: TextLine[]): ReturnType<typeof registerColumn> | null {
  for (const [l, line] of lines.entries()) {
    for (const [c, cell] of line.folded.entries()) {
      if (!/\(kwh\)\s*:?$/i.test(cell) || !L.consumption.some((label) => label.test(cell))) continue;
      const column = registerColumn(lines, l, c);
      if (column.registers.length >= 2) return column;
    }
  }
  return null;
}

/** A prosumer's bill compensating what was delivered against what was taken ('Compensare cantitativă', 'consum net'). */
const COMPENSATION = /\bcompensa(?:re|ta|t)\b|\bconsum(?:ul)?\s+net\b/i;
/** A bidirectional meter's register of energy delivered to the grid ('2.8.0', 'livrată în rețea', 'injectată'). */
const DELIVERED_REGISTER = /^(?:2\.8(?:\.\d)?\b|.*\b(?:livrat[a]?|injectat[a]?|evacuat[a]?)\b)/i;

/**
 * The delivered register's difference (new − old) in a table of readings whose captions name both
 * indexes, or null. On a bill compensating it, the billed kWh is the taken register's difference less this one.
 */
function deliveredRegister(lines: TextLine[]): number | null {
  for (const [l, head] of lines.entries()) {
    const [oldAt, newAt] = indexColumns(head);
    if (oldAt < 0 || newAt <= oldAt) continue;
    for (const row of lines.slice(l + 1, l + 6)) {
      if (!DELIVERED_REGISTER.test(row.folded[0]!)) continue;
      let end = row.cells.length;
      while (end > head.cells.length && !/\d/.test(row.cells[end - 1]!)) end--;
      const [from, to] = [row.cells[end - (head.cells.length - oldAt)], row.cells[end - (head.cells.length - newAt)]];
      if (!from || !to || !isFigure(from) || !isFigure(to)) continue;
      const [o, n] = [parseKwh(from), parseKwh(to)];
      if (o !== null && n !== null && n >= o) return n - o;
    }
  }
  return null;
}

const INDEX_PAIR_VALUE = /^(\d[\d.,]*)\s*\/\s*(\d[\d.,]*)$/;

function indexesOf(lines: TextLine[]): { old: number; new: number; captionJoined?: true } | null {
  const registers = registerIndexes(lines);
  if (registers) return registers;
  const joined = indexesByLabel(lines) ? null : indexesByLabel(lines.map(captionJoined));
  return joined ? { ...joined, captionJoined: true } : indexesByLabel(lines);
}

/**
 * A caption a scan parted at a wide gap between its words ('Index ⇥ anterior ⇥ 44258'): the cells of
 * words before the line's one figure are one caption.
 */
function captionJoined(line: TextLine): TextLine {
  const last = line.cells.length - 1;
  if (last < 2 || !/\d/.test(line.cells[last]!) || line.cells.slice(0, last).some((cell) => /\d/.test(cell))) return line;
  const cells = [line.cells.slice(0, last).join(" "), line.cells[last]!];
  return { cells, folded: cells.map(foldSameLength) };
}

/**
 * A due date printed only as a term from the issue date, after the due date's label: 'Termen de plată ⇥ 15
 * zile calendaristice de la data emiterii'. Calendar days (a term in working days, 'zile lucrătoare', is
 * not counted here); never the next reading's window printed beside it.
 */
const TERM_FROM_ISSUE = /\b(\d{1,2})\s+zile(?:\s+calendaristice)?\s+(?:de\s+la|din|dupa)\s+(?:data\s+)?(?:emiterii|emitere|emiterea|facturii|facturarii)\b/i;
function dueFromTerm(lines: TextLine[], issue: string): string | null {
  const hit = valueAfterLabel(lines, L.dueDate, (v) => TERM_FROM_ISSUE.test(foldSameLength(v)));
  // Its label lost (a scan), the term alone in its cell: the due date's, no sentence's (penalties are counted from the due date).
  const term = hit?.value ?? lines.flatMap((line) => line.cells).find((cell) => TERM_FROM_ISSUE.exec(foldSameLength(cell))?.index === 0);
  const days = term ? Number(TERM_FROM_ISSUE.exec(foldSameLength(term))![1]) : 0;
  return days >= 1 ? addDays(issue, days) : null;
}

/** The one date in the cell right before a term from the issue date ('02.07.2025 ⇥ 15 zile calendaristice de la data emiterii'). */
function dateBesideTerm(lines: TextLine[]): string | null {
  for (const line of lines) {
    const at = line.folded.findIndex((cell) => TERM_FROM_ISSUE.exec(cell)?.index === 0);
    const before = at > 0 ? findDates(line.cells[at - 1]!) : [];
    if (before.length === 1) return before[0]!;
  }
  return null;
}

/** A cell holding an address's abbreviation with its dot: 'ap.30', 'Mun.București Sec.2', 'bl.A3'. */
const ADDRESS_PART = /\b(?:str|jud|mun|sec|bd|sos|cal|nr|bl|sc|et|ap|com|sat)\.\s*[\p{L}\d]/iu;

function indexesByLabel(lines: TextLine[]): { old: number; new: number } | null {
  // 'Index vechi / Index nou' over '15096 / 15650': one caption (its second half read as a gloss) and one cell for both.
  const pair = valueAfterLabel(lines, L.oldIndex, (v) => INDEX_PAIR_VALUE.test(v.trim()));
  const [oldOfPair, newOfPair] = pair ? INDEX_PAIR_VALUE.exec(pair.value.trim())!.slice(1).map((v) => parseKwh(v!)) : [];
  if (oldOfPair != null && newOfPair != null && newOfPair >= oldOfPair) return { old: oldOfPair, new: newOfPair };
  // An address's flat or locality under the caption ('ap.30', 'Mun.București Sec.2': a narrow column's
  // line read between the table's header and its row) is no reading.
  const number = (v: string) => /\d/.test(v) && !ADDRESS_PART.test(foldSameLength(v));
  const oldHit = valueAfterLabel(lines, L.oldIndex, number);
  const newHit = valueAfterLabel(lines, L.newIndex, number);
  const oldValue = oldHit ? parseKwh(oldHit.value) : null;
  const newValue = newHit ? parseKwh(newHit.value) : null;
  return oldValue !== null && newValue !== null && newValue >= oldValue ? { old: oldValue, new: newValue } : null;
}

/** 'nr. 131436/2022' after a label: the number, not its 'nr.'. */
const NUMBER_WORD = /^(?:nr|numar|no)\.?\s*:?\s*/i;

/** The rest of a label left in the value's cell ('Nr. contract' + 'furnizare: 792713/2021'): words ending in ':'. */
const LABEL_TAIL = /^\p{L}[\p{L} .]*:\s*/u;

/** A contract's number and its year ('468038/2025'). */
const NUMBER_AND_YEAR = /^\d{3,10}\/(?:19|20)\d{2}$/;

/** Lines printing this quantity in kWh ('747 kWh', '747 ⇥ kWh'): the charge rows' quantities. */
const rowsInKwh = (lines: TextLine[], kwh: number) => {
  const quantity = new RegExp(`(?<![\\d.,])${kwh}\\s*kwh`, "i");
  return lines.filter((line) => quantity.test(line.cells.join(" "))).length;
};

/** An amount with its decimals after a comma ('1.495,45'): no code is printed so. */
const MONEY_SHAPE = /^\d{1,3}(?:\.\d{3})*,\d{2}$/;

/**
 * The code after a label: the value's first word; for a contract, the number-and-year among the
 * value's words when there is one (a caption naming two codes, 'Cod client / Nr. contract', over both
 * values, 'C-049111 / 468038/2025').
 */
/**
 * An address label a scan split into cells ('Adresa ⇥ locului de c ⇥ nsum ⇥ Jud.TM … nr.68'): the address
 * that starts a later cell of the label's line, the cells between holding the label's rest (words, no digit).
 */
function addressAfterSplitLabel(lines: TextLine[]): LabelHit | null {
  for (const [l, line] of lines.entries()) {
    const c = line.folded.findIndex((cell) => L.address.some((label) => label.exec(cell)?.index === 0));
    if (c < 0) continue;
    for (let k = c + 1; k < line.cells.length; k++) {
      const cell = line.cells[k]!;
      if (ADDRESS_START.exec(line.folded[k]!)?.index === 0 && /\d/.test(cell)) return { value: cell, line: l, cell: k, position: "right" };
      if (/\d/.test(cell)) break;
    }
  }
  return null;
}

/** A POD's start ('RO007E59…'), a scan having lost its end: no other code starts so. */
const POD_START = /^RO\d{3}E\d/i;
// A date (a due date in the next row of a grid whose value the scan lost) is never a code either.
function codeAfter(lines: TextLine[], labels: RegExp[], shape?: RegExp): string | null {
  const code = (v: string) => v.replace(NUMBER_WORD, "").replace(LABEL_TAIL, "");
  const words = (v: string) => code(v).split(/\s+/).map((word) => word.replace(/[.,;:]+$/, ""));
  const first = (v: string) => words(v)[0]!;
  // A POD is never another code: a caption over a row the scan read with cells more or fewer lands on it.
  const hit = valueAfterLabel(lines, labels, (v) => /^[A-Z0-9][A-Z0-9/\-.]{2,}/i.test(code(v)) && /\d/.test(first(v)) && !startsWithLabel(v) && findPod(first(v)) === null && !POD_START.test(first(v)) && !hasDate(v) && !MONEY_SHAPE.test(first(v)));
  if (!hit) return null;
  return (shape && words(hit.value).find((word) => shape.test(word))) || digitGroupsJoined(words(hit.value), shape) || first(hit.value);
}

/**
 * A code whose digits a gap parted ('Cod client: 286 610935', 'Contract: 09524 3/2021': a lamp's band or a
 * speck across the figure, or a code printed in groups): the value's words all runs of digits (the last
 * with its contract's year at most), two to four of them, are one code — when together they have the
 * label's shape (a number and its year), or, with no shape, the first run is too short for a code of its own
 * (under six digits) and the runs make six to thirteen digits (a whole code and another column's figure
 * after it stay apart).
 */
function digitGroupsJoined(words: string[], shape?: RegExp): string | null {
  if (words.length < 2 || words.length > 4 || !words.slice(0, -1).every((w) => /^\d+$/.test(w)) || !/^\d+(?:\/(?:19|20)\d{2})?$/.test(words.at(-1)!)) return null;
  const joined = words.join("");
  if (shape) return shape.test(joined) ? joined : null;
  const digits = joined.split("/")[0]!.length;
  return words[0]!.length < 6 && digits >= 6 && digits <= 13 ? joined : null;
}

/**
 * A due date more than a year after the bill's date (or its period's end) is a misread year ('24.06.2075'
 * for 2026): a bill falls due in days or weeks. Before it, by more than a period, neither.
 */
export function dueWithinReach(due: string, reference: string | null): boolean {
  if (!reference) return true;
  const days = daysBetween(reference, due);
  return !Number.isFinite(days) || (days <= 366 && days >= -62);
}

/** The post's franking box on an envelope's window ('TAXĂ POȘTALĂ PLĂTITĂ', '… cu C.N. Poșta Română S.A.'). */
const POSTAL_MARK = /\btaxa\s+postala\s+platita\b|\bposta\s+romana\b/i;
const CONTRACT_CELL = /^contract\b/i;
/** A contract cell within two lines of a postal mark: the post's contract with the sender, never the holder's. */
const isPostalContract = (lines: TextLine[], l: number, cell: string) =>
  CONTRACT_CELL.test(cell) && lines.slice(Math.max(0, l - 2), l + 3).some((line) => line.folded.some((c) => POSTAL_MARK.test(c)));
const postalContractIn = (lines: TextLine[]) => lines.some((line, l) => line.folded.some((cell) => isPostalContract(lines, l, cell)));
/** The lines without the franking box's contract cells (a line left empty is left out). */
function withoutPostalContract(lines: TextLine[]): TextLine[] {
  if (!postalContractIn(lines)) return lines;
  return lines.flatMap((line, l) => {
    const keep = line.folded.map((cell) => !isPostalContract(lines, l, cell));
    if (keep.every(Boolean)) return [line];
    const cells = line.cells.filter((_, c) => keep[c]);
    return cells.length ? [{ ...line, cells, folded: line.folded.filter((_, c) => keep[c]) }] : [];
  });
}

/** (net + VAT) / kWh, else gross / kWh, rounded half up to 4 decimals. */
export function pricePerKwh(
  netCents: number | null,
  vatCents: number | null,
  grossCents: number | null,
  kwh: number | null,
): { value: string; source: "net_plus_vat" | "total_with_vat" } | null {
  if (!kwh || kwh <= 0) return null;
  const [cents, source] =
    netCents !== null && vatCents !== null
      ? [netCents + vatCents, "net_plus_vat" as const]
      : grossCents !== null
        ? [grossCents, "total_with_vat" as const]
        : [null, null];
  if (cents === null || source === null) return null;
  // Lei per kWh to four decimals as the rest of the product rounds a price (money.ts: Number.toFixed):
  // a price exactly halfway (214,94 lei / 176 kWh = 1,22125) rounds alike everywhere it is shown.
  return { value: (cents / 100 / kwh).toFixed(4), source };
}

const readable = (v: string) => /[A-Za-zĂÂÎȘȚăâîșț]{2,}/.test(v) && !/:$/.test(v) && !startsWithLabel(v) && !BILL_NUMBER_LABELS.some((l) => l.test(foldSameLength(v)));

/** An English gloss after a Romanian label ('Data emiterii / Issue date:'): letters only, after a slash. */
const GLOSS = /\s+\/\s+[A-Za-z][A-Za-z .'()-]*?(?=:?$)/;

/**
 * Facts run on in one line, a spaced dash between them where a dot was printed ('Digi Energie Standard
 * - putere aprobată 4 kW', a scan's reading of '·'): a dash before a field's label in lower case parts
 * two facts. A dash between two values ('01.02.2026 - 28.02.2026') or before a name stays.
 */
const DASH_BEFORE_WORD = /[ \t]+[-–—][ \t]+(?=\p{Ll})/gu;
const factsAtDashes = (text: string) =>
  text.replace(DASH_BEFORE_WORD, (dash: string, at: number, all: string) => (startsWithLabel(all.slice(at + dash.length, at + dash.length + 60)) ? "\t" : dash));

/**
 * A ruling drawn in characters, as printers without graphics draw boxes and tables ('+-----+-----+',
 * '|-----|', '========'): no fact, and it must not part a table's header from its row.
 */
const CHARACTER_RULE = /^[\s+|=_-]*$/;
const isCharacterRule = (line: string) => CHARACTER_RULE.test(line) && /[+|]|[-=_]{3}/.test(line);
/**
 * A line framed by bars ('| CLIENT : X |', '| EL 2271 | 24434 | 25700 |'): a boxed row whose bars part
 * its cells. One edge is enough (a scan may lose the other, or the row's first cell with it: '24434 | 25700 |').
 */
const FRAMED = /^\s*\|\s*\S|\S\s*\|\s*$/;

/** A fixed-pitch print's boxes and tables, ruled with characters: the rules dropped, the bars parting cells. */
function characterTablesRead(text: string): string {
  return text
    .split(/\r?\n/)
    .filter((line) => !isCharacterRule(line))
    .map((line) => (FRAMED.test(line) ? line.replace(/\s*\|\s*/g, "\t") : line))
    .join("\n");
}

/**
 * A label padded to its colon in a fixed-pitch print ('CLIENT       : POPA ION'): the colon, parted
 * from its label by the padding, is the label's; the value is the next cell.
 */
function colonsWithLabels(cells: string[]): string[] {
  const out: string[] = [];
  for (const cell of cells) {
    const m = /^:\s*/.exec(cell);
    if (m && out.length > 0 && !out[out.length - 1]!.endsWith(":")) {
      out[out.length - 1] = `${out[out.length - 1]}:`;
      if (cell.length > m[0].length) out.push(cell.slice(m[0].length));
    } else out.push(cell);
  }
  return out;
}

/**
 * The bill's text as lines of cells, the way every layout is read: facts separated by bars
 * ('Factura X | emisă …') are cells of their own, and a bilingual label keeps only its Romanian part.
 */
export function billLines(text: string): TextLine[] {
  // 'Total factură: 1.014,43 lei, din care TVA (21%): 176,06 lei' holds two facts; a box's edge a scan
  // read as a double bar ('04.12.2025 || 19.12.2025') parts two cells as a single bar does.
  const cells = paragraphFacts(factsAtDashes(characterTablesRead(withoutPreviousSupplier(text))).replace(/[ \t]+\|{1,2}[ \t]+/g, "\t").replace(/,\s+din\s+care\s+/gi, "\t"));
  const lines = wrappedLabelsJoined(withoutFuelMix(toLines(cells))).map((line) => {
    const stripped = colonsWithLabels(pairedCaptionsApart(line.cells).map(dashedFact)).map((cell) => {
      const gloss = GLOSS.exec(cell);
      if (!gloss) return cell;
      const label = cell.slice(0, gloss.index);
      return cell.endsWith(":") || startsWithLabel(label) ? `${label}${cell.endsWith(":") ? ":" : ""}` : cell;
    });
    return { cells: stripped, folded: stripped.map(foldSameLength) };
  });
  return captionsFirst(lines).map((line, l, all) => captionsAfterValuesRunIn(line, all[l + 1]));
}

/**
 * A supplier of last resort's takeover notice, a change of supplier's letter: 'La furnizorul anterior:
 * cod client C26571741, contract VN-2026-57174.' The codes, contract and dates a sentence gives as the
 * previous supplier's are never this bill's own: the sentence is dropped, from the phrase naming that
 * supplier to its end (a full stop before a capital, or the line's end).
 */
const PREVIOUS_SUPPLIER = /\b(?:(?:fostul|vechiul)\s+furnizor|furnizor(?:ul)?\s+(?:(?:dumneavoastra|dvs)\.?\s+)?(?:anterior|precedent))\b/i;
const SENTENCE_END = /[.;](?=\s+\p{Lu})/u;

function withoutPreviousSupplier(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => {
      const folded = foldSameLength(line);
      const phrase = PREVIOUS_SUPPLIER.exec(folded);
      if (!phrase) return line;
      // 'La furnizorul anterior', 'De la fostul furnizor': the sentence's own opening words go with it.
      const opening = /(?:\b(?:de\s+)?la\s+)$/i.exec(folded.slice(0, phrase.index));
      const from = opening ? phrase.index - opening[0].length : phrase.index;
      const end = SENTENCE_END.exec(folded.slice(phrase.index));
      const to = end ? phrase.index + end.index + 1 : line.length;
      return `${line.slice(0, from)}${line.slice(to)}`.replace(/\s+$/, "");
    })
    .join("\n");
}

/** A tariff named with the word 'tarif' ('Tarif ultimă instanță casnic'): 'Tarif' and lower-case words, no colon. */
const TARIFF_NAMED = /^[Tt]arif\s+(?!(?:de|pentru|aplicat|aplicabil)\b)[a-z][a-z\s-]*$/;

/** A caption of words only ('putere aprobată'), no figure nor mark. */
const CAPTION_PART = /^\p{L}[\p{L} .]*$/u;

/**
 * Two captions sharing a cell and their values sharing the next, in the same order ('Produs / putere
 * aprobată ⇥ PPC Casa Standard / 6 kW'): each caption beside its own value. A gloss in another language
 * ('Produs / Product') has one value and is left whole.
 */
function pairedCaptionsApart(cells: string[]): string[] {
  const out: string[] = [];
  for (let c = 0; c < cells.length; c++) {
    const captions = cells[c]!.split(/\s+\/\s+/);
    const values = (cells[c + 1] ?? "").split(/\s+\/\s+/);
    const paired =
      captions.length >= 2 &&
      captions.length === values.length &&
      captions.every((part) => CAPTION_PART.test(part.trim())) &&
      values.some((part) => /\d/.test(part));
    if (!paired) {
      out.push(cells[c]!);
      continue;
    }
    captions.forEach((caption, i) => out.push(caption.trim(), values[i]!.trim()));
    c++;
  }
  return out;
}

/**
 * The fuel mix every supplier prints ('Cărbune 17,45 %', 'Hidro 28,12 %'): a block of its own, often
 * a column beside the bill's facts whose lines fall between a caption and its value. No field's value.
 */
const FUEL_SHARE =
  /^(?:carbune|lignit|huila|hidro(?:energie)?|nuclear[a]?|gaze(?:\s+naturale)?|eolian[a]?|solar[a]?|fotovoltaic[a]?|biomasa|geotermal[a]?|pacura|regenerabile|alte\s+(?:surse|resurse))\b[\p{L} ]*:?\s*\d{1,3}(?:[.,]\d{1,2})?\s*%$/iu;

const PERCENTAGE = /\d\s*%/;

/** A cell of the fuel mix: one share, or several a scan ran together ('Cărbune 17,45 % Hidro 28,12%'). */
const isFuelMix = (folded: string) => folded.trim().split(/(?<=%)\s+/).every((share) => FUEL_SHARE.test(share));

function withoutFuelMix(lines: TextLine[]): TextLine[] {
  return lines
    .map((line) => {
      const kept = line.cells.map((cell, c) => ({ cell, folded: line.folded[c]! })).filter(({ folded }) => !isFuelMix(folded));
      return kept.length === line.cells.length ? line : { cells: kept.map((k) => k.cell), folded: kept.map((k) => k.folded) };
    })
    .filter((line) => line.cells.length > 0);
}

/** 'Titular – POPA ION': a label and its value parted by a spaced dash. */
const DASHED = /^(.+?)\s+[–—-]\s+(\S.*)$/;

/** A fact printed 'Label – value' reads as 'Label: value'; a dash between two values (a period) stays. */
function dashedFact(cell: string): string {
  const m = DASHED.exec(cell);
  return m && isBareLabel(foldSameLength(m[1]!)) ? `${m[1]}: ${m[2]}` : cell;
}

/** A caption that names a field and nothing else, 'număr factură' as much as 'cod client'. */
const isCaption = (folded: string) => isBareLabel(folded) || BILL_NUMBER_LABELS.some((label) => label.exec(folded)?.index === 0 && label.exec(folded)![0].length >= folded.trim().length - 1);

/**
 * Facts printed value first, their caption after them in small type ('8111257095 ⇥ cod client ⇥
 * GEORGE LUPU ⇥ titular'): every other cell a bare caption, none of the rest a label. Each pair is put
 * back label first, the order every reader expects.
 */
const LOWER_CAPTION = /^\p{Ll}+(?: \p{Ll}+){0,3}$/u;

function captionsAfterValues(line: TextLine): TextLine {
  const { cells, folded } = line;
  if (cells.length < 2 || cells.length % 2 !== 0) return line;
  let named = false;
  for (let c = 0; c < cells.length; c += 2) {
    // A caption no label list knows ('ofertă') is still a few words in small letters.
    // A caption ending in ':' ('Titular:') is a label before the value on the next line.
    const caption = isCaption(folded[c + 1]!) && !folded[c + 1]!.trim().endsWith(":");
    if (!caption && !LOWER_CAPTION.test(cells[c + 1]!)) return line;
    // Two party headings side by side ('VÂNZĂTOR ⇥ CUMPĂRĂTOR') are two blocks' titles, not a value and its caption.
    if (PARTY_HEADING.test(folded[c]!)) return line;
    if (isCaption(folded[c]!) || namesAField(cells[c]!) || folded[c]!.includes(":")) return line;
    named ||= caption;
  }
  if (!named) return line;
  const swapped = cells.flatMap((_, c) => (c % 2 === 0 ? [cells[c + 1]!, cells[c]!] : []));
  return { cells: swapped, folded: swapped.map(foldSameLength) };
}

const UNIT_AFTER_FIGURE = /^(?:lei|ron|kwh|mwh|kw|kvarh|zile)\.?$/i;

/**
 * A caption run into its value's cell (a scan reads 'PRV 5815599 ⇥ număr factură' as one cell):
 * the words ending the cell from the first in lower case, when they are a caption.
 */
function valueAndCaption(cell: string): string[] {
  const words = cell.split(" ");
  for (let k = 1; k < words.length; k++) {
    if (!/^\p{Ll}/u.test(words[k]!)) continue;
    const caption = words.slice(k).join(" ");
    // An amount's or an energy's unit ('1.242,50 lei', '300 kWh') is no caption.
    if (UNIT_AFTER_FIGURE.test(caption)) continue;
    if (LOWER_CAPTION.test(caption) || isCaption(foldSameLength(caption))) return [words.slice(0, k).join(" "), caption];
  }
  return [cell];
}

/**
 * Facts printed value first, read apart first when their captions ran into their values' cells. A
 * table's header ('Serie contor ⇥ Index anterior ⇥ Data citirii ⇥ …', no figure, over a row of as
 * many cells) is captions only, left in its order.
 */
function captionsAfterValuesRunIn(line: TextLine, next: TextLine | undefined): TextLine {
  if (next?.cells.length === line.cells.length && !line.cells.some((cell) => /\d/.test(cell))) return line;
  const read = captionsAfterValues(line);
  if (read !== line) return read;
  const cells = line.cells.flatMap(valueAndCaption);
  // Values hold a figure or a code somewhere on such a line: two headings ('Date client ⇥ Date factură') do not.
  if (cells.length === line.cells.length || !cells.some((cell, c) => c % 2 === 0 && /\d/.test(cell))) return line;
  const split = { cells, folded: cells.map(foldSameLength) };
  const swapped = captionsAfterValues(split);
  return swapped === split ? line : swapped;
}

/**
 * Facts that run on as a paragraph, separated by semicolons and wrapped at the page width
 * ('…; cod client 3905036653; contract' over '001670/2025; POD …'): one fact a line.
 */
function paragraphFacts(text: string): string {
  const out: string[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) out.push(...paragraph.join(" ").split(/;\s+/).map((fact) => fact.replace(/[;.]\s*$/, "").trim()));
    paragraph = [];
  };
  for (const line of text.split(/\r?\n/)) {
    // A speck a scan read as a cell before the paragraph's line ('/ ⇥ Citiri contor: …; energie …') is no part of it.
    const cells = line.split("\t");
    const fact = cells.slice(leadingSpecks(cells)).join("\t");
    if (!fact.includes("\t") && /;\s+\S/.test(fact)) paragraph.push(fact.trim());
    else {
      flush();
      out.push(line);
    }
  }
  flush();
  return out.join("\n");
}

/** Words only: a label's wording, no value ('de consum (POD)', 'TVA (21%)'). */
const LABEL_WORDS = /^[\p{L}][\p{L} .()%\d]*$/u;
const wordsOnly = (cell: string) => LABEL_WORDS.test(cell) && !/\d{3}/.test(cell) && cell.split(/\s+/).length <= 4;

/**
 * A key table whose labels wrap over two lines, the value beside the first ('Numărul ⇥ EGW 916…' over
 * 'facturii'): the label's second line joins its first. Joined only when the first line alone names
 * no field, or the second line goes on in lower case, so a heading under a labelled line stays apart.
 */
const namesAField = (cell: string) => startsWithLabel(cell) || BILL_NUMBER_LABELS.some((label) => label.test(foldSameLength(cell)));
/** A house number, block or flat ('nr.30', 'bl.A3', 'ap.12'): an address's wrapped rest, never a label's second line. */
const ADDRESS_NUMBER = /(?<!\p{L})(?:nr|bl|sc|et|ap)\.\s*\p{L}?\d/iu;

/** A person's name in upper case: two to four words. */
const UPPER_NAME = /^\p{Lu}[\p{Lu}'-]+(?: \p{Lu}[\p{Lu}'-]+){1,3}$/u;

function wrappedLabelsJoined(lines: TextLine[]): TextLine[] {
  const out: TextLine[] = [];
  for (let l = 0; l < lines.length; l++) {
    const line = lines[l]!;
    const next = lines[l + 1];
    const first = line.cells[0]!;
    const tail = next?.cells.length === 1 ? next.cells[0]! : null;
    // The page's first line is its heading (the supplier's logo beside the title, a scan's misread
    // 'CIGA ENERC ⇥ FACTURĂ FINALĂ'), never a wrapped label: a name under it is the holder's.
    const nameUnderHeading = l === 0 && tail !== null && UPPER_NAME.test(tail);
    // A caption over a row of bare figures wider than this line (a history's months under 'Istoric consum
    // (kWh)') heads that row: never this line's label's second line.
    const after = lines[l + 2];
    const headsFigures = after !== undefined && after.cells.length > line.cells.length && after.cells.every((cell) => /^\d[\d.,]*$/.test(cell.trim()));
    // A block's heading in capitals over a name in capitals ('DATE CLIENT' over 'ANDREI IONIȚĂ'): the
    // holder's name under its heading, no second line of it (no name holds a heading's words).
    const nameUnderBlockHeading = tail !== null && UPPER_NAME.test(first) && UPPER_NAME.test(tail) && holdsLabelWord(first) && !holdsLabelWord(tail);
    // A heading's word in capitals alone ('CONSUM', the next card's title) under a value in mixed case ('Nova
    // Casa Verde ⇥ 5 kW'): the next block's heading, never the value's second line.
    const headingUnderValue = tail !== null && /\p{Ll}/u.test(first) && /^\p{Lu}{4,}(?:\s+\p{Lu}+)*$/u.test(tail.trim()) && holdsLabelWord(tail);
    if (line.cells.length >= 2 && tail && !nameUnderHeading && !nameUnderBlockHeading && !headsFigures && !headingUnderValue && wordsOnly(first) && wordsOnly(tail) && !ADDRESS_NUMBER.test(tail) && !LOCALITY_START.test(foldSameLength(tail)) && !first.endsWith(":") && (!namesAField(first) || /^\p{Ll}/u.test(tail))) {
      const cells = [`${first} ${tail}`, ...line.cells.slice(1)];
      out.push({ cells, folded: cells.map(foldSameLength) });
      l++;
    } else out.push(line);
  }
  return out;
}

/** A cell that is a label and nothing else ('Scadență', 'Total de plată:'). */
const isBareLabel = (folded: string) =>
  ALL_LABELS.some((label) => {
    const m = label.exec(folded);
    return m !== null && m.index === 0 && /^\s*(?:\((?:lei|ron|kwh)\))?\s*:?\s*$/i.test(folded.slice(m[0].length));
  });

/**
 * Key figures printed above their captions ('218,95 lei' over 'Total de plată'): a row of bare
 * labels under a row of as many unlabelled cells is moved above it, where labels usually sit.
 */
const unlabelled = (line: TextLine) => !line.folded.some((cell) => startsWithLabel(cell) || cell.endsWith(":"));

function captionsFirst(lines: TextLine[]): TextLine[] {
  const out = [...lines];
  for (let l = 1; l < out.length; l++) {
    const captions = out[l]!;
    const values = out[l - 1]!;
    if (captions.cells.length < 2 || captions.cells.length !== values.cells.length) continue;
    if (!captions.folded.every(isBareLabel) || !unlabelled(values)) continue;
    // A grid with labels above their values: these values belong to the labels above them, or
    // the captions to the values below them.
    const above = out[l - 2];
    const below = out[l + 1];
    if (above && above.cells.length === values.cells.length && above.folded.every(isBareLabel)) continue;
    if (below && below.cells.length === captions.cells.length && unlabelled(below)) continue;
    out[l - 1] = captions;
    out[l] = values;
  }
  return out;
}

/**
 * Words that put a row in a notice about another bill left unpaid ('PREAVIZ DE DECONECTARE', 'Factura
 * restantă ⇥ EPD 7135000', 'Sold restant (facturi anterioare)', 'nu am primit plata facturii …', the
 * date from which the supply may be cut off): a number or date there is the older bill's, never this one's.
 */
const ARREARS = /(?:restant\p{L}*|\bneachitat\p{L}*|\bneplatit\p{L}*|\bpreaviz\p{L}*|\bsomati\p{L}*|\bfactur\p{L}*\s+anterioar\p{L}*|\bsold(?:ul)?\s+anterior|\bnu\s+am\s+primit\s+plata|\bintrerup\p{L}*\s+(?:a\s+)?aliment|\bdeconectar\p{L}*)/iu;

/**
 * The lines that may carry this bill's own number and dates: a sentence or a label and its value (two
 * cells at most) in an arrears notice's words is about another bill. A wider row (a grid's captions, or a
 * scan's lines run together) keeps its other cells, which are this bill's: only the notice's cells are emptied.
 */
export const ownIdentityLines = (lines: TextLine[]): TextLine[] =>
  lines.flatMap((line) => {
    // A notice's sentence a scan broke into cells: the cells after it that open with no capital ('2799000
    // dir', '2025, scadentă la 21.11.2025.') are its rest.
    const about: boolean[] = [];
    for (const [c, cell] of line.folded.entries()) about.push(ARREARS.test(cell) || (c > 0 && about[c - 1]! && !/^\s*\p{Lu}/u.test(line.cells[c]!)));
    if (!about.some(Boolean)) return [line];
    if (line.cells.length <= 2) return [];
    return [{ cells: line.cells.map((cell, c) => (about[c] ? "" : cell)), folded: line.folded.map((cell, c) => (about[c] ? "" : cell)) }];
  });

/** The labels that name a bill's issue and due dates and nothing else ('Data emiterii', 'Emisă la', 'Data scadentă'). */
const ISSUE_LABELS = [L.billDate[0]!, /\bemis[ae]?\s+(?:la|in|pe)\b/i];
const DUE_LABELS = [L.dueDate[0]!];

/**
 * A billing period's start whose year was misread ('01.09.2025 - 30.09.2026' for a September bill, a
 * 6 read as 5): no household bill covers more than a year, so a start more than 366 days before the
 * end whose day and month in the end's year fall within the two months before the end takes that year.
 */
/**
 * A due date whose year was misread ('29.04.2025' on a bill issued 14.04.2026): a due date is never
 * months before its bill, so one more than 62 days before the issue whose day and month in the issue's
 * year fall within the 62 days after it takes that year.
 */
function yearFromIssue(due: string, issue: string): string | null {
  if (daysBetween(due, issue) <= 62) return null;
  const mended = `${issue.slice(0, 4)}${due.slice(4)}`;
  const after = daysBetween(issue, mended);
  return Number.isFinite(after) && after >= 0 && after <= 62 ? mended : null;
}

function startYearFromEnd(start: string | undefined, end: string | undefined): string | null {
  if (!start || !end) return null;
  const span = (from: string) => daysBetween(from, end);
  if (span(start) <= 366) return null;
  const mended = `${end.slice(0, 4)}${start.slice(4)}`;
  return Number.isFinite(Date.parse(mended)) && span(mended) >= 0 && span(mended) <= 62 ? mended : null;
}

export function parseBillText(text: string): BillExtraction {
  const lines = billLines(text);
  const own = ownIdentityLines(lines);
  // The supply point's facts of an electricity bill: never a gas section's (a dual-fuel invoice),
  // nor another place of consumption's row in a table of the account's places.
  const ownBillNumber = billNumberOf(own);
  const electricity = electricityLines(lines);
  const several = podOfSeveral(electricity, ownBillNumber);
  const supply = electricity.filter((line) => !several?.otherPlaces.has(line));
  const confidence: Confidence = {};
  const checks: BillCheck[] = [];

  const period = valueAfterLabel(lines, L.period, (v) => findDates(v).length >= 2);
  const monthOnly = period ? null : valueAfterLabel(lines, L.period, (v) => monthPeriod(v) !== null);
  // Unlabelled 'dd.mm.yyyy - dd.mm.yyyy' (as in 'Consum 01.06.2026 - 30.06.2026: 182 kWh').
  const range = period || monthOnly ? null : (periodFromTo(lines) ?? unlabelledRange(lines));
  const periodRead = period ? findDates(period.value) : monthOnly ? (monthPeriod(monthOnly.value) ?? []) : (range ?? []);
  const startYearMended = startYearFromEnd(periodRead[0], periodRead[1]);
  const periodDates = startYearMended ? [startYearMended, periodRead[1]!] : periodRead;
  const dueHit = ownDateHit(valueAfterLabel(own, L.dueDate, (v) => oneDay(ownDatePart(v, L.billDate))), L.billDate);
  // A history table's captions over a row the scan read with a cell more (a status icon) or one caption
  // less: the issue date's caption, read from the row's end, landed on the due date's cell.
  const billDateHit = ownDateHit(valueAfterLabel(own, L.billDate, (v) => oneDay(ownDatePart(v, L.dueDate)), dueHit), L.dueDate);
  // The supplier's own name after a payee label ('Beneficiar: Nova Power & Gas') is never the holder's.
  const labelledHolder = valueAfterLabel(lines, L.customer, (v) => readable(v) && holderNamed(splitNameAndAddress(withoutSpeck(v)).name));
  const customer = holderInHolderColumn(lines) ?? (labelledHolder && { ...labelledHolder, value: withoutSpeck(labelledHolder.value) }) ?? holderUnderHeading(lines);
  const unlabelledHolder = customer ? null : holderAboveAddress(lines);
  const nameAndAddress = customer ? splitNameAndAddress(cleanText(customer.value)) : unlabelledHolder;
  // An address holds a number or an address word, and words: a caption beside its label ('Produs
  // contractat') is none, nor an amount ('900,54').
  const addressByLabel =
    valuesAfterLabel(lines, L.address, (v) => v.length > 5 && !/:$/.test(v) && /\p{L}{2}/u.test(v) && (/\d/.test(v) || ADDRESS_HINT.test(foldSameLength(v))) && !isCode(v)).find((hit) => !inSupplierBlock(lines, hit)) ??
    null;
  // A value with no address word, where an address sits further along the label's own line: the
  // label's rest was split off by the scan and the address is that one.
  const afterSplitLabel = addressByLabel && !ADDRESS_HINT.test(foldSameLength(addressByLabel.value)) ? addressAfterSplitLabel(lines) : null;
  const labelledAddress = afterSplitLabel ?? addressByLabel;
  const address = labelledAddress ?? (nameAndAddress?.address ? null : addressBelow(lines, customer));
  const shaped = nameAndAddress && (address || nameAndAddress.address) ? null : holderAndAddressByShape(lines, isSuppliersOwn);
  // Another field's label under a caption whose value the scan lost ('Tip produs' over 'Putere aprobată') is no offer.
  // A percentage (a share, a VAT rate) is never an offer's name nor a power; nor, under a charges
  // table's 'Denumire produs' caption, another column's caption or the energy's charge row.
  // A table's header is never a value: the rest of its caption ('Denumire produs / serviciu') is no offer.
  const tariffHit =
    valuesAfterLabel(supply, L.tariff, (v) => /[A-Za-z]/.test(v) && !isCaption(foldSameLength(v)) && !PERCENTAGE.test(v) && !TABLE_COLUMN_CAPTION.test(foldSameLength(v).trim()) && !ACTIVE_ENERGY.test(foldSameLength(v)) && !REGULATED_CHARGE.test(foldSameLength(v).trim())).find(
      (hit) => hit.position === "below" || !isTableHeader(supply[hit.line]!),
    ) ?? null;
  // 'Tarif ultimă instanță casnic', 'Tarif social' in a cell of its own (the caption beside it lost by the
  // scan): 'Tarif' without a colon before words in lower case is the tariff's own name, not its label.
  const tariffNamed = tariffHit?.position === "same_cell" && TARIFF_NAMED.test(supply[tariffHit.line]!.folded[tariffHit.cell]!);
  const labelledTariff = tariffNamed ? { ...tariffHit!, value: supply[tariffHit!.line]!.cells[tariffHit!.cell]! } : tariffHit;
  const supplierName = supplierOf(text);
  const offerByWords = labelledTariff || unlabelledTariff(supply) ? null : tariffByWords(supply, supplierName);
  const tariff = labelledTariff ?? unlabelledTariff(supply) ?? (offerByWords ? { value: offerByWords, line: -1, cell: -1 } : null);
  // A power starts with its figure: a cell opening with a word ('Restart Fix 12 luni') is another fact, a date too;
  // a figure of four digits or more is none (an index under the caption, where captions sit under their values),
  // nor a figure in kWh (an energy), nor one in kV (the supply's voltage, 'JT (0,4 kV)').
  const labelledPower =
    valueAfterLabel(
      supply,
      L.power,
      (v) => /\d/.test(v) && !PERCENTAGE.test(v) && !/^\p{L}{3,}/u.test(v.trim()) && !hasDate(v) && !/^\d{4,}/.test(v.trim()) && !/^[\d.,\s]+kwh/i.test(v.trim()) && !VOLTAGE.test(v),
    ) ??
    unlabelledPower(supply);
  const power = labelledPower ?? (() => {
    const kw = powerByValue(supply);
    return kw ? { value: kw, line: -1, cell: -1 } : null;
  })();
  const podLabelled = supply.find((l) => l.folded.some((c) => L.pod.some((label) => label.test(c))));
  const podForm = podByFormat(text);
  const podWhole = several?.pod ?? (podLabelled && findPod(podLabelled.cells.join(" "))) ?? podForm?.pod ?? null;
  const podBroken = podWhole ? null : podOverTwoLines(lines);
  const pod = podWhole ?? podBroken;
  // 'Factura seria X nr. 123 din 01.02.2025': the date next to the number is the issue date.
  const numberLineDate = billDateHit ? null : datePrintedWithNumber(own, ownBillNumber);
  const labelledPeriod = periodDates[0] && periodDates[1] && periodDates[0] <= periodDates[1];
  // What no label named, read by what the values are (bill-values.server.ts).
  const issueRead = billDateHit ? firstDate(billDateHit.value) : numberLineDate;
  const roles = datesByRole(own, { issue: issueRead, due: dueHit ? firstDate(dueHit.value) : null });
  // Both captions lost: the date printed beside the term from the issue date, in the term's row, is that issue date.
  const issueBesideTerm = issueRead || roles.issue || dueHit ? null : dateBesideTerm(own);
  const billDate = issueRead ?? roles.issue?.day ?? issueBesideTerm;
  // No due date printed, only its term from the issue date: the issue date plus the term.
  const dueByTerm = !dueHit && billDate ? dueFromTerm(own, billDate) : null;
  const dueRead = dueHit ? firstDate(dueHit.value) : (dueByTerm ?? roles.due?.day ?? null);
  const dueYearMended = dueRead && billDate ? yearFromIssue(dueRead, billDate) : null;
  const dueDate = dueYearMended ?? (dueRead && dueWithinReach(dueRead, billDate ?? (labelledPeriod ? periodDates[1]! : (roles.period?.end ?? null))) ? dueRead : null);
  const [periodStart, periodEnd] = labelledPeriod ? periodDates : roles.period ? [roles.period.start, roles.period.end] : [null, null];
  const source: Partial<Record<BillField | "pricePerKwh", FieldSource>> = {};
  const sourceOf = (field: BillField | "pricePerKwh", value: FieldSource) => (source[field] = value);
  if (!billDateHit && !numberLineDate && roles.issue) sourceOf("billDate", roles.issue.by);
  if (!issueRead && !roles.issue && issueBesideTerm) sourceOf("billDate", "role");
  if (dueByTerm) sourceOf("dueDate", "arithmetic");
  else if (!dueHit && roles.due) sourceOf("dueDate", roles.due.by);
  if (!labelledPeriod && roles.period) for (const f of ["periodStart", "periodEnd"] as const) sourceOf(f, roles.period.by);

  const rates = vatRateOn(billDate ?? periodEnd ?? null);
  // A bill that sells other services too (electricity, TV, internet…) is known by its structure, not by
  // the words naming the services: a subtotal block per section and one for the whole bill.
  // A note cancelling an earlier invoice: the totals are the re-billed section's, never the cancelled one's.
  const cancellation = CANCELLATION.test(foldSameLength(text));
  const totalsLines = cancellation ? withoutCancelled(supply) : supply;
  const otherServices = subtotalBlocks(moneyAmounts(cancellation ? totalsLines : lines), rates) >= 2;
  // A gas section's totals are never the electricity's (its lines are left out of the supply's).
  const split = vatSplit(totalsLines);
  const totals = chooseTotals(totalsLines, rates, otherServices, split);
  // None of the chosen sums naming electricity: the reader cannot tell the electricity subtotal from
  // the whole bill's.
  const totalsAmbiguous = otherServices && !namesElectricity(supply, totals.gross?.hit) && !namesElectricity(supply, totals.net?.hit);
  const netRead = totals.net?.cents ?? null;
  const grossRead = totals.gross?.cents ?? null;
  // A VAT a scan read without its decimal comma ('TVA 19% ⇥ 13065 lei' for 130,65): a hundred times
  // what the net and the total printed leave for it. Never kept as read (it fails every check).
  const vatRead = totals.vat?.cents ?? null;
  const vatCommaLost = netRead !== null && grossRead !== null && vatRead !== null && grossRead > netRead && vatRead === (grossRead - netRead) * 100;
  const vatAsRead = vatCommaLost ? grossRead - netRead : vatRead;
  const leadLost = vatCommaLost || totals.vatDerived ? null : leadingDigitsLost(netRead, vatAsRead, grossRead, rates);
  // No total read with its bani: the charges table's rows put them back, if the lei read agree.
  const fromRows = netRead === null && vatRead === null && grossRead === null ? totalsFromRows(totalsLines, rates) : null;
  const netCents = fromRows?.net ?? leadLost?.net ?? netRead;
  const grossCents = fromRows?.gross ?? leadLost?.gross ?? grossRead;
  const vatCents = fromRows?.vat ?? vatAsRead;

  const indexes = indexesOf(supply);
  // A prosumer's quantitative compensation bills what was taken less what was delivered: the
  // delivered register's difference comes off the taken one's.
  const delivered = indexes && COMPENSATION.test(foldSameLength(text)) ? deliveredRegister(supply) : null;
  // The cancelled section's rows bill the estimate, not the consumption.
  const consumptionLines = cancellation ? totalsLines : supply;
  // A consumption read with a digit wrong ('147' for '747', in the meter's row and one charge row)
  // is outvoted by two readings of its own: new − old index, and the quantity of the other charge rows.
  const indexed = indexes ? asPrinted(indexes.new - indexes.old - (delivered ?? 0)) : null;
  const kwhRead = kwhOf(consumptionLines, indexed ?? undefined);
  // So is it by two charge rows whose quantity × unit price makes their value at new − old ('6552' for
  // '652' above rows of 652 in a '(kWh)' column), none at the figure read.
  let rowQuantities: number[] | undefined;
  const checkedRows = (kwh: number) => (rowQuantities ??= checkedRowQuantities(consumptionLines)).filter((q) => q === kwh).length;
  const outvoted =
    kwhRead !== null &&
    indexed !== null &&
    indexed > 0 &&
    indexed !== kwhRead &&
    ((rowsInKwh(consumptionLines, indexed) >= 2 && rowsInKwh(consumptionLines, indexed) > rowsInKwh(consumptionLines, kwhRead)) || (checkedRows(indexed) >= 2 && checkedRows(kwhRead) === 0));
  const labelledKwh = outvoted ? null : kwhRead;
  // With no consumption labelled, a charge row whose quantity × unit price makes its value is read
  // beside the indexes too: one misread digit of an index must not make the consumption.
  const byValue = labelledKwh === null && !outvoted ? kwhByValue(consumptionLines) : null;
  const kwhChecked = byValue && (!indexes || byValue.by === "row") ? byValue : null;
  const kwh = outvoted ? indexed : (labelledKwh ?? kwhChecked?.kwh ?? indexed ?? soleKwhFigure(consumptionLines) ?? kwhByIndexRowAndQuantities(consumptionLines) ?? billedMonthKwh(consumptionLines, periodStart ?? null, periodEnd ?? null));
  const price = pricePerKwh(netCents, vatCents, grossCents, kwh);
  const currencyPrinted = /\b(?:lei|ron)\b/i.test(text);
  // A Romanian household bill is in lei even where no amount says so.
  const currency = currencyPrinted || grossCents !== null ? "RON" : null;
  const powerCents = power ? parseAmountCents(power.value.split(/kw/i)[0]!) : null;

  const labelledCodes = { billNumber: ownBillNumber, clientCode: codeAfter(lines, L.clientCode), contractNumber: codeAfter(withoutPostalContract(supply), L.contract, NUMBER_AND_YEAR) };
  const known = Object.values(labelledCodes).filter((v) => v !== null);
  const codes = known.length < 3 ? codesByStem(lines, known) : null;
  // A contract is the supply point's: on a dual-fuel invoice, read outside the gas section.
  const supplyCodes = codes && (supply.length < lines.length || postalContractIn(lines)) ? codesByStem(withoutPostalContract(supply), known) : codes;
  const code = (field: keyof typeof labelledCodes) => {
    if (labelledCodes[field] !== null) return labelledCodes[field];
    // A number known by its stem alone is never one an arrears notice names.
    const found = (field === "contractNumber" ? supplyCodes : field === "billNumber" && codes ? codesByStem(own, known) : codes)?.[field];
    if (found) sourceOf(field, found.by);
    return found?.value ?? null;
  };
  const labelledName = nameAndAddress ? nameAndAddress.name.replace(/\s+/g, " ") : null;
  const streetFirst = address ? streetBeside(lines, address, cleanText(address.value)) : null;
  const tailBelow = address ? withTailBelow(lines, address, withStreetBelow(lines, address, cleanText(address.value))) : null;
  const localityUnder = address && !streetFirst ? localityBelow(lines, address.line, tailBelow!.address, address.cell, address.position === "right") : null;
  const labelledBillingAddress = address ? (streetFirst ?? localityUnder!.address) : (nameAndAddress?.address ?? addressInSentence(lines));
  if (!labelledName && shaped?.name) sourceOf("customerName", "shape");
  // No caption read for the holder: the sole name-shaped cell above the address.
  const lastPrint = address ? Math.max(-1, ...lines.map((line, l) => (line.cells.some((cell) => cleanText(cell) === cleanText(address.value)) ? l : -1))) : -1;
  const soleName = labelledName || shaped?.name ? null : soleNameByShape(lines, address ? Math.max(address.line, lastPrint) : lines.length, isSuppliersOwn);
  if (soleName) sourceOf("customerName", "shape");
  if (!labelledBillingAddress && shaped?.address) sourceOf("billingAddress", "shape");

  const result: Omit<BillExtraction, "missingFields"> = {
    kind: "bill",
    supplierName,
    billNumber: code("billNumber"),
    billDate,
    dueDate,
    periodStart: periodStart ?? null,
    periodEnd: periodEnd ?? null,
    pod,
    clientCode: code("clientCode"),
    contractNumber: code("contractNumber"),
    customerName: labelledName ?? shaped?.name ?? soleName,
    billingAddress: billingAddressOf(untilNextLabel(labelledBillingAddress ?? shaped?.address ?? null)),
    consumptionKwh: kwh,
    tariffType: (tariff && brandSpelled(offerName(tariff.value), supplierName)) || null,
    totalWithoutVat: netCents === null ? null : centsToDecimal(netCents),
    vat: vatCents === null ? null : centsToDecimal(vatCents),
    totalWithVat: grossCents === null ? null : centsToDecimal(grossCents),
    currency,
    contractedPowerKw: powerCents ? centsToDecimal(powerCents) : null,
    pricePerKwh: price?.value ?? null,
    pricePerKwhSource: price?.source ?? null,
  };

  // Confidence before checks: by where the value sat, or by its own format.
  const put = (field: BillField | "pricePerKwh", value: number) => {
    if (field === "pricePerKwh" ? result.pricePerKwh !== null : result[field] !== null) confidence[field] = value;
  };
  put("supplierName", 0.9);
  put("billNumber", 0.85);
  put("billDate", billDateHit ? positionConfidence(billDateHit) : 0.75);
  put("dueDate", dueByTerm ? 0.8 : positionConfidence(dueHit));
  const periodConfidence = period ? positionConfidence(period) : monthOnly ? 0.8 : 0.7;
  put("periodStart", periodConfidence);
  put("periodEnd", periodConfidence);
  put("pod", podBroken ? 0.85 : 0.95);
  put("clientCode", 0.85);
  put("contractNumber", 0.85);
  // A name read out of a greeting is a new kind of reading: below sure until it has a record of its own.
  const greeting = customer ? valueAfterLabel(lines, [GREETING]) : null;
  const greeted = greeting !== null && greeting.line === customer?.line && greeting.cell === customer.cell;
  // The holder's column read beside a payer's is a new kind of reading: below sure until it has a record of its own.
  const besidePayer = customer !== null && "besidePayer" in customer && customer.besidePayer;
  put("customerName", unlabelledHolder || soleName ? 0.7 : nameAndAddress?.address ? 0.75 : greeted || besidePayer ? 0.85 : positionConfidence(customer));
  // An address with no street or number is a locality line: part of an address at best.
  const streetPrinted = result.billingAddress !== null && STREET_PART.test(foldSameLength(result.billingAddress));
  // An address put back together from its wrapped lines is not a value read whole beside its label.
  // Nor is one naming no county, municipality, commune or sector: its head is missing (or was on a line the scan split).
  const localityNamed = result.billingAddress !== null && LOCALITY_NAMED.test(foldSameLength(result.billingAddress));
  put("billingAddress", labelledAddress && streetPrinted && !streetFirst && !afterSplitLabel ? Math.min(positionConfidence(labelledAddress), tailBelow?.repaired || localityUnder?.loose || !localityNamed ? 0.85 : 1) : 0.7);
  put("consumptionKwh", labelledKwh !== null ? 0.85 : 0.7);
  put("tariffType", labelledTariff ? 0.75 : 0.6);
  put("totalWithoutVat", positionConfidence(totals.net?.hit));
  put("vat", totals.vatDerived ? 0.7 : positionConfidence(totals.vat?.hit));
  put("totalWithVat", positionConfidence(totals.gross?.hit));
  put("currency", currencyPrinted ? 0.95 : 0.7);
  put("contractedPowerKw", positionConfidence(power));
  put("pricePerKwh", Math.min(confidence.consumptionKwh ?? 0, confidence.totalWithVat ?? confidence.vat ?? 0));

  // What was read by value rather than label: below 0.9 before any check (the checks below may raise it).
  if (totals.byTriple) for (const f of ["totalWithoutVat", "vat", "totalWithVat"] as const) sourceOf(f, "arithmetic");
  if (totals.restPlusDeductions) sourceOf("totalWithVat", "arithmetic");
  if (kwhChecked) sourceOf("consumptionKwh", "arithmetic");
  else if (labelledKwh === null && !indexes && kwh !== null) sourceOf("consumptionKwh", "shape");
  if (offerByWords) sourceOf("tariffType", "shape");
  if (!labelledPower && power) sourceOf("contractedPowerKw", "shape");
  if (!podLabelled && podForm && podForm.form !== "national") sourceOf("pod", "shape");
  const BY_SOURCE: Record<Exclude<FieldSource, "label" | "derived">, number> = { arithmetic: 0.85, stem: 0.85, role: 0.75, shape: 0.7 };
  for (const [field, how] of Object.entries(source) as [BillField, FieldSource][]) {
    if (how !== "label" && how !== "derived" && confidence[field] !== undefined) confidence[field] = BY_SOURCE[how];
  }
  // A consumption that is new − old index, or quantity × unit price = the energy row: a check passed.
  if (kwhChecked) confidence.consumptionKwh = 0.9;

  const check = (name: BillCheckName, passed: boolean, fields: BillCheck["fields"], detail: string) => checks.push({ name, passed, fields, detail });
  if (netCents !== null && vatCents !== null && grossCents !== null && !totals.vatDerived) {
    check("totals_add_up", totalsAddUp(netCents, vatCents, grossCents), ["totalWithoutVat", "vat", "totalWithVat", "pricePerKwh"], `${netCents} + ${vatCents} vs ${grossCents} bani`);
  }
  if (netCents !== null && vatCents !== null) {
    const splitRates = splitFits(split, netCents, vatCents) ? split!.rates : null;
    check("vat_rate", splitRates !== null || vatMatchesRate(netCents, vatCents, rates), ["totalWithoutVat", "vat", "pricePerKwh"], `rate ${(splitRates ?? rates).map((r) => `${Math.round(r * 100)}%`).join(splitRates ? " and " : " or ")}`);
  }
  const readKwh = labelledKwh ?? kwhChecked?.kwh ?? null;
  if (indexes && readKwh !== null) {
    check("consumption_matches_indexes", indexed === readKwh, ["consumptionKwh"], `${indexes.new} − ${indexes.old}${delivered !== null ? ` − ${delivered} delivered` : ""} vs ${readKwh} kWh`);
  }
  if (periodEnd && dueDate) {
    check("period_before_due_date", periodEnd <= dueDate && (!billDate || billDate <= dueDate), ["periodStart", "periodEnd", "dueDate", "billDate"], `${periodEnd} ≤ ${dueDate}`);
  }
  if (price) {
    const value = Number(price.value);
    check("price_in_band", value >= PRICE_BAND.min && value <= PRICE_BAND.max, ["pricePerKwh", "consumptionKwh"], `${price.value} lei/kWh`);
  }
  // A passed check vouches for its fields; a failed one makes them doubtful whatever their labels said.
  // A price in the band recomputes nothing: it may vouch for a consumption only where nothing printed
  // contradicts it unseen — not where the bill prints meter indexes the reader could not read.
  const indexesUnread = !indexes && supply.some((line) => line.folded.some((cell) => L.oldIndex.some((label) => label.test(cell))));
  // An issue date is only bounded by the ordering check (any earlier date, the due date itself too,
  // passes it): it vouches for one read beside its own label, never for one found otherwise.
  // A meter with several registers: a price in the band does not tell one register's figure from the
  // bill's consumption (the total row or the registers' sum).
  const registers = meterRegisters(supply);
  const oneRegister = registers !== null && kwh !== registers.sum && kwh !== registers.total;
  const vouchable = (c: BillCheck, field: BillField | "pricePerKwh") =>
    !(field === "billDate" && c.name === "period_before_due_date" && !billDateHit) && !(field === "consumptionKwh" && c.name === "price_in_band" && oneRegister);
  for (const c of checks.filter((c) => c.passed && !(c.name === "price_in_band" && indexesUnread))) {
    for (const field of c.fields) if (confidence[field] !== undefined && vouchable(c, field)) confidence[field] = Math.max(confidence[field]!, 0.97);
  }
  for (const c of checks.filter((c) => !c.passed)) {
    for (const field of c.fields) if (confidence[field] !== undefined) confidence[field] = Math.min(confidence[field]!, 0.5);
  }
  // A total read as whole lei on a bill whose other amounts print their bani ('1.724' with its ',58' set apart
  // and lost): the rate's check, loose by a few bani on large sums, passes the bani dropped too. Unless the VAT
  // is the rate's to the ban (or the VAT split's by rate fits), such totals are never sure.
  if (wholeLeiAmongBani(text, [netCents, vatCents, grossCents]) && !(netCents !== null && vatCents !== null && (vatToTheBan(netCents, vatCents, rates) || splitFits(split, netCents, vatCents)))) {
    for (const f of ["totalWithoutVat", "vat", "totalWithVat", "pricePerKwh"] as const) if (confidence[f] !== undefined) confidence[f] = Math.min(confidence[f]!, 0.85);
  }
  // So are totals put back from the charges table's rows.
  if (fromRows) for (const f of ["totalWithoutVat", "vat", "totalWithVat", "pricePerKwh"] as const) if (confidence[f] !== undefined) confidence[f] = Math.min(confidence[f]!, 0.85);
  // A comma put back is a new kind of reading: below sure whatever the checks say.
  if (vatCommaLost && confidence.vat !== undefined) confidence.vat = Math.min(confidence.vat, 0.85);
  // So is an amount's leading digit put back from the other two totals.
  if (leadLost) for (const f of [leadLost.net !== undefined ? "totalWithoutVat" : "totalWithVat", "pricePerKwh"] as const) if (confidence[f] !== undefined) confidence[f] = Math.min(confidence[f]!, 0.85);
  // Dates placed by their order, and values known by their shape alone, were chosen so that the
  // ordering checks pass: those checks cannot vouch for them.
  for (const [field, how] of Object.entries(source) as [BillField, FieldSource][]) {
    if ((how === "role" || how === "shape") && confidence[field] !== undefined) confidence[field] = Math.min(confidence[field]!, 0.8);
  }
  // A date read under a caption whose row has another number of cells, where the other way of
  // counting the row's cells gives another date: its column was guessed, and the ordering check passes
  // a neighbouring column's date as well (the due date as the issue date).
  // So is one under a caption whose row holds fewer cells than the captions' line ('Data emiterii ⇥ Termen de
  // plată' over '02.07.2025' alone, the term lost): which caption the date is under was guessed.
  for (const [field, hit] of [["billDate", billDateHit], ["dueDate", dueHit], ["periodStart", period], ["periodEnd", period]] as const) {
    const otherDate = hit?.otherColumn !== undefined && hasDate(hit.otherColumn) && firstDate(hit.otherColumn) !== firstDate(hit.value);
    const read = field === "billDate" || field === "dueDate" ? own : lines;
    const fewerCells = hit?.position === "below" && hit.line > 0 && read[hit.line]!.cells.length < read[hit.line - 1]!.cells.length;
    if ((otherDate || fewerCells) && confidence[field] !== undefined) confidence[field] = Math.min(confidence[field]!, 0.85);
  }
  // Two different dates each beside a bill's issue (or due) date label, no rule telling which is this
  // bill's (an older bill's named without arrears words): whichever was taken is a guess.
  for (const [field, labels] of [["billDate", ISSUE_LABELS], ["dueDate", DUE_LABELS]] as const) {
    const days = new Set(valuesAfterLabel(own, labels, (v) => oneDay(v)).map((hit) => firstDate(hit.value)));
    if (days.size > 1 && confidence[field] !== undefined) confidence[field] = Math.min(confidence[field]!, 0.85);
  }
  // Several PODs printed and none (or more than one) tied to this bill: which one is this bill's is a guess.
  // So is which row of the places' table is this bill's: its kWh may be another place's.
  if (several && !several.tied) {
    for (const f of ["pod", "consumptionKwh", "pricePerKwh"] as const) if (confidence[f] !== undefined) confidence[f] = Math.min(confidence[f]!, f === "pod" ? 0.7 : 0.85);
  }
  // A due date worked out from a printed term: no check confirms the term's reading (the ordering check passes any later day).
  if (dueByTerm && confidence.dueDate !== undefined) confidence.dueDate = Math.min(confidence.dueDate, 0.85);
  // A total added up from what is left to pay and the deductions is a new kind of reading: below sure.
  if (totals.restPlusDeductions) for (const f of ["totalWithVat", "pricePerKwh"] as const) if (confidence[f] !== undefined) confidence[f] = Math.min(confidence[f]!, 0.85);
  // A digit put right by the arithmetic is a new kind of reading: below sure, whatever the rate's check said.
  if (totals.vatOneDigitOff && confidence.vat !== undefined) confidence.vat = Math.min(confidence.vat, 0.85);
  if (totals.netOneDigitOff && confidence.totalWithoutVat !== undefined) confidence.totalWithoutVat = Math.min(confidence.totalWithoutVat, 0.85);
  if (totals.splitByAmounts || totals.underLargerTotal) for (const f of ["totalWithoutVat", "vat", "totalWithVat", "pricePerKwh"] as const) if (confidence[f] !== undefined) confidence[f] = Math.min(confidence[f]!, 0.85);
  // Which section a total or the consumption was read in is a new kind of reading (a scan may lose a heading or a minus
  // sign, and a sum across the sections adds up too): below sure.
  if (cancellation) {
    for (const f of ["totalWithoutVat", "vat", "totalWithVat", "pricePerKwh", "consumptionKwh"] as const) {
      if (confidence[f] !== undefined) confidence[f] = Math.min(confidence[f]!, 0.85);
    }
  }
  if (totalsAmbiguous) {
    for (const f of ["totalWithoutVat", "vat", "totalWithVat", "pricePerKwh"] as const) if (confidence[f] !== undefined) confidence[f] = Math.min(confidence[f]!, 0.6);
  }
  if (oneRegister && confidence.consumptionKwh !== undefined) confidence.consumptionKwh = Math.min(confidence.consumptionKwh, 0.6);
  // Registers summed whose rows' readings do not each make their figure: a sum nothing confirmed, below sure.
  if (registers?.unchecked && kwh === registers.sum && !kwhChecked && confidence.consumptionKwh !== undefined) confidence.consumptionKwh = Math.min(confidence.consumptionKwh, 0.85);
  // Two readings outvoting the one labelled: a new kind of reading, below sure.
  if (outvoted && confidence.consumptionKwh !== undefined) confidence.consumptionKwh = Math.min(confidence.consumptionKwh, 0.85);
  // Indexes found under captions put back together from a scan's cells are a new kind of reading.
  if (indexes?.captionJoined && labelledKwh === null && confidence.consumptionKwh !== undefined) confidence.consumptionKwh = Math.min(confidence.consumptionKwh, 0.85);
  // A price derived from the consumption is never surer than the consumption it came from.
  if (confidence.pricePerKwh !== undefined) confidence.pricePerKwh = Math.min(confidence.pricePerKwh, confidence.consumptionKwh ?? 0);
  // A start year taken from the end's (a due date's from the issue's) is a repair, not a reading: below sure.
  if (startYearMended && confidence.periodStart !== undefined) confidence.periodStart = Math.min(confidence.periodStart, 0.85);
  if (dueYearMended && confidence.dueDate !== undefined) confidence.dueDate = Math.min(confidence.dueDate, 0.85);
  for (const field of Object.keys(confidence) as (BillField | "pricePerKwh")[]) source[field] ??= field === "pricePerKwh" ? "derived" : "label";

  const missingFields = BILL_FIELDS.filter((field) => result[field] === null);
  return { ...result, missingFields, fieldConfidence: confidence, checks, fieldSource: source };
}
