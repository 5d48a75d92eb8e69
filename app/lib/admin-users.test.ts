import { describe, expect, it } from "vitest";
import { EMPTY_FILTERS, fileSizeMb, filtersFromAddress, progressCell, userDisplayName } from "./admin-users";
import { ADMIN_TEXTS } from "../texts/admin";

const T = ADMIN_TEXTS.users;
const none = { completion_percentage: 0, identity: 0, bills: 0, contracts: 0, meter_photos: 0 };

describe("userDisplayName", () => {
  it("joins first and last name, falling back to 'Nume necunoscut'", () => {
    expect(userDisplayName({ first_name: "Ana", last_name: "Pop" })).toBe("Ana Pop");
    expect(userDisplayName({ first_name: null, last_name: "Pop" })).toBe("Pop");
    expect(userDisplayName({ first_name: " ", last_name: null })).toBe(T.unknownName);
  });
});

describe("progressCell", () => {
  it("says 'Fără progres' with nothing uploaded, otherwise the percent and the ID and bill counts", () => {
    expect(progressCell(none)).toBe(T.noProgress);
    expect(progressCell({ ...none, meter_photos: 1 })).toBe(T.progressSummary(0, 0, 0));
    expect(progressCell({ ...none, completion_percentage: 50, identity: 1, bills: 2 })).toBe(T.progressSummary(50, 1, 2));
  });
});

describe("fileSizeMb", () => {
  it("shows MB with 2 decimals in ro-RO", () => {
    expect(fileSizeMb(2_097_152)).toBe(T.sizeMb("2,00"));
    expect(fileSizeMb(1_572_864)).toBe(T.sizeMb("1,50"));
    expect(fileSizeMb(0)).toBe(T.sizeMb("0,00"));
  });
});

describe("filtersFromAddress", () => {
  it("reads a search submitted before the script ran (a GET of the page) back into the filters", () => {
    const params = new URLSearchParams("search=%20722%20&status=suspended&date_from=2026-01-01&date_to=2026-02-01");
    expect(filtersFromAddress(params)).toEqual({ search: "722", status: "suspended", dateFrom: "2026-01-01", dateTo: "2026-02-01" });
  });

  it("drops what is not a filter: an unknown status, a malformed date, an overlong search", () => {
    const params = new URLSearchParams({ status: "deleted", date_from: "01.01.2026", date_to: "2026-1-1", search: "x".repeat(300) });
    expect(filtersFromAddress(params)).toEqual({ ...EMPTY_FILTERS, search: "x".repeat(100) });
    expect(filtersFromAddress(new URLSearchParams())).toEqual(EMPTY_FILTERS);
  });
});
