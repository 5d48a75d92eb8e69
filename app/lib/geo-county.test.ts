import { describe, expect, it } from "vitest";
import { matchCountyByRegion, reverseGeocodeUrl } from "./geo-county";

const counties = [
  { code: "B", name: "București" },
  { code: "CJ", name: "Cluj" },
  { code: "BV", name: "Brașov" },
  { code: "CS", name: "Caraș-Severin" },
];

describe("matchCountyByRegion", () => {
  it("matches region names with prefixes, missing or legacy diacritics, any case", () => {
    expect(matchCountyByRegion(counties, ["Județul Cluj"])?.code).toBe("CJ");
    expect(matchCountyByRegion(counties, ["JUDETUL BRASOV"])?.code).toBe("BV");
    expect(matchCountyByRegion(counties, ["Municipiul Bucureşti"])?.code).toBe("B");
    expect(matchCountyByRegion(counties, ["Caras Severin"])?.code).toBe("CS");
  });

  it("tries the names in order and ignores empty or foreign ones", () => {
    expect(matchCountyByRegion(counties, [undefined, "", "Bavaria", "Cluj"])?.code).toBe("CJ");
    expect(matchCountyByRegion(counties, ["România"])).toBeNull();
  });
});

describe("reverseGeocodeUrl", () => {
  it("asks for latitude, longitude and Romanian locality names", () => {
    const url = new URL(reverseGeocodeUrl("https://geo.example/reverse", 46.7712, 23.6236));
    expect(Object.fromEntries(url.searchParams)).toEqual({
      latitude: "46.77120",
      longitude: "23.62360",
      localityLanguage: "ro",
    });
  });
});
