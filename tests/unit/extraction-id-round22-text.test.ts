// ID photo round 22 (issue #14), the text side: fields misread on photos whose print was read — a
// printed row taken for the zone's names line, the print's names under unread labels, the validity's
// dates glued onto the issuer, a passport's county cut, a camera app's watermark date.
import { describe, expect, it } from "vitest";
import {
  namesByShape,
  namesMisread,
  parseIdCardText,
  passportIssuerCounty,
  runsPastName,
} from "../../app/server/documents/extraction/id-card-parser.server";

const options = { referenceYear: 2026 };

describe("the zone's names line misread (issue #14, ID round 22)", () => {
  it("drops zone names holding digits (a printed row read as the names line) and finds the print's names by their shape", () => {
    const text = [
      "ROMÂNIA ROUMANIE ROMANIA",
      "CATE DE AVANETIEATE FIAT CUDRNTITE IDENTITY CARD E HI",
      "= MX 310554 ve 6010228220038",
      "Murerestoriliasă far TE",
      "TĂNASE",
      "Em GSA Arh Marea",
      "ELENA",
      "Fel E RENE HORN E",
      "Română / ROU",
      "jud.15 Mun.lași",
      "_SPETER Vaşi 16.012 23-38.02.2033",
      "MX310554<5R0UO102281F330228862200389.",
    ].join("\n");
    const id = parseIdCardText(text, options);
    expect(id.cnp).toBe("6010228220038");
    expect(id.lastName).toBe("TĂNASE");
    expect(id.firstName).toBe("ELENA");
    expect(id.fieldConfidence?.lastName).toBeLessThan(0.9);
  });

  it("takes a surname holding a digit for another row misread (both names dropped), a digit in the given names for theirs alone", () => {
    expect(namesMisread({ lastName: "RVASIIG OIZZ3 3B OZ ZO33", firstName: "" })).toBe(true);
    expect(namesMisread({ lastName: "POPESCU", firstName: "ION MAR1AN" })).toBe(false);
    expect(namesMisread({ lastName: "POPESCU", firstName: "ION MARIAN" })).toBe(false);
  });

  it("takes the print's names under unread labels where the zone reads the same letters, or one letter more", () => {
    const text = [
      "ROMÂNIA ROUMANIE ROMANIA",
      "CARTE DE IDENTITATE CARTE D'IDENTITE IDENTITY CARD",
      "senin XH e 662081 cu 1750519054181",
      "Ni sere",
      "MUREȘAN",
      "BREAaTEIE em",
      "VLAD ANDREI",
      "Română / ROU",
      "Jud. BH Mun, Oradea",
      "Jud.BH Mun.Oradea Str.Republicii nr.42",
      "SPCLEP Oradea 11.04.16-19.05.2026",
      "IDROUMURESAN<<VLAD<ANDRE ÎI <<<< <<< <<<<",
      "XH662081<5R0U7505191M260519910541818",
    ].join("\n");
    const id = parseIdCardText(text, options);
    expect(id.lastName).toBe("MUREȘAN");
    expect(id.firstName).toBe("VLAD ANDREI");
    expect(id.fieldConfidence?.firstName).toBeLessThan(0.9);
    expect(id.fieldConfidence?.lastName).toBeLessThan(0.9);
  });

  it("never makes a print line found by the zone's own name a sure agreement (a names line cut to the given names)", () => {
    const text = [
      "ROMÂNIA ROUMANIE ROMANIA",
      "CARTE DE IDENTITATE CARTE D'IDENTITE IDENTITY CARD",
      "MX 310554 6010228220038",
      "TĂNASE",
      "ELENA",
      "Jud.IS Mun.Iași",
      "IDROUELENA<<<<<<<<<<<<<<<<<<<<<<<<<<<",
      "MX310554<5ROU0102281F330228862200389",
    ].join("\n");
    const id = parseIdCardText(text, options);
    expect(id.fieldConfidence?.lastName ?? 0).toBeLessThan(0.9);
  });
});

describe("the issuer and the validity on one row (issue #14, ID round 22)", () => {
  const card = (issuerRow: string) =>
    [
      "ROMÂNIA ROUMANIE ROMANIA",
      "CARTE D'IDENTITE IDENTITY, CARD",
      "„GL «530917 „2560618175092",
      "BARBU",
      "MARIA",
      "Jud.GL Mun.Galaţi",
      "FT” jud.GL Mun.Galaţi Str.Brăilei nr.63 bl-B4 ap.20",
      "ME. Ernst defortrrte parat y bitte vb VOM6E",
      issuerRow,
    ].join("\n");

  it("cuts a date's first digits and dots off the issuer ('SPCLEP Oradea 11.04.', the row's end cut)", () => {
    expect(parseIdCardText(card("SPCLEP Oradea 11.04."), options).issuedBy).toBe("SPCLEP Oradea");
  });

  it("reads the validity with its second dot read as a dash ('14.02-18-nelimitat'): issue date, no limit, the issuer alone", () => {
    const id = parseIdCardText(card("SPCLEP Galaţi 14.02-18-nelimitat"), options);
    expect(id.issuedBy).toBe("SPCLEP Galați");
    expect(id.issueDate).toBe("2018-02-14");
    expect(id.validityUnlimited).toBe(true);
  });
});

describe("names by their shape under the classic card's number row (issue #14, ID round 22)", () => {
  it("reads the names after a row with the series, the number and the CNP, not after a CNP alone", () => {
    expect(
      namesByShape([
        "ROMÂNIA",
        "= MX 310554 ve 6010228220038",
        "Murerestoriliasă far TE",
        "TĂNASE",
        "Em GSA Arh Marea",
        "ELENA",
        "15.02.23-28.02.2033",
      ]),
    ).toEqual({ lastName: "TĂNASE", firstName: "ELENA" });
    expect(namesByShape(["ROMÂNIA", "6010228220038", "TĂNASE", "ELENA"])).toBeNull();
  });
});

describe("a passport's issuer by the county list (issue #14, ID round 22)", () => {
  it("completes a county cut after two letters where only one county begins so, and restores its diacritics", () => {
    expect(passportIssuerCounty("SPCEP Ti")).toBe("SPCEP Timiș");
    expect(passportIssuerCounty("SPCEP Timis")).toBe("SPCEP Timiș");
    expect(passportIssuerCounty("SPCEP Satu")).toBe("SPCEP Satu Mare");
  });

  it("drops a few marks after the county's name, and leaves an ambiguous start or another office as read", () => {
    expect(passportIssuerCounty("SPCEP Brașov dz")).toBe("SPCEP Brașov");
    expect(passportIssuerCounty("SPCEP Br")).toBe("SPCEP Br");
    expect(passportIssuerCounty("SPCEP S3 biroul nr.2")).toBe("SPCEP S3 biroul nr.2");
    expect(passportIssuerCounty("SPCLEP Ti")).toBe("SPCLEP Ti");
  });

  it("is applied to a passport's printed issuer", () => {
    const text = [
      "ROMÂNIA : ROUMANIE * ROMANIA",
      "PAȘAPORT - PASSPORT * PASSEPORT",
      "P 052907613",
      "VASILESCU",
      "CRISTINA-ELENA",
      "Jud.TM Mun.Timișoara",
      "07.04.2022 07.04.2032",
      "Autoritatea/Authority/Autorit&",
      "SPCEP Ti",
      "P<ROUVASILESCU<<CRISTINA<ELENA<<<<<<<<<<<<<<",
      "0529076135R0U9612028F32040722961202351487<46",
    ].join("\n");
    expect(parseIdCardText(text, options).issuedBy).toBe("SPCEP Timiș");
  });
});

describe("a zone's names run on with the issuing state's last letter before them (issue #14, ID round 22: a mirrored passport)", () => {
  it("finds the printed surname one letter into the run, and the given names after it", () => {
    expect(runsPastName("VASILESCU", "UVASILESCURCRISTINASELENAZCMUAAIIIIDII")).toBe(true);
    expect(runsPastName("VASILESCU", "XYVASILESCURCRISTINA")).toBe(false);
    const text = [
      "ROMÂNIA * ROUMANIE - ROMANIA",
      "PASAPORT: PASSPONT : PASSEPORT",
      "VASILESCU",
      "CRISTINA-ELENA",
      "Jud, Tm “Mun, Timișoara",
      "SPCEP Timis :",
      "P«RDUVASILESCUR CRISTINASELENAZCMUAAIIIIDII",
    ].join("\n");
    const id = parseIdCardText(text, options);
    expect(id.lastName).toBe("VASILESCU");
  });
});

describe("a camera app's watermark over the photo (issue #14, ID round 22: 'Shot on …' with a date and a time)", () => {
  const cei = (watermark: string) =>
    [
      "ROMÂNIA ROUMANIE ROMANIA",
      "CARTE DE IDENTITATE IDENTITY CARD",
      "OLTEANU",
      "DAN",
      "Română / ROU",
      "M 30.10.1979",
      "Jud.PH Mun.Ploiești",
      "12.09.2025 30.10.2035",
      "PH218406 1791030290256",
      watermark,
    ].join("\n");

  it("never reads the watermark's date as a document's date", () => {
    for (const watermark of ["Shot on Galaxy A52 2026.05.09 18:43", "2026.05.09 18:43", "09.05.2026 18:43"]) {
      const id = parseIdCardText(cei(watermark), options);
      expect(id.issueDate).toBe("2025-09-12");
      expect(id.expiryDate).toBe("2035-10-30");
    }
  });
});

describe("a street kind with its dot misread (issue #14, ID round 22: the address taken for the birthplace)", () => {
  it("reads 'Str-Brăilei' as a street: the line is the address, never the birthplace", () => {
    const text = [
      "ROMÂNIA ROUMANIE ROMANIA",
      "CARTE D'IDENTITE IDENTITY, CARD",
      "GL 530917 2560618175092",
      "BARBU",
      "MARIA",
      "Română / ROU F",
      "Mun.Galati Str-Brăilei nr.63 bl.B4 ap.20",
      "SPCLEP Galaţi 14.02.18-nelimitat",
    ].join("\n");
    const id = parseIdCardText(text, options);
    expect(id.birthPlace ?? "").not.toContain("Str");
    expect(id.address).toContain("Str.Brăilei nr.63");
  });
});
