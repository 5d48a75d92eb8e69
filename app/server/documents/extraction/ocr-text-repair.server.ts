// What the OCR engine gets wrong in a bill's text in ways the context settles (issue #14), repaired
// before the bill reader sees it — the reader is the same for the text layer and for scans, and the
// text layer never has these. Only confusions that cannot be a real reading are touched.

/** Letters the engine reads for digits: O/o/Q/D for 0, I/l/| for 1, S for 5, B for 8. */
const DIGIT_FOR: Record<string, string> = { O: "0", o: "0", Q: "0", D: "0", I: "1", l: "1", "|": "1", S: "5", B: "8" };
const CONFUSABLE = /[OoQDIl|SB]/g;

/**
 * A figure with a letter read into it ('2O26', '1.l95,04', '3O,5O'): a word of digits, figure
 * separators and those letters only, with at least two real digits and no more letters than digits,
 * each letter next to a digit or a separator. Words with any other letter (a POD, a bill number,
 * 'bl.B7', 'ISO') are left alone.
 */
const FIGURE_WORD = /^[\dOoQDIl|SB.,:/-]+$/;
export function repairFigure(word: string): string {
  if (!FIGURE_WORD.test(word)) return word;
  const digits = (word.match(/\d/g) ?? []).length;
  const letters = word.length - digits - (word.match(/[.,:/-]/g) ?? []).length;
  if (digits < 2 || letters === 0 || letters > digits) return word;
  return word.replace(CONFUSABLE, (c) => DIGIT_FOR[c]!);
}

/** A POD's 'E' read as 'F' or '£' ('RO008F791904160', 'RO001£762723156'): the code is RO, three digits, E, nine digits. */
const POD_WITH_F = /\b(R[O0][0-9O]{3})[F£](\d{9})\b/g;
/**
 * A POD's 'O' read twice ('ROO003E874389908'): after 'RO' come three digits and an 'E', so an 'O'
 * with three more zeros-or-digits before the 'E' is one too many.
 */
const POD_DOUBLED_O = /\bRO[O0](?=[O0]{2}\d\s?E)/g;

/**
 * A POD's operator digit 6 read as 'G' ('RO00GE899…'), and a stray bracket read among its nine digits
 * ('RO006E899) 015345'): after 'RO' come three digits, an 'E' and nine digits, never a letter or a bracket.
 */
const POD_WITH_G = /\b(R[O0][0-9O]{2})G(?=E\s?\d)/g;
/**
 * A POD's 'R' read as another capital ('Ao003E579574173'): a letter, 'O' (or 'o', '0'), three digits (the first a
 * zero), 'E' and nine digits is a POD's shape, and every POD opens with 'RO'.
 */
const POD_R_MISREAD = /\b[A-QS-Z][Oo0](?=0\d{2}E\d{9}\b)/g;
/** The same 'R' read as a bracket or a bar ('POD: (0008E370525092'): no word starts with one. */
const POD_R_AS_MARK = /(?<=^|[\s:])[(|[{][Oo0](?=0\d{2}E\d{9}\b)/gm;
const POD_STRAY_BRACKET = /\b(R[O0]\d{3}E[\d ]{1,8})[)(\][]\s?(?=\d)/g;

/**
 * A code's letter prefix with its dash read as a colon ('Cod client: C:972200' for 'C-972200'): one
 * capital letter and a colon straight before four digits or more starts no label.
 */
const PREFIX_DASH_AS_COLON = /(^|[\s:])([A-Z]):(?=\d{4,}\b)/gm;

/**
 * A place name's capital I read as a small l or an exclamation mark after the abbreviation that
 * introduces it ('Mun.lași', 'Mun.!ași', 'Jud. lalomița'): no Romanian place name starts with a small
 * letter or a sign.
 */
const PLACE_AFTER_ABBREVIATION = /\b(Mun|Jud|Str|Bd|Com|Sat|Or|Sec|Loc)\.( ?)[l!](?=[a-zăâîșț])/g;
/** The same after 'Mun' or 'Jud' whose dot the engine lost ('Mun lași'): neither is a word of its own. */
const PLACE_AFTER_BARE_ABBREVIATION = /\b(Mun|Jud) [l!](?=[a-zăâîșț])/g;
/**
 * 'Mun' or 'Jud' whose dot the engine read as a space ('Jud.TM Mun Timișoara'): neither is a word of its
 * own, so before a capitalised place name or a county's code the dot is put back.
 */
const BARE_PLACE_ABBREVIATION = /\b(Mun|Jud) (?=\p{Lu})/gu;
/**
 * Bucharest's sector with its dot read as a space or a colon, its abbreviation's as a colon ('Mun.București Sec 2',
 * 'Mun:București'): after the city's name 'Sec' and a figure 1–6 is the sector, and 'Mun' or 'Jud' before a
 * capital opens the locality (no word of its own).
 */
const SECTOR_DOT_LOST = /(Bucure[sș]ti,?\s+Sec)[ :](?=[1-6](?!\d))/gu;
const PLACE_ABBREVIATION_COLON = /\b(Mun|Jud):(?=\p{Lu})/gu;
/**
 * A street's name parted after its first capital ('Bd.U nirii', 'Str.F lorilor'): a lone capital after a
 * street kind, then a word in lower case, is that word's first letter (initials carry their dots: 'Str.I.C. …').
 */
const STREET_NAME_PARTED = /(^|[\s,])(Str|Bd|B-dul|Șos|Cal|Calea|Aleea|Al)\.(\s?)(\p{Lu}) (\p{Ll}{2,})/gmu;

/**
 * A block's number with its 1 read as a small l or a capital I ('bl.Al' for 'bl.A1', 'bl.Bl2'): a block
 * is named by a letter or two and a number, so after its letter(s) only digits follow.
 */
const BLOCK_NUMBER_WITH_L = /\b([Bb][Ll]\.\s?[A-Z]{1,2})([\dlI|]*[lI|][\dlI|]*)(?=[\s,;]|$)/gm;
/**
 * For the same reason a block named by letters alone ends with its number read as the letter it looks
 * like ('bl.CS' for 'bl.C5', 'bl.AO' for 'bl.A0'): S for 5, O for 0, B for 8.
 */
/**
 * The block's own abbreviation with its l read as a 1, a capital I, an i or a bar ('b1.C3', 'bI.C3'): an
 * address's 'b' and one stroke before a dot and a block's name (a letter or two and a digit) is 'bl.'.
 */
const BLOCK_WORD_MISREAD = /(?<=^|[\s,;])b[1Ii|](?=\.\s?[A-Z]{1,2}\d)/gm;
const BLOCK_NUMBER_AS_LETTER = /\b([Bb][Ll]\.\s?[A-Z]{1,2}?)([SOB])(?=[\s,;]|$)/gm;
const BLOCK_DIGIT: Record<string, string> = { S: "5", O: "0", B: "8" };

/**
 * A county's code with a letter read as a digit ('Jud.1S' for 'Jud.IS', 'Jud.8Y'): the code after 'Jud.'
 * is two capital letters, never a figure. (Which county it names is checked against the seat later.)
 */
const COUNTY_CODE_WITH_DIGIT = /\b(Jud\.\s?)(?=[A-Z\d]{2}\b)([A-Z]?\d[A-Z\d]?)\b/g;
const LETTER_FOR: Record<string, string> = { "0": "O", "1": "I", "2": "Z", "5": "S", "6": "G", "8": "B" };

/** A power's 7 read as a 'T' before its unit ('TkW', 'T kW', 'Tkw', 'TKW'): no word 'T' is ever counted in kW. */
const SEVEN_AS_T_BEFORE_KW = /(^|[\s:])T ?(?=[kK][Ww]\b)/gm;

/**
 * A Roman-numeral month with its I's read as 1, l or | ('19.V1.2025', '01.X11,2025', '18.Vl.2026'), its
 * dot before the year read as a comma: a date's middle word holding a V or an X is a Roman month, never
 * a figure, so its strokes are I's. A month of I's alone ('II') is left as read: it may be a figure.
 */
const ROMAN_MONTH_MISREAD = /(?<![\d.,])(\d{1,2}\.)([IVX1l|]*[VX][IVX1l|]*)[.,](?=(?:\d{4}|\d{2})(?!\d))/g;

/**
 * A date's first dot read as a space ('Data scadenței: 24 11.2025'): a day, a space, then a month and a
 * year after a dot make one date (no amount has a dot before four digits after a spaced group of two).
 */
const DATE_DOT_AS_SPACE = /(?<![\d.,] ?)\b(0?[1-9]|[12]\d|3[01]) (0[1-9]|1[0-2])\.(\d{4})(?![\d.,]\d)/g;

/**
 * So is its second dot ('01.08.2025 - 31.08 2025', its first read as a dash too: '29-04 2025'): a day and a
 * month after a dot or a dash, a space, then a year of this century, no unit after it (an amount or a code
 * is no two groups of two digits and a year so spaced).
 */
const DATE_SECOND_DOT_AS_SPACE = /(?<![\d.,-])\b(0?[1-9]|[12]\d|3[01])[.-](0[1-9]|1[0-2]) (20\d{2})(?![\d.,]?\d)(?!\s*(?:lei|ron|kwh|kw)\b)/gi;

/**
 * A date's year parted by a space ('Data emiterii 15.12.2 025', a gap the lamp's band or a speck opened in
 * the print): a day and a month after dots, then a year of this century in two runs of digits with one
 * space, nothing glued after it, is that date (no amount or code splits a year so).
 */
const DATE_YEAR_PARTED = /(?<![\d.,])\b(0?[1-9]|[12]\d|3[01])\.(0[1-9]|1[0-2])\.(2 0\d{2}|20 \d{2}|20\d \d)(?![\d.,]?\d)/g;

/**
 * One of a date's dots read as a colon ('Perioada 01.09.2026 - 30.09:2026'): a day, a month and a year of this
 * century parted by a dot and a colon is that date (a time's colon has no dot and year after it).
 */
const DATE_DOT_AS_COLON = /(?<![\d.,:])\b(0?[1-9]|[12]\d|3[01])(?:\.(0[1-9]|1[0-2]):|:(0[1-9]|1[0-2])\.)(20\d{2})(?![\d.,:]?\d)/g;

/**
 * A bar read between two words with no space ('Oferta ta: Tinmar|Abonament Casa', a box's edge or a
 * highlighter's stroke under the print): print never glues a word to a capitalised one with a bar, so it is a space.
 */
const BAR_BETWEEN_WORDS = /(?<=\p{L}{2})\|(?=\p{Lu}\p{Ll})/gu;

/**
 * A boulevard's 'Bd.' with its B lost at the start of a line or cell ('d.Unirii nr.83' under the holder's
 * name, a pen's tick or a punched hole over the letter): no address cell opens with a small 'd.' and a
 * capitalised name.
 */
const BOULEVARD_B_LOST = /(?<=^|\t)d\.(?=\s?\p{Lu}\p{Ll}+\b)/gmu;

/**
 * A ring binder's punched hole in the left margin read as a letter of its own before a line ('o ⇥ OANA LUPU',
 * 'O || Jud.CJ …': the disc an 'o', its rim a bar or two): a lone o (or a degree sign) opening a line, before a
 * capital or a figure, is no word of the print, and as a cell it shifts the line's columns (the holder's
 * address was read from the next column).
 */
const HOLE_AT_LINE_START = /^[oO°](?:[ \t]*\|)*[ \t]+(?=[\p{Lu}\d])/gmu;

/**
 * A series' 'nr.' whose n the engine lost or read as a quote or a speck ('Seria PPN ' r. 3457767'):
 * after 'Seria' and its capitals, an 'r.' before the number is the 'nr.'.
 */
const SERIES_NR_N_LOST = /(\bseria\s+[A-Z]{1,6})\s+[^\s\p{L}\d]?\s?r\.\s*(?=\d{4,})/giu;

/**
 * 'plătiți', 'plătit' with their l read as an i ('Piătiți până la'): no Romanian word starts 'piăt'
 * ('piață' is spelled 'pia').
 */
const PAY_WORD_L_AS_I = /\b([Pp])i(ăt)/g;
/**
 * The issue date's label 'Emisă' with its i read as an l or a 1 and its ă as an s or an a ('Emlss:14.08. 2025', a
 * faint head): no Romanian word starts 'Eml' or 'Em1'.
 */
const ISSUED_I_AS_L = /(?<!\p{L})Em[l1][sș][ăas](?!\p{L})/gu;
/**
 * 'de plată' parted inside its word ('TOTAL DE PL ATĂ', 'TOTAL DE PI ⇥ ATĂ': a band or a gap across the l,
 * read as an I): no word 'ată' follows 'de pl' or 'de pi'.
 */
const PAY_WORD_PARTED = /\b((?:de|De|DE)\s+)([Pp])([lLI1i|])[ \t]+(at[ăa]|AT[ĂA])(?!\p{L})/gu;
/** 'până la' with its l read as a J ('până Ja'): no word 'Ja' follows 'până'. */
const UNTIL_L_AS_J = /(\bp[âa]n[ăa])\s+Ja\b/g;

/**
 * A label's colon read as a semicolon ('Ofertă; Premier Casa Flex'): one or two words opening a cell,
 * the first capitalised, then ';' and a capitalised value or a figure — no sentence's clause is so short.
 */
const LABEL_COLON_AS_SEMICOLON = /(?<=^|\t)(\p{Lu}\p{Ll}+(?: \p{Ll}+)?);(?= \p{Lu}| ?\d)/gmu;

/**
 * A contracted power's unit read 'kv' ('putere aprobată 5 kv'): after a power's caption the figure is
 * in kW (a voltage is printed after 'tensiune', never after 'putere').
 */
const POWER_UNIT_AS_KV = /(\bputere(?:a)?\s+(?:maxim[ăa]\s+)?(?:aprobat[ăa]|contractat[ăa]|instalat[ăa])\s*:?\s*\d{1,2}(?:[.,]\d{1,2})?\s?)kv\b/gi;

/** Romanian ș and ț are written with a comma below; the engine often returns the cedilla forms. */
const COMMA_BELOW: Record<string, string> = { ş: "ș", ţ: "ț", Ş: "Ș", Ţ: "Ț" };

/**
 * A street kind's Ș (comma below) read as '$' or '5', or read with a '$' for its comma ('$os.Păcurari',
 * 'Ș$os.Pantelimon'): no Romanian street kind starts with either, and a bare 'Sos.' is the same
 * 'Șoseaua' without its diacritic. One repair for bills and identity cards alike.
 */
const STREET_KIND_SOS = /(^|[\s.,])(?:[ȘŞS][$5]|[$5S])os\.(?=\s?\p{Lu})/gu;
const STREET_KIND_STR = /(^|[\s.,])[$5]tr\.(?=\s?\p{Lu})/gu;
export function repairStreetKind(text: string): string {
  return text.replace(STREET_KIND_SOS, "$1Șos.").replace(STREET_KIND_STR, "$1Str.");
}

/**
 * A bill series' capital I read as a small l ('TCl 3004571 / 19.02.2026'): a series is capitals only,
 * two to four before a number of five digits or more, so a small l among them is an I.
 */
const SERIES_WITH_SMALL_L = /(?<![\p{L}\d.])(?=[A-Zl]{2,4} \d{5,}(?![\d.,]))([A-Z]*)l([A-Z]*)(?= )/gu;

/**
 * A bill series' last capital J read as a closing bracket ('HF] 5631339'): a series is capitals only, so
 * a bracket ending two or three of them before a number of five digits or more is the J its hook made.
 */
const SERIES_WITH_BRACKET_J = /(?<![\p{L}\d.[\]])([A-Z]{1,3})\](?= \d{5,}(?![\d.,]))/gu;

/**
 * A block's heading in capitals a scan split at its space into two cells ('DATE ⇥ CONTRACT', 'DATE ⇥
 * CLIENT', 'DATE ⇥ FACTURĂ'): one heading again, so its second word is no label of the value under it
 * (a client code under 'CONTRACT' was taken for the contract number).
 */
const SPLIT_BLOCK_HEADING = /(?<=^|\t)(DATE(?:LE)?)\t(CONTRACT(?:ULUI)?|CLIENT(?:ULUI)?|FACTUR(?:Ă|A|II)|CONSUM|PLAT(?:Ă|A))(?=\t|$)/gm;

/**
 * The word 'luni' (months) of an offer's term ('E.ON Fix 12 luni') with its l and u read as 'IL' or 'I' ('Fix
 * 12 IL ni', 'Fix 12 ILni', 'Fix 24 Iuni'): after a number of months no other word is spelt so.
 */
const MONTHS_WORD_MISREAD = /(?<=\b\d{1,2} )(?:IL ?ni|ILuni|Iuni)(?!\p{L})/gu;

/**
 * An amount's 'lei' cut to its first letter and joined to the bani ('1182,35l', the rest of the word lost
 * or in a cell of its own): after a comma and two decimals a lone l or I is the currency, never a digit.
 */
const LEI_JOINED_TO_BANI = /(?<![\d.,])(\d{1,3}(?:\.\d{3})+|\d+),(\d{2})[lI](?=[ \t]|$)/gm;

export function repairOcrText(text: string): string {
  return repairStreetKind(text.replace(HOLE_AT_LINE_START, ""))
    .replace(SPLIT_BLOCK_HEADING, "$1 $2")
    .replace(LEI_JOINED_TO_BANI, "$1,$2 lei")
    .replace(/[şţŞŢ]/g, (c) => COMMA_BELOW[c]!)
    .replace(PLACE_AFTER_ABBREVIATION, "$1.$2I")
    .replace(PLACE_AFTER_BARE_ABBREVIATION, "$1 I")
    .replace(BARE_PLACE_ABBREVIATION, "$1.")
    .replace(PLACE_ABBREVIATION_COLON, "$1.")
    .replace(SECTOR_DOT_LOST, "$1.")
    .replace(STREET_NAME_PARTED, "$1$2.$3$4$5")
    .replace(POD_DOUBLED_O, "RO")
    .replace(POD_R_MISREAD, "RO")
    .replace(POD_R_AS_MARK, "RO")
    .replace(POD_WITH_F, "$1E$2")
    .replace(POD_WITH_G, "$16")
    .replace(POD_STRAY_BRACKET, "$1")
    .replace(PREFIX_DASH_AS_COLON, "$1$2-")
    .replace(SERIES_WITH_SMALL_L, (series: string, before: string, after: string) => (before.length + after.length >= 1 ? `${before}I${after}` : series))
    .replace(SERIES_WITH_BRACKET_J, "$1J")
    .replace(SEVEN_AS_T_BEFORE_KW, "$17 ")
    .replace(COUNTY_CODE_WITH_DIGIT, (code: string, jud: string, letters: string) => (/^[A-Z\d]{2}$/.test(letters) && [...letters].every((c) => /[A-Z]/.test(c) || c in LETTER_FOR) ? jud + letters.replace(/\d/g, (d) => LETTER_FOR[d]!) : code))
    .replace(DATE_DOT_AS_SPACE, "$1.$2.$3")
    .replace(DATE_SECOND_DOT_AS_SPACE, "$1.$2.$3")
    .replace(DATE_YEAR_PARTED, (_, day: string, month: string, year: string) => `${day}.${month}.${year.replace(" ", "")}`)
    .replace(DATE_DOT_AS_COLON, (_, day: string, monthBefore: string | undefined, monthAfter: string | undefined, year: string) => `${day}.${monthBefore ?? monthAfter}.${year}`)
    .replace(BAR_BETWEEN_WORDS, " ")
    .replace(BOULEVARD_B_LOST, "Bd.")
    .replace(SERIES_NR_N_LOST, "$1 nr. ")
    .replace(PAY_WORD_L_AS_I, "$1l$2")
    .replace(PAY_WORD_PARTED, (_, de: string, p: string, _l: string, ata: string) => `${de}${p}${/^[A-Z]/.test(ata) ? "L" : "l"}${ata}`)
    .replace(ISSUED_I_AS_L, "Emisă")
    .replace(LABEL_COLON_AS_SEMICOLON, "$1:")
    .replace(POWER_UNIT_AS_KV, "$1kW")
    .replace(UNTIL_L_AS_J, "$1 la")
    .replace(ROMAN_MONTH_MISREAD, (_, day: string, month: string) => `${day}${month.replace(/[1l|]/g, "I")}.`)
    .replace(BLOCK_WORD_MISREAD, "bl")
    .replace(BLOCK_NUMBER_WITH_L, (_, block: string, number: string) => block + number.replace(/[lI|]/g, "1"))
    .replace(BLOCK_NUMBER_AS_LETTER, (_, block: string, digit: string) => block + BLOCK_DIGIT[digit]!)
    .replace(MONTHS_WORD_MISREAD, "luni")
    .split("\n")
    .map((line) =>
      line
        .split("\t")
        .map((cell) => cell.split(" ").map(repairFigure).join(" "))
        .join("\t"),
    )
    .join("\n");
}
