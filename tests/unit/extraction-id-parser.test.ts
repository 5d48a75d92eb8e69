import { describe, expect, it } from "vitest";
import { addressLines, adoptRereadFields, confirmAddressDigits, fieldsToReread, parseIdCardText, placeBySeat, repairCountySeat, repairIssuerLocality, withPrintedDiacritics } from "../../app/server/documents/extraction/id-card-parser.server";
import { buildTd2 } from "../../app/lib/mrz";

// Text as tesseract read a rendered classic card (labels garbled, values right, 'I' read as 'T').
const CLASSIC_OCR = `ROMÂNIA ROUMANIE ROMANIA
CARTE DE IDENTITATE CARTE D'IDENTITE IDENTITY CARD
sesn RT e 715204 cur 2921123410576
Nume/Nom/Last name
ȘTEFĂNESCU
Prenume/Prânorirst name
ANA-MARIA
Cetățenie/Nationalit6/Nationality Sex|Sexe[Sex
Română / ROU E
Loc naştere/Lieu de naissance/Place of birth
Mun.București Sec.1
Domiciliu/Adresse/Address
Mun.București Sec.3 Str.Țepeș Vodă nr.14 bl.A2
ap.31
Emisă de/Delivree par/lssued by Valabilitate/Validit6/Validity
SPCEP S3 biroul nr.2 30.06.22-23.11.2032
TDROUSTEFANESCU<<ANA<MARIA<<<<<<<<<*
RT715204<9R0U9211236F321123424105761`;

const ELECTRONIC_OCR = `ROMÂNIA - ROUMANIE - ROMANIA
NUME/NOM/SURNAME
CONSTANTIN
PRENUME/PRENOMS/GIVEN NAMES
IOANA
DATA NAȘTERII/DATE DE NAISSANCE/DATE OF BIRTH
09.09.1988
LOC NAȘTERE/LIEU DE NAISSANCE/PLACE OF BIRTH
Jud.CT Mun.Constanța
CNP/PERSONAL NO. NR. DOCUMENT/DOCUMENT NO.
2880909136611 KT104876
DATA EMITERII/DATE OF ISSUE DATA EXPIRĂRII/DATE OF EXPIRY
05.02.2024 09.09.2034
ITDROUKT104876<52880909136611<<
8809092F3409095ROU<<<<<<<<<<<2
CONSTANTIN<<IOANA<<<<<<<<<<<<<`;

describe("ID card parser", () => {
  it("does not call a number sure when zone and print misread it alike and the zone's check digit fails", () => {
    const sure = parseIdCardText(CLASSIC_OCR, { referenceYear: 2026 });
    expect(sure.fieldConfidence?.number).toBe(0.99);
    // A shaken photo: the same '0' read as '8' in the printed number and in the zone.
    const blurred = parseIdCardText(CLASSIC_OCR.replaceAll("715204", "715284"), { referenceYear: 2026 });
    expect(blurred.number).toBe("715284");
    expect(blurred.sources.number).toBe("mrz+printed");
    expect(blurred.mrz?.checks.documentNumber).toBe(false);
    expect(blurred.fieldConfidence?.number).toBeLessThan(0.9);
    expect(blurred.fieldConfidence?.series).toBeLessThan(0.9);
    // The fields whose own check digits hold stay sure.
    expect(blurred.fieldConfidence?.birthDate).toBe(0.99);
  });

  it("reads a classic card: zone first, printed fields second, all agreeing", () => {
    const id = parseIdCardText(CLASSIC_OCR, { referenceYear: 2026 });
    expect(id).toMatchObject({
      cardType: "ci",
      cnp: "2921123410576",
      lastName: "ȘTEFĂNESCU",
      firstName: "ANA-MARIA",
      sex: "F",
      birthDate: "1992-11-23",
      birthPlace: "Mun.București Sec.1",
      address: "Mun.București Sec.3 Str.Țepeș Vodă nr.14 bl.A2 ap.31",
      series: "RT",
      number: "715204",
      issuedBy: "SPCEP S3 biroul nr.2",
      issueDate: "2022-06-30",
      expiryDate: "2032-11-23",
      nationality: "ROU",
      conflicts: [],
      missingFields: [],
    });
    expect(id.mrz).toMatchObject({ format: "TD2", valid: true });
    expect(id.sources.cnp).toBe("mrz+printed");
  });

  it("reads an electronic card with a TD1 zone holding the whole CNP", () => {
    const id = parseIdCardText(ELECTRONIC_OCR, { referenceYear: 2026 });
    expect(id).toMatchObject({
      cardType: "cei",
      cnp: "2880909136611",
      lastName: "CONSTANTIN",
      firstName: "IOANA",
      birthDate: "1988-09-09",
      series: "KT",
      number: "104876",
      issueDate: "2024-02-05",
      expiryDate: "2034-09-09",
      missingFields: [],
    });
    expect(id.mrz?.valid).toBe(true);
  });

  it("records a conflict when the printed CNP disagrees with the zone", () => {
    const tampered = CLASSIC_OCR.replace("cur 2921123410576", "cur 1800101221144");
    const id = parseIdCardText(tampered, { referenceYear: 2026 });
    expect(id.cnp).toBe("2921123410576");
    // The printed CNP's birth date is set against the zone's too (the zone's CNP is the zone's birth date again).
    expect(id.conflicts).toEqual([
      { field: "cnp", mrz: "2921123410576", printed: "1800101221144" },
      { field: "birthDate", mrz: "1992-11-23", printed: "1980-01-01" },
    ]);
    expect(id.fieldConfidence?.birthDate).toBe(0.5);
  });

  it("uses a whitelisted second reading of the zone when the first is broken", () => {
    const broken = CLASSIC_OCR.replace("RT715204<9R0U9211236F321123424105761", "RT715Z04<9R0U92I1Z36F3Z1123424105761 x");
    const second = "IDROUSTEFANESCU<<ANA<MARIA<<<<<<<<<<\nRT715204<9ROU9211236F321123424105761";
    expect(parseIdCardText(broken, { referenceYear: 2026, mrzText: second }).mrz?.valid).toBe(true);
  });

  it("falls back to the printed fields without a zone", () => {
    const noZone = CLASSIC_OCR.split("\n").slice(0, -2).join("\n");
    const id = parseIdCardText(noZone, { referenceYear: 2026 });
    expect(id.mrz).toBeNull();
    expect(id).toMatchObject({ cnp: "2921123410576", birthDate: "1992-11-23", sex: "F", series: "RT", number: "715204", expiryDate: "2032-11-23" });
    expect(id.sources.cnp).toBe("printed");
  });
  // Text as the engine read a blurred, low-contrast photo of a classic card (tuning material, round 1):
  // every small label a smudge, the values readable, stray characters around them.
  const BLURRED_CLASSIC_OCR = `ROMÂNIA ROUMANIE ROMANIA
CARTE DE IDENTITATE CARTE D'IDENTITE IDENTITY CARD
sin GL i 530917 : 2560618175092
Morme/ucreast came
BARBU
Precuzme/trtcomTett rame
MARIA
Cetăţenia tiatsoraităfistioraEy
Română / ROU
Loc naştera/Ueu de naiitancertoce ol birth
Jud.GL Mun.Galaţi
Deore Adresa Addret)
f A Jud.GL Mun.Galaţi Str.Brăilei nr.63 i bl.B4
ap.20
mind de/Odirvrbe partusunt by Valabât ata ValatoVaăty
SPCLEP Galaţi 14.02.18-nelimitat
IDROUBARBU<<MARIA<<<<<<<<<<<<<<<<<<<
GL530917<8ROU5606186F<<<<<<<21750920`;

  it("finds the issuer, the address and the birthplace by their shape when their labels are smudged", () => {
    const id = parseIdCardText(BLURRED_CLASSIC_OCR, { referenceYear: 2026 });
    expect(id).toMatchObject({
      issuedBy: "SPCLEP Galați",
      address: "Jud.GL Mun.Galați Str.Brăilei nr.63 bl.B4 ap.20",
      birthPlace: "Jud.GL Mun.Galați",
      issueDate: "2018-02-14",
      validityUnlimited: true,
    });
    // Found by shape, checked by nothing: printed-only confidence, never the ≥ 0.9 of a checked field.
    expect(id.fieldConfidence).toMatchObject({ issuedBy: 0.7, address: 0.7, birthPlace: 0.7 });
  });

  it("reads an unlimited validity whose dot the engine read as a colon and whose 'l' as an 'i' (issue #14, ID round 11)", () => {
    const id = parseIdCardText(BLURRED_CLASSIC_OCR.replace("14.02.18-nelimitat", "14:02.18-neiimitat"), { referenceYear: 2026 });
    expect(id).toMatchObject({ issuedBy: "SPCLEP Galați", issueDate: "2018-02-14", validityUnlimited: true });
  });

  it("reports a name read from the zone alone below 0.9: no check digit covers the names line", () => {
    // The printed surname lost; the zone holds it, its check digits all valid.
    const id = parseIdCardText(BLURRED_CLASSIC_OCR.replace("\nBARBU\n", "\n"), { referenceYear: 2026 });
    expect(id.mrz?.valid).toBe(true);
    expect(id.lastName).toBe("BARBU");
    expect(id.sources.lastName).toBe("mrz");
    expect(id.fieldConfidence?.lastName).toBe(0.7);
    expect(id.fieldConfidence?.cnp).toBeGreaterThanOrEqual(0.9);
  });

  it("joins dates the engine spaced after a dot on a passport's issue line", () => {
    const passport = `PAȘAPORT * PASSPORT * PASSEPORT
Nume/Surname/Nom
RĂDULESCU
Data eliberării/Date of issue/Date de délivrance Data expirării/Date of expiry
21. 08.2023 21.08.2033
Autoritatea/Authority/Autorité
SPCEP Brașov
P<ROURADULESCU<<MIHAI<<<<<<<<<<<<<<<<<<<<<<<
0553182741ROU8403157M33082131840315083720<28`;
    const id = parseIdCardText(passport, { referenceYear: 2026 });
    expect(id).toMatchObject({ cardType: "pasaport", issueDate: "2023-08-21", issuedBy: "SPCEP Brașov" });
    // The label smudged: the issue line is the one ending on the expiry the zone's check digit holds.
    const smudged = parseIdCardText(passport.replace("Data eliberării/Date of issue", "Data eiibeririuDate ol isue"), { referenceYear: 2026 });
    expect(smudged.issueDate).toBe("2023-08-21");
  });

  it("reads a date one of whose dots the engine read as a comma (issue #14, ID round 12)", () => {
    const passport = `PAȘAPORT * PASSPORT * PASSEPORT
Nume/Surname/Nom
RĂDULESCU
Data eliberării/Date of issue/Date de délivrance Data expirării/Date of expiry
21.08,2023 21.08.2033
Autoritatea/Authority/Autorité
SPCEP Brașov
P<ROURADULESCU<<MIHAI<<<<<<<<<<<<<<<<<<<<<<<
0553182741ROU8403157M33082131840315083720<28`;
    expect(parseIdCardText(passport, { referenceYear: 2026 }).issueDate).toBe("2023-08-21");
    expect(parseIdCardText(passport.replace("21.08,2023", "21,08.2023"), { referenceYear: 2026 }).issueDate).toBe("2023-08-21");
  });
  it("reads a blurred card's issuer line with spaced dates, stops the address at a smudged label, restores a smudged 'Jud.'", () => {
    const text = `ROMÂNIA ROUMANIE ROMANIA
snm KX n 482913 e 1800101121141
Nume /Norvuast name
POPESCU
PrenusmerPrtnomiFet rame
ION-MARIAN
Loc nastere de naissance/Piace ol birth
rep CJ Mun.Cluj-Napoca
Domuciuadresva/ Address
Jud.CJ Mun.Cluj-Napoca Str.Memorandumului nr.28
ap.5
mid de/Dilrte paris Valabritate Valdite Val
SPCLEP Cluj-Napoca 12.03.21- 01. .01. 2031
IDROUPOPESCU<<ION<MARIAN<<<<<<<<<<<<
KX482913<0ROU8001014M310101211211415`;
    const id = parseIdCardText(text, { referenceYear: 2026 });
    expect(id).toMatchObject({
      birthPlace: "Jud.CJ Mun.Cluj-Napoca",
      address: "Jud.CJ Mun.Cluj-Napoca Str.Memorandumului nr.28 ap.5",
      issuedBy: "SPCLEP Cluj-Napoca",
      issueDate: "2021-03-12",
      expiryDate: "2031-01-01",
    });
  });
});

// Issue #14: 'nr. 212' read for 'nr. 12' with nothing cross-checking it. No check digit covers an
// address; a second reading of its lines on their own has to hold the same numbers.
describe("address digits cross-checked by a second reading", () => {
  const misread = CLASSIC_OCR.replace("nr.14 bl.A2", "nr.214 bl.A2");

  it("lowers the address below a printed-only value when the second reading holds other numbers", () => {
    const id = confirmAddressDigits(parseIdCardText(misread, { referenceYear: 2026 }), "Mun.București Sec.3 Str.Țepeș Vodă nr.14 bl.A2\nap.31");
    expect(id.address).toBe("Mun.București Sec.3 Str.Țepeș Vodă nr.214 bl.A2 ap.31");
    expect(id.addressDigitsConfirmed).toBe(false);
    expect(id.fieldConfidence?.address).toBe(0.5);
  });

  it("confirms the digits when both readings agree, the letters still printed-only", () => {
    const id = confirmAddressDigits(parseIdCardText(CLASSIC_OCR, { referenceYear: 2026 }), "Mun.Bucuresti Sec.3 Str.Tepes Voda nr. 14 bl.A2\nap. 31");
    expect(id.addressDigitsConfirmed).toBe(true);
    expect(id.fieldConfidence?.address).toBe(0.7);
  });

  it("does not confirm digits no second reading saw", () => {
    const id = confirmAddressDigits(parseIdCardText(CLASSIC_OCR, { referenceYear: 2026 }), null);
    expect(id.addressDigitsConfirmed).toBe(false);
    expect(id.fieldConfidence?.address).toBe(0.5);
  });

  it("re-reads only the address's own lines, not the issuer's row with its 'nr.2'", () => {
    const lines = CLASSIC_OCR.split("\n").map((text) => ({ text }));
    const id = parseIdCardText(CLASSIC_OCR, { referenceYear: 2026 });
    expect(addressLines(lines, id.address!).map((l) => l.text)).toEqual(["Mun.București Sec.3 Str.Țepeș Vodă nr.14 bl.A2", "ap.31"]);
  });
});

describe("county seat against its county code", () => {
  it.each([
    ["Jud.DJ Mun.Cralova", "Jud.DJ Mun.Craiova"],
    ["Jud.DJ “Mun.Cralova Str.Brestei nr.101", "Jud.DJ Mun.Craiova Str.Brestei nr.101"],
    ["Jud.GJ Mun. „Cluj- Napoca Str.Memorandumului nr.28 ap.5", "Jud.CJ Mun.Cluj-Napoca Str.Memorandumului nr.28 ap.5"],
    ["Mun. Timișoara", "Jud.TM Mun.Timișoara"],
    ["Mun.Cluj- Napoca", "Jud.CJ Mun.Cluj-Napoca"],
    ["un.Craiova Str.Brestei nr.101", "Jud.DJ Mun.Craiova Str.Brestei nr.101"],
    ["Mu.Craiova", "Jud.DJ Mun.Craiova"],
    ["Jud. BV Mun. “Brașov ȘT", "Jud.BV Mun.Brașov"],
    ["Jud.CT Mun.Constanța OTOCCUNI", "Jud.CT Mun.Constanța"],
    // Cut at the end of the read (ID round 14, a passport's birthplace under a glare spot).
    ["Jud.BV Mun.Bra", "Jud.BV Mun.Brașov"],
    ["Jud.CJ Mun.Cluj-Nap", "Jud.CJ Mun.Cluj-Napoca"],
  ])("repairs %s to %s: one side confirms the other", (read, repaired) => {
    expect(repairCountySeat(read)).toBe(repaired);
  });

  it.each(["Jud.CJ Mun.Dej", "Mun.București Sec.1", "Jud.IS Mun.Iași Șos.Păcurari nr.7 bl.550 ap.12", "Jud.AB Mun.Craiova", "Jud.MS Mun.Târ", "Jud.BV Mun.Br", "Jud.DJ Mun.Cra Str.Brestei nr.101"])("leaves %s as read (nothing, or nothing one character away, confirms a change)", (place) => {
    expect(repairCountySeat(place)).toBe(place);
  });

  it("is applied to a printed birthplace and address", () => {
    const id = parseIdCardText(CLASSIC_OCR.replace("Mun.București Sec.1", "Jud.DJ Mun.Cralova"), { referenceYear: 2026 });
    expect(id.birthPlace).toBe("Jud.DJ Mun.Craiova");
  });

  it("drops a smudge read before the locality, then restores the county its seat names", () => {
    const id = parseIdCardText(CLASSIC_OCR.replace("Mun.București Sec.1", "Za Bi “Mun. Craiova"), { referenceYear: 2026 });
    expect(id.birthPlace).toBe("Jud.DJ Mun.Craiova");
  });
});

it("reads a worn card's address through a quote before its street and scratches read as dashes (ID round 14)", () => {
  const id = parseIdCardText(CLASSIC_OCR.replace("Mun.București Sec.3 Str.Țepeș Vodă nr.14 bl.A2\nap.31", "Jud. ag Mun.Cluj-Napoca'Str.Memorandumului nr.28 _—\nap.5 _"), { referenceYear: 2026 });
  expect(id.address).toBe("Jud.CJ Mun.Cluj-Napoca Str.Memorandumului nr.28 ap.5");
  expect(id.fieldConfidence?.address).toBeLessThan(0.9);
});

it("finds a worn card's birthplace and address with their labels unread and their abbreviations misread (ID round 14)", () => {
  const worn = CLASSIC_OCR.replace("Loc naştere/Lieu de naissance/Place of birth\nMun.București Sec.1\nDomiciliu/Adresse/Address\nMun.București Sec.3 Str.Țepeș Vodă nr.14 bl.A2\nap.31", 'du ătorii i Varia\nJud.18 Mun.laşi\nRetea d galben B\n"1 Jud,IS Munlași $os.Pâcurari nf.7 bl.550 ap, 12');
  const id = parseIdCardText(worn, { referenceYear: 2026 });
  expect(id.birthPlace).toBe("Jud.IS Mun.Iași");
  expect(id.address).toBe("Jud.IS Mun.Iași Șos.Pâcurari nr.7 bl.550 ap.12");
  expect(id.fieldConfidence?.address).toBeLessThan(0.9);
});

it("keeps an address's flat line that the engine read after a stray mark ('E ap.31')", () => {
  const id = parseIdCardText(CLASSIC_OCR.replace("\nap.31\n", "\nE ap.31\n"), { referenceYear: 2026 });
  expect(id.address).toBe("Mun.București Sec.3 Str.Țepeș Vodă nr.14 bl.A2 ap.31");
});

it("reads a flat line whose dot the engine read as a dash ('ap-31')", () => {
  const id = parseIdCardText(CLASSIC_OCR.replace("\nap.31\n", "\nap-31\n"), { referenceYear: 2026 });
  expect(id.address).toBe("Mun.București Sec.3 Str.Țepeș Vodă nr.14 bl.A2 ap.31");
});

it("drops a lone letter read after the issuing office's name", () => {
  const id = parseIdCardText(CLASSIC_OCR.replace("SPCEP S3 biroul nr.2 30.06.22", "SPCEP S3 biroul nr.2 I 30.06.22"), { referenceYear: 2026 });
  expect(id.issuedBy).toBe("SPCEP S3 biroul nr.2");
});

it("reads a Bucharest office's sector whose 'S' the engine read as a '5' (issue #14, ID round 12)", () => {
  const id = parseIdCardText(CLASSIC_OCR.replace("SPCEP S3 biroul nr.2 30.06.22", "SPCEP 53 biroul nr.2 30.06.22"), { referenceYear: 2026 });
  expect(id.issuedBy).toBe("SPCEP S3 biroul nr.2");
});

it("drops a few marks read before the issuing office's name", () => {
  const id = parseIdCardText(CLASSIC_OCR.replace("SPCEP S3 biroul nr.2 30.06.22", "L : SPCEP S3 biroul nr.2 30.06.22"), { referenceYear: 2026 });
  expect(id.issuedBy).toBe("SPCEP S3 biroul nr.2");
});

it("drops lone letters read after a printed name", () => {
  const id = parseIdCardText(CLASSIC_OCR.replace("\nANA-MARIA\n", "\nANA-MARIA I I\n"), { referenceYear: 2026 });
  expect(id.firstName).toBe("ANA-MARIA");
});

describe("the issuer's row cut off or misread (issue #14, ID round 9)", () => {
  it("ends the issuer where a date starts and reads the issue date of a validity whose expiry was cut off", () => {
    const id = parseIdCardText(CLASSIC_OCR.replace("30.06.22-23.11.2032", "30.06.22-23.11"), { referenceYear: 2026 });
    expect(id).toMatchObject({ issuedBy: "SPCEP S3 biroul nr.2", issueDate: "2022-06-30", expiryDate: "2032-11-23", validityUnlimited: false });
  });

  it("ends the issuer at a lone date too", () => {
    const id = parseIdCardText(CLASSIC_OCR.replace("30.06.22-23.11.2032", "30.06.22"), { referenceYear: 2026 });
    expect(id.issuedBy).toBe("SPCEP S3 biroul nr.2");
  });

  it("repairs the office's locality one letter off the county seat the card's address names", () => {
    expect(repairIssuerLocality("SPCLEP Craiovs", ["Jud.DJ Mun.Craiova Str.Brestei nr.101", null])).toBe("SPCLEP Craiova");
    expect(repairIssuerLocality("SPCLEP Ias", [null, "Jud.IS Mun.Iași"])).toBe("SPCLEP Iași");
    // Another county's seat on the card, or no seat at all: nothing confirms a repair.
    expect(repairIssuerLocality("SPCLEP Craiovs", ["Jud.CJ Mun.Cluj-Napoca Str.Memorandumului nr.28", "Jud.CJ Mun.Cluj-Napoca"])).toBe("SPCLEP Craiovs");
    expect(repairIssuerLocality("SPCEP S3 biroul nr.2", ["Mun.București Sec.3 Str.Țepeș Vodă nr.14 bl.A2", null])).toBe("SPCEP S3 biroul nr.2");
    // Cut where the seat's name has a hyphen (issue #14, ID round 10); a cut anywhere else is no repair.
    expect(repairIssuerLocality("SPCLEP Cluj", ["Jud.CJ Mun.Cluj-Napoca Str.Memorandumului nr.28", null])).toBe("SPCLEP Cluj-Napoca");
    expect(repairIssuerLocality("SPCLEP Cluj-", ["Jud.CJ Mun.Cluj-Napoca Str.Memorandumului nr.28", null])).toBe("SPCLEP Cluj-Napoca");
    expect(repairIssuerLocality("SPCLEP Clu", ["Jud.CJ Mun.Cluj-Napoca Str.Memorandumului nr.28", null])).toBe("SPCLEP Clu");
    // A worn card's locality a few letters off, its ending in place (ID round 14); not a shorter or another ending.
    expect(repairIssuerLocality("SPCLEP drnlova", ["Jud.DJ Mun.Craiova Str.Brestei nr.101", "Jud.DJ Mun.Craiova"])).toBe("SPCLEP Craiova");
    expect(repairIssuerLocality("SPCLEP Calafat", ["Jud.DJ Mun.Craiova Str.Brestei nr.101", null])).toBe("SPCLEP Calafat");
    expect(repairIssuerLocality("SPCLEP drnlovo", ["Jud.DJ Mun.Craiova Str.Brestei nr.101", null])).toBe("SPCLEP drnlovo");
    // An office named after the county, not its seat, is left alone.
    expect(repairIssuerLocality("SPCEP Timiș", ["Jud.TM Mun.Timișoara", null])).toBe("SPCEP Timiș");
  });

  it("drops a smudge read as a short word before an address's flat line", () => {
    const id = parseIdCardText(CLASSIC_OCR.replace("\nap.31\n", "\nHl ap.31\n"), { referenceYear: 2026 });
    expect(id.address).toBe("Mun.București Sec.3 Str.Țepeș Vodă nr.14 bl.A2 ap.31");
  });

  it("is applied to a classic card's printed issuer", () => {
    const text = CLASSIC_OCR.replace("Mun.București Sec.3 Str.Țepeș Vodă nr.14 bl.A2\nap.31", "Jud.DJ Mun.Craiova Str.Brestei nr.101").replace("SPCEP S3 biroul nr.2", "SPCLEP Craiovs");
    expect(parseIdCardText(text, { referenceYear: 2026 }).issuedBy).toBe("SPCLEP Craiova");
  });
});

describe("issue dates and numbers without their labels (issue #14, ID round 7)", () => {
  const passport = `PAȘAPORT * PASSPORT * PASSEPORT
Nume/Surname/Nom
RĂDULESCU
Data nașterii/Date of birth
15.03.1984
ve/Date de ditvrarice Data expirărivDate cf expiry
21.08.2023. 21.08.2033
SPCEP Brașov
P<ROURADULESCU<<MIHAI<<<<<<<<<<<<<<<<<<<<<<<
0553182741ROU8403157M33082131840315083720<28`;

  it("ends a date at a stray dot after its year instead of joining it to the next date", () => {
    expect(parseIdCardText(passport, { referenceYear: 2026 })).toMatchObject({ issueDate: "2023-08-21", expiryDate: "2033-08-21" });
  });

  it("takes the one printed date that is neither the birth nor the expiry for the issue date, unsure", () => {
    // The issue label and the expiry's row read apart, the issue date alone on its line.
    const apart = passport.replace("21.08.2023. 21.08.2033", "21. 08. 2023\nData expirării/Date of expiry\n21.08.2033");
    const id = parseIdCardText(apart, { referenceYear: 2026 });
    expect(id.issueDate).toBe("2023-08-21");
    expect(id.fieldConfidence?.issueDate).toBeLessThan(0.9);
  });

  it("takes no issue date when two unexplained dates are printed", () => {
    const two = passport.replace("21.08.2023. 21.08.2033", "21.08.2023\n02.02.2020");
    expect(parseIdCardText(two, { referenceYear: 2026 }).issueDate).toBeNull();
  });

  it("reads an electronic card's glued series and number and its date row when the zone and the labels are smudged", () => {
    const smudged = `ROMÂNIA - ROUMANIE - ROMANIA
NUME/NOM/SURNAME
OLTEANU
PRENUME/PRENOMS/GIVEN NAMES
DAN
MOCSESEAIE CEȚĂȚENEE MATIOMALITE NATIONALITY
M ROU
DATA MAȘTERSDATE DE NAMSANCE-DATE Ol BATI
30.10.1979
LOC MAȘTENEAUEU DE MABSANCE/PUACE OF IATA
Jud.PH Mun.Ploiești
CRPFERSDHAL 16). NIL DOCUMENTIOOCUMENȚ NO.
1791030290256 PH218406
DATA EXITERIVDATE OF ESSUE DATA EXPINĂRIVDATE OF EXPIRAT
12.09.2025 30.10.2035
ROUPH218406<11791030290256<<
10306'"510306ROU<<<<<<<<<<<1
DLTEANU<<DAN<<<<<<<<<<<<<<<<<<`;
    const id = parseIdCardText(smudged, { referenceYear: 2026 });
    expect(id).toMatchObject({ series: "PH", number: "218406", issueDate: "2025-09-12", expiryDate: "2035-10-30", cnp: "1791030290256" });
  });
});

describe("names: the zone is the anchor, the print lends its diacritics (issue #14, ID round 7)", () => {
  it("restores the print's diacritics and hyphens onto the zone's letters", () => {
    expect(withPrintedDiacritics("MURESAN", "UREȘAN")).toBe("MUREȘAN");
    expect(withPrintedDiacritics("ANA MARIA", "ANA-MARIA")).toBe("ANA-MARIA");
    expect(withPrintedDiacritics("STEFANESCU", "ȘTEFĂNESCU")).toBe("ȘTEFĂNESCU");
    expect(withPrintedDiacritics("POPESCU", "MI")).toBe("POPESCU");
  });

  it("takes the print's name when the zone lost its last letter to a mark (ID round 14: 'VLAD<ANDRE]<<<'), its label read or not, unsure", () => {
    const zone = CLASSIC_OCR.replace("TDROUSTEFANESCU<<ANA<MARIA<<<<<<<<<*", "TDROUSTEFANESCU<<ANA<MARI] <<<<<<<<<*");
    for (const text of [zone, zone.replace("Prenume/Prânorirst name", "renume Pian rame")]) {
      const id = parseIdCardText(text, { referenceYear: 2026 });
      expect(id.mrz?.valid).toBe(true);
      expect(id.firstName).toBe("ANA-MARIA");
      expect(id.fieldConfidence?.firstName).toBeLessThan(0.9);
    }
    // A printed line two letters off the zone's in the middle of a word is no such name.
    const other = parseIdCardText(zone.replace("Prenume/Prânorirst name\nANA-MARIA", "renume Pian rame\nANA-MAXRIA"), { referenceYear: 2026 });
    expect(other.firstName).toBe("ANA MARI");
    // A zone that read fillers after the name lost nothing: a print with a smudge read into it ('DANII') is not taken.
    const smudged = parseIdCardText(CLASSIC_OCR.replace("\nANA-MARIA\n", "\nANA-MARIAI\n"), { referenceYear: 2026 });
    expect(smudged.firstName).toBe("ANA-MARIA");
  });

  it("keeps the zone's name when a valid zone and a printed name that lost letters disagree, unsure", () => {
    const id = parseIdCardText(CLASSIC_OCR.replace("\nȘTEFĂNESCU\n", "\nȘTEFĂNES\n"), { referenceYear: 2026 });
    expect(id.mrz?.valid).toBe(true);
    expect(id.lastName).toBe("ȘTEFĂNESCU");
    expect(id.fieldConfidence?.lastName).toBeLessThan(0.9);
  });
});

describe("birthplace by its county seat when label and prefix were lost (issue #14, ID round 7)", () => {
  it("rebuilds the place from a county seat or Bucharest's sector read on the line above the address", () => {
    expect(placeBySeat(["ION-MARIAN.", "de nasc", "un Cluj- Napoca", "Jud.CJ Mun.Cluj-Napoca Str.Memorandumului nr.28"])).toBe("Jud.CJ Mun.Cluj-Napoca");
    expect(placeBySeat(["Română / ROU M", "Jua. .BH “Mun. 'Oradea", "Jud.BH. “Mun.Oradea Str.Republicii nr.42"])).toBe("Jud.BH Mun.Oradea");
    expect(placeBySeat(["Română / ROU_ Fr", "Mu Bucureşti Sec.1", "Mun.Bucureşti Sec.3 Str.Țepeș Vodă nr.14 bl.A2"])).toBe("Mun.București Sec.1");
  });

  it("never takes the address's locality or the issuer's office for the birthplace", () => {
    expect(placeBySeat(["ION-MARIAN.", "Jud.CJ Mun.Cluj-Napoca Str.Memorandumului nr.28", "SPCLEP Cluj-Napoca 12.03.21-01.01.2031"])).toBeNull();
    expect(placeBySeat(["Domiciliu/Adresse/Address", "Jud.CJ Mun.Cluj-Napoca", "Str.Memorandumului nr.28"])).toBeNull();
  });

  it("is used by the reader, printed-only, and drops below 0.7 when the CNP's county is another", () => {
    const lost = CLASSIC_OCR.replace("Loc naştere/Lieu de naissance/Place of birth\nMun.București Sec.1", "Mu Bucureşti Sec.1");
    const id = parseIdCardText(lost, { referenceYear: 2026 });
    expect(id.birthPlace).toBe("Mun.București Sec.1");
    expect(id.fieldConfidence?.birthPlace).toBe(0.7);
    const elsewhere = parseIdCardText(lost.replace("Mu Bucureşti Sec.1", "un Cluj- Napoca"), { referenceYear: 2026 });
    expect(elsewhere).toMatchObject({ birthPlace: "Jud.CJ Mun.Cluj-Napoca", cnpCountyMatchesBirthPlace: false });
    expect(elsewhere.fieldConfidence?.birthPlace).toBe(0.5);
  });
});

describe("a second reading of a birthplace's and an issuer's lines (issue #14, ID round 7)", () => {
  const passport = `PAȘAPORT * PASSPORT * PASSEPORT
Nume/Surname/Nom
VASILESCU
Locul nașterii/Place of birth
Jud. TM Mun. oierartazi
Autoritatea/Authority/Autorité
une EEE. SENEI OSII
P<ROUVASILESCU<<CRISTINA<ELENA<<<<<<<<<<<<<<
0529076135ROU9612028F32040722961202351487<46`;

  it("asks for one when the locality is not its county's seat or the issuer was not read", () => {
    const first = parseIdCardText(passport, { referenceYear: 2026 });
    expect(fieldsToReread(first)).toEqual(["birthPlace", "issuedBy"]);
    expect(fieldsToReread(parseIdCardText(passport.replace("oierartazi", "Timișoara").replace("une EEE. SENEI OSII", "SPCEP Timiș"), { referenceYear: 2026 }))).toEqual([]);
  });

  it("takes a known locality and an issuer from the second reading, printed-only", () => {
    const first = parseIdCardText(passport, { referenceYear: 2026 });
    const second = parseIdCardText(passport.replace("Jud. TM Mun. oierartazi", "Jud.TM Mun.Timișoara").replace("une EEE. SENEI OSII", "SPCEP Timiș"), { referenceYear: 2026 });
    const id = adoptRereadFields(first, second, ["birthPlace", "issuedBy"]);
    expect(id).toMatchObject({ birthPlace: "Jud.TM Mun.Timișoara", issuedBy: "SPCEP Timiș", cnpCountyMatchesBirthPlace: true });
    expect(id.fieldConfidence?.birthPlace).toBe(0.7);
    expect(id.missingFields).not.toContain("issuedBy");
  });

  it("keeps the first locality when the second reading's is no better known", () => {
    const first = parseIdCardText(passport.replace("oierartazi", "Timișoara"), { referenceYear: 2026 });
    const second = parseIdCardText(passport.replace("oierartazi", "Timisoarra"), { referenceYear: 2026 });
    expect(adoptRereadFields(first, second, ["birthPlace"]).birthPlace).toBe("Jud.TM Mun.Timișoara");
  });
});

describe("street kinds whose first letter the engine misread (issue #14, ID round 8)", () => {
  const withAddress = (line: string) => CLASSIC_OCR.replace("Mun.București Sec.3 Str.Țepeș Vodă nr.14 bl.A2", line);

  it("reads '$os.' and '5os.' as 'Șos.' and '$tr.' as 'Str.'", () => {
    expect(parseIdCardText(withAddress("Mun.București Sec.3 $os.Pantelimon nr.14 bl.A2"), { referenceYear: 2026 }).address).toBe("Mun.București Sec.3 Șos.Pantelimon nr.14 bl.A2 ap.31");
    expect(parseIdCardText(withAddress("Mun.București Sec.3 5os.Pantelimon nr.14 bl.A2"), { referenceYear: 2026 }).address).toBe("Mun.București Sec.3 Șos.Pantelimon nr.14 bl.A2 ap.31");
    expect(parseIdCardText(withAddress("Mun.București Sec.3 $tr.Țepeș Vodă nr.14 bl.A2"), { referenceYear: 2026 }).address).toBe("Mun.București Sec.3 Str.Țepeș Vodă nr.14 bl.A2 ap.31");
  });

  it("leaves a house number ending in 5 before a word alone", () => {
    expect(parseIdCardText(withAddress("Mun.București Sec.3 Str.Țepeș Vodă nr.15 bl.A2"), { referenceYear: 2026 }).address).toBe("Mun.București Sec.3 Str.Țepeș Vodă nr.15 bl.A2 ap.31");
  });
});

describe("a zone read twice that names the holder differently (issue #14, ID round 10)", () => {
  // The classic card's printed text with its zone as the page's reading had it: the names line whole,
  // the second line broken (no check digit holds).
  const page = CLASSIC_OCR.replace("ANA-MARIA", "GHEORGHE")
    .replace("TDROUSTEFANESCU<<ANA<MARIA<<<<<<<<<*", "IDROUSTEFANESCU<<GHEORGHE<<<<<<<<<<<<<")
    .replace("RT715204<9R0U9211236F321123424105761", "RT715204<9R0U9211236F321128424105761");
  const [l1, l2] = buildTd2({ documentNumber: "RT715204", birthDate: "1992-11-23", sex: "F", expiryDate: "2032-11-23", lastName: "STEFANESCU", firstName: "GHEORGHE", optionalData: "4105761" });

  it("takes the name the print and the other reading agree on over fillers the zone's own pass read as a word", () => {
    const junk = l1.replace("GHEORGHE<<<<<<<<<", "GHEORGHE<ZESLLSE<");
    const id = parseIdCardText(page, { referenceYear: 2026, mrzText: `${junk}\n${l2}` });
    expect(id.mrz?.valid).toBe(true);
    expect(id.firstName).toBe("GHEORGHE");
    expect(id.lastName).toBe("ȘTEFĂNESCU");
  });

  it("takes the reading that saw fillers where the other saw a further given name when no printed name was read", () => {
    const junk = l1.replace("GHEORGHE<<<<<<<<<", "GHEORGHE<ZESLLSE<");
    const unlabelled = page.replace("Prenume/Prânorirst name\nGHEORGHE\n", "");
    const id = parseIdCardText(unlabelled, { referenceYear: 2026, mrzText: `${junk}\n${l2}` });
    expect(id.firstName).toBe("GHEORGHE");
    // A page whose names line was cut after the names (no fillers read after them) proves nothing.
    const cut = unlabelled.replace("IDROUSTEFANESCU<<GHEORGHE<<<<<<<<<<<<<", "IDROUSTEFANESCU<<GHEORGHE");
    expect(parseIdCardText(cut, { referenceYear: 2026, mrzText: `${junk}\n${l2}` }).firstName).toBe("GHEORGHE ZESLLSE");
  });

  // ID round 15: the zone's own pass read a filler before the given name as a letter ('SIOANA'), the
  // page's zone and the print read 'IOANA', the print's label unread.
  it("takes the reading a line of the print holds as a whole word when no label was read", () => {
    const unlabelled = page.replace("Prenume/Prânorirst name\n", "");
    const extra = l1.replace("<<GHEORGHE<", "<<SGHEORGHE");
    expect(parseIdCardText(unlabelled, { referenceYear: 2026, mrzText: `${extra}\n${l2}` }).firstName).toBe("GHEORGHE");
    // A print that holds neither reading leaves the zone's own pass alone.
    const neither = unlabelled.replace("\nGHEORGHE\n", "\nGHEORGHI\n");
    expect(parseIdCardText(neither, { referenceYear: 2026, mrzText: `${extra}\n${l2}` }).firstName).toBe("SGHEORGHE");
  });

  it("keeps the zone's name when only the print lacks a part of it", () => {
    const id = parseIdCardText(page.replace("IDROUSTEFANESCU<<GHEORGHE<<<<<<<<<<<<<", "IDROUSTEFANESCU<<GHEORGHE<ION<<<<<<<<<"), {
      referenceYear: 2026,
      mrzText: `${l1.replace("GHEORGHE<<<<", "GHEORGHE<ION")}\n${l2}`,
    });
    expect(id.firstName).toBe("GHEORGHE ION");
  });
});

describe("the issuer's row read with a smudge or a cut date (issue #14, ID round 10)", () => {
  const withIssuer = (row: string) => CLASSIC_OCR.replace("SPCEP S3 biroul nr.2 30.06.22-23.11.2032", row);

  it("drops a lone letter between the office and its locality", () => {
    expect(parseIdCardText(withIssuer("SPCLEP I lași 30.06.22-23.11.2032"), { referenceYear: 2026 }).issuedBy).toBe("SPCLEP Iași");
    expect(parseIdCardText(withIssuer("SPCLEP I Cluj-Napoca 30.06.22-23.11.2032"), { referenceYear: 2026 }).issuedBy).toBe("SPCLEP Cluj-Napoca");
  });

  it("ends the issuer at a date whose month's second digit was smudged ('30,0$,22')", () => {
    expect(parseIdCardText(withIssuer("SPCEP S3 biroul nr.2 30,0$,22-23.11.2032"), { referenceYear: 2026 }).issuedBy).toBe("SPCEP S3 biroul nr.2");
  });

  it("reads the validity with its first date's dot read as a dash, and ends the issuer there (ID round 13)", () => {
    const id = parseIdCardText(withIssuer("SPCEP S3 biroul nr.2 30-06.22-23.11.2032"), { referenceYear: 2026 });
    expect(id).toMatchObject({ issuedBy: "SPCEP S3 biroul nr.2", issueDate: "2022-06-30", expiryDate: "2032-11-23" });
  });

  it("ends the issuer at the validity's dates read as a run of digits, and restores the number's dot (ID round 13)", () => {
    expect(parseIdCardText(withIssuer("SPCEP S3 biroul nr2 —_300873.33.11.2032 sl"), { referenceYear: 2026 }).issuedBy).toBe("SPCEP S3 biroul nr.2");
    expect(parseIdCardText(withIssuer("SPCLEP Cluj-Napoca 300622 23.11.2032"), { referenceYear: 2026 }).issuedBy).toBe("SPCLEP Cluj-Napoca");
  });

  it("drops a date's first digits cut off the row's end, keeping an office's own number", () => {
    expect(parseIdCardText(withIssuer("SPCLEP Iasi 16.0"), { referenceYear: 2026 }).issuedBy).toBe("SPCLEP Iasi");
    expect(parseIdCardText(withIssuer("SPCEP S3 biroul nr.2 30.0"), { referenceYear: 2026 }).issuedBy).toBe("SPCEP S3 biroul nr.2");
  });
});

it("takes a page titled as a passport for one when neither its zone nor its number's label was read (issue #14, ID round 10)", () => {
  const page = `ROMÂNIA * ,
PAȘAPORT * PASSPORT - PASSEPORT
p 052907613
VASILESCU
ROMÂNĂ/ROU 2961202351487
02.12. 1996 F
Jud. TM Mun. Timisoara
07. 04. 2022 07.04.2032
SPCEP Timis`;
  expect(parseIdCardText(page, { referenceYear: 2026 })).toMatchObject({ cardType: "pasaport", documentSubtype: "pasaport", address: null });
  // A classic card's title is no passport's.
  expect(parseIdCardText(CLASSIC_OCR.split("\n").slice(0, 3).join("\n"), { referenceYear: 2026 }).cardType).toBe("ci");
});

describe("marks the engine read into an issue row or an address (issue #14, ID round 10)", () => {
  it("reads an issue date with a mark glued before its day as a digit ('905. 02. 2024'), its label unread", () => {
    const id = parseIdCardText(ELECTRONIC_OCR.replace("DATA EMITERII/DATE OF ISSUE", "SATA EMETERIOATE DE SSE").replace("05.02.2024 09.09.2034", "905. 02. 2024 E 09.09. 2034"), { referenceYear: 2026 });
    expect(id).toMatchObject({ issueDate: "2024-02-05", expiryDate: "2034-09-09" });
  });

  it("drops a '|' standing alone at an address's end (the card's edge), keeping a '|' read for an I inside a word", () => {
    const edge = parseIdCardText(CLASSIC_OCR.replace("Mun.București Sec.3 Str.Țepeș Vodă nr.14 bl.A2\nap.31", "Jud.DJ Mun.Craiova Str.Brestei nr.101 |"), { referenceYear: 2026 });
    expect(edge.address).toBe("Jud.DJ Mun.Craiova Str.Brestei nr.101");
    const inWord = parseIdCardText(CLASSIC_OCR.replace("Mun.București Sec.3 Str.Țepeș Vodă nr.14 bl.A2\nap.31", "Jud.IS Mun.|ași Șos.Păcurari nr.7 bl.550 ap.12"), { referenceYear: 2026 });
    expect(inWord.address).toBe("Jud.IS Mun.Iași Șos.Păcurari nr.7 bl.550 ap.12");
  });
});

describe("punctuation the engine read into a place (issue #14, ID round 10)", () => {
  it("reads an abbreviation's dot read as an underscore ('Mun_lasi') as the dot", () => {
    const id = parseIdCardText(CLASSIC_OCR.replace("Mun.București Sec.3 Str.Țepeș Vodă nr.14 bl.A2\nap.31", "Jud.IS Mun_lasi Șos.Păcurari nr.7 bl.550 ap.12"), { referenceYear: 2026 });
    expect(id.address).toBe("Jud.IS Mun.Iași Șos.Păcurari nr.7 bl.550 ap.12");
  });

  it("drops punctuation closing a place, then restores the county its seat names ('Mun.Oradea.', 'Timișoara :')", () => {
    expect(parseIdCardText(CLASSIC_OCR.replace("Mun.București Sec.1", "Mun.Oradea."), { referenceYear: 2026 }).birthPlace).toBe("Jud.BH Mun.Oradea");
    expect(parseIdCardText(CLASSIC_OCR.replace("Mun.București Sec.1", "Jud.TM Mun.Timișoara :"), { referenceYear: 2026 }).birthPlace).toBe("Jud.TM Mun.Timișoara");
    // An address ending in a flat's number is left as it is.
    expect(parseIdCardText(CLASSIC_OCR, { referenceYear: 2026 }).address).toBe("Mun.București Sec.3 Str.Țepeș Vodă nr.14 bl.A2 ap.31");
  });
});

describe("the document number read from the zone alone (issue #14, ID round 12)", () => {
  it("is not vouched for by the print when the print did not show it: the zone's own reading twice is no agreement", () => {
    // A misread zone whose document number check digit holds (by chance, in a photo read badly) and no printed number.
    const text = ELECTRONIC_OCR.replace("2880909136611 KT104876", "2880909136611").replace("8809092F3409095ROU<<<<<<<<<<<2", "8809092F3409035ROU<<<<<<<<<<<7");
    const id = parseIdCardText(text, { referenceYear: 2026 });
    expect(id.mrz?.valid).toBe(false);
    expect(id).toMatchObject({ series: "KT", number: "104876" });
    expect(id.fieldConfidence?.series).toBeLessThan(0.9);
    expect(id.fieldConfidence?.number).toBeLessThan(0.9);
  });
});

describe("an electronic card read without its zone or labels (issue #14, ID round 14: a worn card shot off a screen)", () => {
  const WORN_CEI = ["ROMANIA", "ENTITE - IDENTITY CARD", "CONSTANTIN", "IOANA", "09.09.1988", "jud CT Mun. Constanta", "2880909136611", "KT104876", "05.02.2024 09.09.2034", "0998"].join("\n");

  it("is known by its issue and expiry row, and its names by their shape under the title, unsure", () => {
    const id = parseIdCardText(WORN_CEI, { referenceYear: 2026 });
    expect(id).toMatchObject({ cardType: "cei", lastName: "CONSTANTIN", firstName: "IOANA", issueDate: "2024-02-05", expiryDate: "2034-09-09", cnp: "2880909136611" });
    for (const field of ["lastName", "firstName", "issueDate", "expiryDate"] as const) expect(id.fieldConfidence?.[field]).toBeLessThan(0.9);
  });

  it("takes no title, lone line or line after a date for a name, and no classic validity for the electronic card's row", () => {
    expect(parseIdCardText(WORN_CEI.replace("CONSTANTIN\nIOANA", "CONSTANTIN\n1988\nIOANA"), { referenceYear: 2026 })).toMatchObject({ lastName: null, firstName: null });
    expect(parseIdCardText(WORN_CEI.replace("ENTITE - IDENTITY CARD", "CARTE DE IDENTITATE"), { referenceYear: 2026 }).lastName).toBe("CONSTANTIN");
    expect(parseIdCardText(WORN_CEI.replace("05.02.2024 09.09.2034", "SPCLEP Constanța 05.02.24-09.09.2034"), { referenceYear: 2026 }).cardType).toBe("ci");
  });
});
