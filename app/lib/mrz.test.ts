import { describe, expect, it } from "vitest";
import { buildTd1, buildTd2, cnpFromMrz, findMrz, mrzCheckDigit, parseMrz } from "./mrz";

// The specimen zones of ICAO Doc 9303 (part 5 TD1, part 6 TD2).
const ICAO_TD1 = ["I<UTOD231458907<<<<<<<<<<<<<<<", "7408122F1204159UTO<<<<<<<<<<<6", "ERIKSSON<<ANNA<MARIA<<<<<<<<<<"];
const ICAO_TD2 = ["I<UTOERIKSSON<<ANNA<MARIA<<<<<<<<<<<", "D231458907UTO7408122F1204159<<<<<<<6"];

describe("MRZ check digits", () => {
  it("computes the ICAO specimen's digits", () => {
    expect(mrzCheckDigit("D23145890")).toBe(7);
    expect(mrzCheckDigit("740812")).toBe(2);
    expect(mrzCheckDigit("120415")).toBe(9);
  });
});

describe("parseMrz", () => {
  it("parses the ICAO TD1 specimen", () => {
    const result = parseMrz(ICAO_TD1, 2010)!;
    expect(result).toMatchObject({
      format: "TD1",
      documentCode: "I",
      issuingState: "UTO",
      documentNumber: "D23145890",
      birthDate: "1974-08-12",
      sex: "F",
      expiryDate: "2012-04-15",
      nationality: "UTO",
      lastName: "ERIKSSON",
      firstName: "ANNA MARIA",
      valid: true,
      corrections: 0,
    });
  });

  it("parses the ICAO TD2 specimen", () => {
    const result = parseMrz(ICAO_TD2, 2010)!;
    expect(result).toMatchObject({ format: "TD2", documentNumber: "D23145890", lastName: "ERIKSSON", firstName: "ANNA MARIA", valid: true });
  });

  it("round-trips a Romanian classic card and recovers the CNP", () => {
    const lines = buildTd2({
      documentNumber: "XV123456",
      birthDate: "1980-01-01",
      sex: "M",
      expiryDate: "2031-05-20",
      lastName: "Ștefănescu",
      firstName: "Ion-Marian",
      optionalData: "1221144",
    });
    expect(lines[0]).toBe("IDROUSTEFANESCU<<ION<MARIAN<<<<<<<<<");
    expect(lines[1]).toHaveLength(36);
    const result = parseMrz(lines, 2026)!;
    expect(result).toMatchObject({ valid: true, documentNumber: "XV123456", birthDate: "1980-01-01", expiryDate: "2031-05-20" });
    expect(cnpFromMrz(result)).toBe("1800101221144");
  });

  it("round-trips a Romanian electronic card (TD1) carrying the whole CNP", () => {
    const lines = buildTd1({
      documentNumber: "AB0012345",
      birthDate: "2001-02-28",
      sex: "F",
      expiryDate: "2034-02-28",
      lastName: "Pop",
      firstName: "Maria",
      optionalData: "6010228400012",
    });
    lines.forEach((l) => expect(l).toHaveLength(30));
    const result = parseMrz(lines, 2026)!;
    expect(result.valid).toBe(true);
    expect(cnpFromMrz(result)).toBe("6010228400012");
  });

  it("repairs OCR confusions only where the field type allows", () => {
    const [l1, l2] = buildTd2({
      documentNumber: "XV123456",
      birthDate: "1980-01-01",
      sex: "M",
      expiryDate: "2031-05-20",
      lastName: "Pop",
      firstName: "Ion",
      optionalData: "1221144",
    });
    // digits read as letters in the birth date and in the document number
    const noisy = l2.replace("800101", "8OO1O1").replace("XV1", "XVI");
    const result = parseMrz([l1, noisy], 2026)!;
    expect(result.valid).toBe(true);
    expect(result.corrections).toBe(4);
    expect(result.birthDate).toBe("1980-01-01");
    // a name is never "repaired" into digits
    expect(parseMrz(["IDROUP0P<<I0N" + "<".repeat(23), l2], 2026)!.lastName).toBe("POP");
  });

  it("reports a broken check digit instead of inventing a value", () => {
    const [l1, l2] = ICAO_TD2;
    const tampered = l2!.replace("7408122", "7408132");
    const result = parseMrz([l1!, tampered], 2010)!;
    expect(result.valid).toBe(false);
    expect(result.checks.birthDate).toBe(false);
  });
});

describe("findMrz", () => {
  it("finds the zone among other OCR lines, with spaces and guillemets", () => {
    const text = `ROMANIA CARTE DE IDENTITATE\nNume POPESCU\n${ICAO_TD2[0]!.replace("<<", "«")}\n${ICAO_TD2[1]!.slice(0, 10)} ${ICAO_TD2[1]!.slice(10)}\n`;
    expect(findMrz(text, 2010)).toMatchObject({ valid: true, lastName: "ERIKSSON" });
  });

  it("returns null when there is no zone", () => {
    expect(findMrz("FACTURA FISCALA\nTotal de plata 123,45 lei")).toBeNull();
  });
});
