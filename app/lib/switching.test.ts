import { describe, expect, it } from "vitest";
import {
  CLOSED_SWITCH_STATUSES,
  TITLE_HOLDER_QUALITIES,
  canCancelAutomation,
  canLeaveStep,
  desiredSwitchDate,
  isClosedStatus,
  isAwaitingApproval,
  stepProgress,
  submitErrorMessage,
  switchContextProblem,
  wizardDocuments,
} from "./switching";
import { TEXTS } from "../texts/user";

const t = TEXTS.switching;
const context = { selectedOfferId: "o-1", selectedSupplierId: "hidroelectrica", searchDate: "2026-11-25", county: "CJ", isFromCache: false };

describe("switch context validity (spec §4, §5)", () => {
  it("is valid when the search date is after today in Bucharest", () => {
    expect(switchContextProblem(context, "2026-11-24")).toBeNull();
  });

  it("has no context", () => {
    expect(switchContextProblem(null, "2026-11-24")).toEqual({ reason: "no_context", message: t.noContext });
    expect(t.noContext.startsWith("Nu aveți o ofertă selectată")).toBe(true);
  });

  it("is stale on the search day itself and after it", () => {
    for (const today of ["2026-11-25", "2026-11-26"]) {
      expect(switchContextProblem(context, today)).toEqual({ reason: "different_day", message: t.staleDate });
    }
    expect(t.staleDate.startsWith("Data selectată nu mai este validă")).toBe(true);
    expect(t.staleDate).toContain("Ofertele e posibil sa se fi schimbat, incearca o noua cautare.");
  });

  it("names the missing ids, with the cache hint of a search three days ahead", () => {
    expect(switchContextProblem({ ...context, selectedOfferId: "", selectedSupplierId: "" }, "2026-11-24")).toEqual({
      reason: "missing_ids",
      missing: ["offerId", "supplierId"],
      message: "Oferta selectată este incompletă: lipsește ID-ul ofertei și ID-ul furnizorului.",
    });
    const cached = switchContextProblem({ ...context, selectedSupplierId: "", isFromCache: true }, "2026-11-24");
    expect(cached?.message).toBe(`${t.missingOfferData([t.missingSupplierId])} ${t.cacheRetry("2026-11-27")}`);
  });
});

describe("the wizard's steps (spec §4 Wizard)", () => {
  const state = { identity: { status: "verified" }, bill: { status: "verified" }, meterIndex: "12345", termsAccepted: true };

  it("continues from each step only with what it needs", () => {
    expect([1, 2, 3, 4].map((step) => canLeaveStep(step, state))).toEqual([true, true, true, true]);
    expect(canLeaveStep(1, { ...state, identity: { status: "processing" } })).toBe(false);
    expect(canLeaveStep(1, { ...state, identity: null })).toBe(false);
    expect(canLeaveStep(2, { ...state, bill: { status: "pending" } })).toBe(false);
    expect(canLeaveStep(3, { ...state, meterIndex: "   " })).toBe(false);
    expect(canLeaveStep(4, { ...state, termsAccepted: false })).toBe(false);
    expect(canLeaveStep(5, state)).toBe(false);
  });
});

describe("desired switch date", () => {
  it("is today + 14 days in Bucharest", () => {
    // 22:30 UTC on 23 Nov is 24 Nov in Bucharest.
    expect(desiredSwitchDate(Date.UTC(2026, 10, 23, 22, 30))).toBe("2026-12-08");
    expect(desiredSwitchDate(Date.UTC(2026, 11, 25, 10))).toBe("2027-01-08");
  });
});

describe("request statuses and steps", () => {
  it("closes on completed, failed, rejected and both spellings of cancelled", () => {
    expect(CLOSED_SWITCH_STATUSES).toEqual(["completed", "failed", "cancelled", "canceled", "rejected"]);
    expect(isClosedStatus("created")).toBe(false);
    expect(isClosedStatus("canceled")).toBe(true);
  });

  it("gives each pipeline step its progress", () => {
    expect(stepProgress("request_validation")).toBe(0);
    expect(stepProgress("automation_queued")).toBe(20);
    expect(stepProgress("completed")).toBe(100);
  });

  it("lets the automation be stopped from the queue until a signature is asked for", () => {
    expect(canCancelAutomation({ status: "created", currentStep: "automation_queued" })).toBe(true);
    expect(canCancelAutomation({ status: "processing", currentStep: "contract_generation" })).toBe(true);
    expect(canCancelAutomation({ status: "created", currentStep: "document_verification" })).toBe(false);
    expect(canCancelAutomation({ status: "awaiting_signature", currentStep: "signature_required" })).toBe(false);
    expect(canCancelAutomation({ status: "paused", currentStep: "automation_queued" })).toBe(false);
    expect(canCancelAutomation({ status: "cancelled", currentStep: "automation_queued" })).toBe(false);
  });

  it("offers the 11 title-holder qualities of spec §3, Proprietar first", () => {
    expect(TITLE_HOLDER_QUALITIES).toHaveLength(11);
    expect(TITLE_HOLDER_QUALITIES[0]).toBe("Proprietar");
  });
});

describe("what the document steps list", () => {
  const docs = [
    { id: "a", document_type: "document_identitate", status: "verified" },
    { id: "b", document_type: "document_identitate", status: "rejected" },
    { id: "c", document_type: "document_identitate", status: "processing" },
    { id: "d", document_type: "ultima_factura", status: "pending" },
  ];

  it("lists the step's type without rejected documents", () => {
    expect(wizardDocuments(docs, "document_identitate").map((d) => d.id)).toEqual(["a", "c"]);
    expect(wizardDocuments(docs, "ultima_factura").map((d) => d.id)).toEqual(["d"]);
  });

  it("shows pending and processing as 'în curs de aprobare'", () => {
    expect(docs.map(isAwaitingApproval)).toEqual([false, false, true, true]);
    expect(t.awaitingApproval).toBe("în curs de aprobare");
  });
});

describe("the submit error toast (spec §8 'Eroare la trimiterea cererii')", () => {
  it("maps anything about targetSupplierId to the reload hint", () => {
    expect(submitErrorMessage(409, { error: "invalid_targetSupplierId", message: "x" })).toBe("ID furnizor invalid. Reîncărcați pagina și încercați din nou.");
    expect(submitErrorMessage(400, { error: "invalid_input", message: "y", issues: [{ path: "targetSupplierId" }] })).toBe(t.invalidSupplierId);
  });

  it("maps 401 or unauthorized to the expired session", () => {
    expect(submitErrorMessage(401, { error: "unauthorized", message: "z" })).toBe("Sesiunea a expirat. Vă rugăm să vă autentificați din nou.");
    expect(submitErrorMessage(403, { error: "Unauthorized" })).toBe(TEXTS.auth.sessionExpired);
  });

  it("otherwise shows the server's message, or the spec's fallback", () => {
    expect(submitErrorMessage(409, { error: "pod_has_open_request", message: t.podHasOpenRequest })).toBe(t.podHasOpenRequest);
    expect(submitErrorMessage(400, null)).toBe("Nu s-a putut trimite cererea. Încercați din nou.");
    expect(submitErrorMessage(502, {})).toBe("A apărut o eroare. Te rugăm să încerci din nou.");
  });
});
