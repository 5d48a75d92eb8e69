import { describe, expect, it } from "vitest";
import { foldRomanian, fullNameMatches, nameTokens, namesMatch } from "./text-normalize";

describe("Romanian name folding", () => {
  it("folds comma-below and cedilla forms alike", () => {
    expect(foldRomanian("Ştefănescu Ţurcanu")).toBe(foldRomanian("Ștefănescu Țurcanu"));
    expect(foldRomanian("Ștefănescu-Țurcanu  Îoana")).toBe("STEFANESCU TURCANU IOANA");
  });

  it("tokenises names order-insensitively", () => {
    expect(nameTokens("POPESCU Ana-Maria")).toEqual(["ANA", "MARIA", "POPESCU"]);
  });

  it("matches people across diacritics, case and an omitted second given name", () => {
    expect(namesMatch({ lastName: "ȘTEFĂNESCU", firstName: "Ana-Maria" }, { lastName: "Stefanescu", firstName: "ANA" })).toBe(true);
    expect(namesMatch({ lastName: "Popescu", firstName: "Ana" }, { lastName: "Ionescu", firstName: "Ana" })).toBe(false);
    expect(namesMatch({ lastName: "Popescu", firstName: "Ana" }, { lastName: "Popescu", firstName: "Ion" })).toBe(false);
  });

  it("matches a printed full name against a person", () => {
    expect(fullNameMatches("STEFANESCU ANA MARIA", { lastName: "Ștefănescu", firstName: "Ana-Maria" })).toBe(true);
    expect(fullNameMatches("Ana Ştefănescu", { lastName: "Ștefănescu", firstName: "Ana-Maria" })).toBe(true);
    expect(fullNameMatches("Ion Ștefănescu", { lastName: "Ștefănescu", firstName: "Ana-Maria" })).toBe(false);
  });
});
