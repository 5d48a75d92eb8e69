// ID photo round 16 (issue #14): a passport's zone line read one character too long, whose cut inside
// the number made a wrong number pass its check digit by chance.
import { describe, expect, it } from "vitest";
import { findMrz } from "../../app/lib/mrz";
import { parseIdCardText } from "../../app/server/documents/extraction/id-card-parser.server";

const NAMES_LINE = "P<ROUVASILESCU<<CRISTINA<ELENA<<<<<<<<<<<<<<";
// The number '052907613' with its first '0' read as 'i 9': one character too many. Cut inside the
// number ('I95290…' less its '0'), it reads '195297613', whose check digit holds by chance.
const LINE_TOO_LONG = "i 9529076135R0U9612028F32040722961202351487<46";

describe("a zone line cut inside a field (round 16's sure wrong passport number)", () => {
  it("marks the check the cut chose as no confirmation", () => {
    const mrz = findMrz(`${NAMES_LINE}\n${LINE_TOO_LONG}`, 2026)!;
    expect(mrz.documentNumber).toBe("195297613");
    expect(mrz.valid).toBe(true);
    expect(mrz.shiftedChecks).toEqual(["documentNumber"]);
  });

  it("a stray mark before the line is cut without doubt", () => {
    const mrz = findMrz(`${NAMES_LINE}\ni 0529076135R0U9612028F32040722961202351487<46`, 2026)!;
    expect(mrz.documentNumber).toBe("052907613");
    expect(mrz.valid).toBe(true);
    expect(mrz.shiftedChecks).toBeUndefined();
  });

  it("reports such a number below 0.9 when no print agrees, and sure when it does", () => {
    const shifted = parseIdCardText(`ROMÂNIA\nPASAPORT * PASSPORT\n${NAMES_LINE}\n${LINE_TOO_LONG}`, { referenceYear: 2026 });
    expect(shifted.number).toBe("195297613");
    expect(shifted.fieldConfidence.number).toBeLessThan(0.9);
    // The other fields' checks still hold after the cut: the line's alignment is confirmed past it.
    expect(shifted.fieldConfidence.expiryDate).toBeGreaterThanOrEqual(0.9);
    const clean = parseIdCardText(`ROMÂNIA\nPASAPORT * PASSPORT\n${NAMES_LINE}\n0529076135ROU9612028F32040722961202351487<46`, { referenceYear: 2026 });
    expect(clean.number).toBe("052907613");
    expect(clean.fieldConfidence.number).toBeGreaterThanOrEqual(0.9);
  });
});
