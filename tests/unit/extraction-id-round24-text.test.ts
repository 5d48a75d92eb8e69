// ID photo round 24 (issue #14), the text side: fields misread on photos whose print was read — a
// Bucharest address's municipality, block and sector one letter off, places whose 'Jud.' / 'Mun.' were
// smudged or quoted, stray numbers after a locality, a sector office's issuer garbled, a validity's
// first dot read as a space, a passport's issue month misread, names made of an upside-down photo's marks.
import { describe, expect, it } from "vitest";
import {
  fragmentsOnly,
  namesByShape,
  parseIdCardText,
  passportIssueByExpiry,
  readValidity,
  restoreCountyAndSeat,
  sectorOffice,
  withoutStrayNumber,
} from "../../app/server/documents/extraction/id-card-parser.server";

const options = { referenceYear: 2026 };

const bucharestCard = (birthPlace: string, address: string[]) =>
  [
    "ROMÂNIA ROUMANIE ROMANIA",
    "CARTE DE IDENTITATE CARTE D'IDENTITE IDENTITY CARD",
    "RT 715204 2921123410576",
    "Nume/Nom/Last name",
    "ȘTEFĂNESCU",
    "Prenume/Prenom/First name",
    "ANA-MARIA",
    "Română / ROU F",
    birthPlace,
    ...address,
    "SPCEP S3 biroul nr.2 30.06.22-23.11.2032",
  ].join("\n");

describe("a Bucharest address one letter off (issue #14, ID round 24)", () => {
  it("reads a municipality one letter off Bucharest before a sector as Bucharest, 'bi,' as 'bl.', a block's 'AZ' as 'A2'", () => {
    const id = parseIdCardText(
      bucharestCard("Mun.București Sec.1", ["Mun, Jucurești Sec.3 Str.Țepeș Vodă nr.14 bi,AZ e", "ap.31 |"]),
      options,
    );
    expect(id.address).toBe("Mun.București Sec.3 Str.Țepeș Vodă nr.14 bl.A2 ap.31");
    expect(id.fieldConfidence?.address).toBeLessThan(0.9);
  });

  it("reads a sector's mark one letter off after Bucharest ('Suc.1') as 'Sec.'", () => {
    const id = parseIdCardText(
      bucharestCard("Mun, București Suc.1", ["Mun.București Sec.3 Str.Țepeș Vodă nr.14 bl.A2 ap.31"]),
      options,
    );
    expect(id.birthPlace).toBe("Mun.București Sec.1");
  });

  it("keeps a block named by letters only, and another town's name as read", () => {
    const id = parseIdCardText(
      bucharestCard("Mun.București Sec.1", ["Jud.CJ Mun.Cluj-Napoca Str.Memorandumului nr.28 bl.AB ap.5"]),
      options,
    );
    expect(id.address).toBe("Jud.CJ Mun.Cluj-Napoca Str.Memorandumului nr.28 bl.AB ap.5");
  });
});

describe("places whose marks were smudged or quoted (issue #14, ID round 24)", () => {
  it("reads 'Jud. Is Mun. „laşi' as a place: the county code's small letter and the quote before the name", () => {
    const text = [
      "ROMÂNIA ROUMANIE ROMANIA",
      "CARTE DE IDENTITATE CARTE D'IDENTITE IDENTITY CARD",
      "MX 310554 6010228220038",
      "TĂNASE",
      "ELENA",
      "Jud.IS Mun.Iași",
      "Dormacitat",
      "Jud. Is Mun. „laşi Sos.Păcurari nr.7 bl.550 ap.12",
      "SPCLEP Iași 16.01.23-28.02.2033",
    ].join("\n");
    expect(parseIdCardText(text, options).address).toMatch(/^Jud\.IS Mun\.Iași [SȘ]os\.Păcurari nr\.7 bl\.550 ap\.12$/);
  });

  it("rebuilds 'Jud.' and 'Mun.' both smudged away before a county seat its code names, and no other town", () => {
    expect(restoreCountyAndSeat("ont BH —— Oradea Str.Republicii nr.42")).toBe(
      "Jud.BH Mun.Oradea Str.Republicii nr.42",
    );
    expect(restoreCountyAndSeat("ont BH —— Beiuș Str.Republicii nr.42")).toBe("ont BH —— Beiuș Str.Republicii nr.42");
    expect(restoreCountyAndSeat("ont CJ —— Oradea Str.Republicii nr.42")).toBe("ont CJ —— Oradea Str.Republicii nr.42");
  });

  it("drops a stray number after a locality, not a sector's or an office's", () => {
    expect(withoutStrayNumber("Mun.Timișoara 2")).toBe("Mun.Timișoara");
    expect(withoutStrayNumber("SPCLEP Oradea 31")).toBe("SPCLEP Oradea");
    expect(withoutStrayNumber("Mun.București Sec. 3")).toBe("Mun.București Sec. 3");
    expect(withoutStrayNumber("SPCEP S3 biroul 2")).toBe("SPCEP S3 biroul 2");
  });

  it("completes a passport's birthplace read as 'jud. „TM Mun.Timișoara 2'", () => {
    const text = [
      "PASAPORT PASSPORT PASSEPORT",
      "VASILESCU",
      "CRISTINA-ELENA",
      "jud. „TM Mun.Timișoara 2",
      "P<ROUVASILESCU<<CRISTINA<ELENA<<<<<<<<<<<<<<",
      "0529076135ROU9612028F32040722961202351487<46",
    ].join("\n");
    expect(parseIdCardText(text, options).birthPlace).toBe("Jud.TM Mun.Timișoara");
  });
});

describe("the issuer and the validity (issue #14, ID round 24)", () => {
  it("reads a Bucharest sector's office with its letters garbled by its 'S<n> biroul nr.<n>'", () => {
    expect(sectorOffice(["Mun Bucuresti Sec.1", "spere 53 biroul nr.2 30.06.22-23.11,2032"])).toBe(
      "SPCEP S3 biroul nr.2",
    );
    expect(sectorOffice(["Jud.BH Mun.Oradea Str.Republicii nr.42"])).toBeNull();
  });

  it("cuts the issuer before a validity whose first dot was read as a space, and keeps its expiry when the issue date is no date", () => {
    const text = [
      "ROMÂNIA ROUMANIE ROMANIA",
      "CARTE DE IDENTITATE CARTE DIDENTITE IDENTITY CARD",
      "= 1750519054181",
      "ont BH —— Oradea Str.Republicii nr.42",
      "SPCLEP Oradea 31 04.16-19.05.2026",
    ].join("\n");
    const id = parseIdCardText(text, options);
    expect(id.issuedBy).toBe("SPCLEP Oradea");
    expect(id.expiryDate).toBe("2026-05-19");
    expect(id.issueDate).toBeNull();
    expect(id.address).toBe("Jud.BH Mun.Oradea Str.Republicii nr.42");
    expect(readValidity(["SPCLEP Oradea 11 04.16-19.05.2026"], null)?.issueDate).toBe("2016-04-11");
  });

  it("takes a passport's issue date one digit off its expiry's day ten years before as that day", () => {
    expect(passportIssueByExpiry("2022-08-07", "2032-04-07")).toBe("2022-04-07");
    expect(passportIssueByExpiry("2022-04-07", "2032-04-07")).toBe("2022-04-07");
    expect(passportIssueByExpiry("2020-11-23", "2032-04-07")).toBe("2020-11-23");
    const text = [
      "PASAPORT PASSPORT PASSEPORT",
      "VASILESCU",
      "CRISTINA-ELENA",
      "07.08.2022 07.04.2032",
      "P<ROUVASILESCU<<CRISTINA<ELENA<<<<<<<<<<<<<<",
      "0529076135ROU9612028F32040722961202351487<46",
    ].join("\n");
    const id = parseIdCardText(text, options);
    expect(id.issueDate).toBe("2022-04-07");
    expect(id.fieldConfidence?.issueDate).toBeLessThan(0.9);
  });
});

describe("names of marks only (issue #14, ID round 24)", () => {
  it("finds no names in upper-case fragments of a photo read upside down", () => {
    expect(fragmentsOnly("L TE CEB XS")).toBe(true);
    expect(fragmentsOnly("XS")).toBe(true);
    expect(fragmentsOnly("ION")).toBe(false);
    expect(fragmentsOnly("MARIA DE LA")).toBe(false);
    expect(fragmentsOnly("ANA-MARIA")).toBe(false);
    expect(
      namesByShape(["Pe ti x za ri", "TOT 235 er a O", "= pt |", "IDC", "zl a wm", "L TE CEB XS", "VINCE tirziu e"]),
    ).toBeNull();
  });
});

describe("Iași's capital read as a small l after a comma or a dot (issue #14, ID round 24)", () => {
  it("reads 'Mun, lași' and 'SPCLEP. laşi' as Iași, and the issue date before an expiry read as no date", () => {
    const text = [
      "ROMÂNIA ROUMANIE",
      "CARTE DE IDENTITATE CARTE D'IDENTITE IDENTITY CARD",
      ".MX « 310554 6010228220038",
      "TĂNASE",
      "ELENA",
      "Română / ROU F",
      "Jud.IS Mun.laşi",
      "Jud, Is Mun, lași Şos. Păcurari nr.7 bl.550 ap.12",
      "SPCLEP. laşi 16.01.23-38.02.2033",
    ].join("\n");
    const id = parseIdCardText(text, options);
    expect(id.address).toMatch(/^Jud\.IS Mun\.Iași /);
    expect(id.issuedBy).toMatch(/^SPCLEP\.? Iași$/);
    expect(id.issueDate).toBe("2023-01-16");
    expect(id.expiryDate).toBeNull();
  });
});
