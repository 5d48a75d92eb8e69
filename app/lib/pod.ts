// Point of delivery (POD) code of an electricity meter: RO + 3-digit operator code + E + 9 digits
// (romania-market.md). Bills print it with spaces or OCR adds some; normalise before checking.

export const POD_PATTERN = /^RO\d{3}E\d{9}$/;

/** Removes spaces and dashes and upper-cases: 'ro005 e 123456789' → 'RO005E123456789'. */
export function normalizePod(input: string): string {
  return input.replace(/[\s\-.]/g, "").toUpperCase();
}

export function isValidPod(input: string): boolean {
  return POD_PATTERN.test(normalizePod(input));
}

/**
 * Finds a POD in free text, tolerating spaces inside it and the OCR confusions that only make sense
 * where a digit is expected (O→0, I/l→1, S→5, B→8).
 */
export function findPod(text: string): string | null {
  // The operator's digits may be read as letters too: a zero as a D ('RO0D1E…'), as digitsOnly repairs.
  const candidates = text.toUpperCase().match(/R\s?[O0]\s?[\dOQDISB]{3}\s?E\s?(?:[\dOISBl]\s?){9}/gi) ?? [];
  for (const raw of candidates) {
    const compact = raw.replace(/\s/g, "");
    const fixed =
      "RO" +
      digitsOnly(compact.slice(2, 5)) +
      "E" +
      digitsOnly(compact.slice(6));
    if (POD_PATTERN.test(fixed)) return fixed;
  }
  return null;
}

function digitsOnly(text: string): string {
  return text.replace(/[OQD]/g, "0").replace(/[IL]/gi, "1").replace(/S/g, "5").replace(/B/g, "8");
}
