// Text of a Romanian electricity bill → its fields. Pure: the same parser reads a PDF's text layer
// and the OCR of a photographed bill. Labels differ between suppliers, so each field has the
// synonyms seen on Electrica, Hidroelectrica, PPC (Enel), E.ON, Engie and others.
import { findPod } from "../../../lib/pod";
import {
  centsToDecimal,
  findDates,
  firstDate,
  parseAmountCents,
  parseQuantity,
  toLines,
  valueAfterLabel,
  type LabelHit,
  type TextLine,
} from "./text-fields.server";

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
];

const L = {
  billDate: [/data\s+(?:emiterii|emitere|facturii|facturare)\b/i, /\bdin\s+data\b/i, /\bemis[ae]\s+la\b/i, /\bdata\s*:/i],
  dueDate: [/data\s+scadent(?:ei|a)\b/i, /termen(?:ul)?\s+de\s+plata\b/i, /plate[s]te\s+pana\s+la\b/i, /scadent[ae]\s+la\b/i, /\bscadenta\b/i],
  period: [/perioad[ae]\s+(?:de\s+)?factur(?:are|ata)\b/i, /interval(?:ul)?\s+(?:de\s+)?facturare\b/i, /pentru\s+perioada\b/i, /perioada\s+de\s+consum\b/i],
  clientCode: [/cod\s+(?:de\s+)?client\b/i, /cod\s+incasare\b/i, /cont\s+contract\b/i, /cod\s+abonat\b/i],
  contract: [/(?:nr\.?|numar)\s+(?:de\s+)?contract\b/i, /contract(?:ul)?\s+nr\.?/i, /cod\s+contract\b/i],
  customer: [/nume\s+client\b/i, /nume\s+si\s+prenume\b/i, /\btitular(?:\s+contract)?\s*:/i, /\bbeneficiar\s*:/i, /^client\s*:?$/i, /^client\s*:/i],
  address: [/adresa\s+(?:de\s+)?facturare\b/i, /adres[ae]\s+(?:de\s+)?corespondent[ae]\b/i, /adresa\s+client\b/i, /^adres[ae]\s*:/i, /adresa\s+loc(?:ului)?\s+de\s+consum\b/i],
  tariff: [/tip\s+tarif\b/i, /tip\s+produs\b/i, /categorie\s+tarifar[ae]\b/i, /^produs\s*:/i, /\bprodus\s*:/i, /\btarif\s*:/i],
  power: [/putere\s+(?:maxim[ae]\s+)?(?:aprobat[ae]|contractat[ae])\b/i],
  net: [/total\s+(?:valoare\s+)?fara\s+tva\b/i, /valoare\s+fara\s+tva\b/i, /total\s+(?:factura\s+)?fara\s+tva\b/i, /baza\s+de\s+impozitare\b/i],
  vat: [/valoare\s+tva\b(?:\s*\(?\d{1,2}\s?%\)?)?/i, /^tva\b(?:\s*\(?\d{1,2}\s?%\)?)?/i, /\btva\s*\(?\d{1,2}\s?%\)?/i],
  gross: [/total\s+de\s+plata\b(?:\s*\((?:lei|ron)\))?/i, /total\s+factura\s+curenta\b/i, /total\s+general\b/i, /total\s+factura\b(?!\s+fara)/i, /suma\s+de\s+plata\b/i],
  consumption: [/consum\s+facturat\b/i, /cantitate\s+facturat[ae]\b/i, /total\s+consum\b/i, /energie\s+consumat[ae]\b/i, /consum\s+(?:total|energie)\b/i],
};

const hasDate = (value: string) => firstDate(value) !== null;
const hasAmount = (value: string) => parseAmountCents(value) !== null;
const hasKwh = (value: string) => /\d[\d.,\s]*\s*kwh/i.test(value);
const cleanText = (value: string) => value.replace(/[·•|].*$/, "").replace(/[\s,;:.]+$/, "").trim();

function supplierOf(text: string): string | null {
  const folded = text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toUpperCase();
  let best: { name: string; at: number } | null = null;
  for (const supplier of SUPPLIERS) {
    const match = supplier.pattern.exec(folded);
    if (match && (!best || match.index < best.at)) best = { name: supplier.name, at: match.index };
  }
  return best?.name ?? null;
}

const ADDRESS_HINT = /\b(?:str|jud|mun|sec|bd|sos|cal|nr|bl|ap|com|sat|ora[sș])\.?\s*[\p{L}\d]/iu;

/** Unlabelled address printed under the holder's name (as PPC does). */
function addressBelow(lines: TextLine[], customer: LabelHit | null): LabelHit | null {
  if (!customer) return null;
  const below = lines[customer.line + 1];
  const cell = below ? Math.min(customer.cell, below.cells.length - 1) : -1;
  const value = below?.cells[cell];
  return value && ADDRESS_HINT.test(value) ? { value, line: customer.line + 1, cell } : null;
}

function billNumberOf(lines: TextLine[]): string | null {
  for (const line of lines) {
    for (const cell of line.folded) {
      const series = /\bseria\s+([A-Z]{1,6})\s+nr\.?\s*:?\s*([A-Z0-9]{3,})/i.exec(cell);
      if (series) return `${series[1]!.toUpperCase()} ${series[2]!.toUpperCase()}`;
      const numbered = /\b(?:numar|nr\.?)\s+factur[ai]\s*:?\s*([A-Z0-9][A-Z0-9 /-]{3,}?)\s*$/i.exec(cell);
      if (numbered) return numbered[1]!.trim().toUpperCase();
      const invoice = /\bfactur[ai](?:\s+fiscal[ae])?\s+nr\.?\s*:?\s*([A-Z0-9][A-Z0-9 /-]{3,}?)(?:\s+din\b|\s*$)/i.exec(cell);
      if (invoice) return invoice[1]!.trim().toUpperCase();
    }
  }
  return null;
}

function kwhOf(lines: TextLine[]): number | null {
  const hit = valueAfterLabel(lines, L.consumption, hasKwh);
  if (hit) return parseQuantity(hit.value);
  // Fallback: the active-energy row of the charges table ('Energie electrică activă  182 kWh').
  for (const line of lines) {
    const index = line.folded.findIndex((c) => /energie\s+(?:electrica\s+)?activa/i.test(c));
    if (index < 0) continue;
    const cell = line.cells.slice(index).find(hasKwh);
    if (cell) return parseQuantity(cell);
  }
  return null;
}

function amountAfter(lines: TextLine[], labels: RegExp[]): number | null {
  const hit = valueAfterLabel(lines, labels, hasAmount);
  return hit ? parseAmountCents(hit.value) : null;
}

function codeAfter(lines: TextLine[], labels: RegExp[]): string | null {
  const hit = valueAfterLabel(lines, labels, (v) => /^[A-Z0-9][A-Z0-9/\-.]{2,}/i.test(v));
  return hit ? hit.value.split(/\s+/)[0]!.replace(/[.,;]+$/, "") : null;
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
  const tenThousandths = Math.round((cents * 100) / kwh);
  return { value: (tenThousandths / 10000).toFixed(4), source };
}

export function parseBillText(text: string): BillExtraction {
  const lines = toLines(text);
  const period = valueAfterLabel(lines, L.period, (v) => findDates(v).length >= 2);
  const periodDates = period ? findDates(period.value) : [];
  const billDateHit = valueAfterLabel(lines, L.billDate, hasDate);
  const dueHit = valueAfterLabel(lines, L.dueDate, hasDate);
  const customer = valueAfterLabel(lines, L.customer, (v) => /[A-Za-zĂÂÎȘȚăâîșț]{2,}/.test(v) && !/:$/.test(v) && !/\d{4,}/.test(v));
  const address = valueAfterLabel(lines, L.address, (v) => v.length > 5 && !/:$/.test(v)) ?? addressBelow(lines, customer);
  const tariff = valueAfterLabel(lines, L.tariff, (v) => /[A-Za-z]/.test(v));
  const power = valueAfterLabel(lines, L.power, (v) => /\d/.test(v));
  const podLabelled = lines.find((l) => l.folded.some((c) => /\bPOD\b|loc\s+de\s+consum/i.test(c)));
  const pod = (podLabelled && findPod(podLabelled.cells.join(" "))) ?? findPod(text);
  const netCents = amountAfter(lines, L.net);
  const vatCents = amountAfter(lines, L.vat);
  const grossCents = amountAfter(lines, L.gross);
  const kwh = kwhOf(lines);
  const price = pricePerKwh(netCents, vatCents, grossCents, kwh);
  const currency = /\b(?:lei|ron)\b/i.test(text) ? "RON" : null;
  const powerCents = power ? parseAmountCents(power.value.split(/kw/i)[0]!) : null;

  const result: Omit<BillExtraction, "missingFields"> = {
    kind: "bill",
    supplierName: supplierOf(text),
    billNumber: billNumberOf(lines),
    billDate: billDateHit ? firstDate(billDateHit.value) : null,
    dueDate: dueHit ? firstDate(dueHit.value) : null,
    periodStart: periodDates[0] ?? null,
    periodEnd: periodDates[1] ?? null,
    pod,
    clientCode: codeAfter(lines, L.clientCode),
    contractNumber: codeAfter(lines, L.contract),
    customerName: customer ? cleanText(customer.value).replace(/\s+/g, " ") : null,
    billingAddress: address ? cleanText(address.value) : null,
    consumptionKwh: kwh,
    tariffType: tariff ? cleanText(tariff.value.split(/,\s*putere/i)[0]!) : null,
    totalWithoutVat: netCents === null ? null : centsToDecimal(netCents),
    vat: vatCents === null ? null : centsToDecimal(vatCents),
    totalWithVat: grossCents === null ? null : centsToDecimal(grossCents),
    currency,
    contractedPowerKw: powerCents ? centsToDecimal(powerCents) : null,
    pricePerKwh: price?.value ?? null,
    pricePerKwhSource: price?.source ?? null,
  };
  const missingFields = BILL_FIELDS.filter((field) => result[field] === null);
  return { ...result, missingFields };
}
