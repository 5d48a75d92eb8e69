import { describe, expect, it } from "vitest";
import { TEXTS } from "../../texts/user";
import { cancelSwitchRequestSchema, createSwitchRequestSchema, switchRequestListQuerySchema } from "./switch-request";

const t = TEXTS.switching;
const TODAY = "2026-11-24";
const payload = {
  targetSupplierId: "hidroelectrica",
  offerId: "hidroelectrica-casnic-fix-12",
  desiredSwitchDate: "2026-12-08",
  switchType: "automatic",
  switchReason: "cost_savings",
  titleHolderQuality: "Proprietar",
  consumerType: "casnic",
  termsAccepted: true,
  selectedDocuments: { idDocumentId: "id-1", invoiceDocumentId: "bill-1", meterReadingId: "m-1", contractDocumentId: null },
};
const parse = (input: unknown) => createSwitchRequestSchema(TODAY).safeParse(input);
const firstMessage = (input: unknown) => parse(input).error?.issues[0]?.message;

describe("create payload (spec §3)", () => {
  it("takes the spec's payload as the wizard sends it", () => {
    expect(parse(payload).data).toEqual({ ...payload, switchReason: "cost_savings" });
  });

  it("defaults the reason by type: cost_savings for automatic, the earlier client's text for manual", () => {
    expect(parse({ ...payload, switchReason: undefined }).data?.switchReason).toBe("cost_savings");
    expect(parse({ ...payload, switchType: "manual", switchReason: "" }).data?.switchReason).toBe("Cea mai bună ofertă selectată");
    expect(parse({ ...payload, switchType: undefined }).data?.switchType).toBe("automatic");
    expect(parse({ ...payload, switchType: "instant" }).success).toBe(false);
  });

  it("reads a checkbox's 'on' and a missing acceptance as the terms answer (the rules report it)", () => {
    expect(parse({ ...payload, termsAccepted: "on" }).data?.termsAccepted).toBe(true);
    expect(parse({ ...payload, termsAccepted: undefined }).data?.termsAccepted).toBe(false);
    expect(parse({ ...payload, termsAccepted: "yes" }).success).toBe(false);
  });

  it("leaves missing documents to the ordered rules, as null", () => {
    expect(parse({ ...payload, selectedDocuments: { idDocumentId: "  " } }).data?.selectedDocuments).toEqual({
      idDocumentId: null,
      invoiceDocumentId: null,
      meterReadingId: null,
      contractDocumentId: null,
    });
    expect(parse({ ...payload, selectedDocuments: undefined }).data?.selectedDocuments.meterReadingId).toBeNull();
    expect(parse({ ...payload, selectedDocuments: "id-1" }).success).toBe(false);
  });

  it("wants the desired date 14 days ahead (13 tolerated across midnight), at most a year", () => {
    expect(parse({ ...payload, desiredSwitchDate: "2026-12-07" }).success).toBe(true);
    expect(firstMessage({ ...payload, desiredSwitchDate: "2026-12-06" })).toBe(t.desiredDateTooEarly);
    expect(firstMessage({ ...payload, desiredSwitchDate: "2027-11-26" })).toBe(t.desiredDateTooLate);
    expect(firstMessage({ ...payload, desiredSwitchDate: "2026-02-30" })).toBe(t.desiredDateInvalid);
  });

  it("answers the spec's messages for the supplier id, the title-holder quality and the consumer type", () => {
    expect(firstMessage({ ...payload, targetSupplierId: "" })).toBe(t.invalidSupplierId);
    expect(firstMessage({ ...payload, titleHolderQuality: "proprietar" })).toBe(t.titleHolderRequired);
    expect(firstMessage({ ...payload, consumerType: undefined })).toBe(t.consumerTypeRequired);
    for (const quality of t.titleHolderQualities) expect(parse({ ...payload, titleHolderQuality: quality }).success).toBe(true);
  });
});

describe("cancel payload", () => {
  it("keeps an optional reason of at most 500 characters", () => {
    expect(cancelSwitchRequestSchema.parse({})).toEqual({ reason: null });
    expect(cancelSwitchRequestSchema.parse({ reason: "  " })).toEqual({ reason: null });
    expect(cancelSwitchRequestSchema.parse({ reason: " Mă răzgândesc " })).toEqual({ reason: "Mă răzgândesc" });
    expect(cancelSwitchRequestSchema.safeParse({ reason: "x".repeat(501) }).error?.issues[0]?.message).toBe(t.cancelReasonTooLong);
  });
});

describe("list query", () => {
  it("defaults to 10, allows 1–100 and the spec's statuses", () => {
    expect(switchRequestListQuerySchema.parse({})).toEqual({ status: undefined, limit: 10 });
    expect(switchRequestListQuerySchema.parse({ status: "all", limit: "100" })).toEqual({ status: undefined, limit: 100 });
    expect(switchRequestListQuerySchema.parse({ status: "awaiting_signature" }).status).toBe("awaiting_signature");
    for (const bad of [{ limit: "101" }, { limit: "0" }, { limit: "1.5" }, { status: "deleted" }]) {
      expect(switchRequestListQuerySchema.safeParse(bad).success).toBe(false);
    }
  });
});
