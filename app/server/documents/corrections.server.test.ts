import { describe, expect, it } from "vitest";
import { applyCorrections, machineValueOf, type FieldCorrection } from "./corrections.server";
import type { BillExtraction } from "./extraction/bill-parser.server";

const correction = (field: string, correctedValue: string | null, extra: Partial<FieldCorrection> = {}): FieldCorrection => ({
  id: `c-${field}`,
  field,
  machineValue: null,
  correctedValue,
  adminId: "a",
  createdAt: 1,
  sealed: false,
  ...extra,
});

const bill = { kind: "bill", pod: "RO001E000000001", consumptionKwh: 100, customerName: "POPESCU ION", missingFields: ["vat", "pod"] } as unknown as BillExtraction;

describe("applyCorrections", () => {
  it("lays the newest correction of each field over the reading, typed, and takes it off the missing list", () => {
    const out = applyCorrections("ultima_factura", bill, [correction("pod", "RO001E000000002"), correction("pod", "RO001E000000003"), correction("consumptionKwh", "250")]);
    expect(out).toMatchObject({ kind: "bill", pod: "RO001E000000003", consumptionKwh: 250, customerName: "POPESCU ION", missingFields: ["vat"] });
    // The reading it was given is untouched.
    expect(bill.pod).toBe("RO001E000000001");
  });

  it("leaves a sealed correction the reader may not see as the reading has it", () => {
    const out = applyCorrections("ultima_factura", { ...bill, billingAddress: null }, [correction("billingAddress", null, { sealed: true })]);
    expect(machineValueOf(out, "billingAddress")).toBeNull();
  });

  it("starts from an empty reading of the document's kind when the machine read nothing", () => {
    const out = applyCorrections("document_identitate", { kind: "unreadable", reason: "no_text_found", detail: "" }, [correction("lastName", "POPESCU")]);
    expect(out).toMatchObject({ kind: "id_card", lastName: "POPESCU", cnp: null, missingFields: [] });
  });

  it("ignores fields the document type does not have, and types that are not read", () => {
    expect(applyCorrections("ultima_factura", bill, [correction("cnp", "1850312400017")])).not.toHaveProperty("cnp");
    expect(applyCorrections("contract_furnizor_actual", null, [correction("pod", "RO001E000000002")])).toBeNull();
  });
});
