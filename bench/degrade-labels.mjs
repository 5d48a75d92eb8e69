// The bill's text with its label vocabulary taken away (issue #14): every word that is not part of a
// value the bill states (holder, address, offer, supplier, bill number; units; month names) loses its
// letters, its punctuation and the layout (tabs, lines) staying. What the reader still finds on such a
// text, it found without any label: the label-free path, measured on layouts whose values it knows.
import { RO_MONTHS as MONTHS } from "../app/lib/dates.ts";

const UNITS = ["lei", "ron", "kwh", "kw", "mwh"];

const fold = (word) =>
  word
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/^[^\p{L}\d]+|[^\p{L}\d]+$/gu, "");

/** The words a bill's values are made of, folded. */
function valueWords(truth) {
  const words = new Set([...UNITS, ...MONTHS, ...MONTHS.map((m) => m.slice(0, 3))]);
  for (const field of ["customerName", "billingAddress", "tariffType", "supplierName", "billNumber"]) {
    for (const word of String(truth[field] ?? "").split(/\s+/)) if (word) words.add(fold(word));
  }
  return words;
}

/** 'lei/kWh' */
const unitsOnly = (token) => (token.match(/\p{L}+/gu) ?? [""]).every((word) => UNITS.includes(fold(word)));

/** A word of the same length and case from letters no Romanian label stem is made of ('Emisă' → 'Bokiv'). */
function nonsense(word) {
  let seed = [...word].reduce((h, ch) => (Math.imul(h, 31) + ch.codePointAt(0)) >>> 0, 7);
  let i = 0;
  return word.replace(/\p{L}/gu, (ch) => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    const pool = i++ % 2 === 0 ? "bdgkv" : "eiou";
    const letter = pool[(seed >>> 16) % pool.length];
    return ch === ch.toUpperCase() && ch !== ch.toLowerCase() ? letter.toUpperCase() : letter;
  });
}

/**
 * 'Data emiterii: 05.11.2026' → ': 05.11.2026' (blank) or 'Bevo dikobeg: 05.11.2026' (nonsense);
 * 'Total de plată\t1.234,56 lei' → '\t1.234,56 lei'.
 */
export function degradeLabels(text, truth, mode = "blank") {
  const replace = mode === "nonsense" ? nonsense : (token) => token.replace(/\p{L}/gu, "");
  const keep = valueWords(truth);
  return text
    .split("\n")
    .map((line) =>
      line
        .split("\t")
        .map((cell) =>
          cell
            .split(" ")
            .map((token) => (/\d/.test(token) || keep.has(fold(token)) || unitsOnly(token) ? token : replace(token)))
            .filter((token) => token.length > 0)
            .join(" "),
        )
        .join("\t"),
    )
    .join("\n");
}
