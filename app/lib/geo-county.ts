// Geolocation preselect: the reverse-geocoding answer's region (or country) name matched against the
// county list, diacritics- and case-insensitively ("Județul Cluj" → Cluj, "Municipiul București" → București).
import { foldRomanian } from "./text-normalize";

const PREFIXES = /^(JUDETUL|JUDET|MUNICIPIUL|COMUNA|ORASUL)\s+/;

export function matchCountyByRegion<T extends { name: string }>(counties: readonly T[], names: readonly unknown[]): T | null {
  for (const name of names) {
    if (typeof name !== "string" || !name.trim()) continue;
    const wanted = foldRomanian(name).replace(PREFIXES, "");
    const hit = counties.find((c) => foldRomanian(c.name) === wanted);
    if (hit) return hit;
  }
  return null;
}

/** The URL of the configured reverse-geocoding endpoint for a position (latitude, longitude, locality language ro). */
export function reverseGeocodeUrl(base: string, latitude: number, longitude: number): string {
  const url = new URL(base);
  url.searchParams.set("latitude", latitude.toFixed(5));
  url.searchParams.set("longitude", longitude.toFixed(5));
  url.searchParams.set("localityLanguage", "ro");
  return url.toString();
}
