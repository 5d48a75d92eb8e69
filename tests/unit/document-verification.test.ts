import { describe, expect, it } from "vitest";
import { parseBillText, type BillExtraction } from "../../app/server/documents/extraction/bill-parser.server";
import type { IdCardExtraction } from "../../app/server/documents/extraction/id-card-parser.server";
import { ISSUE_MESSAGES } from "../../app/server/documents/messages.server";
import {
  combineValidations,
  crossCheck,
  decideStatus,
  DEFAULT_BILL_MAX_AGE_DAYS,
  verifyBill,
  verifyIdentity,
} from "../../app/server/documents/verification.server";

const NOW = Date.parse("2026-11-20T10:00:00Z");

const goodId: IdCardExtraction = {
  kind: "id_card",
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
  mrz: { format: "TD2", lines: [], valid: true, checks: { documentNumber: true, birthDate: true, expiryDate: true, composite: true }, corrections: 0 },
  sources: {},
  conflicts: [],
  missingFields: [],
};

const goodBill: BillExtraction = {
  ...parseBillText(""),
  supplierName: "Electrica Furnizare",
  billNumber: "EFT 10384721",
  billDate: "2026-11-05",
  dueDate: "2026-11-20",
  periodStart: "2026-10-01",
  periodEnd: "2026-10-31",
  pod: "RO005E123456789",
  clientCode: "5200123456",
  contractNumber: "1234567/2021",
  customerName: "Stefanescu Ana Maria",
  billingAddress: "Mun.București Sec.3",
  consumptionKwh: 182,
  tariffType: "Monom standard",
  totalWithoutVat: "213.45",
  vat: "44.82",
  totalWithVat: "258.27",
  currency: "RON",
  contractedPowerKw: "6.00",
  pricePerKwh: "1.4191",
  pricePerKwhSource: "net_plus_vat",
  missingFields: [],
};

const codes = (details: { issues: { code: string }[] }) => details.issues.map((i) => i.code);
const billCtx = { now: NOW, ocrQuality: null, maxAgeDays: DEFAULT_BILL_MAX_AGE_DAYS };

describe("identity rules", () => {
  it("verifies a complete, consistent, valid card", () => {
    const details = verifyIdentity(goodId, { now: NOW, ocrQuality: 0.8 });
    expect(details).toMatchObject({ isValid: true, issues: [] });
    expect(details.confidence).toBeGreaterThanOrEqual(0.8);
    expect(decideStatus(details)).toBe("verified");
  });

  it("rejects an expired card read with a valid zone", () => {
    const details = verifyIdentity({ ...goodId, expiryDate: "2026-05-19" }, { now: NOW, ocrQuality: 0.8 });
    expect(codes(details)).toEqual(["id_expired"]);
    expect(details.issues[0]).toMatchObject({ field: "expiryDate", message: ISSUE_MESSAGES.id_expired, blocking: true });
    expect(decideStatus(details)).toBe("rejected");
  });

  it("flags a CNP that disagrees with the birth date and sex", () => {
    const details = verifyIdentity({ ...goodId, birthDate: "1992-11-24", sex: "M" }, { now: NOW, ocrQuality: 0.8 });
    expect(codes(details)).toEqual(["cnp_birth_date_mismatch", "cnp_sex_mismatch"]);
    expect(details.isValid).toBe(false);
  });

  it("flags a bad CNP checksum and broken check digits; leaves an uncertain reading to an admin", () => {
    const details = verifyIdentity(
      { ...goodId, cnp: "2921123410577", mrz: { ...goodId.mrz!, valid: false, checks: { ...goodId.mrz!.checks, composite: false } } },
      { now: NOW, ocrQuality: 0.45 },
    );
    expect(codes(details)).toEqual(["ocr_low_quality", "mrz_check_failed", "cnp_invalid"]);
    expect(decideStatus(details)).toBe("needs_review");
  });
});

describe("bill rules", () => {
  it("verifies a recent bill with a valid POD", () => {
    const details = verifyBill(goodBill, billCtx);
    expect(details).toMatchObject({ isValid: true, issues: [] });
    expect(decideStatus(details)).toBe("verified");
  });

  it("rejects a bill older than the configured age, and one from the future", () => {
    expect(codes(verifyBill({ ...goodBill, billDate: "2026-08-19" }, billCtx))).toEqual(["bill_too_old"]);
    expect(codes(verifyBill({ ...goodBill, billDate: "2026-08-20" }, billCtx))).toEqual([]);
    expect(codes(verifyBill({ ...goodBill, billDate: "2026-10-01" }, { ...billCtx, maxAgeDays: 30 }))).toEqual(["bill_too_old"]);
    expect(codes(verifyBill({ ...goodBill, billDate: "2026-12-01" }, billCtx))).toEqual(["bill_date_in_future"]);
    expect(decideStatus(verifyBill({ ...goodBill, billDate: "2026-05-04" }, billCtx))).toBe("rejected");
  });

  it("checks the POD format and the totals", () => {
    expect(codes(verifyBill({ ...goodBill, pod: "RO005G123456789" }, billCtx))).toEqual(["pod_invalid"]);
    expect(codes(verifyBill({ ...goodBill, pod: null, missingFields: ["pod"] }, billCtx))).toEqual(["pod_missing", "fields_missing"]);
    expect(codes(verifyBill({ ...goodBill, totalWithVat: "300.00" }, billCtx))).toEqual(["bill_totals_inconsistent"]);
    expect(codes(verifyBill({ ...goodBill, pricePerKwh: "7.5000" }, billCtx))).toEqual(["price_out_of_range"]);
  });
});

describe("bill holder against ID holder", () => {
  it("matches across diacritics, case and word order", () => {
    expect(crossCheck(goodId, goodBill)).toEqual({ confidence: 1, isValid: true, issues: [] });
  });

  it("rejects another holder", () => {
    const details = combineValidations(verifyBill(goodBill, billCtx), crossCheck(goodId, { ...goodBill, customerName: "IONESCU MIHAI" }));
    expect(codes(details)).toEqual(["bill_holder_mismatch"]);
    expect(decideStatus(details)).toBe("rejected");
  });
});
