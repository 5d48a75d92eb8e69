// Where a photo's pixels come from (issue #14: a Worker isolate has 128 MB). A photo is never held
// whole at its stored size: a JPEG is decoded at the smallest DCT scale that still gives the readers
// the size they need (OCR_MAX_SIDE: a 4032 × 3024 frame becomes 2016 × 1512, a quarter of the
// pixels), and what is still well above that size (a 3264 × 2448 frame, a large PNG) is box-shrunk to
// it row by row while decoding — the pixels shrinkToFit would have made of the whole decode. The card
// found in it is cut from the stored full-resolution image by decoding only the card's window.
import { straightenCard, type CardLocation } from "./card-geometry.server";
import { decodeJpeg, decodeJpegRows, JpegDecodeError, readJpegHeader, type DctScale } from "./jpeg-decode.server";
import { decodePngRows, PngDecodeError, readPngHeader } from "./png-decode.server";
import {
  crop,
  decodeImage,
  ImageDecodeError,
  MAX_DECODE_MEGAPIXELS,
  OCR_MAX_SIDE,
  rememberSmallerCopies,
  RowShrinker,
  type RgbaImage,
} from "./image.server";

export interface ImageSource {
  /** The whole image at the size the readers need: reduced in decoding when the file is larger. */
  image: RgbaImage;
  /** The stored image's own size. */
  fullWidth: number;
  fullHeight: number;
  /** Stored pixels per pixel of `image` across and down (1 when not reduced; not always whole). */
  scale: number;
  /** A point (x, y) of `image` is (x·scale + shift, y·scale + shift) in the stored image. */
  shift: number;
  /** The stored pixels under a rectangle of `image`'s pixels, and where they start in the stored image. */
  detail(rect: { left: number; top: number; right: number; bottom: number }): {
    image: RgbaImage;
    left: number;
    top: number;
  };
}

/** An image already in memory (a PNG, a scanned PDF's page): nothing finer to decode. */
export function wholeImage(image: RgbaImage): ImageSource {
  return {
    image,
    fullWidth: image.width,
    fullHeight: image.height,
    scale: 1,
    shift: 0,
    detail: (rect) => ({
      image: crop(image, rect),
      left: Math.max(0, Math.floor(rect.left)),
      top: Math.max(0, Math.floor(rect.top)),
    }),
  };
}

/** The largest DCT scale whose image keeps its longest side at least `minSide` (1 when the image is smaller). */
export function dctScaleFor(width: number, height: number, minSide: number): DctScale {
  const longest = Math.max(width, height);
  for (const scale of [8, 4, 2] as const) if (Math.ceil(longest / scale) >= minSide) return scale;
  return 1;
}

/**
 * A decoded copy up to this much above the readers' size is kept as it is: a 12-megapixel frame at
 * half size (2016 × 1512, the pixels the readers were tuned on) costs no more than a shrunk one.
 */
const KEPT_ABOVE_MIN_SIDE = 1.25;

/** Whether a decoded copy this size is box-shrunk to `minSide` while it is decoded. */
export function shrunkWhileDecoding(width: number, height: number, minSide: number): boolean {
  return Math.max(width, height) > minSide * KEPT_ABOVE_MIN_SIDE;
}

function decodeError(error: unknown): never {
  if (error instanceof JpegDecodeError || error instanceof PngDecodeError) throw new ImageDecodeError(error.message);
  throw error;
}

const MAX_PIXELS = MAX_DECODE_MEGAPIXELS * 1e6;

/**
 * The smaller copies an identity photo's readers make of the whole photo: the card finder's coarse
 * (400) and fine (800) search and the text direction test (500). Made from the decoded rows with the
 * reduced copy, they are the pixels those readers had when the photo was held whole. (A bill's
 * readers shrink the page to OCR size first and then their copies of that: they need none.)
 */
export const ID_PHOTO_SMALLER_COPIES: readonly number[] = [400, 500, 800];

/**
 * Rows of a decode (`width` × `height`, top to bottom) shrunk to `minSide`, with the smaller copies
 * asked for; `scale`: decoded pixels per shrunk pixel.
 */
function shrinkRows(
  width: number,
  height: number,
  minSide: number,
  smallerCopies: readonly number[],
  decodeRows: (onRow: (y: number, row: Uint8ClampedArray) => void) => void,
) {
  const shrinker = new RowShrinker(width, height, minSide);
  const smaller = smallerCopies.filter((side) => side < minSide).map((side) => [side, new RowShrinker(width, height, side)] as const);
  decodeRows((y, row) => {
    shrinker.push(y, row);
    for (const [, copy] of smaller) copy.push(y, row);
  });
  const image = shrinker.result();
  if (smaller.length > 0) rememberSmallerCopies(image, new Map(smaller.map(([side, copy]) => [side, copy.result()])));
  return { image, scale: Math.max(width, height) / minSide };
}

function openJpeg(bytes: Uint8Array, minSide: number, smallerCopies: readonly number[]): ImageSource {
  const header = readJpegHeader(bytes);
  if (header.width * header.height > MAX_PIXELS) throw new ImageDecodeError(`image too large (${header.width} × ${header.height})`);
  const dct = dctScaleFor(header.width, header.height, minSide);
  const [width, height] = [Math.ceil(header.width / dct), Math.ceil(header.height / dct)];
  const shrunk = shrunkWhileDecoding(width, height, minSide)
    ? shrinkRows(width, height, minSide, smallerCopies, (onRow) => decodeJpegRows(bytes, { scale: dct, maxPixels: MAX_PIXELS }, onRow))
    : null;
  const scale = shrunk ? shrunk.scale * dct : dct;
  return {
    image: shrunk?.image ?? decodeJpeg(bytes, { scale: dct, maxPixels: MAX_PIXELS }),
    fullWidth: header.width,
    fullHeight: header.height,
    scale,
    // A DCT-reduced pixel's centre i + ½ is the stored pixels' centre (i + ½)·dct, i.e. index
    // i·dct + (dct − 1)/2; the box shrink's own scale maps corners, as the readers' small copies do.
    shift: (dct - 1) / 2,
    detail: (rect) => {
      const window = { left: rect.left * scale, top: rect.top * scale, right: rect.right * scale, bottom: rect.bottom * scale };
      try {
        const part = decodeJpeg(bytes, { window, maxPixels: MAX_PIXELS });
        return { image: part, left: part.left, top: part.top };
      } catch (error) {
        return decodeError(error);
      }
    },
  };
}

function openPng(bytes: Uint8Array, minSide: number, smallerCopies: readonly number[]): ImageSource {
  const { width, height } = readPngHeader(bytes);
  if (width * height > MAX_PIXELS) throw new ImageDecodeError(`image too large (${width} × ${height})`);
  if (!shrunkWhileDecoding(width, height, minSide)) return wholeImage(decodeImage(bytes, "image/png"));
  const { image, scale } = shrinkRows(width, height, minSide, smallerCopies, (onRow) =>
    decodePngRows(bytes, onRow, { maxPixels: MAX_PIXELS }),
  );
  return {
    image,
    fullWidth: width,
    fullHeight: height,
    scale,
    shift: 0,
    detail: (rect) => {
      const left = Math.min(width - 1, Math.max(0, Math.floor(rect.left * scale)));
      const top = Math.min(height - 1, Math.max(0, Math.floor(rect.top * scale)));
      const right = Math.max(left + 1, Math.min(width, Math.ceil(rect.right * scale)));
      const bottom = Math.max(top + 1, Math.min(height, Math.ceil(rect.bottom * scale)));
      const part = { width: right - left, height: bottom - top, data: new Uint8ClampedArray((right - left) * (bottom - top) * 4) };
      try {
        decodePngRows(
          bytes,
          (y, row) => {
            if (y >= top) part.data.set(row.subarray(left * 4, right * 4), (y - top) * part.width * 4);
          },
          { maxPixels: MAX_PIXELS, endRow: bottom },
        );
      } catch (error) {
        return decodeError(error);
      }
      return { image: part, left, top };
    },
  };
}

/**
 * Opens an uploaded JPEG or PNG for reading, at about `minSide` on its longest side when it is larger
 * (see above); its `detail` decodes the asked window of the stored image at full resolution. When the
 * image is shrunk while decoding, `smallerCopies` (longest sides) are made from the same rows and
 * handed out by shrinkToFit for the reduced image.
 */
export function openImage(
  bytes: Uint8Array,
  mimeType: "image/jpeg" | "image/png",
  minSide = OCR_MAX_SIDE,
  smallerCopies: readonly number[] = [],
): ImageSource {
  try {
    return mimeType === "image/png" ? openPng(bytes, minSide, smallerCopies) : openJpeg(bytes, minSide, smallerCopies);
  } catch (error) {
    return decodeError(error);
  }
}

/** Stored pixels of margin around a card's window: the warp's bilinear samples reach one pixel beyond its corners. */
const DETAIL_MARGIN = 4;

/**
 * The card cut out, made upright and rectangular (straightenCard) from the stored resolution: when
 * the frame was decoded reduced, from a full-resolution decode of the card's bounding box alone.
 */
export function straightenFromSource(source: ImageSource, card: CardLocation): RgbaImage {
  if (source.scale === 1) return straightenCard(source.image, card);
  const xs = card.quad.map((p) => p.x);
  const ys = card.quad.map((p) => p.y);
  const margin = DETAIL_MARGIN / source.scale;
  const part = source.detail({
    left: Math.min(...xs) - margin,
    top: Math.min(...ys) - margin,
    right: Math.max(...xs) + margin,
    bottom: Math.max(...ys) + margin,
  });
  const quad = card.quad.map((p) => ({
    x: p.x * source.scale + source.shift - part.left,
    y: p.y * source.scale + source.shift - part.top,
  })) as CardLocation["quad"];
  return straightenCard(part.image, { ...card, quad });
}
