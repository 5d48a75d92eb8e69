// Prices in lei/kWh are carried as integer micro-lei so sums and VAT never drift (docs/decisions/0003).
export const MICRO_PER_LEU = 1_000_000;

const DECIMAL = /^(\d+)(?:\.(\d{1,6}))?$/;

/** '0.55000' → 550000. Throws on anything that is not a plain non-negative decimal with ≤ 6 places. */
export function decimalToMicro(text: string): number {
  const match = DECIMAL.exec(text.trim());
  if (!match) throw new Error(`Not a decimal amount: ${text}`);
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? "").padEnd(6, "0"));
  return whole * MICRO_PER_LEU + fraction;
}

/** Rounds half up to the given number of decimals and prints with a dot: 1061234 → '1.0612'. */
export function microToDecimal(micro: number, decimals = 4): string {
  const step = 10 ** (6 - decimals);
  const rounded = Math.round(micro / step);
  const whole = Math.floor(rounded / 10 ** decimals);
  const fraction = String(rounded % 10 ** decimals).padStart(decimals, "0");
  return decimals === 0 ? String(whole) : `${whole}.${fraction}`;
}

/** Multiplies micro-lei by a rate given as a decimal string ('0.21'), rounding half up to a micro-leu. */
export function applyRate(micro: number, rate: string): number {
  const rateMicro = decimalToMicro(rate);
  return Math.round((micro * rateMicro) / MICRO_PER_LEU);
}

/** Romanian display of a lei/kWh price: '1,0612'. */
export function formatPricePerKwh(price: string | number): string {
  const value = typeof price === "number" ? price.toFixed(4) : Number(price).toFixed(4);
  return value.replace(".", ",");
}

/** Romanian display of a lei amount with thousands separators: 1234.5 → '1.234,50'. */
export function formatLei(amount: number, decimals = 2): string {
  return new Intl.NumberFormat("ro-RO", {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  }).format(amount);
}
