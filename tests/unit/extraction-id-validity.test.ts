// The classic card's 'Valabilitate' line carries both dates, the first with a two-digit year
// (issue #14): where OCR puts it, on the issuer's row, on a line of its own, or spaced out.
import { describe, expect, it } from "vitest";
import { readValidity } from "../../app/server/documents/extraction/id-card-parser.server";

describe("Valabilitate line", () => {
  it("reads both dates from the issuer's row", () => {
    expect(readValidity(["Emisă de/Delivree par/Issued by Valabilitate/Validity", "SPCEP S3 biroul nr.2 30.06.22-23.11.2032"], null)).toEqual({
      issueDate: "2022-06-30",
      expiryDate: "2032-11-23",
      before: "SPCEP S3 biroul nr.2 ",
    });
  });

  it("reads them on a line of their own, spaced out by OCR, with a long dash", () => {
    const v = readValidity(["Valabilitate/Validité/Validity", "12 .03.21 – 12.03.2031"], null);
    expect(v).toMatchObject({ issueDate: "2021-03-12", expiryDate: "2031-03-12" });
  });

  it("prefers the pair whose expiry the MRZ confirms", () => {
    const v = readValidity(["Valabilitate", "12.03.21-12.08.2031", "noise 12.03.21-12.03.2031"], "2031-03-12");
    expect(v?.expiryDate).toBe("2031-03-12");
  });

  it("rejects an issue date after the expiry date", () => {
    expect(readValidity(["Valabilitate", "12.03.41-12.03.2031"], null)).toBeNull();
  });

  it("ignores the machine readable zone", () => {
    expect(readValidity(["IDROUPOPESCU<<ION<<<<<<<<<<<<<<<<<<<<", "RT715204<9R0U9211236F321123424105761"], null)).toBeNull();
  });
});
