// Romanian personal numeric code (CNP): S YY MM DD JJ NNN C (romania-market.md).
// S = sex and century (or resident / foreigner), JJ = county of registration, C = control digit.

export const CNP_CONTROL_KEY = "279146358279";

export type CnpSex = "M" | "F";

export type CnpProblem =
  | "format" // not 13 digits
  | "sex_digit" // S is 0
  | "birth_date" // YYMMDD is not a real day
  | "county" // JJ outside 01–52
  | "checksum"; // control digit does not match

export interface CnpInfo {
  cnp: string;
  sex: CnpSex;
  /** YYYY-MM-DD */
  birthDate: string;
  countyCode: string;
  /** Foreign citizen or resident (S = 7, 8, 9): the century is inferred, not encoded. */
  isResident: boolean;
}

export type CnpResult = { valid: true; info: CnpInfo } | { valid: false; problems: CnpProblem[]; info?: Partial<CnpInfo> };

/** The control digit the first 12 digits call for. */
export function cnpControlDigit(first12: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * Number(CNP_CONTROL_KEY[i]);
  const rest = sum % 11;
  return rest === 10 ? 1 : rest;
}

function centuryFor(sexDigit: number, yy: number, referenceYear: number): number | null {
  switch (sexDigit) {
    case 1:
    case 2:
      return 1900;
    case 3:
    case 4:
      return 1800;
    case 5:
    case 6:
      return 2000;
    case 7:
    case 8:
    case 9:
      // Residents and foreigners: the century is not encoded; take the most recent one not in the future.
      return 2000 + yy <= referenceYear ? 2000 : 1900;
    default:
      return null;
  }
}

function isRealDay(y: number, m: number, d: number): boolean {
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * Parses and validates a CNP. `referenceYear` only matters for residents / foreigners (S = 7–9)
 * whose century is not encoded.
 */
export function parseCnp(input: string, referenceYear = new Date().getUTCFullYear()): CnpResult {
  const cnp = input.replace(/\s+/g, "");
  if (!/^\d{13}$/.test(cnp)) return { valid: false, problems: ["format"] };

  const problems: CnpProblem[] = [];
  const info: Partial<CnpInfo> = { cnp };
  const sexDigit = Number(cnp[0]);
  const yy = Number(cnp.slice(1, 3));
  const mm = Number(cnp.slice(3, 5));
  const dd = Number(cnp.slice(5, 7));
  const county = cnp.slice(7, 9);

  const century = centuryFor(sexDigit, yy, referenceYear);
  if (century === null) problems.push("sex_digit");
  else {
    info.sex = sexDigit % 2 === 1 ? "M" : "F";
    info.isResident = sexDigit >= 7;
    const year = century + yy;
    if (isRealDay(year, mm, dd)) {
      info.birthDate = `${year}-${cnp.slice(3, 5)}-${cnp.slice(5, 7)}`;
    } else problems.push("birth_date");
  }

  const countyNumber = Number(county);
  if (countyNumber < 1 || countyNumber > 52) problems.push("county");
  else info.countyCode = county;

  if (cnpControlDigit(cnp.slice(0, 12)) !== Number(cnp[12])) problems.push("checksum");

  if (problems.length > 0) return { valid: false, problems, info };
  return { valid: true, info: info as CnpInfo };
}

export function isValidCnp(input: string, referenceYear?: number): boolean {
  return parseCnp(input, referenceYear).valid;
}

/** Builds a valid CNP from its parts (fixtures, tests). `serial` is the 3-digit NNN. */
export function buildCnp(parts: { sex: CnpSex; birthDate: string; countyCode: string; serial: string }): string {
  const [year, month, day] = parts.birthDate.split("-") as [string, string, string];
  const y = Number(year);
  const base = y >= 2000 ? 5 : y >= 1900 ? 1 : 3;
  const sexDigit = base + (parts.sex === "M" ? 0 : 1);
  const first12 = `${sexDigit}${year.slice(2)}${month}${day}${parts.countyCode.padStart(2, "0")}${parts.serial.padStart(3, "0")}`;
  return first12 + String(cnpControlDigit(first12));
}

/** CNP county codes (JJ) by the county's car-plate abbreviation; Bucharest's sectors are 41–46. */
const COUNTY_CODES: Record<string, string> = {
  AB: "01", AR: "02", AG: "03", BC: "04", BH: "05", BN: "06", BT: "07", BV: "08", BR: "09", BZ: "10",
  CS: "11", CJ: "12", CT: "13", CV: "14", DB: "15", DJ: "16", GL: "17", GJ: "18", HR: "19", HD: "20",
  IL: "21", IS: "22", IF: "23", MM: "24", MH: "25", MS: "26", NT: "27", OT: "28", PH: "29", SM: "30",
  SJ: "31", SB: "32", SV: "33", TR: "34", TM: "35", TL: "36", VS: "37", VL: "38", VN: "39", CL: "51", GR: "52",
};

/**
 * The CNP county code of a place as printed on an identity document ('Jud.CJ Mun.Cluj-Napoca',
 * 'Mun.București Sec.3'); null when the text names no county.
 */
export function countyCodeOfPlace(place: string): string | null {
  const sector = /Bucure[sșş]ti\b.*?\bSec(?:tor(?:ul)?)?\.?\s?([1-6])\b/i.exec(place);
  if (sector) return `4${sector[1]}`;
  const county = /\bJud\.?\s?([A-Z]{2})\b/.exec(place);
  return county ? (COUNTY_CODES[county[1]!] ?? null) : /Bucure[sșş]ti/i.test(place) ? "40" : null;
}

/** Each county's seat, a municipality ('Mun.') printed on the identity documents of those born or living there. */
export const COUNTY_SEATS: Record<string, string> = {
  AB: "Alba Iulia", AR: "Arad", AG: "Pitești", BC: "Bacău", BH: "Oradea", BN: "Bistrița", BT: "Botoșani", BV: "Brașov", BR: "Brăila", BZ: "Buzău",
  CS: "Reșița", CJ: "Cluj-Napoca", CT: "Constanța", CV: "Sfântu Gheorghe", DB: "Târgoviște", DJ: "Craiova", GL: "Galați", GJ: "Târgu Jiu", HR: "Miercurea Ciuc", HD: "Deva",
  IL: "Slobozia", IS: "Iași", MM: "Baia Mare", MH: "Drobeta-Turnu Severin", MS: "Târgu Mureș", NT: "Piatra Neamț", OT: "Slatina", PH: "Ploiești", SM: "Satu Mare",
  SJ: "Zalău", SB: "Sibiu", SV: "Suceava", TR: "Alexandria", TM: "Timișoara", TL: "Tulcea", VS: "Vaslui", VL: "Râmnicu Vâlcea", VN: "Focșani", CL: "Călărași", GR: "Giurgiu",
};
