// ID photo rounds 8 and 9 (issue #14) checked as fixture sets, without the reader: the photos are
// drawn within the ranges they claim, every kind of document and every condition new in round 8 and in
// round 9 occurs, and the earlier rounds' photos carry none of them (each round's new conditions draw
// from a random stream of their own). Nothing here reads a photo or measures the reader.
import { describe, expect, it } from "vitest";
import { idPageHtml, idPageSize } from "../fixtures/id-cards";
import {
  HELD_OUT_PHOTOS,
  ID_HOLDERS,
  idPhotoSet,
  ROUND6_PHOTOS,
  ROUND7_PHOTOS,
  ROUND8_PHOTOS,
  TUNE_SCENE_PHOTOS,
} from "../fixtures/id-photos";

/** Round 8's conditions (camera, hand, casts) hold in round 9 too, at the same rates. */
const photos = [...idPhotoSet(ROUND8_PHOTOS, 2), ...idPhotoSet(HELD_OUT_PHOTOS, 2)];
const round9 = idPhotoSet(HELD_OUT_PHOTOS, 2);
const kind = (photo: (typeof photos)[number]) =>
  photo.person.passport ? "passport" : photo.person.electronic ? "cei" : "ci";

describe("ID photo rounds 8 and 9 as fixtures (no reader)", () => {
  it("rounds 7 and 8 are tuning material under their own seeds; round 9 has a new one and round 8's conditions, two photos a holder", () => {
    expect(ROUND7_PHOTOS).toEqual({ ...ROUND6_PHOTOS, seed: 18 });
    expect(ROUND8_PHOTOS.seed).toBe(19);
    expect(HELD_OUT_PHOTOS.seed).toBe(20);
    const { seed: _seed, light, ...rest } = HELD_OUT_PHOTOS;
    const { seed: _seed8, ...round8 } = ROUND8_PHOTOS;
    expect(rest).toEqual(round8);
    expect(light).toBeDefined();
    expect(ROUND8_PHOTOS.light).toBeUndefined();
    expect(round9).toHaveLength(ID_HOLDERS.length * 2);
    expect(new Set(round9.map(kind))).toEqual(new Set(["ci", "cei", "passport"]));
  });

  it("every condition new in round 8 occurs at least once in each of rounds 8 and 9", () => {
    for (const set of [idPhotoSet(ROUND8_PHOTOS, 2), round9])
      for (const tag of ["wide", "hand", "warm", "cold", "motion", "faded"])
        expect(
          set.some((photo) => photo.name.includes(`-${tag}`)),
          tag,
        ).toBe(true);
    for (const photo of photos) expect(photo.camera).toMatch(/noise [\d.]+.*vignette [\d.]+/);
  });

  it("every condition new in round 9 occurs at least once, and stays readable", () => {
    for (const tag of ["lamp", "sleeve", "dark"])
      expect(
        round9.some((photo) => photo.name.includes(`-${tag}`)),
        tag,
      ).toBe(true);
    for (const photo of round9) {
      const html = idPageHtml(photo.person, "photo", photo.style);
      // The lamp's shadow darkens its side of the card by at most half; its edge is sharp (1 %).
      for (const [, alpha] of html.matchAll(/rgba\(12,10,8,([\d.]+)\)/g))
        expect(Number(alpha)).toBeLessThanOrEqual(0.5);
      if (photo.name.includes("-lamp")) {
        const edge = /rgba\(255,236,200,\.12\) (\d+)%, rgba\(12,10,8,[\d.]+\) (\d+)%/.exec(html);
        expect(edge).not.toBeNull();
        expect(Number(edge![2]) - Number(edge![1])).toBe(1);
      }
      // The sleeve's haze stays light: the card shows through it.
      for (const [, haze] of html.matchAll(/rgba\(235,240,245,([\d.]+)\)/g))
        expect(Number(haze)).toBeLessThanOrEqual(0.16);
      if (photo.name.includes("-dark")) {
        // A card on a dark surface lies on nothing else, and is not held in a hand.
        expect(photo.name).not.toMatch(/-hand|obj/);
        expect(photo.style.background).toMatch(/#050505/);
      }
    }
  });

  it("draws within the issue's ranges", () => {
    for (const { drawn } of photos) {
      expect(Math.abs(drawn.rotation)).toBeLessThanOrEqual(15);
      expect(Math.max(Math.abs(drawn.tiltX), Math.abs(drawn.tiltY))).toBeLessThanOrEqual(15);
      expect(drawn.blurPx).toBeGreaterThanOrEqual(0.4);
      expect(drawn.blurPx).toBeLessThanOrEqual(1.2);
      expect(drawn.quality).toBeGreaterThanOrEqual(45);
      expect(drawn.quality).toBeLessThanOrEqual(85);
      // Faded cards go below the usual contrast range, never below what a person still reads.
      expect(drawn.contrast).toBeGreaterThanOrEqual(0.32);
      expect(drawn.contrast).toBeLessThanOrEqual(0.95);
    }
  });

  it("a whole phone frame is 3000–4000 px wide (4:3), the card 35–50 % of its width, all of it inside", () => {
    const wide = photos.filter((photo) => photo.style.frame);
    expect(wide.length).toBeGreaterThan(0);
    for (const photo of wide) {
      const frame = photo.style.frame!;
      expect(frame.width).toBeGreaterThanOrEqual(3000);
      expect(frame.width).toBeLessThanOrEqual(4000);
      expect(frame.height).toBe(Math.round(frame.width * 0.75));
      const share = (1000 * frame.scale) / frame.width;
      expect(share).toBeGreaterThan(0.349);
      expect(share).toBeLessThan(0.501);
      expect(idPageSize("photo", photo.style)).toEqual({ width: frame.width, height: frame.height });
      const stage = {
        width: (1000 + photo.style.padding * 2) * frame.scale,
        height: (630 + photo.style.padding * 2) * frame.scale,
      };
      expect(Math.abs(frame.dx) + stage.width / 2).toBeLessThanOrEqual(frame.width / 2);
      expect(Math.abs(frame.dy) + stage.height / 2).toBeLessThanOrEqual(frame.height / 2);
    }
  });

  it("a held card has fingers behind it and a thumb over its left edge that ends on the portrait, no desk objects", () => {
    const held = photos.filter((photo) => photo.name.includes("-hand"));
    expect(held.length).toBeGreaterThan(0);
    for (const photo of held) {
      expect(photo.style.scene?.behind).toBeTruthy();
      const thumb = /left:(-?\d+)px;top:\d+px;width:(\d+)px/.exec(photo.style.scene?.onCard ?? "");
      expect(thumb).not.toBeNull();
      // The portrait spans x 34–264 of the card's 1000 px; every field is right of it.
      expect(Number(thumb![1]) + Number(thumb![2])).toBeLessThan(264);
      expect(photo.name).not.toMatch(/obj/);
    }
  });

  it("the earlier rounds' photos have none of round 8's conditions", () => {
    for (const photo of [...idPhotoSet(ROUND7_PHOTOS, 2), ...idPhotoSet(TUNE_SCENE_PHOTOS, 2)]) {
      expect(photo.style.frame).toBeUndefined();
      expect(photo.camera).toBeUndefined();
      expect(idPageHtml(photo.person, "photo", photo.style)).not.toMatch(/feTurbulence|mix-blend-mode/);
    }
  });

  it("the earlier rounds' photos, round 8's included, have none of round 9's conditions", () => {
    for (const photo of [
      ...idPhotoSet(ROUND8_PHOTOS, 2),
      ...idPhotoSet(ROUND7_PHOTOS, 2),
      ...idPhotoSet(TUNE_SCENE_PHOTOS, 2),
    ]) {
      expect(photo.light).toBeUndefined();
      expect(photo.name).not.toMatch(/-(lamp|sleeve|dark)/);
      expect(idPageHtml(photo.person, "photo", photo.style)).not.toMatch(/rgba\(12,10,8,|rgba\(235,240,245,|#050505/);
    }
  });
});
