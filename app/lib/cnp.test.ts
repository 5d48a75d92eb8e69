import { describe, expect, it } from "vitest";
import { buildCnp, cnpControlDigit, isValidCnp, parseCnp } from "./cnp";

describe("CNP", () => {
  it("accepts a CNP whose control digit was computed by hand", () => {
    // 1·2+8·7+0·9+0·1+1·4+0·6+1·3+2·5+2·8+1·2+1·7+4·9 = 136; 136 mod 11 = 4
    expect(cnpControlDigit("180010122114")).toBe(4);
    const result = parseCnp("1800101221144");
    expect(result).toEqual({
      valid: true,
      info: { cnp: "1800101221144", sex: "M", birthDate: "1980-01-01", countyCode: "22", isResident: false },
    });
  });

  it("maps a remainder of 10 to control digit 1", () => {
    // find a prefix whose weighted sum is 10 mod 11 and check the rule on it
    const prefix = Array.from({ length: 1000 }, (_, n) => `2850615400${String(n).padStart(3, "0")}`.slice(0, 12)).find(
      (p) => [...p].reduce((s, d, i) => s + Number(d) * Number("279146358279"[i]), 0) % 11 === 10,
    )!;
    expect(cnpControlDigit(prefix)).toBe(1);
  });

  it("reads sex and century from the first digit", () => {
    expect(parseCnp(buildCnp({ sex: "F", birthDate: "2003-07-31", countyCode: "40", serial: "123" }))).toMatchObject({
      valid: true,
      info: { sex: "F", birthDate: "2003-07-31", countyCode: "40" },
    });
    const nineteenth = buildCnp({ sex: "M", birthDate: "1899-12-31", countyCode: "12", serial: "001" });
    expect(nineteenth[0]).toBe("3");
    expect(parseCnp(nineteenth)).toMatchObject({ valid: true, info: { birthDate: "1899-12-31", sex: "M" } });
  });

  it("infers the century of residents from the reference year", () => {
    const first12 = "710020312345";
    const cnp = first12 + cnpControlDigit(first12);
    expect(parseCnp(cnp, 2026)).toMatchObject({ valid: true, info: { birthDate: "2010-02-03", isResident: true } });
  });

  it("names every problem it finds", () => {
    expect(parseCnp("12345")).toEqual({ valid: false, problems: ["format"] });
    expect(parseCnp("1800101221145")).toMatchObject({ valid: false, problems: ["checksum"] });
    const badDay = "180023022114";
    expect(parseCnp(badDay + cnpControlDigit(badDay))).toMatchObject({ valid: false, problems: ["birth_date"] });
    const badCounty = "180010199114";
    expect(parseCnp(badCounty + cnpControlDigit(badCounty))).toMatchObject({ valid: false, problems: ["county"] });
    const badSex = "080010122114";
    expect(parseCnp(badSex + cnpControlDigit(badSex))).toMatchObject({ valid: false, problems: ["sex_digit"] });
  });

  it("ignores spaces around and inside", () => {
    expect(isValidCnp(" 1800101 221144 ")).toBe(true);
  });
});
