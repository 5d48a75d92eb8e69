import { describe, expect, it } from "vitest";
import type { BillExtraction } from "./extraction/bill-parser.server";
import type { IdCardExtraction } from "./extraction/id-card-parser.server";
import { joinExtraction, splitExtraction } from "./pii.server";

const id: IdCardExtraction = {
  kind: "id_card",
  cardType: "ci",
  cnp: "1800101121141",
  lastName: "POPESCU",
  firstName: "ION-MARIAN",
  sex: "M",
  birthDate: "1980-01-01",
  birthPlace: "Jud.CJ Mun.Cluj-Napoca",
  address: "Jud.CJ Mun.Cluj-Napoca Str.Memorandumului nr.28 ap.5",
  series: "KX",
  number: "482913",
  issuedBy: "SPCLEP Cluj-Napoca",
  issueDate: "2021-03-12",
  expiryDate: "2031-01-01",
  nationality: "ROU",
  mrz: { format: "TD2", lines: ["IDROUPOPESCU<<ION<MARIAN<<<<<<<<<<<", "KX482913<4ROU8001015M310101..."], valid: true, checks: {} as never, corrections: 0 },
  sources: { cnp: "mrz+printed" },
  conflicts: [
    { field: "number", mrz: "482913", printed: "482918" },
    { field: "issuedBy", mrz: "", printed: "SPCLEP" },
  ],
  missingFields: [],
};

describe("personal data split", () => {
  it("keeps the CNP, series, number, address, MRZ lines and their conflicts out of the plain part", () => {
    const { plain, secrets } = splitExtraction(id);
    const text = JSON.stringify(plain);
    for (const value of ["1800101121141", "482913", "Memorandumului", "IDROU", "482918"]) expect(text).not.toContain(value);
    expect(plain).toMatchObject({ lastName: "POPESCU", firstName: "ION-MARIAN", expiryDate: "2031-01-01", conflicts: [{ field: "issuedBy" }] });
    expect(joinExtraction(plain, secrets)).toEqual({ ...id, conflicts: [id.conflicts[1], id.conflicts[0]] });
  });

  it("keeps a bill's billing address out of the plain part", () => {
    const bill = { kind: "bill", customerName: "POPESCU ION", billingAddress: "Str. Lungă 1", pod: "RO001E510000000" } as unknown as BillExtraction;
    const { plain, secrets } = splitExtraction(bill);
    expect(JSON.stringify(plain)).not.toContain("Lungă");
    expect(plain).toMatchObject({ customerName: "POPESCU ION", pod: "RO001E510000000" });
    expect(joinExtraction(plain, secrets)).toEqual(bill);
  });

  it("has nothing to seal in an unreadable result", () => {
    const unreadable = { kind: "unreadable", reason: "document_unreadable", detail: "x" } as const;
    expect(splitExtraction(unreadable)).toEqual({ plain: unreadable, secrets: null });
  });
});
