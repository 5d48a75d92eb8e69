// ID photo round 28 (issue #14), the text side: fields dropped or misread on photos whose print was read.
import { describe, expect, it } from "vitest";
import {
  parseIdCardText,
  passportIssueByYear,
  zoneNameOneLetterLonger,
  zoneWordBrokenWhereDiffers,
} from "../../app/server/documents/extraction/id-card-parser.server";

const options = { referenceYear: 2026 };

// A passport's page read off a screenshot, a bank card beside it: labels lost, values kept.
const vasilescuPassport = (issuerLine: string, issueLine: string) =>
  [
    "ROMÂNIA : ROUMANIE * ROMANIA",
    "PASAPORT * PASSPORT * PASSEPORT",
    "VASILESCU",
    "CRISTINA-ELENA",
    "ROMÂNĂ/ROU",
    "6 ot întinde fe detivranea",
    issueLine,
    "An tea /Aavarty/Astorie",
    issuerLine,
    "2961202351487",
    ".04,2032",
    "P<ROUVASILESCU<<CRISTINA<ELENA<<<<<<<<<<<<<<",
    "0529076135ROU9612028F32040722961202351487<46",
  ].join("\n");

describe("a passport's issuer and issue date read in part (issue #14, ID round 28)", () => {
  it("reads an office's name with a mark glued before it ('_SPCEP Timiș')", () => {
    const id = parseIdCardText(vasilescuPassport("_SPCEP Timiș", "„2022"), options);
    expect(id.issuedBy).toBe("SPCEP Timiș");
    expect(id.fieldConfidence?.issuedBy).toBeLessThanOrEqual(0.7);
  });

  it("still reads no office inside a word", () => {
    const id = parseIdCardText(vasilescuPassport("XSPCEP Timiș", "„2022"), options);
    expect(id.issuedBy).toBeNull();
  });

  it("takes a lone year 10 years before the zone's expiry for the issue date, the expiry's day and month", () => {
    const id = parseIdCardText(vasilescuPassport("_SPCEP Timiș", "„2022"), options);
    expect(id.issueDate).toBe("2022-04-07");
    expect(id.fieldConfidence?.issueDate).toBeLessThanOrEqual(0.7);
  });

  it("takes no year that is not 10, 5 or 3 years before the expiry", () => {
    expect(passportIssueByYear(["„2021", "1996"], "2032-04-07")).toBeNull();
    expect(passportIssueByYear(["2027."], "2032-04-07")).toBe("2027-04-07");
    expect(passportIssueByYear(["07.04.2022 x"], "2032-04-07")).toBeNull();
  });
});

describe("a zone's names misread where the print reads them whole (issue #14, ID round 28)", () => {
  const popescuCard = (zoneNames: string) =>
    [
      "ROMÂNIA ROUMANIE ROMANIA",
      "CARTE DE IDENTITATE CARTE D'IDENTITE IDENTITY CARD",
      "KX 482913 1800101121141",
      "Nume/Nom/Last name",
      "POPESCU",
      "Prenume/Prenom/First name",
      "ION-MARIAN",
      "Emisă de/Délivrée par/Issued by Valabilitate/Validité/Validity",
      "SPCLEP Cluj-Napoca . 12.03.21-01.01.2031",
      zoneNames,
      "KX482913<0ROU8001014M310101211211415",
    ].join("\n");

  it("drops a letter the zone read in lower case before its fillers", () => {
    const id = parseIdCardText(popescuCard("IDROUPOPESCU<<ION<MARIANz<<<<< <<< <<<"), options);
    expect(id.firstName).toBe("ION-MARIAN");
    expect(id.fieldConfidence?.firstName).toBeLessThanOrEqual(0.7);
    expect(zoneNameOneLetterLonger("ION-MARIAN", "ION MARIANZ", "ION<MARIANz<<<")).toBe(true);
    // In capitals it may be the name's own letter: the zone's reading stands.
    expect(zoneNameOneLetterLonger("ION-MARIAN", "ION MARIANZ", "ION<MARIANZ<<<")).toBe(false);
  });

  it("drops a lone mark after the issuer's name", () => {
    const id = parseIdCardText(popescuCard("IDROUPOPESCU<<ION<MARIAN<<<<<<<<<<<<"), options);
    expect(id.issuedBy).toBe("SPCLEP Cluj-Napoca");
  });

  const radulescuPassport = (zoneNames: string) =>
    [
      "PAȘAPORT : PASSPORT : PASSEPORT",
      "Nume /Surname/Nom",
      "RĂDULESCU",
      "Prenumae/Giveni names/Prenoms",
      "MIHAI",
      "ROMÂNĂ/ROU 1840315083720",
      zoneNames,
      "0553182741ROU8403157M33082131840315083720<28",
    ].join("\n");

  it("takes the printed surname where the zone's word is broken by a gap at the letters that differ", () => {
    const id = parseIdCardText(
      radulescuPassport("P<ROURADUI FSCU<<MI HAI <<< << << << |< | | i | | | Li! IL!!!"),
      options,
    );
    expect(id.lastName).toBe("RĂDULESCU");
    expect(id.fieldConfidence?.lastName).toBeLessThanOrEqual(0.7);
  });

  it("keeps the zone's surname where its word was read whole", () => {
    expect(zoneWordBrokenWhereDiffers("RĂDULESCU", "RADUIFSCU", "P<ROURADUIFSCU<<MIHAI<<<")).toBe(false);
    // A gap away from the letters that differ says nothing of them.
    expect(zoneWordBrokenWhereDiffers("RĂDULESCU", "RADUIFSCU", "P<ROURA DUIFSCU<<MIHAI<<<")).toBe(false);
    expect(zoneWordBrokenWhereDiffers("RĂDULESCU", "RADUIFSCU", "P<ROURADUIF SCU<<MIHAI<<<")).toBe(true);
  });
});

describe("a passport known by its zone's opening alone (issue #14, ID round 28)", () => {
  const page = (zoneStart: string) =>
    [
      "15.83. ST",
      "jucau EV Mun Braşoe",
      "71.08.2073 21.08.2533",
      "E n mi,",
      zoneStart,
      "5535318574 3ROPBAEI II ST EZII BEI TI 1ESOZII SIBZT IE 78",
    ].join("\n");

  it("reads a page whose zone opens 'P<ROU' as a passport, not an electronic card", () => {
    const id = parseIdCardText(page("P<ROURADULESCTU-< MINA Ti dci La tz i i i a a i de a da E cz"), options);
    expect(id.documentSubtype).toBe("pasaport");
    expect(id.cardType).toBe("pasaport");
  });

  it("reads an identity card's zone opening as no passport", () => {
    const id = parseIdCardText(page("IDROURADULESCTU-< MINA Ti dci La tz i i i a a i de a da E cz"), options);
    expect(id.documentSubtype).toBe("ci");
  });
});

describe("an electronic card's labels and dates read run together (issue #14, ID round 28)", () => {
  const constantinCard = (firstLabel: string, datesRow: string) =>
    [
      "ROMÂNIA - ROUMANIE * ROMANIA",
      "CARTE DE IDENTITATE * CARTE D'IDENTITE “IDENTITY CARD",
      "NUME/NOMSURNANE",
      "CONSTANTIN",
      firstLabel,
      "IOANA",
      "ROU",
      "NASTI NAJUSANCE GATE GI BIRTH",
      "09, 039. 1988",
      "jud, CT Mun, Coi: atanta",
      "280809091360611 KT104876",
      "IATA EIATERGOATE DEISAUL EEPITĂRI DATE OF EREI",
      datesRow,
      "LDROUKT1048/76<52880909136611-",
      "8809092F3409095ROU",
      "CONSTANTIN<<IO0ANA",
    ].join("\n");
  const options28 = { referenceYear: 2026, mrzText: "CONSTANTIN<<IOANA" };

  it("reads the given names' label with its translations glued to it", () => {
    const id = parseIdCardText(constantinCard("PRENUMEIILENDMSIGIVER NA", "05.02.2024 09.09.2034"), options28);
    expect(id.firstName).toBe("IOANA");
    expect(id.fieldConfidence?.firstName).toBeLessThanOrEqual(0.7);
  });

  it("joins a year read in two halves, and reads the issue and expiry row by it", () => {
    const id = parseIdCardText(constantinCard("PRENUME/PRENOMS/GIVEN NAMES", "05.02.2024 09. 09.20 34"), options28);
    expect(id.cardType).toBe("cei");
    expect(id.issueDate).toBe("2024-02-05");
    expect(id.expiryDate).toBe("2034-09-09");
    expect(id.fieldConfidence?.issueDate).toBeLessThanOrEqual(0.7);
    expect(id.fieldConfidence?.expiryDate).toBeLessThanOrEqual(0.7);
  });
});
