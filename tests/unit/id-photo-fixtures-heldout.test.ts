// ID photo rounds 8 to 30 (issue #14) checked as fixture sets, without the reader: the photos are
// drawn within the ranges they claim, every kind of document and every condition new in rounds 8 to
// 30 occurs, and the earlier rounds' photos carry none of them (each round's new conditions draw from
// a random stream of their own). Nothing here reads a photo or measures the reader.
import jpeg from "jpeg-js";
import { describe, expect, it } from "vitest";
import { idPageHtml, idPageSize } from "../fixtures/id-cards";
import { cnpOf } from "../fixtures/people";
import {
  HELD_OUT_PHOTOS,
  ID_HOLDERS,
  idPhotoSet,
  ROUND6_PHOTOS,
  ROUND7_PHOTOS,
  ROUND8_PHOTOS,
  ROUND9_PHOTOS,
  ROUND10_PHOTOS,
  ROUND11_PHOTOS,
  ROUND12_PHOTOS,
  ROUND13_PHOTOS,
  ROUND14_PHOTOS,
  ROUND15_PHOTOS,
  ROUND16_PHOTOS,
  ROUND17_PHOTOS,
  ROUND18_PHOTOS,
  ROUND19_PHOTOS,
  ROUND20_PHOTOS,
  ROUND21_PHOTOS,
  ROUND22_PHOTOS,
  ROUND23_PHOTOS,
  ROUND26_PHOTOS,
  ROUND27_PHOTOS,
  ROUND28_PHOTOS,
  ROUND29_PHOTOS,
  ROUND24_PHOTOS,
  ROUND25_PHOTOS,
  cardReach,
  MIN_RESENT_CARD_PX,
  TUNE_SCENE_PHOTOS,
  withExifOrientation,
  type IdPhoto,
  type PhotoConditions,
} from "../fixtures/id-photos";

/** Round 8's conditions (camera, hand, casts) hold in round 9 too, at the same rates. */
const photos = [...idPhotoSet(ROUND8_PHOTOS, 2), ...idPhotoSet(ROUND9_PHOTOS, 2)];
const round9 = idPhotoSet(ROUND9_PHOTOS, 2);
const round10 = idPhotoSet(ROUND10_PHOTOS, 2);
const round11 = idPhotoSet(ROUND11_PHOTOS, 2);
const round12 = idPhotoSet(ROUND12_PHOTOS, 2);
const kind = (photo: (typeof photos)[number]) =>
  photo.person.passport ? "passport" : photo.person.electronic ? "cei" : "ci";

/** A round is the previous round's conditions at its rates under a new seed, plus one group of its own. */
function expectNextRound(next: PhotoConditions, previous: PhotoConditions, seed: number, own: keyof PhotoConditions) {
  expect(next.seed).toBe(seed);
  const { seed: _next, [own]: added, ...inherited } = next;
  const { seed: _previous, ...previousConditions } = previous;
  expect(inherited).toEqual(previousConditions);
  expect(added).toBeDefined();
  expect(previous[own]).toBeUndefined();
}

/** Two photos a holder, every kind of document, and each named condition drawn at least once. */
function expectWholeRound(set: IdPhoto[], tags: string[]) {
  expect(set).toHaveLength(ID_HOLDERS.length * 2);
  expect(new Set(set.map(kind))).toEqual(new Set(["ci", "cei", "passport"]));
  for (const tag of tags)
    expect(
      set.some((photo) => photo.name.includes(`-${tag}`)),
      tag,
    ).toBe(true);
}

describe("ID photo rounds 8 to 11 as fixtures (no reader)", () => {
  it("rounds 7, 8 and 9 are tuning material under their own seeds; round 9 has round 8's conditions, round 10 a new seed and round 9's, two photos a holder", () => {
    expect(ROUND7_PHOTOS).toEqual({ ...ROUND6_PHOTOS, seed: 18 });
    expect(ROUND8_PHOTOS.seed).toBe(19);
    expect(ROUND9_PHOTOS.seed).toBe(20);
    const { seed: _seed, light, ...rest } = ROUND9_PHOTOS;
    const { seed: _seed8, ...round8 } = ROUND8_PHOTOS;
    expect(rest).toEqual(round8);
    expect(light).toBeDefined();
    expect(ROUND8_PHOTOS.light).toBeUndefined();
    expect(ROUND10_PHOTOS.seed).toBe(21);
    const { seed: _seed10, capture, ...rest10 } = ROUND10_PHOTOS;
    const { seed: _seed9, ...round9Conditions } = ROUND9_PHOTOS;
    expect(rest10).toEqual(round9Conditions);
    expect(capture).toBeDefined();
    expect(ROUND9_PHOTOS.capture).toBeUndefined();
    for (const set of [round9, round10, round11]) {
      expect(set).toHaveLength(ID_HOLDERS.length * 2);
      expect(new Set(set.map(kind))).toEqual(new Set(["ci", "cei", "passport"]));
    }
  });

  it("every condition new in round 8 occurs at least once in each of rounds 8 to 11", () => {
    for (const set of [idPhotoSet(ROUND8_PHOTOS, 2), round9, round10, round11])
      for (const tag of ["wide", "hand", "warm", "cold", "motion", "faded"])
        expect(
          set.some((photo) => photo.name.includes(`-${tag}`)),
          tag,
        ).toBe(true);
    for (const photo of photos) expect(photo.camera).toMatch(/noise [\d.]+.*vignette [\d.]+/);
  });

  it("every condition new in round 9 occurs at least once in rounds 9 to 11, and stays readable", () => {
    for (const set of [round9, round10, round11])
      for (const tag of ["lamp", "sleeve", "dark"])
        expect(
          set.some((photo) => photo.name.includes(`-${tag}`)),
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

  it("every condition new in round 10 occurs at least once in rounds 10 and 11, within its ranges", () => {
    for (const set of [round10, round11])
      for (const tag of ["exif6", "exif8", "screen", "night", "scanapp"])
        expect(
          set.some((photo) => photo.name.includes(`-${tag}`)),
          tag,
        ).toBe(true);
    for (const photo of [...round10, ...round11]) {
      const { drawn } = photo;
      expect(drawn.quality).toBeGreaterThanOrEqual(45);
      expect(drawn.quality).toBeLessThanOrEqual(85);
      if (photo.name.includes("-scanapp")) continue;
      expect(Math.abs(drawn.rotation)).toBeLessThanOrEqual(15);
      expect(Math.max(Math.abs(drawn.tiltX), Math.abs(drawn.tiltY))).toBeLessThanOrEqual(15);
      // A night photo's denoising softness replaces a smaller blur; never beyond round 8's largest.
      expect(drawn.blurPx).toBeGreaterThanOrEqual(0.4);
      expect(drawn.blurPx).toBeLessThanOrEqual(1.2);
      expect(drawn.contrast).toBeGreaterThanOrEqual(0.32);
    }
  });

  it("a photo stored sideways is a quarter turn of its upright page, whose EXIF tag turns it back", () => {
    const sideways = round10.filter((photo) => photo.style.exifOrientation);
    expect(sideways.length).toBeGreaterThan(0);
    for (const photo of sideways) {
      const orientation = photo.style.exifOrientation!;
      expect(photo.name).toContain(`-exif${orientation}`);
      const { exifOrientation: _o, ...upright } = photo.style;
      const view = idPageSize("photo", upright);
      expect(idPageSize("photo", photo.style)).toEqual({ width: view.height, height: view.width });
      const html = idPageHtml(photo.person, "photo", photo.style);
      expect(html).toContain(
        orientation === 6
          ? `rotate(-90deg) translateX(${-view.width}px)`
          : `rotate(90deg) translateY(${-view.height}px)`,
      );
      expect(html).toContain(`body{width:${view.height}px;height:${view.width}px;`);
    }
    for (const photo of round10.filter((p) => !p.style.exifOrientation)) expect(photo.name).not.toMatch(/-exif/);
  });

  it("the EXIF segment replaces the JFIF header, carries the orientation, and leaves the pixels as they were", () => {
    const width = 16;
    const height = 8;
    const data = new Uint8Array(width * height * 4).map((_, i) => (i % 4 === 3 ? 255 : (i * 7) % 256));
    const plain = new Uint8Array(jpeg.encode({ data, width, height }, 90).data);
    const ascii = (bytes: Uint8Array) => String.fromCharCode(...bytes);
    expect(ascii(plain.subarray(6, 10))).toBe("JFIF");
    for (const orientation of [6, 8] as const) {
      const tagged = withExifOrientation(plain, orientation);
      expect([...tagged.subarray(0, 4)]).toEqual([0xff, 0xd8, 0xff, 0xe1]);
      expect(ascii(tagged.subarray(6, 12))).toBe("Exif\0\0");
      expect(ascii(tagged.subarray(0, 64))).not.toContain("JFIF");
      const tiff = new DataView(tagged.buffer, tagged.byteOffset + 12);
      expect(ascii(tagged.subarray(12, 14))).toBe("MM");
      const entries = tiff.getUint16(8);
      const tags = Array.from({ length: entries }, (_, i) => [
        tiff.getUint16(10 + i * 12),
        tiff.getUint16(10 + i * 12 + 8),
      ]);
      expect(tags.find(([tag]) => tag === 0x0112)?.[1]).toBe(orientation);
      const segmentEnd = 4 + ((tagged[4]! << 8) | tagged[5]!);
      expect([tagged[segmentEnd], tagged[segmentEnd + 1]]).toEqual([0xff, 0xdb]);
      const before = jpeg.decode(plain, { useTArray: true });
      const after = jpeg.decode(tagged, { useTArray: true });
      expect([after.width, after.height]).toEqual([width, height]);
      expect(Buffer.from(after.data).equals(Buffer.from(before.data))).toBe(true);
    }
  });

  it("a scanner app's output is the card alone, nearly straight on white, thresholded to two levels", () => {
    const scanned = [...round10, ...round11].filter((photo) => photo.name.includes("-scanapp"));
    expect(scanned.length).toBeGreaterThan(1);
    for (const photo of scanned) {
      expect(photo.name).toMatch(/-\d-scanapp\.jpg$/);
      expect(
        photo.scene ??
          photo.camera ??
          photo.light ??
          photo.pose ??
          photo.style.frame ??
          photo.style.overlay ??
          photo.style.exifOrientation ??
          photo.style.bend,
      ).toBeUndefined();
      expect(photo.style.background).toBe("#ffffff");
      expect(Math.abs(photo.drawn.rotation)).toBeLessThanOrEqual(1.5);
      expect(photo.style.transform).toMatch(/^rotate\(-?[\d.]+deg\)$/);
      expect(photo.style.filter).toContain("url(#scanbw)");
      const table = /tableValues="([01 ]+)"/.exec(photo.style.scene?.over ?? "");
      expect(table).not.toBeNull();
      const levels = table![1]!.split(" ").map(Number);
      expect(levels).toHaveLength(20);
      const dark = levels.filter((v) => v === 0).length;
      expect(levels.slice(0, dark).every((v) => v === 0) && levels.slice(dark).every((v) => v === 1)).toBe(true);
      expect(dark / 20).toBeGreaterThanOrEqual(0.45);
      expect(dark / 20).toBeLessThanOrEqual(0.6);
    }
  });

  it("a card on a screen lies on nothing and is held by no one; a night photo has no lamp; both stay readable", () => {
    const screens = [...round10, ...round11].filter((photo) => photo.name.includes("-screen"));
    expect(screens.length).toBeGreaterThan(0);
    for (const photo of screens) {
      expect(photo.name).not.toMatch(/-(hand|sleeve|lamp|dark|night|wood|cloth|page|pinch|bent|led\w+)\b|obj/);
      expect(photo.style.bend).toBeUndefined();
      expect(photo.style.background).toBe("#1e1f22");
      const over = photo.style.scene?.over ?? "";
      // The moiré's lines stay faint; the bezel covers only the frame's edges.
      for (const [, alpha] of over.matchAll(/rgba\(0,0,0,([\d.]+)\) 0 1px/g))
        expect(Number(alpha)).toBeLessThanOrEqual(0.12);
      expect(over).toMatch(/height:4%;background:#0b0b0d/);
      expect(over).toMatch(/width:3%;background:#0b0b0d/);
      expect(photo.style.scene?.onCard ?? "").toBe("");
    }
    const nights = [...round10, ...round11].filter((photo) => photo.name.includes("-night"));
    expect(nights.length).toBeGreaterThan(0);
    for (const photo of nights) {
      expect(photo.name).not.toMatch(/-lamp/);
      const html = idPageHtml(photo.person, "photo", photo.style);
      expect(html).not.toMatch(/rgba\(12,10,8,/);
      const dim = /rgba\(10,6,2,([\d.]+)\)/.exec(html);
      expect(Number(dim![1])).toBeLessThanOrEqual(0.32);
      const noise = /opacity:([\d.]+)"><filter id="chroma"/.exec(html);
      expect(Number(noise![1])).toBeLessThanOrEqual(0.38);
    }
  });

  it("the earlier rounds' photos, round 9's included, have none of round 10's conditions", () => {
    for (const photo of [
      ...round9,
      ...idPhotoSet(ROUND8_PHOTOS, 2),
      ...idPhotoSet(ROUND7_PHOTOS, 2),
      ...idPhotoSet(TUNE_SCENE_PHOTOS, 2),
    ]) {
      expect(photo.capture).toBeUndefined();
      expect(photo.style.exifOrientation).toBeUndefined();
      expect(photo.name).not.toMatch(/-(exif\d|screen|night|scanapp)/);
      expect(idPageHtml(photo.person, "photo", photo.style)).not.toMatch(/scanbw|#1e1f22|id="chroma"/);
    }
  });
  it("round 11 has a new seed and round 10's conditions at round 10's rates, plus its own pose conditions", () => {
    expectNextRound(ROUND11_PHOTOS, ROUND10_PHOTOS, 22, "pose");
  });

  it("every condition new in round 11 occurs at least once", () => {
    for (const tag of ["pinch", "portrait", "ledgreen", "ledmagenta", "caselens", "bent"])
      expect(
        round11.some((photo) => photo.name.includes(`-${tag}`)),
        tag,
      ).toBe(true);
    for (const photo of round11.filter((p) => p.pose))
      expect(photo.name).toMatch(/-(pinch|portrait|led|caselens|bent)/);
  });

  it("a card held between two fingers has no desk, palm or objects under it, and the thumb covers only its top right corner", () => {
    const pinched = round11.filter((photo) => photo.name.includes("-pinch"));
    expect(pinched.length).toBeGreaterThan(0);
    for (const photo of pinched) {
      expect(photo.name).not.toMatch(/-(hand|dark|wood|cloth|page)\b|obj/);
      expect(photo.style.background).toMatch(/#cfc6b8/);
      expect(photo.style.scene?.under ?? "").toBe("");
      expect(photo.style.scene?.behind).toBeTruthy();
      const thumb =
        /left:(-?[\d.]+)px;top:(-?[\d.]+)px;width:([\d.]+)px;height:([\d.]+)px;[^"]*transform-origin:50% 100%;transform:rotate\(([\d.]+)deg\)/.exec(
          photo.style.scene?.onCard ?? "",
        );
      expect(thumb).not.toBeNull();
      const [left, top, width, height, turn] = thumb!.slice(1).map(Number) as [number, number, number, number, number];
      // The thumb's tip (its rounded bottom end), turned about the tip towards the top right: the part of
      // the card it covers lies right of x 880 and above y 80, where none of the documents has a field.
      const [tipX, tipY] = [left + width / 2, top + height];
      const radians = (turn * Math.PI) / 180;
      expect(turn).toBeGreaterThan(0);
      expect(turn).toBeLessThan(90);
      expect(tipX + (width / 2) * (Math.sin(radians) - 1)).toBeGreaterThanOrEqual(880);
      expect(tipY + (width / 2) * (1 - Math.cos(radians))).toBeLessThanOrEqual(80);
    }
  });

  it("a portrait frame is 2400–3000 px wide (3:4), the card 32–40 % of its width near the top, all of it inside", () => {
    const portrait = round11.filter((photo) => photo.name.includes("-portrait"));
    expect(portrait.length).toBeGreaterThan(0);
    for (const photo of portrait) {
      const frame = photo.style.frame!;
      expect(photo.name).not.toMatch(/-wide\d/);
      expect(frame.width).toBeGreaterThanOrEqual(2400);
      expect(frame.width).toBeLessThanOrEqual(3000);
      expect(frame.height).toBe(Math.round((frame.width * 4) / 3));
      const share = (1000 * frame.scale) / frame.width;
      expect(share).toBeGreaterThan(0.319);
      expect(share).toBeLessThan(0.401);
      const centre = (frame.height / 2 + frame.dy) / frame.height;
      expect(centre).toBeGreaterThanOrEqual(0.239);
      expect(centre).toBeLessThanOrEqual(0.361);
      const stage = {
        width: (1000 + photo.style.padding * 2) * frame.scale,
        height: (630 + photo.style.padding * 2) * frame.scale,
      };
      expect(Math.abs(frame.dx) + stage.width / 2).toBeLessThanOrEqual(frame.width / 2);
      expect(frame.height / 2 + frame.dy - stage.height / 2).toBeGreaterThanOrEqual(0);
      const view = photo.style.exifOrientation
        ? { width: frame.height, height: frame.width }
        : { width: frame.width, height: frame.height };
      expect(idPageSize("photo", photo.style)).toEqual(view);
    }
  });

  it("an LED strip's cast, a phone case's lens and a bend stay within their ranges and readable", () => {
    for (const photo of round11) {
      const html = idPageHtml(photo.person, "photo", photo.style);
      const led = /linear-gradient\(\d+deg, rgb\((?:90,255,120|255,80,215)\) 0%[^"]*opacity:([\d.]+)/.exec(html);
      expect(led !== null, photo.name).toBe(/-led(green|magenta)/.test(photo.name));
      if (led) {
        expect(Number(led[1])).toBeGreaterThanOrEqual(0.4);
        expect(Number(led[1])).toBeLessThanOrEqual(0.6);
      }
      const lens = /rgba\(0,0,0,0\) 48%, rgba\(0,0,0,([\d.]+)\) 100%/.exec(html);
      expect(lens !== null, photo.name).toBe(photo.name.includes("-caselens"));
      if (lens) {
        expect(Number(lens[1])).toBeLessThanOrEqual(0.8);
        // The case's edge: a dark blur in a corner of the frame, gone by 12 % of the way to the far corner.
        expect(html).toMatch(
          /circle at (0|100)% (0|100)%, rgba\(6,6,6,\.95\) 0%, rgba\(6,6,6,\.95\) 6%, rgba\(6,6,6,0\) 12%/,
        );
      }
      expect(photo.style.bend !== undefined, photo.name).toBe(photo.name.includes("-bent"));
      if (photo.style.bend !== undefined) {
        expect(photo.style.bend).toBeGreaterThanOrEqual(20);
        expect(photo.style.bend).toBeLessThanOrEqual(45);
        // Forty strips of the card, the middle ones raised by nearly the whole bend, the ends by almost nothing.
        const raised = [...html.matchAll(/translateZ\(([\d.]+)px\)/g)].map((m) => Number(m[1]));
        expect(raised).toHaveLength(40);
        expect(Math.max(...raised)).toBeGreaterThan(photo.style.bend * 0.99);
        expect(Math.min(...raised)).toBeLessThan(photo.style.bend * 0.06);
      }
    }
  });

  it("the earlier rounds' photos, round 10's included, have none of round 11's conditions", () => {
    for (const photo of [...round10, ...round9, ...idPhotoSet(ROUND8_PHOTOS, 2), ...idPhotoSet(TUNE_SCENE_PHOTOS, 2)]) {
      expect(photo.pose).toBeUndefined();
      expect(photo.style.bend).toBeUndefined();
      expect(photo.name).not.toMatch(/-(pinch|portrait\d+|led\w+|caselens|bent)/);
      expect(idPageHtml(photo.person, "photo", photo.style)).not.toMatch(
        /rgb\(90,255,120\)|rgb\(255,80,215\)|rgba\(6,6,6,|translateZ|#cfc6b8/,
      );
    }
  });

  it("round 12 has a new seed and round 11's conditions at round 11's rates, plus its own upload conditions", () => {
    expectNextRound(ROUND12_PHOTOS, ROUND11_PHOTOS, 23, "upload");
    expectWholeRound(round12, ["newspaper", "flash", "steep", "resend1280"]);
  });

  it("a newspaper lies under a card on the desk only, its print all round the card and none of the holder's data in it", () => {
    for (const photo of round12) {
      const under = photo.style.scene?.under ?? "";
      const onNewspaper = photo.name.includes("-newspaper");
      expect(under.includes("column-count"), photo.name).toBe(onNewspaper);
      if (!onNewspaper) continue;
      expect(photo.name).not.toMatch(/-(hand|pinch|screen|dark|wood|cloth|page)\b|obj/);
      expect(photo.scene).toMatch(/^a newspaper/);
      const print = under.replace(/<[^>]+>/g, " ");
      expect(print.length).toBeGreaterThan(2000);
      for (const value of [photo.person.lastName, ...photo.person.firstName.split(" ")])
        expect(print).not.toMatch(new RegExp(`\\b${value}\\b`, "i"));
    }
  });

  it("a flash's hot spot sits on the card's middle within its ranges; a steep card is tilted 26–32° about one axis", () => {
    for (const photo of round12) {
      const html = idPageHtml(photo.person, "photo", photo.style);
      const spot =
        /circle at (\d+)px (\d+)px, rgba\(255,255,255,([\d.]+)\) 0px, rgba\(255,255,255,[\d.]+\) (\d+)px, rgba\(255,255,255,0\) (\d+)px/.exec(
          html,
        );
      expect(spot !== null, photo.name).toBe(photo.name.includes("-flash"));
      if (spot) {
        const [x, y, strength, , radius] = spot.slice(1).map(Number) as [number, number, number, number, number];
        const { width, height } = photo.style.frame ?? {
          width: 1000 + photo.style.padding * 2,
          height: 630 + photo.style.padding * 2,
        };
        const scale = photo.style.frame?.scale ?? 1;
        expect(Math.abs(x - (width / 2 + (photo.style.frame?.dx ?? 0)))).toBeLessThanOrEqual(1);
        expect(Math.abs(y - (height / 2 + (photo.style.frame?.dy ?? 0)))).toBeLessThanOrEqual(1);
        expect(strength).toBeGreaterThanOrEqual(0.45);
        expect(strength).toBeLessThanOrEqual(0.65);
        expect(radius / (1000 * scale)).toBeGreaterThan(0.13);
        expect(radius / (1000 * scale)).toBeLessThan(0.23);
      }
      const steep = [photo.drawn.tiltX, photo.drawn.tiltY].filter((tilt) => Math.abs(tilt) >= 26);
      expect(steep.length, photo.name).toBe(photo.name.includes("-steep") ? 1 : 0);
      for (const tilt of steep) expect(Math.abs(tilt)).toBeLessThanOrEqual(32);
    }
  });

  it("a resent photo is 1280 px on its long side, upright without EXIF, strongly compressed, its card still 600 px wide", () => {
    const resent = round12.filter((photo) => photo.name.includes("-resend1280"));
    expect(resent.length).toBeGreaterThan(0);
    for (const photo of resent) {
      const frame = photo.style.frame!;
      expect(Math.max(frame.width, frame.height)).toBeLessThanOrEqual(1280);
      expect(Math.max(frame.width, frame.height)).toBeGreaterThanOrEqual(1279);
      expect(1000 * frame.scale).toBeGreaterThanOrEqual(MIN_RESENT_CARD_PX);
      expect(photo.style.exifOrientation).toBeUndefined();
      expect(photo.name).not.toMatch(/-exif\d/);
      expect(photo.style.quality).toBeGreaterThanOrEqual(35);
      expect(photo.style.quality).toBeLessThanOrEqual(50);
      expect(photo.upload).toMatch(/resent through a messaging app/);
    }
  });

  it("the earlier rounds' photos, round 11's included, have none of round 12's conditions", () => {
    for (const photo of [...round11, ...round10, ...round9, ...idPhotoSet(TUNE_SCENE_PHOTOS, 2)]) {
      expect(photo.upload).toBeUndefined();
      expect(photo.name).not.toMatch(/-(newspaper|flash|steep|resend\d+)/);
      expect(idPageHtml(photo.person, "photo", photo.style)).not.toMatch(/column-count|rgba\(255,255,255,[\d.]+\) 0px/);
    }
  });
});

describe("ID photo round 13 as fixtures (no reader)", () => {
  const round13 = idPhotoSet(ROUND13_PHOTOS, 2);

  it("round 13 has a new seed and round 12's conditions at round 12's rates, plus its own device conditions", () => {
    expectNextRound(ROUND13_PHOTOS, ROUND12_PHOTOS, 24, "device");
    expectWholeRound(round13, ["keyboard", "screenshot", "newspaper", "steep", "scanapp"]);
  });

  it("a keyboard lies under a card on the desk only, in place of the desk, the newspaper and the dark surface, none of the holder's data on its keys", () => {
    for (const photo of round13) {
      const onKeyboard = photo.name.includes("-keyboard");
      expect(photo.style.scene?.under?.includes("Enter") ?? false, photo.name).toBe(onKeyboard);
      if (!onKeyboard) continue;
      expect(photo.name).not.toMatch(/-(hand|pinch|screen|dark|wood|cloth|page|newspaper)\b|obj/);
      expect(photo.scene).toMatch(/^a laptop keyboard/);
      const keys = photo.style.scene!.under!.replace(/<[^>]+>/g, " ");
      for (const value of [photo.person.lastName, ...photo.person.firstName.split(" "), cnpOf(photo.person)])
        expect(keys).not.toMatch(new RegExp(`\\b${value}\\b`, "i"));
    }
  });

  it("a screenshot is the phone's 1080 × 2340 screen, the card 78–88 % of its width in its middle, upright, never resent, black round the photo", () => {
    const shots = round13.filter((photo) => photo.name.includes("-screenshot"));
    expect(shots.length).toBeGreaterThan(0);
    for (const photo of round13) expect(photo.style.scene?.screen !== undefined, photo.name).toBe(photo.name.includes("-screenshot"));
    for (const photo of shots) {
      const frame = photo.style.frame!;
      expect([frame.width, frame.height, frame.dx, frame.dy]).toEqual([1080, 2340, 0, 0]);
      const share = (1000 * frame.scale) / frame.width;
      expect(share).toBeGreaterThanOrEqual(0.779);
      expect(share).toBeLessThanOrEqual(0.881);
      expect(photo.style.exifOrientation).toBeUndefined();
      expect(photo.name).not.toMatch(/-(exif\d|resend\d+|scanapp)/);
      expect(photo.style.quality).toBeGreaterThanOrEqual(80);
      expect(photo.style.quality).toBeLessThanOrEqual(92);
      expect(photo.device).toMatch(/a screenshot of the phone's gallery, 1080 × 2340/);
      // Drawn over the photo's light: the black round the photo, the status bar and the gallery's bars.
      const screen = photo.style.scene!.screen!;
      expect(screen).toMatch(/box-shadow:0 0 0 4680px #000/);
      expect(screen).toMatch(/\d{1,2}:\d{2}/);
      expect(idPageHtml(photo.person, "photo", photo.style).indexOf(screen)).toBeGreaterThan(idPageHtml(photo.person, "photo", photo.style).indexOf('class="light"'));
      expect(idPageSize("photo", photo.style)).toEqual({ width: 1080, height: 2340 });
    }
  });

  it("the earlier rounds' photos, round 12's included, have none of round 13's conditions", () => {
    for (const photo of [...round12, ...round11, ...round10, ...idPhotoSet(TUNE_SCENE_PHOTOS, 2)]) {
      expect(photo.device).toBeUndefined();
      expect(photo.name).not.toMatch(/-(keyboard|screenshot)/);
      expect(photo.style.scene?.screen).toBeUndefined();
      expect(photo.style.scene?.under ?? "").not.toMatch(/Enter/);
    }
  });
});

describe("ID photo round 14 as fixtures (no reader)", () => {
  const round14 = idPhotoSet(ROUND14_PHOTOS, 2);
  const round13 = idPhotoSet(ROUND13_PHOTOS, 2);

  it("round 14 has a new seed and round 13's conditions at round 13's rates, plus its own wear conditions", () => {
    expectNextRound(ROUND14_PHOTOS, ROUND13_PHOTOS, 25, "wear");
    expectWholeRound(round14, ["photocopy", "worn", "keyboard", "screenshot"]);
  });

  it("a photocopy lies on something, grey on copier paper with toner specks, never worn, never held or on a screen", () => {
    for (const photo of round14) {
      const copy = photo.name.includes("-photocopy");
      expect(/grayscale\(1\)/.test(photo.style.filter), photo.name).toBe(copy);
      if (!copy) continue;
      expect(photo.name).not.toMatch(/-(hand|pinch|screen|worn|scanapp)\b/);
      expect(photo.wear).toMatch(/^a photocopy of the card/);
      const contrast = Number(/grayscale\(1\) contrast\(([\d.]+)\)/.exec(photo.style.filter)![1]);
      expect(contrast).toBeGreaterThanOrEqual(1.1);
      expect(contrast).toBeLessThanOrEqual(1.35);
      expect(photo.style.scene?.behind).toMatch(/#f7f7f5/);
      const specks = (photo.style.scene?.onCard ?? "").match(/border-radius:50%;background:rgba\(25,25,25/g) ?? [];
      expect(specks.length).toBeGreaterThanOrEqual(40);
      expect(specks.length).toBeLessThanOrEqual(120);
    }
  });

  it("a worn card has 6 to 16 scratches and two to four pale corners on the card, none of the holder's data hidden in them", () => {
    const worn = round14.filter((photo) => photo.name.includes("-worn"));
    expect(worn.length).toBeGreaterThan(0);
    for (const photo of worn) {
      const onCard = photo.style.scene!.onCard!;
      const scratches = onCard.match(/<line /g) ?? [];
      expect(scratches.length).toBeGreaterThanOrEqual(6);
      expect(scratches.length).toBeLessThanOrEqual(16);
      const corners = onCard.match(/radial-gradient\(circle at (0|100)% (0|100)%, rgba\(248,246,240,([\d.]+)\)/g) ?? [];
      expect(corners.length).toBeGreaterThanOrEqual(2);
      expect(corners.length).toBeLessThanOrEqual(4);
      const fade = Number(/worn card, \d+ scratches, corners rubbed pale up to ([\d.]+)/.exec(photo.wear!)![1]);
      expect(fade).toBeGreaterThanOrEqual(0.45);
      expect(fade).toBeLessThanOrEqual(0.7);
      expect(onCard.replace(/<[^>]+>/g, "").trim()).toBe("");
    }
  });

  it("the earlier rounds' photos, round 13's included, have none of round 14's conditions", () => {
    for (const photo of [...round13, ...round12, ...round11, ...idPhotoSet(TUNE_SCENE_PHOTOS, 2)]) {
      expect(photo.wear).toBeUndefined();
      expect(photo.name).not.toMatch(/-(photocopy|worn)/);
      expect(photo.style.filter).not.toMatch(/grayscale/);
      expect(photo.style.scene?.onCard ?? "").not.toMatch(/<line |rgba\(25,25,25/);
    }
  });
});

describe("ID photo round 15 as fixtures (no reader)", () => {
  const round15 = idPhotoSet(ROUND15_PHOTOS, 2);
  const round14 = idPhotoSet(ROUND14_PHOTOS, 2);
  const OTHER_CARD = /<div style="position:absolute;left:(-?\d+)px;top:(-?\d+)px;width:1000px;height:630px;border-radius:28px;background:linear-gradient\(135deg,[^)]*\);transform:rotate\((-?[\d.]+)deg\)/;

  it("round 15 has a new seed and round 14's conditions at round 14's rates, plus its own wallet conditions", () => {
    expectNextRound(ROUND15_PHOTOS, ROUND14_PHOTOS, 26, "wallet");
    expectWholeRound(round15, ["bankcard", "loyaltycard", "holo", "photocopy", "worn", "keyboard", "screenshot"]);
  });

  it("another card lies beside the ID card, partly under it (on the desk, or fanned behind it in the hand), never on a screen or a copy; a bank card carries the holder's name and none of the ID card's numbers", () => {
    for (const photo of round15) {
      const kind = /-(bankcard|loyaltycard)\b/.exec(photo.name)?.[1];
      const [under, behind] = [photo.style.scene?.under ?? "", photo.style.scene?.behind ?? ""];
      const held = /-(hand|pinch)\b/.test(photo.name);
      expect(OTHER_CARD.test(held ? behind : under), photo.name).toBe(kind !== undefined);
      expect(OTHER_CARD.test(held ? under : behind), photo.name).toBe(false);
      if (!kind) continue;
      expect(photo.name).not.toMatch(/-(screen|photocopy|scanapp)\b/);
      // Under the ID card or behind it, never on it.
      expect(photo.style.scene?.onCard ?? "").not.toMatch(/VALID<br>THRU|CARD CLIENT/);
      const html = held ? behind : under;
      const [, left, top, turn] = OTHER_CARD.exec(html)!.map(Number) as [number, number, number, number];
      // Its centre from the ID card's centre: in the stage on the desk, in the card's own box when held (half as far, half as turned).
      const origin = held ? { x: 500, y: 315 } : { x: 500 + photo.style.padding, y: 315 + photo.style.padding };
      const share = held ? 0.5 : 1;
      const [dx, dy] = [(left + 500 - origin.x) / share, (top + 315 - origin.y) / share];
      expect(Math.abs(dx)).toBeGreaterThanOrEqual(618);
      expect(Math.abs(dx)).toBeLessThanOrEqual(852);
      expect(Math.abs(dy)).toBeLessThanOrEqual(0.45 * 630 + 2);
      expect(Math.abs(turn)).toBeLessThanOrEqual(30 * share);
      if (held) expect(photo.wallet).toMatch(/fanned behind it in the hand/);
      const text = html.slice(html.search(OTHER_CARD)).replace(/<[^>]+>/g, " ");
      for (const value of [cnpOf(photo.person), photo.person.number]) expect(text).not.toContain(value);
      if (kind === "bankcard") {
        const embossed = `${photo.person.firstName} ${photo.person.lastName}`.replace(/-/g, " ").normalize("NFD").replace(/[\u0300-\u036f]/g, "");
        expect(text).toContain(embossed);
        expect(text).toMatch(/VALID\s+THRU\s+(0[1-9]|1[0-2])\/\d{2}/);
        expect(photo.wallet).toMatch(/the holder's bank card beside it/);
      } else expect(photo.wallet).toMatch(/a shop's loyalty card beside it/);
    }
  });

  it("a foil's rainbow is a band 12–22 % of the card wide at 0.25–0.45, on the card, never on a copy or a card on a screen", () => {
    const shining = round15.filter((photo) => photo.name.includes("-holo"));
    expect(shining.length).toBeGreaterThan(0);
    for (const photo of round15) {
      const onCard = photo.style.scene?.onCard ?? "";
      expect(/mix-blend-mode:screen/.test(onCard), photo.name).toBe(photo.name.includes("-holo"));
    }
    for (const photo of shining) {
      expect(photo.name).not.toMatch(/-(screen|photocopy|scanapp)\b/);
      const [, width, strength] = /rainbow band, ([\d.]+) card widths, ([\d.]+)/.exec(photo.wallet!)!.map(Number) as [number, number, number];
      expect(width).toBeGreaterThanOrEqual(0.12);
      expect(width).toBeLessThanOrEqual(0.22);
      expect(strength).toBeGreaterThanOrEqual(0.25);
      expect(strength).toBeLessThanOrEqual(0.45);
      // The band's layers in the card's own box, at that strength; nothing of the holder's written in them.
      const layers = photo.style.scene!.onCard!.match(/width:1000px;height:630px;border-radius:28px;overflow:hidden;mix-blend-mode:(multiply|screen);opacity:([\d.]+)/g) ?? [];
      expect(layers).toHaveLength(2);
      for (const layer of layers) expect(layer.endsWith(`opacity:${strength.toFixed(2)}`)).toBe(true);
    }
  });

  it("the earlier rounds' photos, round 14's included, have none of round 15's conditions", () => {
    for (const photo of [...round14, ...idPhotoSet(ROUND13_PHOTOS, 2), ...idPhotoSet(ROUND12_PHOTOS, 2), ...idPhotoSet(TUNE_SCENE_PHOTOS, 2)]) {
      expect(photo.wallet).toBeUndefined();
      expect(photo.name).not.toMatch(/-(bankcard|loyaltycard|holo)/);
      expect(photo.style.scene?.under ?? "").not.toMatch(/VALID<br>THRU|CARD CLIENT/);
      expect(photo.style.scene?.onCard ?? "").not.toMatch(/mix-blend-mode:screen/);
    }
  });
});

describe("ID photo round 16 as fixtures (no reader)", () => {
  const round16 = idPhotoSet(ROUND16_PHOTOS, 2);
  const round15 = idPhotoSet(ROUND15_PHOTOS, 2);
  /** A fingertip: its box hanging from its tip, turned about it (the nail inside). */
  const FINGERTIP = /<div style="position:absolute;left:(-?\d+)px;top:(-?\d+)px;width:100px;height:260px;border-radius:50px 50px 40px 40px;[^"]*transform-origin:50% 0;transform:rotate\((-?[\d.]+)deg\)/g;
  const WINDOW = /mix-blend-mode:screen;opacity:([\d.]+)"><svg width="1000" height="630"[^>]*><filter id="windowsoft">/;

  it("round 16 has a new seed and round 15's conditions at round 15's rates, plus its own room conditions", () => {
    expectNextRound(ROUND16_PHOTOS, ROUND15_PHOTOS, 27, "room");
    expectWholeRound(round16, ["fingertips", "window", "bankcard", "holo", "photocopy", "worn", "keyboard", "screenshot"]);
  });

  it("two fingertips hold a card lying on something flat by two diagonally opposite corners, each tip 30–65 px into the card; never a card held up, on a screen or under the scene's thumb", () => {
    const holding = round16.filter((photo) => photo.name.includes("-fingertips"));
    expect(holding.length).toBeGreaterThan(0);
    for (const photo of round16) {
      const onCard = photo.style.scene?.onCard ?? "";
      const tips = [...onCard.matchAll(FINGERTIP)];
      expect(tips.length, photo.name).toBe(photo.name.includes("-fingertips") ? 2 : 0);
      if (!tips.length) continue;
      expect(photo.name).not.toMatch(/-(screen|hand|pinch|scanapp|thumb)\b/);
      const [, , first, second] = /on the (top left and bottom right|top right and bottom left) corners, (\d+) and (\d+) px in/.exec(photo.room!)!;
      for (const reach of [Number(first), Number(second)]) {
        expect(reach).toBeGreaterThanOrEqual(30);
        expect(reach).toBeLessThanOrEqual(65);
      }
      // Each tip (its box's top centre) near a corner of the card's 1000 × 630, inside the card.
      const corners = tips.map(([, left, top]) => [Number(left) + 50, Number(top)] as const);
      for (const [x, y] of corners) {
        expect(x).toBeGreaterThan(0);
        expect(x).toBeLessThan(1000);
        expect(y).toBeGreaterThanOrEqual(0);
        expect(y).toBeLessThan(630);
        expect(Math.min(x, 1000 - x)).toBeLessThan(70);
        expect(Math.min(y, 630 - y)).toBeLessThan(70);
      }
      // Diagonally opposite: one near the top, one near the bottom, on opposite sides.
      const [[x1, y1], [x2, y2]] = corners as [[number, number], [number, number]];
      expect(x1 < 500).not.toBe(x2 < 500);
      expect(y1 < 315).not.toBe(y2 < 315);
    }
  });

  it("a window's reflection is a four-paned trapezoid 28–50 % of the card wide at 0.3–0.55, on a real card only", () => {
    const reflecting = round16.filter((photo) => photo.name.includes("-window"));
    expect(reflecting.length).toBeGreaterThan(0);
    for (const photo of round16) {
      const onCard = photo.style.scene?.onCard ?? "";
      expect(WINDOW.test(onCard), photo.name).toBe(photo.name.includes("-window"));
    }
    for (const photo of reflecting) {
      expect(photo.name).not.toMatch(/-(screen|photocopy|scanapp)\b/);
      const [, width, strength] = /a window's reflection, ([\d.]+) card widths, ([\d.]+)/.exec(photo.room!)!.map(Number) as [number, number, number];
      expect(width).toBeGreaterThanOrEqual(0.28);
      expect(width).toBeLessThanOrEqual(0.5);
      expect(strength).toBeGreaterThanOrEqual(0.3);
      expect(strength).toBeLessThanOrEqual(0.55);
      const html = photo.style.scene!.onCard!;
      expect(WINDOW.exec(html)![1]).toBe(strength.toFixed(2));
      const panes = html.slice(html.search(WINDOW)).match(/<polygon points="([-\d., ]+)" fill="#fff"\/>/g) ?? [];
      expect(panes).toHaveLength(4);
    }
  });

  it("the earlier rounds' photos, round 15's included, have none of round 16's conditions", () => {
    for (const photo of [...round15, ...idPhotoSet(ROUND14_PHOTOS, 2), ...idPhotoSet(ROUND13_PHOTOS, 2), ...idPhotoSet(TUNE_SCENE_PHOTOS, 2)]) {
      expect(photo.room).toBeUndefined();
      expect(photo.name).not.toMatch(/-(fingertips|window)\b/);
      const onCard = photo.style.scene?.onCard ?? "";
      expect(onCard).not.toMatch(/windowsoft|width:100px;height:260px/);
    }
    // Round 15's photos are the same as when they were read: the new stream is drawn apart from the others.
    expect(idPhotoSet({ ...ROUND16_PHOTOS, seed: 26, room: undefined }, 2)).toEqual(round15);
  });
});

describe("ID photo round 17 as fixtures (no reader)", () => {
  const round17 = idPhotoSet(ROUND17_PHOTOS, 2);
  const round16 = idPhotoSet(ROUND16_PHOTOS, 2);
  const SMUDGE = /<div data-smudge="([\d.]+)" style="position:absolute;inset:0;backdrop-filter:blur\(([\d.]+)px\);-webkit-mask-image:radial-gradient\(ellipse ([\d.]+)% ([\d.]+)% at ([\d.]+)% ([\d.]+)%/;
  const SHADOW = /transform:rotate\((\d+)deg\);opacity:([\d.]+);filter:blur\(14px\)" data-shadow="(top|right|bottom|left)">/;
  /** The conditions' parts of a photo's name, after its holder, seed and index. */
  const stacked = (name: string) => name.replace(/^id-[^-]+-photo-s\d+-\d+-?/, "").replace(/\.jpg$/, "").split("-").filter(Boolean).length;

  it("round 17 has a new seed and round 16's conditions at round 16's rates, plus its own home conditions", () => {
    expectNextRound(ROUND17_PHOTOS, ROUND16_PHOTOS, 28, "home");
    expectWholeRound(round17, ["smudge", "phoneshadow", "window", "bankcard", "holo", "photocopy", "worn", "keyboard", "screenshot"]);
  });

  it("a photo draws one of round 17's conditions at most, and then none of round 16's; no photo stacks more conditions than round 16's did", () => {
    for (const photo of round17) {
      const own = ["-smudge", "-phoneshadow"].filter((tag) => photo.name.includes(tag));
      expect(own.length, photo.name).toBeLessThanOrEqual(1);
      if (own.length) {
        expect(photo.room).toBeUndefined();
        expect(photo.name).not.toMatch(/-(fingertips|window)\b/);
      }
    }
    expect(Math.max(...round17.map((photo) => stacked(photo.name)))).toBeLessThanOrEqual(Math.max(...round16.map((photo) => stacked(photo.name))));
  });

  it("a smudged lens blurs 2–5 px and hazes 0.15–0.35 a soft patch 25–45 % of the frame wide, away from the frame's edges, over the whole photo", () => {
    const smudged = round17.filter((photo) => photo.name.includes("-smudge"));
    expect(smudged.length).toBeGreaterThan(0);
    for (const photo of round17) expect(SMUDGE.test(photo.style.scene?.over ?? ""), photo.name).toBe(photo.name.includes("-smudge"));
    for (const photo of smudged) {
      expect(photo.name).not.toMatch(/-scanapp\b/);
      const [, size, x, y, blur, haze] = /a patch ([\d.]+) of the frame across at ([\d.]+), ([\d.]+), blurred ([\d.]+) px, hazed ([\d.]+)/.exec(photo.home!)!.map(Number) as [number, number, number, number, number, number];
      expect(size).toBeGreaterThanOrEqual(0.25);
      expect(size).toBeLessThanOrEqual(0.45);
      expect(blur).toBeGreaterThanOrEqual(2);
      expect(blur).toBeLessThanOrEqual(5);
      expect(haze).toBeGreaterThanOrEqual(0.15);
      expect(haze).toBeLessThanOrEqual(0.35);
      for (const at of [x, y]) {
        expect(at).toBeGreaterThanOrEqual(0.25);
        expect(at).toBeLessThanOrEqual(0.75);
      }
      const [, , drawnBlur, halfWidth] = SMUDGE.exec(photo.style.scene!.over!)!.map(Number) as [number, number, number, number];
      expect(drawnBlur).toBeCloseTo(blur, 1);
      expect(halfWidth * 2).toBeCloseTo(size * 100, 0);
    }
  });

  it("the phone's and hand's shadow comes in from one side of the card, 25–60 % across it, at 0.3–0.55; never on a screen", () => {
    const shaded = round17.filter((photo) => photo.name.includes("-phoneshadow"));
    expect(shaded.length).toBeGreaterThan(0);
    for (const photo of round17) expect(SHADOW.test(photo.style.scene?.onCard ?? ""), photo.name).toBe(photo.name.includes("-phoneshadow"));
    for (const photo of shaded) {
      expect(photo.name).not.toMatch(/-(screen|scanapp)\b/);
      const [, side, reach, strength] = /shadow from the card's (top|right|bottom|left), ([\d.]+) across it, ([\d.]+)/.exec(photo.home!)!;
      expect(Number(reach)).toBeGreaterThanOrEqual(0.25);
      expect(Number(reach)).toBeLessThanOrEqual(0.6);
      expect(Number(strength)).toBeGreaterThanOrEqual(0.3);
      expect(Number(strength)).toBeLessThanOrEqual(0.55);
      const [, turn, opacity, drawnSide] = SHADOW.exec(photo.style.scene!.onCard!)!;
      expect(drawnSide).toBe(side);
      expect(Number(turn)).toBe({ top: 0, right: 90, bottom: 180, left: 270 }[side as "top"]);
      expect(opacity).toBe(Number(strength).toFixed(2));
    }
  });

  it("the earlier rounds' photos, round 16's included, have none of round 17's conditions", () => {
    for (const photo of [...round16, ...idPhotoSet(ROUND15_PHOTOS, 2), ...idPhotoSet(ROUND14_PHOTOS, 2), ...idPhotoSet(TUNE_SCENE_PHOTOS, 2)]) {
      expect(photo.home).toBeUndefined();
      expect(photo.name).not.toMatch(/-(smudge|phoneshadow)\b/);
      expect(photo.style.scene?.over ?? "").not.toMatch(/data-smudge/);
      expect(photo.style.scene?.onCard ?? "").not.toMatch(/data-shadow/);
    }
    // Round 16's photos are the same as when they were read: the new stream is drawn apart from the others.
    expect(idPhotoSet({ ...ROUND17_PHOTOS, seed: 27, home: undefined }, 2)).toEqual(round16);
  });
});

describe("ID photo round 18 as fixtures (no reader)", () => {
  const round18 = idPhotoSet(ROUND18_PHOTOS, 2);
  const round17 = idPhotoSet(ROUND17_PHOTOS, 2);
  const BADGE = /<div data-badge="(\d+)" style="position:absolute;left:(-?\d+)px;top:(-?\d+)px;width:(\d+)px;height:(\d+)px;[^"]*background:rgba\(170,195,215,([\d.]+)\)/;
  const stacked = (name: string) => name.replace(/^id-[^-]+-photo-s\d+-\d+-?/, "").replace(/\.jpg$/, "").split("-").filter(Boolean).length;

  it("round 18 has a new seed and round 17's conditions at round 17's rates, plus its own carry conditions", () => {
    expectNextRound(ROUND18_PHOTOS, ROUND17_PHOTOS, 29, "carry");
    expectWholeRound(round18, ["badge", "mirrored", "bankcard", "photocopy", "worn", "screenshot"]);
  });

  it("a photo draws one of round 18's conditions at most, and then none of round 17's or 16's; no photo stacks more conditions than round 16's did", () => {
    for (const photo of round18) {
      const own = ["-badge", "-mirrored"].filter((tag) => photo.name.includes(tag));
      expect(own.length, photo.name).toBeLessThanOrEqual(1);
      if (own.length) {
        expect(photo.home).toBeUndefined();
        expect(photo.room).toBeUndefined();
        expect(photo.name).not.toMatch(/-(fingertips|window|smudge|phoneshadow)\b/);
      }
    }
    expect(Math.max(...round18.map((photo) => stacked(photo.name)))).toBeLessThanOrEqual(Math.max(...idPhotoSet(ROUND16_PHOTOS, 2).map((photo) => stacked(photo.name))));
  });

  it("a badge holder is a film 22–40 px wider than the card each side, more at the top with its slot, tinted 0.06–0.14, round a real card only", () => {
    const badged = round18.filter((photo) => photo.name.includes("-badge"));
    expect(badged.length).toBeGreaterThan(0);
    for (const photo of round18) expect(BADGE.test(photo.style.scene?.onCard ?? ""), photo.name).toBe(photo.name.includes("-badge"));
    for (const photo of badged) {
      expect(photo.name).not.toMatch(/-(screen|photocopy|scanapp)\b/);
      const [, margin, left, top, width, height, tint] = BADGE.exec(photo.style.scene!.onCard!)!.map(Number) as [number, number, number, number, number, number, number];
      expect(margin).toBeGreaterThanOrEqual(22);
      expect(margin).toBeLessThanOrEqual(40);
      expect(left).toBe(-margin);
      expect(width).toBe(1000 + margin * 2);
      // More film at the top, where the slot is punched, than at the bottom.
      expect(-top).toBeGreaterThan(margin * 2);
      expect(height).toBe(630 + margin - top);
      expect(tint).toBeGreaterThanOrEqual(0.06);
      expect(tint).toBeLessThanOrEqual(0.14);
      expect(photo.carry).toMatch(new RegExp(`${margin} px wider each side, tint ${tint.toFixed(2)}`));
    }
  });

  it("a mirrored photo is saved left to right as a whole, never a card on a screen; the others are not mirrored", () => {
    const mirrored = round18.filter((photo) => photo.name.includes("-mirrored"));
    expect(mirrored.length).toBeGreaterThan(0);
    for (const photo of round18) expect(Boolean(photo.style.mirror), photo.name).toBe(photo.name.includes("-mirrored"));
    for (const photo of mirrored) {
      expect(photo.name).not.toMatch(/-(screen|scanapp)\b/);
      const html = idPageHtml(photo.person, "photo", photo.style);
      expect(html).toMatch(/<div class="mirrored" style="[^"]*transform:scaleX\(-1\)">/);
    }
  });

  it("the earlier rounds' photos, round 17's included, have none of round 18's conditions", () => {
    for (const photo of [...round17, ...idPhotoSet(ROUND16_PHOTOS, 2), ...idPhotoSet(ROUND15_PHOTOS, 2), ...idPhotoSet(TUNE_SCENE_PHOTOS, 2)]) {
      expect(photo.carry).toBeUndefined();
      expect(photo.style.mirror).toBeUndefined();
      expect(photo.name).not.toMatch(/-(badge|mirrored)\b/);
      expect(photo.style.scene?.onCard ?? "").not.toMatch(/data-badge/);
    }
    // Round 17's photos are the same as when they were read: the new stream is drawn apart from the others.
    expect(idPhotoSet({ ...ROUND18_PHOTOS, seed: 28, carry: undefined }, 2)).toEqual(round17);
  });
});

describe("ID photo round 19 as fixtures (no reader)", () => {
  const round19 = idPhotoSet(ROUND19_PHOTOS, 2);
  const round18 = idPhotoSet(ROUND18_PHOTOS, 2);
  const POCKET = /<div data-pocket="(\d+)" style="[^"]*background:rgba\(235,240,245,([\d.]+)\)">((?:<div [^>]*><\/div>)*)<\/div><div style="position:absolute;left:-70px;top:-70px;width:1140px;height:770px;box-sizing:border-box;border:(\d+)px solid/;
  const HDR = /<div data-hdr="([\d.]+)" style="position:absolute;inset:0;background:radial-gradient\(ellipse at 50% 50%, rgba\(0,0,0,0\) 42%, rgba\(0,0,0,([\d.]+)\) 75%, rgba\(0,0,0,([\d.]+)\) 100%\)">/;
  const HALO = /<div data-halo="(\d+)" style="position:absolute;inset:0;border-radius:28px;box-shadow:0 0 (\d+)px (\d+)px rgba\(255,255,250,\.6\)">/;
  const stacked = (name: string) => name.replace(/^id-[^-]+-photo-s\d+-\d+-?/, "").replace(/\.jpg$/, "").split("-").filter(Boolean).length;

  it("round 19 has a new seed and round 18's conditions at round 18's rates, plus its own keep conditions", () => {
    expectNextRound(ROUND19_PHOTOS, ROUND18_PHOTOS, 30, "keep");
    expectWholeRound(round19, ["pocket", "hdr", "badge", "mirrored", "bankcard", "worn", "screenshot"]);
  });

  it("a photo draws one of round 19's conditions at most, and then none of round 18's, 17's or 16's; no photo stacks more conditions than round 18's did", () => {
    for (const photo of round19) {
      const own = ["-pocket", "-hdr"].filter((tag) => photo.name.includes(tag));
      expect(own.length, photo.name).toBeLessThanOrEqual(1);
      if (own.length) {
        expect(photo.carry).toBeUndefined();
        expect(photo.home).toBeUndefined();
        expect(photo.room).toBeUndefined();
        expect(photo.style.mirror).toBeUndefined();
        expect(photo.name).not.toMatch(/-(badge|mirrored|fingertips|window|smudge|phoneshadow)\b/);
      }
    }
    expect(Math.max(...round19.map((photo) => stacked(photo.name)))).toBeLessThanOrEqual(Math.max(...round18.map((photo) => stacked(photo.name))));
  });

  it("a wallet's pocket: the leather 4–9 px over the card's rim, the film hazed 0.05–0.12 and scratched by 12–30 lines, round a real card neither held up between two fingers nor in a sleeve", () => {
    const pocketed = round19.filter((photo) => photo.name.includes("-pocket"));
    expect(pocketed.length).toBeGreaterThan(0);
    for (const photo of round19) expect(POCKET.test(photo.style.scene?.onCard ?? ""), photo.name).toBe(photo.name.includes("-pocket"));
    for (const photo of pocketed) {
      expect(photo.name).not.toMatch(/-(screen|photocopy|scanapp|pinch|sleeve)\b/);
      const [, overlap, haze, lines, leather] = POCKET.exec(photo.style.scene!.onCard!)!;
      expect(Number(overlap)).toBeGreaterThanOrEqual(4);
      expect(Number(overlap)).toBeLessThanOrEqual(9);
      // The leather's inner edge lies `overlap` px inside the card's rim: 70 px of it outside the card.
      expect(Number(leather)).toBe(70 + Number(overlap));
      expect(Number(haze)).toBeGreaterThanOrEqual(0.05);
      expect(Number(haze)).toBeLessThanOrEqual(0.12);
      const scratches = lines!.match(/<div /g)?.length ?? 0;
      expect(scratches).toBeGreaterThanOrEqual(12);
      expect(scratches).toBeLessThanOrEqual(30);
      expect(photo.keep).toMatch(new RegExp(`the leather ${overlap} px over the card's rim, haze ${haze}, ${scratches} scratches`));
    }
  });

  it("the phone's HDR: corners darkened 0.45–0.7, a halo 14–30 px round the card, colours pushed; the others have none of it", () => {
    const processed = round19.filter((photo) => photo.name.includes("-hdr"));
    expect(processed.length).toBeGreaterThan(0);
    for (const photo of round19) {
      expect(HDR.test(photo.style.scene?.over ?? ""), photo.name).toBe(photo.name.includes("-hdr"));
      expect(HALO.test(photo.style.scene?.onCard ?? ""), photo.name).toBe(photo.name.includes("-hdr"));
      expect(photo.style.filter.includes("saturate(1.35)"), photo.name).toBe(photo.name.includes("-hdr"));
    }
    for (const photo of processed) {
      expect(photo.name).not.toMatch(/-scanapp\b/);
      const [, vignette, middle, corner] = HDR.exec(photo.style.scene!.over!)!.map(Number) as [number, number, number, number];
      expect(vignette).toBeGreaterThanOrEqual(0.45);
      expect(vignette).toBeLessThanOrEqual(0.7);
      expect(corner).toBe(vignette);
      expect(middle).toBeLessThan(corner);
      const [, halo, blur, spread] = HALO.exec(photo.style.scene!.onCard!)!.map(Number) as [number, number, number, number];
      expect(halo).toBeGreaterThanOrEqual(14);
      expect(halo).toBeLessThanOrEqual(30);
      expect(blur).toBe(halo);
      expect(spread).toBe(Math.round(halo / 2));
    }
  });

  it("the earlier rounds' photos, round 18's included, have none of round 19's conditions", () => {
    for (const photo of [...round18, ...idPhotoSet(ROUND17_PHOTOS, 2), ...idPhotoSet(ROUND16_PHOTOS, 2), ...idPhotoSet(TUNE_SCENE_PHOTOS, 2)]) {
      expect(photo.keep).toBeUndefined();
      expect(photo.name).not.toMatch(/-(pocket|hdr)\b/);
      expect(photo.style.scene?.onCard ?? "").not.toMatch(/data-(pocket|halo)/);
      expect(photo.style.scene?.over ?? "").not.toMatch(/data-hdr/);
    }
    // Round 18's photos are the same as when they were read: the new stream is drawn apart from the others.
    expect(idPhotoSet({ ...ROUND19_PHOTOS, seed: 29, keep: undefined }, 2)).toEqual(round18);
  });
});

describe("ID photo round 20 as fixtures (no reader)", () => {
  const round20 = idPhotoSet(ROUND20_PHOTOS, 2);
  const round19 = idPhotoSet(ROUND19_PHOTOS, 2);
  const RING = /<div data-ring="(\d+)" style="position:absolute;left:(-?\d+)px;top:(-?\d+)px;width:(\d+)px;height:(\d+)px;box-sizing:border-box;border-radius:50%;border:(\d+)px solid rgba\((\d+),(\d+),(\d+),([\d.]+)\)/;
  const stacked = (name: string) => name.replace(/^id-[^-]+-photo-s\d+-\d+-?/, "").replace(/\.jpg$/, "").split("-").filter(Boolean).length;

  it("round 20 has a new seed and round 19's conditions at round 19's rates, plus its own framing conditions", () => {
    expectNextRound(ROUND20_PHOTOS, ROUND19_PHOTOS, 31, "framing");
    expectWholeRound(round20, ["cut", "ringlight", "bankcard", "worn", "screenshot"]);
  });

  it("a photo draws one of round 20's conditions at most, and then none of round 19's, 18's, 17's or 16's; no photo stacks more conditions than round 19's did", () => {
    for (const photo of round20) {
      const own = ["-cut", "-ringlight"].filter((tag) => photo.name.includes(tag));
      expect(own.length, photo.name).toBeLessThanOrEqual(1);
      expect(Boolean(photo.framing), photo.name).toBe(own.length === 1);
      if (own.length) {
        expect(photo.keep).toBeUndefined();
        expect(photo.carry).toBeUndefined();
        expect(photo.home).toBeUndefined();
        expect(photo.room).toBeUndefined();
        expect(photo.style.mirror).toBeUndefined();
        expect(photo.name).not.toMatch(/-(pocket|hdr|badge|mirrored|fingertips|window|smudge|phoneshadow)\b/);
      }
    }
    expect(Math.max(...round20.map((photo) => stacked(photo.name)))).toBeLessThanOrEqual(Math.max(...round19.map((photo) => stacked(photo.name))));
  });

  it("framed too tight: the card's outermost point 4–12 px (of its 1000) past one edge of the frame, less than the print's 20 px rim; never a screen, a screenshot, a scanner app's output or a steep or bent card", () => {
    const cut = round20.filter((photo) => /-cut(left|right|top|bottom)\b/.test(photo.name));
    expect(cut.length).toBeGreaterThan(0);
    for (const photo of cut) {
      expect(photo.name).not.toMatch(/-(screen|screenshot|scanapp|steep|bent)\b/);
      const side = /-cut(left|right|top|bottom)\b/.exec(photo.name)![1] as "left" | "right" | "top" | "bottom";
      const frame = photo.style.frame!;
      expect(frame).toBeDefined();
      const reach = cardReach(photo.drawn);
      // The card's centre in the view, and how far its outermost point lies past the chosen edge (card px).
      const [cx, cy] = [frame.width / 2 + frame.dx, frame.height / 2 + frame.dy];
      const past = { left: (reach.left * frame.scale - cx) / frame.scale, right: (cx + reach.right * frame.scale - frame.width) / frame.scale, top: (reach.top * frame.scale - cy) / frame.scale, bottom: (cy + reach.bottom * frame.scale - frame.height) / frame.scale };
      // Rounded to whole pixels of the view: within a pixel of the drawn range.
      expect(past[side]).toBeGreaterThanOrEqual(4 - 1 / frame.scale);
      expect(past[side]).toBeLessThanOrEqual(12 + 1 / frame.scale);
      expect(past[side]).toBeLessThan(20);
      // The opposite side stays inside the frame: only one edge is cut.
      const opposite = { left: "right", right: "left", top: "bottom", bottom: "top" } as const;
      expect(past[opposite[side]]).toBeLessThan(0);
      expect(photo.framing).toMatch(new RegExp(`past the frame's ${side} edge`));
    }
  });

  it("a ring light's reflection: a ring 50–120 px in radius and 6–16 px thick, at 0.35–0.6, on a real card (not a copy, not a screen); the others have none", () => {
    const ringed = round20.filter((photo) => photo.name.includes("-ringlight"));
    expect(ringed.length).toBeGreaterThan(0);
    for (const photo of round20) expect(RING.test(photo.style.scene?.onCard ?? ""), photo.name).toBe(photo.name.includes("-ringlight"));
    for (const photo of ringed) {
      expect(photo.name).not.toMatch(/-(screen|photocopy|scanapp)\b/);
      const [, radius, left, top, width, height, thick, , , , strength] = RING.exec(photo.style.scene!.onCard!)!.map(Number) as number[];
      expect(radius).toBeGreaterThanOrEqual(50);
      expect(radius).toBeLessThanOrEqual(120);
      expect([width, height]).toEqual([radius! * 2, radius! * 2]);
      // Its centre on the card.
      expect(left! + radius!).toBeGreaterThanOrEqual(150);
      expect(left! + radius!).toBeLessThanOrEqual(850);
      expect(top! + radius!).toBeGreaterThanOrEqual(130);
      expect(top! + radius!).toBeLessThanOrEqual(500);
      expect(thick).toBeGreaterThanOrEqual(6);
      expect(thick).toBeLessThanOrEqual(16);
      expect(strength).toBeGreaterThanOrEqual(0.35);
      expect(strength).toBeLessThanOrEqual(0.6);
    }
  });

  it("the earlier rounds' photos, round 19's included, have none of round 20's conditions", () => {
    for (const photo of [...round19, ...idPhotoSet(ROUND18_PHOTOS, 2), ...idPhotoSet(ROUND17_PHOTOS, 2), ...idPhotoSet(TUNE_SCENE_PHOTOS, 2)]) {
      expect(photo.framing).toBeUndefined();
      expect(photo.name).not.toMatch(/-(cutleft|cutright|cuttop|cutbottom|ringlight)\b/);
      expect(photo.style.scene?.onCard ?? "").not.toMatch(/data-ring/);
    }
    // Round 19's photos are the same as when they were read: the new stream is drawn apart from the others.
    expect(idPhotoSet({ ...ROUND20_PHOTOS, seed: 30, framing: undefined }, 2)).toEqual(round19);
  });
});

describe("ID photo round 21 as fixtures (no reader)", () => {
  const round21 = idPhotoSet(ROUND21_PHOTOS, 2);
  const round20 = idPhotoSet(ROUND20_PHOTOS, 2);
  const BLINDS = /<div data-blinds="(\d+)" data-blinds-angle="(-?[\d.]+)" style="position:absolute;inset:0;border-radius:28px;background:repeating-linear-gradient\((-?[\d.]+)deg, rgba\(15,10,5,([\d.]+)\) (\d+)px, rgba\(15,10,5,[\d.]+\) (\d+)px/;
  const stacked = (name: string) => name.replace(/^id-[^-]+-photo-s\d+-\d+-?/, "").replace(/\.jpg$/, "").split("-").filter(Boolean).length;

  it("round 21 has a new seed and round 20's conditions at round 20's rates, plus its own post conditions", () => {
    expectNextRound(ROUND21_PHOTOS, ROUND20_PHOTOS, 32, "post");
    expectWholeRound(round21, ["square", "blinds", "worn", "screenshot"]);
  });

  it("a photo draws one of round 21's conditions at most, and then none of round 20's to 15's; such a photo stacks no more conditions than round 20's did, and every other photo is drawn as without round 21", () => {
    const withoutPost = idPhotoSet({ ...ROUND21_PHOTOS, post: undefined }, 2);
    const most20 = Math.max(...round20.map((photo) => stacked(photo.name)));
    for (const [i, photo] of round21.entries()) {
      const own = ["-square", "-blinds"].filter((tag) => photo.name.includes(tag));
      expect(own.length, photo.name).toBeLessThanOrEqual(1);
      expect(Boolean(photo.post), photo.name).toBe(own.length === 1);
      if (!own.length) {
        expect(photo, photo.name).toEqual(withoutPost[i]);
        continue;
      }
      for (const earlier of ["framing", "keep", "carry", "home", "room", "wallet"] as const) expect(photo[earlier], `${photo.name} ${earlier}`).toBeUndefined();
      expect(photo.style.mirror).toBeUndefined();
      expect(photo.name).not.toMatch(/-(cutleft|cutright|cuttop|cutbottom|ringlight|pocket|hdr|badge|mirrored|fingertips|window|smudge|phoneshadow|bankcard|loyaltycard|holo)\b/);
      expect(stacked(photo.name), photo.name).toBeLessThanOrEqual(most20);
    }
  });

  it("cropped square by a messaging app: a square frame, the whole card and 15 px (of its 1000) round it inside, scaled to 1600 px a side at most unless the card would fall under 600 px; never a screen, a screenshot, a scanner app's output or a bent card", () => {
    const squared = round21.filter((photo) => photo.name.includes("-square"));
    expect(squared.length).toBeGreaterThan(0);
    for (const photo of squared) {
      expect(photo.name).not.toMatch(/-(screen|screenshot|scanapp|bent)\b/);
      const frame = photo.style.frame!;
      expect(frame).toBeDefined();
      expect(frame.width).toBe(frame.height);
      expect(frame.width <= 1600 || 1000 * frame.scale * (1600 / frame.width) < MIN_RESENT_CARD_PX).toBe(true);
      // The card as drawn (a steep angle included): its outermost points at least 15 px in from every edge,
      // within a pixel of the view for the rounding.
      const reach = cardReach(photo.drawn);
      const [cx, cy] = [frame.width / 2 + frame.dx, frame.height / 2 + frame.dy];
      const inside = [(cx - reach.left * frame.scale) / frame.scale, (frame.width - cx - reach.right * frame.scale) / frame.scale, (cy - reach.top * frame.scale) / frame.scale, (frame.height - cy - reach.bottom * frame.scale) / frame.scale];
      for (const gap of inside) expect(gap, photo.name).toBeGreaterThanOrEqual(15 - 1 / frame.scale);
      expect(photo.post).toMatch(new RegExp(`cropped square by a messaging app, ${frame.width} × ${frame.width}`));
    }
  });

  it("venetian blinds: bands of shadow 45–110 px apart, 35–60 % of each, 0.2–0.45 dark, turned up to 25° from the horizontal, on the card (not a screen); the others have none", () => {
    const striped = round21.filter((photo) => photo.name.includes("-blinds"));
    expect(striped.length).toBeGreaterThan(0);
    for (const photo of round21) expect(BLINDS.test(photo.style.scene?.onCard ?? ""), photo.name).toBe(photo.name.includes("-blinds"));
    for (const photo of striped) {
      expect(photo.name).not.toMatch(/-(screen|scanapp)\b/);
      const [, period, angle, turn, strength, from, to] = BLINDS.exec(photo.style.scene!.onCard!)!.map(Number) as number[];
      expect(period).toBeGreaterThanOrEqual(45);
      expect(period).toBeLessThanOrEqual(110);
      expect(Math.abs(angle!)).toBeLessThanOrEqual(25);
      expect(turn).toBeCloseTo(180 + angle!, 1);
      expect(strength).toBeGreaterThanOrEqual(0.2);
      expect(strength).toBeLessThanOrEqual(0.45);
      // The shadow's share of each period.
      expect((to! - from!) / period!).toBeGreaterThanOrEqual(0.35 - 1 / period!);
      expect((to! - from!) / period!).toBeLessThanOrEqual(0.6 + 1 / period!);
    }
  });

  it("the earlier rounds' photos, round 20's included, have none of round 21's conditions", () => {
    for (const photo of [...round20, ...idPhotoSet(ROUND19_PHOTOS, 2), ...idPhotoSet(ROUND18_PHOTOS, 2), ...idPhotoSet(TUNE_SCENE_PHOTOS, 2)]) {
      expect(photo.post).toBeUndefined();
      expect(photo.name).not.toMatch(/-(square|blinds)\b/);
      expect(photo.style.scene?.onCard ?? "").not.toMatch(/data-blinds/);
    }
    // Round 20's photos are the same as when they were read: the new stream is drawn apart from the others.
    expect(idPhotoSet({ ...ROUND21_PHOTOS, seed: 31, post: undefined }, 2)).toEqual(round20);
  });
});

describe("ID photo round 22 as fixtures (no reader)", () => {
  const round22 = idPhotoSet(ROUND22_PHOTOS, 2);
  const round21 = idPhotoSet(ROUND21_PHOTOS, 2);
  const STAMP = /<div data-stamp="(\d+)" style="position:absolute;left:(-?\d+)px;top:(-?\d+)px;width:(\d+)px;height:(\d+)px;[^"]*">Shot on ([^<]+)<br>(\d{4}\.\d{2}\.\d{2} \d{2}:\d{2})<\/div>/;
  const GHOST = /data-flare-ghost="(\d+)"/g;
  const stacked = (name: string) => name.replace(/^id-[^-]+-photo-s\d+-\d+-?/, "").replace(/\.jpg$/, "").split("-").filter(Boolean).length;

  it("round 22 has a new seed and round 21's conditions at round 21's rates, plus its own setting conditions", () => {
    expectNextRound(ROUND22_PHOTOS, ROUND21_PHOTOS, 33, "setting");
    expectWholeRound(round22, ["watermark", "flare", "photocopy", "resend"]);
  });

  it("a photo draws one of round 22's conditions at most, and then none of round 21's to 15's; such a photo stacks no more conditions than round 21's did, and every other photo is drawn as without round 22", () => {
    const withoutSetting = idPhotoSet({ ...ROUND22_PHOTOS, setting: undefined }, 2);
    const most21 = Math.max(...round21.map((photo) => stacked(photo.name)));
    for (const [i, photo] of round22.entries()) {
      const own = ["-watermark", "-flare"].filter((tag) => photo.name.includes(tag));
      expect(own.length, photo.name).toBeLessThanOrEqual(1);
      expect(Boolean(photo.setting), photo.name).toBe(own.length === 1);
      if (!own.length) {
        expect(photo, photo.name).toEqual(withoutSetting[i]);
        continue;
      }
      for (const earlier of ["post", "framing", "keep", "carry", "home", "room", "wallet"] as const) expect(photo[earlier], `${photo.name} ${earlier}`).toBeUndefined();
      expect(photo.style.mirror).toBeUndefined();
      expect(photo.name).not.toMatch(/-(square|blinds|cutleft|cutright|cuttop|cutbottom|ringlight|pocket|hdr|badge|mirrored|fingertips|window|smudge|phoneshadow|bankcard|loyaltycard|holo)\b/);
      expect(stacked(photo.name), photo.name).toBeLessThanOrEqual(most21);
    }
  });

  it("the camera app's watermark: 'Shot on' a phone over a date and time in a bottom corner of the frame, its type 1.6–2.4 % of the shorter side, its box inside the frame and 10 px (of the card's 1000) off the card as turned; never a screenshot or a scanner app's output", () => {
    const marked = [0, 1, 2, 3].flatMap((k) => idPhotoSet({ ...ROUND22_PHOTOS, seed: 33 + k * 100 }, 2)).filter((photo) => photo.name.includes("-watermark"));
    expect(marked.length).toBeGreaterThan(2);
    for (const photo of [...marked, ...round22]) expect(STAMP.test(photo.style.scene?.over ?? ""), photo.name).toBe(photo.name.includes("-watermark"));
    for (const photo of marked) {
      expect(photo.name).not.toMatch(/-(screenshot|scanapp)\b/);
      const [, font, left, top, width, height, phone, taken] = STAMP.exec(photo.style.scene!.over!)! as unknown as [string, string, string, string, string, string, string, string];
      const view = photo.style.frame ?? { width: 1000 + photo.style.padding * 2, height: 630 + photo.style.padding * 2, scale: 1, dx: 0, dy: 0 };
      const short = Math.min(view.width, view.height);
      expect(Number(font)).toBeGreaterThanOrEqual(Math.max(12, Math.round(short * 0.016)));
      expect(Number(font)).toBeLessThanOrEqual(Math.max(12, Math.round(short * 0.024)));
      expect(phone.length).toBeGreaterThan(3);
      expect(taken).toMatch(/^202[56]\.\d{2}\.\d{2} (0[89]|1\d|2[01]):\d{2}$/);
      const box = { left: Number(left), top: Number(top), right: Number(left) + Number(width), bottom: Number(top) + Number(height) };
      // In a bottom corner, inside the frame.
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.top).toBeGreaterThanOrEqual(view.height / 2);
      expect(box.right).toBeLessThanOrEqual(view.width);
      expect(box.bottom).toBeLessThanOrEqual(view.height);
      expect(box.left < view.width / 2 !== box.right > view.width / 2).toBe(true);
      // Off the card as drawn (a steep angle included), by 10 px of its 1000 and half a bent card's bend more.
      const reach = cardReach(photo.drawn);
      const [cx, cy, m] = [view.width / 2 + view.dx, view.height / 2 + view.dy, (10 + (photo.style.bend ?? 0) / 2) * view.scale];
      const card = { left: cx - reach.left * view.scale - m, right: cx + reach.right * view.scale + m, top: cy - reach.top * view.scale - m, bottom: cy + reach.bottom * view.scale + m };
      expect(box.right < card.left || box.left > card.right || box.bottom < card.top || box.top > card.bottom, photo.name).toBe(true);
      expect(photo.setting).toContain(`Shot on ${phone} / ${taken}`);
    }
  });

  it("the lens flare: a glow from past the frame's top, left or right edge and 3–6 ghosts 30–120 px (of the card's 1000) across, 0.15–0.35; never a screen, a screenshot or a scanner app's output; the others have none", () => {
    const flared = [0, 1, 2].flatMap((k) => idPhotoSet({ ...ROUND22_PHOTOS, seed: 33 + k * 100 }, 2)).filter((photo) => photo.name.includes("-flare"));
    expect(flared.length).toBeGreaterThan(2);
    for (const photo of round22) expect((photo.style.scene?.over ?? "").includes("data-flare="), photo.name).toBe(photo.name.includes("-flare"));
    for (const photo of flared) {
      expect(photo.name).not.toMatch(/-(screen|screenshot|scanapp)\b/);
      const over = photo.style.scene!.over!;
      const ghosts = [...over.matchAll(GHOST)].map((match) => Number(match[1]));
      expect(Number(/data-flare="(\d+)"/.exec(over)![1])).toBe(ghosts.length);
      expect(ghosts.length).toBeGreaterThanOrEqual(3);
      expect(ghosts.length).toBeLessThanOrEqual(6);
      for (const size of ghosts) {
        expect(size).toBeGreaterThanOrEqual(30);
        expect(size).toBeLessThanOrEqual(120);
      }
      const strength = Number(/, ([\d.]+)$/.exec(photo.setting!)![1]);
      expect(strength).toBeGreaterThanOrEqual(0.15);
      expect(strength).toBeLessThanOrEqual(0.35);
      expect(photo.setting).toMatch(/lens flare from the frame's (top|left|right) edge/);
    }
  });

  it("the earlier rounds' photos, round 21's included, have none of round 22's conditions", () => {
    for (const photo of [...round21, ...idPhotoSet(ROUND20_PHOTOS, 2), ...idPhotoSet(ROUND19_PHOTOS, 2), ...idPhotoSet(TUNE_SCENE_PHOTOS, 2)]) {
      expect(photo.setting).toBeUndefined();
      expect(photo.name).not.toMatch(/-(watermark|flare)\b/);
      expect(photo.style.scene?.over ?? "").not.toMatch(/data-(stamp|flare)/);
    }
    // Round 21's photos are the same as when they were read: the new stream is drawn apart from the others.
    expect(idPhotoSet({ ...ROUND22_PHOTOS, seed: 32, setting: undefined }, 2)).toEqual(round21);
  });
});

describe("ID photo round 23 as fixtures (no reader)", () => {
  const round23 = idPhotoSet(ROUND23_PHOTOS, 2);
  const round22 = idPhotoSet(ROUND22_PHOTOS, 2);
  const LAMP = /data-glass-lamp="(\d+)"/g;
  const stacked = (name: string) => name.replace(/^id-[^-]+-photo-s\d+-\d+-?/, "").replace(/\.jpg$/, "").split("-").filter(Boolean).length;

  it("round 23 has a new seed and round 22's conditions at round 22's rates, plus its own glass top and noise reduction", () => {
    expectNextRound(ROUND23_PHOTOS, ROUND22_PHOTOS, 34, "glassWax");
    expectWholeRound(round23, ["glasstop", "waxy", "watermark", "screenshot"]);
  });

  it("a photo draws one of round 23's conditions at most, and then none of round 22's to 15's; such a photo stacks no more conditions than round 22's did, and every other photo is drawn as without round 23", () => {
    const withoutGlassWax = idPhotoSet({ ...ROUND23_PHOTOS, glassWax: undefined }, 2);
    const most22 = Math.max(...round22.map((photo) => stacked(photo.name)));
    for (const [i, photo] of round23.entries()) {
      const own = ["-glasstop", "-waxy"].filter((tag) => photo.name.includes(tag));
      expect(own.length, photo.name).toBeLessThanOrEqual(1);
      expect(Boolean(photo.glassWax), photo.name).toBe(own.length === 1);
      if (!own.length) {
        expect(photo, photo.name).toEqual(withoutGlassWax[i]);
        continue;
      }
      for (const earlier of ["setting", "post", "framing", "keep", "carry", "home", "room", "wallet"] as const) expect(photo[earlier], `${photo.name} ${earlier}`).toBeUndefined();
      expect(photo.style.mirror).toBeUndefined();
      expect(photo.name).not.toMatch(/-(watermark|flare|square|blinds|cutleft|cutright|cuttop|cutbottom|ringlight|pocket|hdr|badge|mirrored|fingertips|window|smudge|phoneshadow|bankcard|loyaltycard|holo)\b/);
      expect(stacked(photo.name), photo.name).toBeLessThanOrEqual(most22);
    }
  });

  it("the glass top: a card lying on something (not held, on a screen or a laptop), a green tint 0.12–0.28 over the frame and a lamp reflected twice, 140–320 px across, 12–34 px apart, the second 0.5–0.7 as bright as the first (0.25–0.5); the others have none", () => {
    const glazed = [0, 1, 2, 3].flatMap((k) => idPhotoSet({ ...ROUND23_PHOTOS, seed: 34 + k * 100 }, 2)).filter((photo) => photo.name.includes("-glasstop"));
    expect(glazed.length).toBeGreaterThan(3);
    for (const photo of [...glazed, ...round23]) expect((photo.style.scene?.over ?? "").includes("data-glass="), photo.name).toBe(photo.name.includes("-glasstop"));
    for (const photo of glazed) {
      expect(photo.name).not.toMatch(/-(hand|pinch|screen|screenshot|scanapp|keyboard)\b/);
      const over = photo.style.scene!.over!;
      const tint = Number(/data-glass="([\d.]+)"/.exec(over)![1]);
      expect(tint).toBeGreaterThanOrEqual(0.12);
      expect(tint).toBeLessThanOrEqual(0.28);
      const lamps = [...over.matchAll(LAMP)].map((match) => Number(match[1]));
      expect(lamps).toHaveLength(2);
      expect(lamps[0]).toBe(lamps[1]);
      expect(lamps[0]).toBeGreaterThanOrEqual(140);
      expect(lamps[0]).toBeLessThanOrEqual(320);
      const [, across, apart, first, second] = /(\d+) px across, (\d+) px apart, ([\d.]+) and ([\d.]+)$/.exec(photo.glassWax!)!.map(Number) as [number, number, number, number, number];
      expect(across).toBe(lamps[0]);
      expect(apart).toBeGreaterThanOrEqual(12);
      expect(apart).toBeLessThanOrEqual(34);
      expect(first).toBeGreaterThanOrEqual(0.25);
      expect(first).toBeLessThanOrEqual(0.5);
      expect(second / first).toBeGreaterThanOrEqual(0.5 - 0.03);
      expect(second / first).toBeLessThanOrEqual(0.7 + 0.03);
    }
  });

  it("the noise reduction: the card blurred 0.8–1.8 px and posterised to 5–9 levels a channel by an SVG filter the card's filter names; never a screenshot or a scanner app's output; the others have none", () => {
    const smeared = [0, 1, 2].flatMap((k) => idPhotoSet({ ...ROUND23_PHOTOS, seed: 34 + k * 100 }, 2)).filter((photo) => photo.name.includes("-waxy"));
    expect(smeared.length).toBeGreaterThan(3);
    for (const photo of [...smeared, ...round23]) {
      expect(photo.style.filter.includes("url(#waxy)"), photo.name).toBe(photo.name.includes("-waxy"));
      expect((photo.style.scene?.over ?? "").includes('<filter id="waxy"'), photo.name).toBe(photo.name.includes("-waxy"));
    }
    for (const photo of smeared) {
      expect(photo.name).not.toMatch(/-(screenshot|scanapp)\b/);
      const over = photo.style.scene!.over!;
      const blur = Number(/<filter id="waxy"[^>]*><feGaussianBlur stdDeviation="([\d.]+)"\/>/.exec(over)![1]);
      expect(blur).toBeGreaterThanOrEqual(0.8);
      expect(blur).toBeLessThanOrEqual(1.8);
      const table = /<feFuncR type="discrete" tableValues="([\d. ]+)"\/>/.exec(over)![1]!.split(" ").map(Number);
      expect(table.length).toBeGreaterThanOrEqual(5);
      expect(table.length).toBeLessThanOrEqual(9);
      expect(table[0]).toBe(0);
      expect(table[table.length - 1]).toBe(1);
      expect(photo.glassWax).toBe(`a low-battery phone's noise reduction, blurred ${blur.toFixed(2)} px, ${table.length} levels a channel`);
    }
  });

  it("the earlier rounds' photos, round 22's included, have none of round 23's conditions", () => {
    for (const photo of [...round22, ...idPhotoSet(ROUND21_PHOTOS, 2), ...idPhotoSet(ROUND20_PHOTOS, 2), ...idPhotoSet(TUNE_SCENE_PHOTOS, 2)]) {
      expect(photo.glassWax).toBeUndefined();
      expect(photo.name).not.toMatch(/-(glasstop|waxy)\b/);
      expect(photo.style.scene?.over ?? "").not.toMatch(/data-glass|id="waxy"/);
      expect(photo.style.filter).not.toContain("url(#waxy)");
    }
    // Round 22's photos are the same as when they were read: the new stream is drawn apart from the others.
    expect(idPhotoSet({ ...ROUND23_PHOTOS, seed: 33, glassWax: undefined }, 2)).toEqual(round22);
  });
});

describe("ID photo round 24 as fixtures (no reader)", () => {
  const round24 = idPhotoSet(ROUND24_PHOTOS, 2);
  const round23 = idPhotoSet(ROUND23_PHOTOS, 2);
  const stacked = (name: string) => name.replace(/^id-[^-]+-photo-s\d+-\d+-?/, "").replace(/\.jpg$/, "").split("-").filter(Boolean).length;

  it("round 24 has a new seed and round 23's conditions at round 23's rates, plus its own dashboard and colour fringes", () => {
    expectNextRound(ROUND24_PHOTOS, ROUND23_PHOTOS, 35, "carFringe");
    expectWholeRound(round24, ["dashboard", "fringes", "waxy", "screenshot", "photocopy", "flare"]);
  });

  it("a photo draws one of round 24's conditions at most, and then none of round 23's to 15's; such a photo stacks no more conditions than round 23's did, and every other photo is drawn as without round 24", () => {
    const withoutCarFringe = idPhotoSet({ ...ROUND24_PHOTOS, carFringe: undefined }, 2);
    const most23 = Math.max(...round23.map((photo) => stacked(photo.name)));
    for (const [i, photo] of round24.entries()) {
      const own = ["-dashboard", "-fringes"].filter((tag) => photo.name.includes(tag));
      expect(own.length, photo.name).toBeLessThanOrEqual(1);
      expect(Boolean(photo.carFringe), photo.name).toBe(own.length === 1);
      if (!own.length) {
        expect(photo, photo.name).toEqual(withoutCarFringe[i]);
        continue;
      }
      for (const earlier of ["glassWax", "setting", "post", "framing", "keep", "carry", "home", "room", "wallet"] as const) expect(photo[earlier], `${photo.name} ${earlier}`).toBeUndefined();
      expect(photo.style.mirror).toBeUndefined();
      expect(photo.name).not.toMatch(/-(glasstop|waxy|watermark|flare|square|blinds|cutleft|cutright|cuttop|cutbottom|ringlight|pocket|hdr|badge|mirrored|fingertips|window|smudge|phoneshadow|bankcard|loyaltycard|holo)\b/);
      expect(stacked(photo.name), photo.name).toBeLessThanOrEqual(most23);
    }
  });

  it("the dashboard: a card lying on something (not held, on a screen, a laptop, a newspaper or a dark surface, not a copy), the grained plastic in place of the desk, the windscreen's light 0.25–0.5 from one edge and the pillar's shadow 90–220 px (of the card's 1000) wide, 0.2–0.4 dark; the others have none", () => {
    const parked = [0, 1, 2, 3, 4, 5].flatMap((k) => idPhotoSet({ ...ROUND24_PHOTOS, seed: 35 + k * 100 }, 2)).filter((photo) => photo.name.includes("-dashboard"));
    expect(parked.length).toBeGreaterThan(2);
    for (const photo of [...parked, ...round24]) {
      expect((photo.style.scene?.over ?? "").includes("data-car-light="), photo.name).toBe(photo.name.includes("-dashboard"));
      expect((photo.style.scene?.over ?? "").includes("data-car-pillar="), photo.name).toBe(photo.name.includes("-dashboard"));
    }
    for (const photo of parked) {
      expect(photo.name).not.toMatch(/-(hand|pinch|screen|screenshot|scanapp|keyboard|newspaper|dark|photocopy)\b/);
      expect(photo.style.background).toContain("repeating-radial-gradient");
      const over = photo.style.scene!.over!;
      const light = Number(/data-car-light="([\d.]+)"/.exec(over)![1]);
      expect(light).toBeGreaterThanOrEqual(0.25);
      expect(light).toBeLessThanOrEqual(0.5);
      const pillar = Number(/data-car-pillar="(\d+)"/.exec(over)![1]);
      expect(pillar).toBeGreaterThanOrEqual(90);
      expect(pillar).toBeLessThanOrEqual(220);
      const [, side, summaryLight, wide, dark] = /the windscreen's light from the frame's (top|right|bottom|left) edge, ([\d.]+), the pillar's shadow (\d+) px wide, ([\d.]+)$/.exec(photo.carFringe!)!;
      expect(["top", "right", "bottom", "left"]).toContain(side);
      expect(Number(summaryLight)).toBeCloseTo(light, 2);
      expect(Number(wide)).toBe(pillar);
      expect(Number(dark)).toBeGreaterThanOrEqual(0.2);
      expect(Number(dark)).toBeLessThanOrEqual(0.4);
    }
  });

  it("the colour fringes: red and blue shifted 1–2.6 px (of the card's 1000) apart in opposite directions by an SVG filter the card's filter names; never a screenshot or a scanner app's output; the others have none", () => {
    const fringed = [0, 1, 2].flatMap((k) => idPhotoSet({ ...ROUND24_PHOTOS, seed: 35 + k * 100 }, 2)).filter((photo) => photo.name.includes("-fringes"));
    expect(fringed.length).toBeGreaterThan(3);
    for (const photo of [...fringed, ...round24]) {
      expect(photo.style.filter.includes("url(#fringe)"), photo.name).toBe(photo.name.includes("-fringes"));
      expect((photo.style.scene?.over ?? "").includes('<filter id="fringe"'), photo.name).toBe(photo.name.includes("-fringes"));
    }
    for (const photo of fringed) {
      expect(photo.name).not.toMatch(/-(screenshot|scanapp)\b/);
      const over = photo.style.scene!.over!;
      const [red, blue] = [...over.matchAll(/<feOffset in="(?:red|blue)" dx="(-?[\d.]+)" dy="(-?[\d.]+)"/g)].map((match) => [Number(match[1]), Number(match[2])] as const);
      expect(red![0]).toBeCloseTo(-blue![0], 2);
      expect(red![1]).toBeCloseTo(-blue![1], 2);
      const apart = 2 * Math.hypot(red![0], red![1]);
      expect(apart).toBeGreaterThanOrEqual(1 - 0.02);
      expect(apart).toBeLessThanOrEqual(2.6 + 0.02);
      expect(photo.carFringe).toMatch(/^a cheap lens's colour fringes, red and blue [\d.]+ px apart$/);
    }
  });

  it("the earlier rounds' photos, round 23's included, have none of round 24's conditions", () => {
    for (const photo of [...round23, ...idPhotoSet(ROUND22_PHOTOS, 2), ...idPhotoSet(ROUND21_PHOTOS, 2), ...idPhotoSet(TUNE_SCENE_PHOTOS, 2)]) {
      expect(photo.carFringe).toBeUndefined();
      expect(photo.name).not.toMatch(/-(dashboard|fringes)\b/);
      expect(photo.style.scene?.over ?? "").not.toMatch(/data-car|id="fringe"/);
      expect(photo.style.filter).not.toContain("url(#fringe)");
    }
    // Round 23's photos are the same as when they were sealed: the new stream is drawn apart from the others.
    expect(idPhotoSet({ ...ROUND24_PHOTOS, seed: 34, carFringe: undefined }, 2)).toEqual(round23);
  });
});

describe("ID photo round 25 as fixtures (no reader)", () => {
  const round25 = idPhotoSet(ROUND25_PHOTOS, 2);
  const round24 = idPhotoSet(ROUND24_PHOTOS, 2);
  const stacked = (name: string) => name.replace(/^id-[^-]+-photo-s\d+-\d+-?/, "").replace(/\.jpg$/, "").split("-").filter(Boolean).length;

  it("round 25 has a new seed and round 24's conditions at round 24's rates, plus its own tablecloth and depth of field", () => {
    expectNextRound(ROUND25_PHOTOS, ROUND24_PHOTOS, 36, "clothFocus");
    expectWholeRound(round25, ["tablecloth", "defocused", "fringes", "waxy", "screenshot", "photocopy"]);
  });

  it("a photo draws one of round 25's conditions at most, and then none of round 24's to 15's; such a photo stacks no more conditions than round 24's did, and every other photo is drawn as without round 25", () => {
    const withoutClothFocus = idPhotoSet({ ...ROUND25_PHOTOS, clothFocus: undefined }, 2);
    const most24 = Math.max(...round24.map((photo) => stacked(photo.name)));
    for (const [i, photo] of round25.entries()) {
      const own = ["-tablecloth", "-defocused"].filter((tag) => photo.name.includes(tag));
      expect(own.length, photo.name).toBeLessThanOrEqual(1);
      expect(Boolean(photo.clothFocus), photo.name).toBe(own.length === 1);
      if (!own.length) {
        expect(photo, photo.name).toEqual(withoutClothFocus[i]);
        continue;
      }
      for (const earlier of ["carFringe", "glassWax", "setting", "post", "framing", "keep", "carry", "home", "room", "wallet"] as const) expect(photo[earlier], `${photo.name} ${earlier}`).toBeUndefined();
      expect(photo.style.mirror).toBeUndefined();
      expect(photo.name).not.toMatch(/-(dashboard|fringes|glasstop|waxy|watermark|flare|square|blinds|cutleft|cutright|cuttop|cutbottom|ringlight|pocket|hdr|badge|mirrored|fingertips|window|smudge|phoneshadow|bankcard|loyaltycard|holo)\b/);
      expect(stacked(photo.name), photo.name).toBeLessThanOrEqual(most24);
    }
  });

  it("the tablecloth: a card or its photocopy lying on something (not held, on a screen or a laptop, not a screenshot or a scanner app's output), a gingham, a stripe or a dot 18–46 px (of the card's 1000) a repeat, 0.35–0.7 strong, in place of the desk, the dark surface, the newspaper and the dashboard; the others have none", () => {
    const laid = [0, 1, 2, 3, 4, 5].flatMap((k) => idPhotoSet({ ...ROUND25_PHOTOS, seed: 36 + k * 100 }, 2)).filter((photo) => photo.name.includes("-tablecloth"));
    expect(laid.length).toBeGreaterThan(2);
    for (const photo of [...laid, ...round25]) expect(photo.style.background.includes("#f7f3ea"), photo.name).toBe(photo.name.includes("-tablecloth"));
    const patterns = new Set<string>();
    for (const photo of laid) {
      expect(photo.name).not.toMatch(/-(hand|pinch|screen|screenshot|scanapp|keyboard|newspaper|dark|dashboard)\b/);
      expect(photo.style.background.startsWith(photo.style.background.includes("radial-gradient") ? "radial-gradient" : "repeating-linear-gradient")).toBe(true);
      const [, pattern, check, strength] = /^on a patterned tablecloth \((gingham|stripes|dots), rgb [\d, ]+\), (\d+) px a repeat, ([\d.]+)$/.exec(photo.clothFocus!)!;
      patterns.add(pattern!);
      expect(Number(check)).toBeGreaterThanOrEqual(18);
      expect(Number(check)).toBeLessThanOrEqual(46);
      expect(Number(strength)).toBeGreaterThanOrEqual(0.35);
      expect(Number(strength)).toBeLessThanOrEqual(0.7);
    }
    expect(patterns.size).toBeGreaterThan(1);
  });

  it("the depth of field: a layer over the frame blurring what lies under it 1.6–3.2 px (of the card's 1000) at one edge, sharp again 30–55 % of the frame in; never a screenshot or a scanner app's output; the others have none", () => {
    const soft = [0, 1, 2].flatMap((k) => idPhotoSet({ ...ROUND25_PHOTOS, seed: 36 + k * 100 }, 2)).filter((photo) => photo.name.includes("-defocused"));
    expect(soft.length).toBeGreaterThan(3);
    for (const photo of [...soft, ...round25]) expect((photo.style.scene?.over ?? "").includes("data-focus-blur="), photo.name).toBe(photo.name.includes("-defocused"));
    for (const photo of soft) {
      expect(photo.name).not.toMatch(/-(screenshot|scanapp)\b/);
      const over = photo.style.scene!.over!;
      expect(over).toContain("backdrop-filter:blur(");
      expect(over).toMatch(/mask-image:linear-gradient\(to (top|right|bottom|left), /);
      const blur = Number(/data-focus-blur="([\d.]+)"/.exec(over)![1]);
      const depth = Number(/data-focus-depth="([\d.]+)"/.exec(over)![1]);
      expect(blur).toBeGreaterThanOrEqual(1.6);
      expect(blur).toBeLessThanOrEqual(3.2);
      expect(depth).toBeGreaterThanOrEqual(0.3);
      expect(depth).toBeLessThanOrEqual(0.55);
      expect(photo.clothFocus).toMatch(/^a shallow depth of field, the frame's (top|right|bottom|left) side blurred [\d.]+ px at its edge, sharp again [\d.]+ of the frame in$/);
    }
  });

  it("the earlier rounds' photos, round 24's included, have none of round 25's conditions", () => {
    for (const photo of [...round24, ...idPhotoSet(ROUND23_PHOTOS, 2), ...idPhotoSet(ROUND22_PHOTOS, 2), ...idPhotoSet(TUNE_SCENE_PHOTOS, 2)]) {
      expect(photo.clothFocus).toBeUndefined();
      expect(photo.name).not.toMatch(/-(tablecloth|defocused)\b/);
      expect(photo.style.scene?.over ?? "").not.toMatch(/data-focus/);
      expect(photo.style.background).not.toContain("#f7f3ea");
    }
    // Round 24's photos are the same as when they were sealed: the new stream is drawn apart from the others.
    expect(idPhotoSet({ ...ROUND25_PHOTOS, seed: 35, clothFocus: undefined }, 2)).toEqual(round24);
  });
});

describe("ID photo round 26 as fixtures (no reader)", () => {
  const round26 = idPhotoSet(ROUND26_PHOTOS, 2);
  const round25 = idPhotoSet(ROUND25_PHOTOS, 2);
  const stacked = (name: string) => name.replace(/^id-[^-]+-photo-s\d+-\d+-?/, "").replace(/\.jpg$/, "").split("-").filter(Boolean).length;

  it("round 26 has a new seed and round 25's conditions at round 25's rates, plus its own coin and cling film", () => {
    expectNextRound(ROUND26_PHOTOS, ROUND25_PHOTOS, 37, "coinFilm");
    expectWholeRound(round26, ["coin", "clingfilm", "defocused", "fringes", "screenshot", "photocopy"]);
  });

  it("a photo draws one of round 26's conditions at most, and then none of round 25's to 15's; such a photo stacks no more conditions than round 25's did, and every other photo is drawn as without round 26", () => {
    const withoutCoinFilm = idPhotoSet({ ...ROUND26_PHOTOS, coinFilm: undefined }, 2);
    const most25 = Math.max(...round25.map((photo) => stacked(photo.name)));
    for (const [i, photo] of round26.entries()) {
      const own = ["-coin", "-clingfilm"].filter((tag) => photo.name.includes(tag));
      expect(own.length, photo.name).toBeLessThanOrEqual(1);
      expect(Boolean(photo.coinFilm), photo.name).toBe(own.length === 1);
      if (!own.length) {
        expect(photo, photo.name).toEqual(withoutCoinFilm[i]);
        continue;
      }
      for (const earlier of ["clothFocus", "carFringe", "glassWax", "setting", "post", "framing", "keep", "carry", "home", "room", "wallet"] as const) expect(photo[earlier], `${photo.name} ${earlier}`).toBeUndefined();
      expect(photo.style.mirror).toBeUndefined();
      expect(photo.name).not.toMatch(/-(tablecloth|defocused|dashboard|fringes|glasstop|waxy|watermark|flare|square|blinds|cutleft|cutright|cuttop|cutbottom|ringlight|pocket|hdr|badge|mirrored|fingertips|window|smudge|phoneshadow|bankcard|loyaltycard|holo)\b/);
      expect(stacked(photo.name), photo.name).toBeLessThanOrEqual(most25);
    }
  });

  it("the coin: on a card or its copy lying on something (not held, not on a screen, not a screenshot or a scanner app's output), a 1, 5, 10 or 50 bani coin 196–277 px (of the card's 1000) across over the portrait's left part, never over a field; the others have none", () => {
    const coined = [0, 1, 2, 3, 4, 5].flatMap((k) => idPhotoSet({ ...ROUND26_PHOTOS, seed: 37 + k * 100 }, 2)).filter((photo) => photo.name.includes("-coin"));
    expect(coined.length).toBeGreaterThan(2);
    for (const photo of [...coined, ...round26]) expect((photo.style.scene?.onCard ?? "").includes("data-coin="), photo.name).toBe(photo.name.includes("-coin"));
    const values = new Set<string>();
    for (const photo of coined) {
      expect(photo.name).not.toMatch(/-(hand|pinch|screen|screenshot|scanapp)\b/);
      const [, value, size, x, y] = /^a (1|5|10|50) bani? coin on the card, (\d+) px across, its centre at \((-?\d+), (\d+)\) of the card's px$/.exec(photo.coinFilm!)!;
      values.add(value!);
      expect(Number(size)).toBe({ 1: 196, 5: 213, 10: 239, 50: 277 }[value as "1" | "5" | "10" | "50"]);
      expect(Number(x)).toBeGreaterThanOrEqual(-10);
      expect(Number(x)).toBeLessThanOrEqual(40);
      expect(Number(y)).toBeGreaterThanOrEqual(250);
      expect(Number(y)).toBeLessThanOrEqual(330);
      // Never over a field: the fields start 290 px in, the header ends above 100 px, the MRZ starts below 480 px.
      const radius = Number(size) / 2;
      expect(Number(x) + radius).toBeLessThan(290);
      expect(Number(y) - radius).toBeGreaterThan(100);
      expect(Number(y) + radius).toBeLessThan(480);
    }
    expect(values.size).toBeGreaterThan(1);
  });

  it("the cling film: over a real card (not a copy, not on a screen, not a screenshot or a scanner app's output), a haze 0.04–0.12 and 7 to 14 creases 0.25–0.55 strong, over the card and past its rim; the others have none", () => {
    const wrapped = [0, 1, 2].flatMap((k) => idPhotoSet({ ...ROUND26_PHOTOS, seed: 37 + k * 100 }, 2)).filter((photo) => photo.name.includes("-clingfilm"));
    expect(wrapped.length).toBeGreaterThan(3);
    for (const photo of [...wrapped, ...round26]) expect((photo.style.scene?.onCard ?? "").includes("data-film-haze="), photo.name).toBe(photo.name.includes("-clingfilm"));
    for (const photo of wrapped) {
      expect(photo.name).not.toMatch(/-(screen|screenshot|scanapp|photocopy)\b/);
      const onCard = photo.style.scene!.onCard!;
      const haze = Number(/data-film-haze="([\d.]+)"/.exec(onCard)![1]);
      const creases = Number(/data-film-wrinkles="(\d+)"/.exec(onCard)![1]);
      const strength = Number(/data-film-strength="([\d.]+)"/.exec(onCard)![1]);
      expect(haze).toBeGreaterThanOrEqual(0.04);
      expect(haze).toBeLessThanOrEqual(0.12);
      expect(creases).toBeGreaterThanOrEqual(7);
      expect(creases).toBeLessThanOrEqual(14);
      // Each crease a bright ridge and a dark trough.
      expect(onCard.match(/<path /g)).toHaveLength(creases * 2);
      expect(strength).toBeGreaterThanOrEqual(0.25);
      expect(strength).toBeLessThanOrEqual(0.55);
      expect(photo.coinFilm).toMatch(/^under cling film, haze [\d.]+, \d+ creases, [\d.]+$/);
    }
  });

  it("the earlier rounds' photos, round 25's included, have none of round 26's conditions", () => {
    for (const photo of [...round25, ...idPhotoSet(ROUND24_PHOTOS, 2), ...idPhotoSet(ROUND23_PHOTOS, 2), ...idPhotoSet(TUNE_SCENE_PHOTOS, 2)]) {
      expect(photo.coinFilm).toBeUndefined();
      expect(photo.name).not.toMatch(/-(coin|clingfilm)\b/);
      expect(photo.style.scene?.onCard ?? "").not.toMatch(/data-(coin|film)/);
    }
    // Round 25's photos are the same as when they were sealed: the new stream is drawn apart from the others.
    expect(idPhotoSet({ ...ROUND26_PHOTOS, seed: 36, coinFilm: undefined }, 2)).toEqual(round25);
  });
});

describe("ID photo round 27 as fixtures (no reader)", () => {
  const round27 = idPhotoSet(ROUND27_PHOTOS, 2);
  const round26 = idPhotoSet(ROUND26_PHOTOS, 2);
  const stacked = (name: string) => name.replace(/^id-[^-]+-photo-s\d+-\d+-?/, "").replace(/\.jpg$/, "").split("-").filter(Boolean).length;

  it("round 27 has a new seed and round 26's conditions at round 26's rates, plus its own backlight and crumbs", () => {
    expectNextRound(ROUND27_PHOTOS, ROUND26_PHOTOS, 38, "backlightCrumbs");
    expectWholeRound(round27, ["backlit", "crumbs", "screenshot", "photocopy"]);
  });

  it("a photo draws one of round 27's conditions at most, and then none of round 26's to 15's; such a photo stacks no more conditions than round 26's did, and every other photo is drawn as without round 27", () => {
    const withoutBacklightCrumbs = idPhotoSet({ ...ROUND27_PHOTOS, backlightCrumbs: undefined }, 2);
    const most26 = Math.max(...round26.map((photo) => stacked(photo.name)));
    for (const [i, photo] of round27.entries()) {
      const own = ["-backlit", "-crumbs"].filter((tag) => photo.name.includes(tag));
      expect(own.length, photo.name).toBeLessThanOrEqual(1);
      expect(Boolean(photo.backlightCrumbs), photo.name).toBe(own.length === 1);
      if (!own.length) {
        expect(photo, photo.name).toEqual(withoutBacklightCrumbs[i]);
        continue;
      }
      for (const earlier of ["coinFilm", "clothFocus", "carFringe", "glassWax", "setting", "post", "framing", "keep", "carry", "home", "room", "wallet"] as const) expect(photo[earlier], `${photo.name} ${earlier}`).toBeUndefined();
      expect(photo.style.mirror).toBeUndefined();
      expect(photo.name).not.toMatch(/-(coin|clingfilm|tablecloth|defocused|dashboard|fringes|glasstop|waxy|watermark|flare|square|blinds|cutleft|cutright|cuttop|cutbottom|ringlight|pocket|hdr|badge|mirrored|fingertips|window|smudge|phoneshadow|bankcard|loyaltycard|holo)\b/);
      expect(stacked(photo.name), photo.name).toBeLessThanOrEqual(most26);
    }
  });

  it("the backlight: a card held in a hand or between two fingers (not a screenshot or a scanner app's output) against a blown-out window, a veil 0.18–0.38 dark over the card and the light 8–22 px round its rim; the others have none", () => {
    const backlit = [0, 1, 2].flatMap((k) => idPhotoSet({ ...ROUND27_PHOTOS, seed: 38 + k * 100 }, 2)).filter((photo) => photo.name.includes("-backlit"));
    expect(backlit.length).toBeGreaterThan(3);
    for (const photo of [...backlit, ...round27]) expect((photo.style.scene?.onCard ?? "").includes("data-backlight-shade="), photo.name).toBe(photo.name.includes("-backlit"));
    for (const photo of backlit) {
      expect(photo.name).toMatch(/-(hand|pinch)/);
      expect(photo.name).not.toMatch(/-(screen|screenshot|scanapp)\b/);
      const onCard = photo.style.scene!.onCard!;
      const shade = Number(/data-backlight-shade="([\d.]+)"/.exec(onCard)![1]);
      const glow = Number(/data-backlight-glow="(\d+)"/.exec(onCard)![1]);
      expect(shade).toBeGreaterThanOrEqual(0.18);
      expect(shade).toBeLessThanOrEqual(0.38);
      expect(glow).toBeGreaterThanOrEqual(8);
      expect(glow).toBeLessThanOrEqual(22);
      // The window behind: near white.
      expect(photo.style.background).toMatch(/^radial-gradient\(circle at -?\d+% -?\d+%, #ffffff 0%, #fbfaf4 45%, #e9e6da 100%\)$/);
      expect(photo.backlightCrumbs).toMatch(/^against a bright window, the card in its shadow [\d.]+, the light \d+ px round its rim$/);
    }
  });

  it("the crumbs: on a card or its copy lying on something (not held, not on a screen, not a screenshot or a scanner app's output), 5 to 16 crumbs 3–9 px (of the card's 1000) across, on the card and up to 20 px past its rim; the others have none", () => {
    const crumbed = [0, 1, 2, 3, 4, 5].flatMap((k) => idPhotoSet({ ...ROUND27_PHOTOS, seed: 38 + k * 100 }, 2)).filter((photo) => photo.name.includes("-crumbs"));
    expect(crumbed.length).toBeGreaterThan(3);
    for (const photo of [...crumbed, ...round27]) expect((photo.style.scene?.onCard ?? "").includes("data-crumb="), photo.name).toBe(photo.name.includes("-crumbs"));
    for (const photo of crumbed) {
      expect(photo.name).not.toMatch(/-(hand|pinch|screen|screenshot|scanapp)\b/);
      const onCard = photo.style.scene!.onCard!;
      const crumbs = [...onCard.matchAll(/data-crumb="([\d.]+)" style="position:absolute;left:(-?\d+)px;top:(-?\d+)px;width:([\d.]+)px;height:([\d.]+)px/g)];
      const [, count] = /^(\d+) crumbs on the card/.exec(photo.backlightCrumbs!)!;
      expect(crumbs).toHaveLength(Number(count));
      expect(crumbs.length).toBeGreaterThanOrEqual(5);
      expect(crumbs.length).toBeLessThanOrEqual(16);
      for (const [, size, left, top, width, height] of crumbs) {
        expect(Number(size)).toBeGreaterThanOrEqual(3);
        expect(Number(size)).toBeLessThanOrEqual(9);
        // Centres on the card or up to 20 px past its rim (1000 × 630).
        const [cx, cy] = [Number(left) + Number(width) / 2, Number(top) + Number(height) / 2];
        expect(cx).toBeGreaterThanOrEqual(-21);
        expect(cx).toBeLessThanOrEqual(1021);
        expect(cy).toBeGreaterThanOrEqual(-21);
        expect(cy).toBeLessThanOrEqual(651);
      }
    }
  });

  it("the earlier rounds' photos, round 26's included, have none of round 27's conditions", () => {
    for (const photo of [...round26, ...idPhotoSet(ROUND25_PHOTOS, 2), ...idPhotoSet(ROUND24_PHOTOS, 2), ...idPhotoSet(TUNE_SCENE_PHOTOS, 2)]) {
      expect(photo.backlightCrumbs).toBeUndefined();
      expect(photo.name).not.toMatch(/-(backlit|crumbs)\b/);
      expect(photo.style.scene?.onCard ?? "").not.toMatch(/data-(backlight|crumb)/);
    }
    // Round 26's photos are the same as when they were sealed: the new stream is drawn apart from the others.
    expect(idPhotoSet({ ...ROUND27_PHOTOS, seed: 37, backlightCrumbs: undefined }, 2)).toEqual(round26);
  });
});

describe("ID photo round 28 as fixtures (no reader)", () => {
  const round28 = idPhotoSet(ROUND28_PHOTOS, 2);
  const round27 = idPhotoSet(ROUND27_PHOTOS, 2);
  const stacked = (name: string) => name.replace(/^id-[^-]+-photo-s\d+-\d+-?/, "").replace(/\.jpg$/, "").split("-").filter(Boolean).length;

  it("round 28 has a new seed and round 27's conditions at round 27's rates, plus its own cracked lens cover and flicker bands", () => {
    expectNextRound(ROUND28_PHOTOS, ROUND27_PHOTOS, 39, "crackFlicker");
    expectWholeRound(round28, ["crackedlens", "flicker", "photocopy"]);
  });

  it("a photo draws one of round 28's conditions at most, and then none of round 27's to 15's; such a photo stacks no more conditions than round 27's did, and every other photo is drawn as without round 28", () => {
    const withoutCrackFlicker = idPhotoSet({ ...ROUND28_PHOTOS, crackFlicker: undefined }, 2);
    const most27 = Math.max(...round27.map((photo) => stacked(photo.name)));
    for (const [i, photo] of round28.entries()) {
      const own = ["-crackedlens", "-flicker"].filter((tag) => photo.name.includes(tag));
      expect(own.length, photo.name).toBeLessThanOrEqual(1);
      expect(Boolean(photo.crackFlicker), photo.name).toBe(own.length === 1);
      if (!own.length) {
        expect(photo, photo.name).toEqual(withoutCrackFlicker[i]);
        continue;
      }
      for (const earlier of ["backlightCrumbs", "coinFilm", "clothFocus", "carFringe", "glassWax", "setting", "post", "framing", "keep", "carry", "home", "room", "wallet"] as const) expect(photo[earlier], `${photo.name} ${earlier}`).toBeUndefined();
      expect(photo.style.mirror).toBeUndefined();
      expect(photo.name).not.toMatch(/-(backlit|crumbs|coin|clingfilm|tablecloth|defocused|dashboard|fringes|glasstop|waxy|watermark|flare|square|blinds|cutleft|cutright|cuttop|cutbottom|ringlight|pocket|hdr|badge|mirrored|fingertips|window|smudge|phoneshadow|bankcard|loyaltycard|holo)\b/);
      expect(stacked(photo.name), photo.name).toBeLessThanOrEqual(most27);
    }
  });

  it("the cracked lens cover: in any photo a phone takes (not a screenshot or a scanner app's output), 2 to 5 cracks 0.3–0.6 bright from one point inside the frame and a haze 0.04–0.12 round it, over the whole frame; the others have none", () => {
    const cracked = [0, 1, 2].flatMap((k) => idPhotoSet({ ...ROUND28_PHOTOS, seed: 39 + k * 100 }, 2)).filter((photo) => photo.name.includes("-crackedlens"));
    expect(cracked.length).toBeGreaterThan(5);
    for (const photo of [...cracked, ...round28]) expect((photo.style.scene?.over ?? "").includes("data-crack="), photo.name).toBe(photo.name.includes("-crackedlens"));
    const counts = new Set<number>();
    for (const photo of cracked) {
      expect(photo.name).not.toMatch(/-(screenshot|scanapp)\b/);
      const over = photo.style.scene!.over!;
      const lines = Number(/data-crack="(\d+)"/.exec(over)![1]);
      counts.add(lines);
      expect(lines).toBeGreaterThanOrEqual(2);
      expect(lines).toBeLessThanOrEqual(5);
      const paths = [...over.matchAll(/<path d="M(-?[\d.]+) (-?[\d.]+) Q-?[\d.]+ -?[\d.]+ -?[\d.]+ -?[\d.]+" stroke="rgb\(255,252,244\)" stroke-opacity="([\d.]+)"/g)];
      expect(paths).toHaveLength(lines);
      // Every crack from the same point, inside the frame.
      const [width, height] = [Number(/data-crack="\d+" width="(\d+)"/.exec(over)![1]), Number(/data-crack="\d+" width="\d+" height="(\d+)"/.exec(over)![1])];
      for (const [, x, y, opacity] of paths) {
        expect([x, y]).toEqual([paths[0]![1], paths[0]![2]]);
        expect(Number(x)).toBeGreaterThanOrEqual(0);
        expect(Number(x)).toBeLessThanOrEqual(width);
        expect(Number(y)).toBeGreaterThanOrEqual(0);
        expect(Number(y)).toBeLessThanOrEqual(height);
        expect(Number(opacity)).toBeGreaterThanOrEqual(0.3);
        expect(Number(opacity)).toBeLessThanOrEqual(0.6);
      }
      const haze = Number(/data-crack-haze="([\d.]+)"/.exec(over)![1]);
      expect(haze).toBeGreaterThanOrEqual(0.04);
      expect(haze).toBeLessThanOrEqual(0.12);
      expect(photo.crackFlicker).toMatch(/^a cracked lens cover, \d cracks [\d.]+ bright, a haze [\d.]+ round the hit$/);
    }
    expect(counts.size).toBeGreaterThan(2);
  });

  it("the flicker bands: in a photo of a card in a room (not of a screen, not a screenshot or a scanner app's output), soft dark bands across the frame 5–14 % of its height apart, up to 8–20 % darker; the others have none", () => {
    const flickering = [0, 1, 2, 3].flatMap((k) => idPhotoSet({ ...ROUND28_PHOTOS, seed: 39 + k * 100 }, 2)).filter((photo) => photo.name.includes("-flicker"));
    expect(flickering.length).toBeGreaterThan(5);
    for (const photo of [...flickering, ...round28]) expect((photo.style.scene?.over ?? "").includes("data-flicker="), photo.name).toBe(photo.name.includes("-flicker"));
    for (const photo of flickering) {
      expect(photo.name).not.toMatch(/-(screen|screenshot|scanapp)\b/);
      const over = photo.style.scene!.over!;
      const period = Number(/data-flicker="([\d.]+)"/.exec(over)![1]);
      const dark = Number(/data-flicker-dark="([\d.]+)"/.exec(over)![1]);
      expect(period).toBeGreaterThanOrEqual(0.05);
      expect(period).toBeLessThanOrEqual(0.14);
      expect(dark).toBeGreaterThanOrEqual(0.08);
      expect(dark).toBeLessThanOrEqual(0.2);
      expect(over).toMatch(/mix-blend-mode:multiply;background:repeating-linear-gradient\(180deg, /);
      expect(photo.crackFlicker).toMatch(/^a flickering lamp's bands, [\d.]+ % of the frame's height apart, up to [\d.]+ darker$/);
    }
  });

  it("the earlier rounds' photos, round 27's included, have none of round 28's conditions", () => {
    for (const photo of [...round27, ...idPhotoSet(ROUND26_PHOTOS, 2), ...idPhotoSet(ROUND25_PHOTOS, 2), ...idPhotoSet(TUNE_SCENE_PHOTOS, 2)]) {
      expect(photo.crackFlicker).toBeUndefined();
      expect(photo.name).not.toMatch(/-(crackedlens|flicker)\b/);
      expect(photo.style.scene?.over ?? "").not.toMatch(/data-(crack|flicker)/);
    }
    // Round 27's photos are the same as when they were sealed: the new stream is drawn apart from the others.
    expect(idPhotoSet({ ...ROUND28_PHOTOS, seed: 38, crackFlicker: undefined }, 2)).toEqual(round27);
  });
});

describe("ID photo round 29 as fixtures (no reader)", () => {
  const round29 = idPhotoSet(ROUND29_PHOTOS, 2);
  const round28 = idPhotoSet(ROUND28_PHOTOS, 2);
  const stacked = (name: string) => name.replace(/^id-[^-]+-photo-s\d+-\d+-?/, "").replace(/\.jpg$/, "").split("-").filter(Boolean).length;

  it("round 29 has a new seed and round 28's conditions at round 28's rates, plus its own dappled sunlight and drops on the lens", () => {
    expectNextRound(ROUND29_PHOTOS, ROUND28_PHOTOS, 40, "dappleDrops");
    expectWholeRound(round29, ["dappled", "lensdrops"]);
  });

  it("a photo draws one of round 29's conditions at most, and then none of round 28's to 15's; such a photo stacks no more conditions than round 28's did, and every other photo is drawn as without round 29", () => {
    const withoutDappleDrops = idPhotoSet({ ...ROUND29_PHOTOS, dappleDrops: undefined }, 2);
    const most28 = Math.max(...round28.map((photo) => stacked(photo.name)));
    for (const [i, photo] of round29.entries()) {
      const own = ["-dappled", "-lensdrops"].filter((tag) => photo.name.includes(tag));
      expect(own.length, photo.name).toBeLessThanOrEqual(1);
      expect(Boolean(photo.dappleDrops), photo.name).toBe(own.length === 1);
      if (!own.length) {
        expect(photo, photo.name).toEqual(withoutDappleDrops[i]);
        continue;
      }
      for (const earlier of ["crackFlicker", "backlightCrumbs", "coinFilm", "clothFocus", "carFringe", "glassWax", "setting", "post", "framing", "keep", "carry", "home", "room", "wallet"] as const) expect(photo[earlier], `${photo.name} ${earlier}`).toBeUndefined();
      expect(photo.style.mirror).toBeUndefined();
      expect(photo.name).not.toMatch(/-(crackedlens|flicker|backlit|crumbs|coin|clingfilm|tablecloth|defocused|dashboard|fringes|glasstop|waxy|watermark|flare|square|blinds|cutleft|cutright|cuttop|cutbottom|ringlight|pocket|hdr|badge|mirrored|fingertips|window|smudge|phoneshadow|bankcard|loyaltycard|holo)\b/);
      expect(stacked(photo.name), photo.name).toBeLessThanOrEqual(most28);
    }
  });

  it("the dappled sunlight: in a photo of a card (not of a screen, not a screenshot or a scanner app's output), 4 to 9 warm patches 0.18–0.4 bright over the frame and the leaves' shade 0.12–0.3 darker; the others have none", () => {
    const dappled = [0, 1, 2, 3, 4, 5].flatMap((k) => idPhotoSet({ ...ROUND29_PHOTOS, seed: 40 + k * 100 }, 2)).filter((photo) => photo.name.includes("-dappled"));
    expect(dappled.length).toBeGreaterThan(3);
    for (const photo of [...dappled, ...round29]) expect((photo.style.scene?.over ?? "").includes("data-dapple="), photo.name).toBe(photo.name.includes("-dappled"));
    const counts = new Set<number>();
    for (const photo of dappled) {
      expect(photo.name).not.toMatch(/-(screen|screenshot|scanapp)\b/);
      const over = photo.style.scene!.over!;
      const spots = Number(/data-dapple="(\d+)"/.exec(over)![1]);
      counts.add(spots);
      expect(spots).toBeGreaterThanOrEqual(4);
      expect(spots).toBeLessThanOrEqual(9);
      const patches = [...over.matchAll(/radial-gradient\(ellipse \d+px \d+px at (-?[\d.]+)% (-?[\d.]+)%, rgba\(255,244,214,([\d.]+)\) 0%/g)];
      expect(patches).toHaveLength(spots);
      for (const [, x, y, light] of patches) {
        expect(Number(x)).toBeGreaterThanOrEqual(0);
        expect(Number(x)).toBeLessThanOrEqual(100);
        expect(Number(y)).toBeGreaterThanOrEqual(0);
        expect(Number(y)).toBeLessThanOrEqual(100);
        expect(Number(light)).toBeGreaterThanOrEqual(0.18);
        expect(Number(light)).toBeLessThanOrEqual(0.4);
      }
      const shade = Number(/data-dapple-shade="([\d.]+)"/.exec(over)![1]);
      expect(shade).toBeGreaterThanOrEqual(0.12);
      expect(shade).toBeLessThanOrEqual(0.3);
      expect(photo.dappleDrops).toMatch(/^sunlight dappled through leaves, \d patches [\d.]+ bright, the shade [\d.]+ darker$/);
    }
    expect(counts.size).toBeGreaterThan(1);
  });

  it("the drops on the lens: in any photo a phone takes (not a screenshot or a scanner app's output), 3 to 8 round drops 4–11 % of the frame's width across, centred inside it; the others have none", () => {
    const wet = [0, 1, 2].flatMap((k) => idPhotoSet({ ...ROUND29_PHOTOS, seed: 40 + k * 100 }, 2)).filter((photo) => photo.name.includes("-lensdrops"));
    expect(wet.length).toBeGreaterThan(5);
    for (const photo of [...wet, ...round29]) expect((photo.style.scene?.over ?? "").includes("data-drops="), photo.name).toBe(photo.name.includes("-lensdrops"));
    for (const photo of wet) {
      expect(photo.name).not.toMatch(/-(screenshot|scanapp)\b/);
      const over = photo.style.scene!.over!;
      const count = Number(/data-drops="(\d+)"/.exec(over)![1]);
      expect(count).toBeGreaterThanOrEqual(3);
      expect(count).toBeLessThanOrEqual(8);
      const drops = [...over.matchAll(/left:(-?[\d.]+)px;top:(-?[\d.]+)px;width:([\d.]+)px;height:([\d.]+)px;border-radius:50%/g)];
      expect(drops).toHaveLength(count);
      const widths = drops.map(([, , , width]) => Number(width));
      // The frame's width from the drops' sizes is unknown here; their sizes within 4–11 % of one another's frame: at most 11/4 apart.
      expect(Math.max(...widths) / Math.min(...widths)).toBeLessThanOrEqual(11 / 4 + 0.01);
      for (const [, left, , width] of drops) expect(Number(left) + Number(width) / 2).toBeGreaterThanOrEqual(0);
      expect(photo.dappleDrops).toBe(`${count} water drops on the lens`);
    }
  });

  it("the earlier rounds' photos, round 28's included, have none of round 29's conditions", () => {
    for (const photo of [...round28, ...idPhotoSet(ROUND27_PHOTOS, 2), ...idPhotoSet(ROUND26_PHOTOS, 2), ...idPhotoSet(TUNE_SCENE_PHOTOS, 2)]) {
      expect(photo.dappleDrops).toBeUndefined();
      expect(photo.name).not.toMatch(/-(dappled|lensdrops)\b/);
      expect(photo.style.scene?.over ?? "").not.toMatch(/data-(dapple|drops)/);
    }
    // Round 28's photos are the same as when they were sealed: the new stream is drawn apart from the others.
    expect(idPhotoSet({ ...ROUND29_PHOTOS, seed: 39, dappleDrops: undefined }, 2)).toEqual(round28);
  });
});

describe("ID photo round 30 as fixtures (no reader)", () => {
  const round30 = idPhotoSet(HELD_OUT_PHOTOS, 2);
  const round29 = idPhotoSet(ROUND29_PHOTOS, 2);
  const stacked = (name: string) => name.replace(/^id-[^-]+-photo-s\d+-\d+-?/, "").replace(/\.jpg$/, "").split("-").filter(Boolean).length;

  it("round 30 has a new seed and round 29's conditions at round 29's rates, plus its own fingerprint on the card and hair on the lens", () => {
    expectNextRound(HELD_OUT_PHOTOS, ROUND29_PHOTOS, 41, "printHair");
    expectWholeRound(round30, ["fingerprint", "lenshair"]);
  });

  it("a photo draws one of round 30's conditions at most, and then none of round 29's to 15's; such a photo stacks no more conditions than round 29's did, and every other photo is drawn as without round 30", () => {
    const withoutPrintHair = idPhotoSet({ ...HELD_OUT_PHOTOS, printHair: undefined }, 2);
    const most29 = Math.max(...round29.map((photo) => stacked(photo.name)));
    for (const [i, photo] of round30.entries()) {
      const own = ["-fingerprint", "-lenshair"].filter((tag) => photo.name.includes(tag));
      expect(own.length, photo.name).toBeLessThanOrEqual(1);
      expect(Boolean(photo.printHair), photo.name).toBe(own.length === 1);
      if (!own.length) {
        expect(photo, photo.name).toEqual(withoutPrintHair[i]);
        continue;
      }
      for (const earlier of ["dappleDrops", "crackFlicker", "backlightCrumbs", "coinFilm", "clothFocus", "carFringe", "glassWax", "setting", "post", "framing", "keep", "carry", "home", "room", "wallet"] as const) expect(photo[earlier], `${photo.name} ${earlier}`).toBeUndefined();
      expect(photo.style.mirror).toBeUndefined();
      expect(photo.name).not.toMatch(/-(dappled|lensdrops|crackedlens|flicker|backlit|crumbs|coin|clingfilm|tablecloth|defocused|dashboard|fringes|glasstop|waxy|watermark|flare|square|blinds|cutleft|cutright|cuttop|cutbottom|ringlight|pocket|hdr|badge|mirrored|fingertips|window|smudge|phoneshadow|bankcard|loyaltycard|holo)\b/);
      expect(stacked(photo.name), photo.name).toBeLessThanOrEqual(most29);
    }
  });

  it("the fingerprint: on a photo of a card (not of a screen, not of a photocopy, not a screenshot or a scanner app's output), whorled ridges 12–22 % of the frame's width across, 0.2–0.45 bright, centred in the frame's middle; the others have none", () => {
    const printed = [0, 1, 2, 3].flatMap((k) => idPhotoSet({ ...HELD_OUT_PHOTOS, seed: 41 + k * 100 }, 2)).filter((photo) => photo.name.includes("-fingerprint"));
    expect(printed.length).toBeGreaterThan(3);
    for (const photo of [...printed, ...round30]) expect((photo.style.scene?.over ?? "").includes("data-fingerprint="), photo.name).toBe(photo.name.includes("-fingerprint"));
    for (const photo of printed) {
      expect(photo.name).not.toMatch(/-(screen|screenshot|scanapp|photocopy)\b/);
      const over = photo.style.scene!.over!;
      const strength = Number(/data-fingerprint="([\d.]+)"/.exec(over)![1]);
      expect(strength).toBeGreaterThanOrEqual(0.2);
      expect(strength).toBeLessThanOrEqual(0.45);
      expect(over).toMatch(/repeating-radial-gradient\(ellipse/);
      const [, left, top, width, height] = /data-fingerprint="[\d.]+" style="position:absolute;left:(-?[\d.]+)px;top:(-?[\d.]+)px;width:([\d.]+)px;height:([\d.]+)px/.exec(over)!.map(Number);
      expect(height! / width!).toBeCloseTo(1.3, 1);
      // Its centre in the frame's middle (0.32–0.68 of its width): the frame's width from the print's share of it.
      const share = Number(/([\d.]+) % of the frame's width across/.exec(photo.printHair!)![1]);
      expect(share).toBeGreaterThanOrEqual(12);
      expect(share).toBeLessThanOrEqual(22);
      const frameWidth = width! / (share / 100);
      expect((left! + width! / 2) / frameWidth).toBeGreaterThanOrEqual(0.31);
      expect((left! + width! / 2) / frameWidth).toBeLessThanOrEqual(0.69);
      expect(top! + height! / 2).toBeGreaterThan(0);
      expect(photo.printHair).toMatch(/^a greasy fingerprint on the card, [\d.]+ % of the frame's width across, [\d.]+ bright$/);
    }
  });

  it("the hair on the lens: in any photo a phone takes (not a screenshot or a scanner app's output), one soft dark curve 0.35–0.7 dark, 30–70 % of the frame's width long, blurred; the others have none", () => {
    const haired = [0, 1, 2].flatMap((k) => idPhotoSet({ ...HELD_OUT_PHOTOS, seed: 41 + k * 100 }, 2)).filter((photo) => photo.name.includes("-lenshair"));
    expect(haired.length).toBeGreaterThan(5);
    for (const photo of [...haired, ...round30]) expect((photo.style.scene?.over ?? "").includes("data-hair="), photo.name).toBe(photo.name.includes("-lenshair"));
    for (const photo of haired) {
      expect(photo.name).not.toMatch(/-(screenshot|scanapp)\b/);
      const over = photo.style.scene!.over!;
      const dark = Number(/data-hair="([\d.]+)"/.exec(over)![1]);
      expect(dark).toBeGreaterThanOrEqual(0.35);
      expect(dark).toBeLessThanOrEqual(0.7);
      expect(over.match(/<path d="M [\d. -]+ C /g)).toHaveLength(1);
      expect(over).toMatch(/data-hair="[\d.]+" width="\d+" height="\d+" style="[^"]*filter:blur\([\d.]+px\)/);
      const length = Number(/([\d.]+) % of the frame's width long/.exec(photo.printHair!)![1]);
      expect(length).toBeGreaterThanOrEqual(30);
      expect(length).toBeLessThanOrEqual(70);
      expect(photo.printHair).toMatch(/^a hair on the lens, [\d.]+ % of the frame's width long, [\d.]+ dark$/);
    }
  });

  it("the earlier rounds' photos, round 29's included, have none of round 30's conditions", () => {
    for (const photo of [...round29, ...idPhotoSet(ROUND28_PHOTOS, 2), ...idPhotoSet(ROUND27_PHOTOS, 2), ...idPhotoSet(TUNE_SCENE_PHOTOS, 2)]) {
      expect(photo.printHair).toBeUndefined();
      expect(photo.name).not.toMatch(/-(fingerprint|lenshair)\b/);
      expect(photo.style.scene?.over ?? "").not.toMatch(/data-(fingerprint|hair)/);
    }
    // Round 29's photos are the same as when they were sealed: the new stream is drawn apart from the others.
    expect(idPhotoSet({ ...HELD_OUT_PHOTOS, seed: 40, printHair: undefined }, 2)).toEqual(round29);
  });
});
