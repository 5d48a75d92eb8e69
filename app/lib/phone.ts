// Romanian phone numbers and SMS codes (user spec §5, §9). Pure: shared by the sign-in dialog,
// the /login page and the API, which stores every phone in its canonical +40 form.

/** +40 followed by 9 digits: the only form stored and compared. */
export const CANONICAL_PHONE = /^\+40\d{9}$/;
/** What the dialog accepts as typed: +40 or 0, then 9 digits. */
export const DIALOG_PHONE = /^(\+40|0)\d{9}$/;
export const PHONE_MAX_LENGTH = 13;
export const SMS_CODE_LENGTH = 6;
export const SMS_CODE = /^\d{6}$/;

// Spaces, dots, dashes and brackets are how people group digits; they carry no meaning.
const SEPARATORS = /[\s.\-()/]/g;

/**
 * Dialog normalisation (§5): kept if it starts with +40, a leading 0 becomes +40, otherwise +40 is
 * prefixed; capped at 13 characters. Separators are dropped first.
 */
export function normalizePhone(input: string): string {
  const compact = input.replace(SEPARATORS, "");
  if (compact === "") return "";
  let normalized: string;
  if (compact.startsWith("+40")) normalized = compact;
  else if (compact.startsWith("0")) normalized = `+40${compact.slice(1)}`;
  else normalized = `+40${compact}`;
  return normalized.slice(0, PHONE_MAX_LENGTH);
}

/** The dialog rule, on what the person typed: +40 or 0 followed by 9 digits. */
export function isValidDialogPhone(input: string): boolean {
  return DIALOG_PHONE.test(input.replace(SEPARATORS, ""));
}

/** The /login page rule: exactly +40 plus 9 digits. */
export function isValidLoginPhone(input: string): boolean {
  return CANONICAL_PHONE.test(input.trim());
}

/** The canonical form, or null when the input cannot be a Romanian number. Used by the API. */
export function canonicalPhone(input: string): string | null {
  const normalized = normalizePhone(input);
  return CANONICAL_PHONE.test(normalized) ? normalized : null;
}

/** The /login page strips everything but digits from the code field as it is typed. */
export function stripNonDigits(input: string): string {
  return input.replace(/\D/g, "");
}

export function isValidSmsCode(input: string): boolean {
  return SMS_CODE.test(input);
}

/** '+40 7xx xxx x45': enough to recognise one's own number in a log without exposing it. */
export function maskPhone(phone: string): string {
  if (!CANONICAL_PHONE.test(phone)) return "***";
  return `${phone.slice(0, 3)} ${phone.slice(3, 4)}xx xxx x${phone.slice(-2)}`;
}
