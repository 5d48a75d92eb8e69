// Confidence that means something (issue #14): a document is verified only when every required field
// is present and confirmed by its checks; otherwise it goes to review with a reason per field (a code
// and its Romanian text) for the admin review dialog.
import { describe, expect, it } from "vitest";
import { buildTd2, buildTd3 } from "../../app/lib/mrz";
import { parseBillText, type BillExtraction } from "../../app/server/documents/extraction/bill-parser.server";
import { parseIdCardText } from "../../app/server/documents/extraction/id-card-parser.server";
import { ISSUE_MESSAGES } from "../../app/server/documents/messages.server";
import { combineValidations, crossCheck, decideStatus, verifyBill, verifyIdentity, type FieldVerdict } from "../../app/server/documents/verification.server";

const NOW = Date.parse("2026-11-20T10:00:00Z");
const ctx = { now: NOW, ocrQuality: 0.8 };
const byField = (fields: FieldVerdict[] | undefined) => Object.fromEntries((fields ?? []).map((f) => [f.field, f]));

const zone = buildTd2({ documentNumber: "RT715204", birthDate: "1992-11-23", sex: "F", expiryDate: "2032-11-23", lastName: "ȘTEFĂNESCU", firstName: "ANA-MARIA", optionalData: "2410576" });
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
const classic = (lines = printed, mrz: string[] = zone) => parseIdCardText([...lines, ...mrz].join("\n"), { referenceYear: 2026 });

describe("identity: per-field verdicts", () => {
  it("verifies a card whose required fields the zone and the print both confirm", () => {
    const details = verifyIdentity(classic(), ctx);
    const fields = byField(details.fields);
    for (const field of ["cnp", "lastName", "firstName", "sex", "birthDate", "series", "number", "expiryDate"]) {
      expect(fields[field]).toMatchObject({ required: true, status: "ok", code: null, message: null });
    }
    // Printed only, nothing checks them: said so, but they do not hold the document back.
    expect(fields.issuedBy).toMatchObject({ required: false, status: "uncertain", code: "field_unconfirmed", message: ISSUE_MESSAGES.field_unconfirmed });
    expect(decideStatus(details)).toBe("verified");
  });

  it("sends a card without its zone to review: series and number are printed only", () => {
    const details = verifyIdentity(classic(printed, []), ctx);
    const fields = byField(details.fields);
    expect(fields.series).toMatchObject({ required: true, status: "uncertain", code: "field_unconfirmed" });
    expect(fields.cnp).toMatchObject({ status: "ok" }); // its control digit holds
    expect(decideStatus(details)).toBe("needs_review");
  });

  it("marks a field where the zone and the print disagree", () => {
    const details = verifyIdentity(classic(printed.map((l) => l.replace("715204 CNP", "715209 CNP"))), ctx);
    expect(byField(details.fields).number).toMatchObject({ status: "uncertain", code: "mrz_printed_conflict", message: ISSUE_MESSAGES.mrz_printed_conflict });
    expect(decideStatus(details)).toBe("needs_review");
  });

  it("names the missing field with its own reason", () => {
    const details = verifyIdentity(classic(printed.filter((l) => !l.startsWith("SERIA")), []), ctx);
    const fields = byField(details.fields);
    expect(fields.series).toMatchObject({ status: "missing", code: "id_number_missing", message: ISSUE_MESSAGES.id_number_missing });
    expect(fields.cnp).toMatchObject({ status: "missing", code: "cnp_missing" });
    expect(decideStatus(details)).toBe("needs_review");
  });

  it("fails the expiry of an expired card", () => {
    const old = buildTd2({ documentNumber: "RT715204", birthDate: "1992-11-23", sex: "F", expiryDate: "2026-05-19", lastName: "ȘTEFĂNESCU", firstName: "ANA-MARIA", optionalData: "2410576" });
    const details = verifyIdentity(classic(printed.map((l) => l.replace("30.06.22-23.11.2032", "19.05.16-19.05.2026")), old), ctx);
    expect(byField(details.fields).expiryDate).toMatchObject({ status: "failed", code: "id_expired" });
    expect(decideStatus(details)).toBe("rejected");
  });

  it("requires no series of a passport", () => {
    const mrz = buildTd3({ documentNumber: "055318274", birthDate: "1984-03-15", sex: "M", expiryDate: "2033-08-21", lastName: "RĂDULESCU", firstName: "MIHAI", optionalData: "1840315083720" });
    const text = ["Nr. pașaport/Passport No.", "055318274", "Nume/Surname/Nom", "RĂDULESCU", "Prenume/Given names/Prénoms", "MIHAI", ...mrz].join("\n");
    const details = verifyIdentity(parseIdCardText(text, { referenceYear: 2026 }), ctx);
    const fields = byField(details.fields);
    expect(fields.series).toBeUndefined();
    expect(fields.number).toMatchObject({ required: true, status: "ok" });
    expect(fields.address).toBeUndefined();
  });

  it("flags a CNP county that is not the birthplace's, on the birthplace", () => {
    const details = verifyIdentity(classic(printed.map((l) => l.replace("Mun.București Sec.1", "Jud.CJ Mun.Cluj-Napoca"))), ctx);
    expect(byField(details.fields).birthPlace).toMatchObject({ required: false, status: "uncertain", code: "cnp_county_mismatch" });
    expect(details.issues.map((i) => i.code)).toContain("cnp_county_mismatch");
  });
});

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

describe("bill: per-field verdicts", () => {
  const bill = parseBillText(BILL_TEXT);

  it("verifies a bill whose required fields are read and whose checks hold", () => {
    const details = verifyBill(bill, billCtx);
    const fields = byField(details.fields);
    for (const field of ["billDate", "pod", "customerName", "consumptionKwh", "totalWithVat"]) expect(fields[field]).toMatchObject({ required: true, status: "ok" });
    expect(decideStatus(details)).toBe("verified");
  });

  it("sends a bill without its consumption to review, with that field's reason", () => {
    const details = verifyBill(parseBillText(BILL_TEXT.replace("Consum facturat: 182 kWh\n", "")), billCtx);
    expect(byField(details.fields).consumptionKwh).toMatchObject({ status: "missing", code: "bill_consumption_missing", message: ISSUE_MESSAGES.bill_consumption_missing });
    expect(decideStatus(details)).toBe("needs_review");
  });

  it("fails the totals when they do not add up", () => {
    const details = verifyBill(parseBillText(BILL_TEXT.replace("258,27", "268,27")), billCtx);
    expect(byField(details.fields).totalWithVat).toMatchObject({ status: "failed", code: "bill_totals_inconsistent" });
    expect(decideStatus(details)).toBe("needs_review");
  });

  it("fails the holder on the bill when it is another person (cross-check with the ID)", () => {
    const id = classic();
    const other: BillExtraction = { ...bill, customerName: "IONESCU MIHAI" };
    const details = combineValidations(verifyBill(other, billCtx), crossCheck(id, other));
    expect(byField(details.fields).customerName).toMatchObject({ status: "failed", code: "bill_holder_mismatch" });
    expect(decideStatus(details)).toBe("rejected");
  });
});
