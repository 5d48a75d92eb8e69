import { describe, expect, it } from "vitest";
import { parseIdCardText } from "../../app/server/documents/extraction/id-card-parser.server";

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
    expect(id.conflicts).toEqual([{ field: "cnp", mrz: "2921123410576", printed: "1800101221144" }]);
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
});
