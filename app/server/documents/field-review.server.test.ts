// The review dialog's per-field status, reason and source (issue #14 item 4), from real readings and
// the verdicts verification.server.ts stores with them.
import { describe, expect, it } from "vitest";
import { buildTd2 } from "../../lib/mrz";
import { fieldReviewSchema, type FieldReview } from "../../lib/schemas/admin-documents";
import { ADMIN_TEXTS } from "../../texts/admin";
import { parseBillText } from "./extraction/bill-parser.server";
import { parseIdCardText } from "./extraction/id-card-parser.server";
import { fieldReviews } from "./field-review.server";
import { ISSUE_MESSAGES } from "./messages.server";
import { verifyBill, verifyIdentity } from "./verification.server";

const T = ADMIN_TEXTS.documentsPage.fieldReview;
const NOW = Date.parse("2026-11-20T10:00:00Z");
const byField = (reviews: FieldReview[] | null) => Object.fromEntries((reviews ?? []).map((r) => [r.field, r]));
// What the route answers: JSON, as the stored validation is read back.
const stored = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

const BILL_TEXT = `Electrica Furnizare S.A.
Factură seria EFT nr. 10384721
Data emiterii: 05.11.2026
Data scadenței: 20.11.2026
Perioada de facturare: 01.10.2026 - 31.10.2026
Nume client: STEFANESCU ANA MARIA
Cod client: 5200100000
Nr. contract: 1023400/2019
Adresa de facturare: Mun.București Sec.3 Str.Țepeș Vodă nr.14
Cod loc de consum (POD): RO005E123456789
Putere aprobată: 6,00 kW
Tip tarif: Monom standard
Consum facturat: 182 kWh
Total fără TVA: 213,45 lei
TVA 21%: 44,82 lei
Total de plată: 258,27 lei`;
const billCtx = { now: NOW, ocrQuality: null, maxAgeDays: 92 };

describe("fieldReviews: bills", () => {
  it("gives a field whose check failed its status and the check's reason, and no confirmation by that check", () => {
    const bill = parseBillText(BILL_TEXT.replace("258,27", "268,27"));
    const reviews = fieldReviews("ultima_factura", bill, stored(verifyBill(bill, billCtx)));
    for (const review of reviews!) expect(fieldReviewSchema.safeParse(review).success, review.field).toBe(true);
    const fields = byField(reviews);
    expect(fields.totalWithVat).toMatchObject({
      status: "failed",
      required: true,
      reason: { code: "bill_totals_inconsistent", message: ISSUE_MESSAGES.bill_totals_inconsistent },
      source: { code: "label", label: T.sources.label },
    });
    expect(fields.totalWithVat!.source!.confirmed_by.map((c) => c.code)).not.toContain("totals_add_up");
    // The VAT is still 21 % of the amount without VAT: that check held and vouches for the VAT.
    expect(fields.vat!.source!.confirmed_by).toContainEqual({ code: "vat_rate", label: T.confirmedBy.vat_rate });
    expect(fields.billDate).toMatchObject({ status: "ok", required: true, reason: null, source: { code: "label" } });
  });

  it("says which check confirmed a field of a bill that holds together", () => {
    const bill = parseBillText(BILL_TEXT);
    const fields = byField(fieldReviews("ultima_factura", bill, stored(verifyBill(bill, billCtx))));
    expect(fields.totalWithVat!.status).toBe("ok");
    expect(fields.totalWithVat!.source!.confirmed_by).toContainEqual({
      code: "totals_add_up",
      label: T.confirmedBy.totals_add_up,
    });
    // Read but not among the verdicts (no rule is about the price as such): no status, a source.
    expect(fields.pricePerKwh).toMatchObject({
      status: null,
      reason: null,
      source: { code: "derived", label: T.sources.derived },
    });
  });

  it("gives a missing required field its own reason and no source", () => {
    const bill = parseBillText(BILL_TEXT.replace("Consum facturat: 182 kWh\n", ""));
    const fields = byField(fieldReviews("ultima_factura", bill, stored(verifyBill(bill, billCtx))));
    expect(fields.consumptionKwh).toMatchObject({
      status: "missing",
      reason: { code: "bill_consumption_missing", message: ISSUE_MESSAGES.bill_consumption_missing },
      source: null,
    });
  });

  it("opens a document read before issue #14: no verdicts, no sources, every field without status", () => {
    const bill = parseBillText(BILL_TEXT);
    const { fieldSource: _source, checks: _checks, fieldConfidence: _confidence, ...old } = bill;
    const reviews = fieldReviews("ultima_factura", old, { confidence: 0.7, isValid: false, issues: [] });
    expect(reviews!.length).toBeGreaterThan(0);
    for (const review of reviews!)
      expect(review).toEqual({ field: review.field, status: null, required: null, reason: null, source: null });
  });

  it("ignores verdicts that do not have the stored shape, keeps those that do", () => {
    const bill = parseBillText(BILL_TEXT);
    for (const validation of [null, "text", { fields: "x" }, { fields: [{ field: "pod", status: "broken" }] }]) {
      expect(byField(fieldReviews("ultima_factura", bill, validation)).pod!.status).toBeNull();
    }
    const retired = {
      fields: [
        { field: "pod", required: true, status: "failed", code: "old_code", message: "Mesaj vechi." },
        { nonsense: true },
      ],
    };
    expect(byField(fieldReviews("ultima_factura", bill, retired)).pod).toMatchObject({
      status: "failed",
      reason: { code: "old_code", message: "Mesaj vechi." },
    });
  });

  it("has nothing to say about a type that is not read", () => {
    expect(fieldReviews("poza_contor", null, null)).toBeNull();
  });
});

describe("fieldReviews: identity cards", () => {
  const zone = buildTd2({
    documentNumber: "RT715204",
    birthDate: "1992-11-23",
    sex: "F",
    expiryDate: "2032-11-23",
    lastName: "ȘTEFĂNESCU",
    firstName: "ANA-MARIA",
    optionalData: "2410576",
  });
  const printed = [
    "SERIA RT NR 715204 CNP 2921123410576",
    "Nume/Nom/Last name",
    "ȘTEFĂNESCU",
    "Prenume/Prénom/First name",
    "ANA-MARIA",
    "Loc naștere/Lieu de naissance/Place of birth",
    "Mun.București Sec.1",
    "Domiciliu/Adresse/Address",
    "Mun.București Sec.3 Str.Țepeș Vodă nr.14 bl.A2 ap.31",
    "Emisă de/Délivrée par/Issued by Valabilitate/Validité/Validity",
    "SPCEP S3 biroul nr.2 30.06.22-23.11.2032",
  ];
  const read = (lines: string[]) => parseIdCardText(lines.join("\n"), { referenceYear: 2026 });

  it("names the zone, its check digits and the CNP where they vouch for a field; never check digits for a name", () => {
    const id = read([...printed, ...zone]);
    const fields = byField(
      fieldReviews("document_identitate", id, stored(verifyIdentity(id, { now: NOW, ocrQuality: 0.8 }))),
    );
    const confirmations = (field: string) => fields[field]!.source!.confirmed_by.map((c) => c.code);
    expect(fields.number!.source!.code).toMatch(/mrz/);
    expect(fields.number!.source!.label).toBe(T.sources[fields.number!.source!.code]);
    expect(confirmations("number")).toContain("mrz_check_digits");
    expect(confirmations("cnp")).toEqual(expect.arrayContaining(["mrz_check_digits", "cnp_check_digit"]));
    expect(confirmations("birthDate")).toContain("cnp");
    expect(confirmations("lastName")).not.toContain("mrz_check_digits");
    expect(fields.issuedBy).toMatchObject({
      status: "uncertain",
      reason: { code: "field_unconfirmed" },
      source: { code: "printed", label: T.sources.printed, confirmed_by: [] },
    });
  });

  it("without the zone: series printed only, uncertain, with the reason", () => {
    const id = read(printed);
    const fields = byField(
      fieldReviews("document_identitate", id, stored(verifyIdentity(id, { now: NOW, ocrQuality: 0.8 }))),
    );
    expect(fields.series).toMatchObject({
      status: "uncertain",
      required: true,
      reason: { code: "field_unconfirmed", message: ISSUE_MESSAGES.field_unconfirmed },
      source: { code: "printed" },
    });
  });
});
