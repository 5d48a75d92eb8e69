import { describe, expect, it } from "vitest";
import { attentionFirst, canDecide, canReprocess, confidenceDisplay, correctableFieldsOf, fieldNeedsAttention, formatFileSize, normalizeCorrection } from "./document-review";

describe("formatFileSize", () => {
  it.each([
    [0, "0 B"],
    [1023, "1023 B"],
    [1024, "1,0 KB"],
    [1536, "1,5 KB"],
    [10 * 1024 * 1024, "10,0 MB"],
    [3.25 * 1024 ** 3, "3,3 GB"],
    [5 * 1024 ** 4, "5120,0 GB"],
  ])("%d bytes → %s", (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });

  it("says N/A for a missing or impossible size", () => {
    expect(formatFileSize(null)).toBe("N/A");
    expect(formatFileSize(-1)).toBe("N/A");
  });
});

describe("confidenceDisplay (admin spec §4)", () => {
  it.each([
    [0.95, "95%", "green"],
    [0.9, "90%", "green"],
    [0.899, "90%", "green"],
    [0.894, "89%", "orange"],
    [0.7, "70%", "orange"],
    [0.69, "69%", "red"],
    [0.004, "0%", "grey"],
    [0, "0%", "grey"],
    [1, "100%", "green"],
    [85, "85%", "orange"],
  ] as const)("%d → %s %s", (score, text, tone) => {
    expect(confidenceDisplay(score)).toEqual({ text, tone });
  });

  it("shows N/A in grey when there is no score", () => {
    expect(confidenceDisplay(null)).toEqual({ text: "N/A", tone: "grey" });
    expect(confidenceDisplay(undefined)).toEqual({ text: "N/A", tone: "grey" });
  });
});

describe("which action each status allows (admin spec §4)", () => {
  it("verifies and rejects only pending documents", () => {
    expect(["pending", "processing", "verified", "rejected", "failed", "uploaded"].filter(canDecide)).toEqual(["pending"]);
  });

  it("reprocesses failed or rejected ones, and with force also pending or verified ones, never processing", () => {
    const all = ["pending", "processing", "verified", "rejected", "failed", "uploaded"];
    expect(all.filter((s) => canReprocess(s, false))).toEqual(["rejected", "failed"]);
    expect(all.filter((s) => canReprocess(s, true))).toEqual(["pending", "verified", "rejected", "failed"]);
  });
});

describe("normalizeCorrection", () => {
  it.each([
    ["cnp", " 1850312400017 ", "1850312400017"],
    ["cnp", "185031240001", null],
    ["date", "2024-02-29", "2024-02-29"],
    ["date", "2025-02-29", null],
    ["date", "12.03.2025", null],
    ["sex", "f", "F"],
    ["sex", "X", null],
    ["amount", "312,50", "312.50"],
    ["amount", "312.505", null],
    ["kwh", "250", "250"],
    ["kwh", "-3", null],
    ["pod", "ro001e 123456789", "RO001E123456789"],
    ["pod", "RO001123456789", null],
    ["price", "1,2345", "1.2345"],
    ["text", "  Str.   Mare  1 ", "Str. Mare 1"],
    ["text", "", null],
    ["text", "a\u0000b", null],
  ] as const)("%s %j → %j", (kind, raw, want) => {
    expect(normalizeCorrection(kind, raw)).toBe(want);
  });
});

describe("correctableFieldsOf", () => {
  it("offers the identity card's and the bill's fields, nothing for documents that are not read", () => {
    expect(Object.keys(correctableFieldsOf("document_identitate")!)).toContain("cnp");
    expect(Object.keys(correctableFieldsOf("ultima_factura")!)).toContain("pod");
    expect(correctableFieldsOf("contract_furnizor_actual")).toBeNull();
  });
});

describe("which fields need the reviewer's attention (issue #14 item 4)", () => {
  it("a failed field always; a missing or unconfirmed one only when required; never an ok one or one without a verdict", () => {
    expect(fieldNeedsAttention({ status: "failed", required: false })).toBe(true);
    expect(fieldNeedsAttention({ status: "missing", required: true })).toBe(true);
    expect(fieldNeedsAttention({ status: "uncertain", required: true })).toBe(true);
    expect(fieldNeedsAttention({ status: "uncertain", required: false })).toBe(false);
    expect(fieldNeedsAttention({ status: "missing", required: false })).toBe(false);
    expect(fieldNeedsAttention({ status: "ok", required: true })).toBe(false);
    expect(fieldNeedsAttention({ status: null, required: null })).toBe(false);
    expect(fieldNeedsAttention({ status: "failed", required: true, corrected: true })).toBe(false);
  });

  it("puts them first, keeping each group's order", () => {
    const fields = [
      { field: "a", status: "ok", required: true },
      { field: "b", status: "uncertain", required: false },
      { field: "c", status: "missing", required: true },
      { field: "d", status: null, required: null },
      { field: "e", status: "failed", required: false },
    ] as const;
    expect(attentionFirst([...fields]).map((f) => f.field)).toEqual(["c", "e", "a", "b", "d"]);
  });
});
