// Comparing Romanian names as a person would: diacritics, their legacy cedilla forms (ş ţ), case,
// hyphens and spacing do not make two names different.

/** 'Ştefan-Ţăranu  IONUȚ' → 'STEFAN TARANU IONUT' */
export function foldRomanian(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "") // combining marks: ă â î ș ț and their cedilla twins ş ţ
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, " ")
    .trim();
}

/** The set of name tokens of a person: order-insensitive, so 'POPESCU ANA MARIA' = 'Ana-Maria Popescu'. */
export function nameTokens(fullName: string): string[] {
  return foldRomanian(fullName)
    .split(" ")
    .filter((token) => token.length > 0)
    .sort();
}

export interface PersonName {
  lastName: string;
  firstName: string;
}

/**
 * Whether two people's names match. Every token of the shorter name must appear in the longer one,
 * and the last names must share a token (a bill may omit a second given name, never the surname).
 */
export function namesMatch(a: PersonName, b: PersonName): boolean {
  const lastA = nameTokens(a.lastName);
  const lastB = nameTokens(b.lastName);
  if (lastA.length === 0 || lastB.length === 0) return false;
  if (!lastA.some((token) => lastB.includes(token))) return false;
  const tokensA = nameTokens(`${a.lastName} ${a.firstName}`);
  const tokensB = nameTokens(`${b.lastName} ${b.firstName}`);
  const [shorter, longer] = tokensA.length <= tokensB.length ? [tokensA, tokensB] : [tokensB, tokensA];
  return shorter.every((token) => longer.includes(token));
}

/**
 * Whether a full name printed in one string (as bills print the holder) matches a person:
 * all of the person's last-name tokens and at least one given-name token must be present.
 */
export function fullNameMatches(printed: string, person: PersonName): boolean {
  const printedTokens = nameTokens(printed);
  const last = nameTokens(person.lastName);
  const first = nameTokens(person.firstName);
  if (last.length === 0 || first.length === 0) return false;
  return last.every((token) => printedTokens.includes(token)) && first.some((token) => printedTokens.includes(token));
}

/** How many places of `a` hold another character in `b` (an OCR misreads letter for letter, keeping the length). */
export function charactersDiffering(a: string, b: string): number {
  return [...a].filter((c, i) => c !== b[i]).length;
}
