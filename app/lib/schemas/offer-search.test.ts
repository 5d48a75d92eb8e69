import { describe, expect, it } from "vitest";
import { TEXTS } from "../../texts/user";
import { offerSearchSchema } from "./offer-search";

const schema = offerSearchSchema("2026-11-23");

describe("offerSearchSchema", () => {
  it("normalises the county and defaults the consumption type", () => {
    expect(schema.parse({ county: " cj ", date: "2026-11-24" })).toEqual({
      county: "CJ",
      date: "2026-11-24",
      consumptionType: "casnic",
    });
  });

  it("accepts today and refuses yesterday", () => {
    expect(schema.safeParse({ county: "B", date: "2026-11-23" }).success).toBe(true);
    const past = schema.safeParse({ county: "B", date: "2026-11-22" });
    expect(past.success).toBe(false);
    expect(past.error?.issues[0]?.message).toBe(TEXTS.api.pastDate);
  });

  it("gives one clear message for a malformed date", () => {
    const result = schema.safeParse({ county: "B", date: "2026-02-30" });
    expect(result.error?.issues.map((i) => i.message)).toEqual([TEXTS.api.invalidDate]);
  });

  it("refuses unknown consumption types", () => {
    expect(schema.safeParse({ county: "B", date: "2026-11-24", consumptionType: "noncasnic" }).success).toBe(false);
  });
});
