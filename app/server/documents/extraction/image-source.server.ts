// Where a photo's pixels come from (issue #14: a Worker isolate has 128 MB). A whole 12-megapixel
// phone frame is decoded once at the smallest DCT scale that still gives the readers the size they
// need (OCR_MAX_SIDE: a 4032 × 3024 frame becomes 2016 × 1512, a quarter of the pixels), and the
// card found in it is cut from the stored full-resolution frame by decoding only the card's window.
import { straightenCard, type CardLocation } from "./card-geometry.server";
import { decodeJpeg, JpegDecodeError, readJpegHeader, type DctScale } from "./jpeg-decode.server";
import {
  crop,
  decodeImage,
  ImageDecodeError,
  MAX_DECODE_MEGAPIXELS,
  OCR_MAX_SIDE,
  type RgbaImage,
} from "./image.server";

export interface ImageSource {
  /** The whole image at the size the readers need: reduced in decoding when the file is larger. */
  image: RgbaImage;
  /** The stored image's own size. */
  fullWidth: number;
  fullHeight: number;
  /** Stored pixels per pixel of `image` across and down (1, 2, 4 or 8). */
  scale: DctScale;
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

function jpegError(error: unknown): never {
  if (error instanceof JpegDecodeError) throw new ImageDecodeError(error.message);
  throw error;
}

/**
 * Opens an uploaded JPEG or PNG for reading. A JPEG is decoded at the scale `dctScaleFor` picks for
 * `minSide`; its `detail` decodes the asked window of the stored frame at full resolution.
 */
export function openImage(
  bytes: Uint8Array,
  mimeType: "image/jpeg" | "image/png",
  minSide = OCR_MAX_SIDE,
): ImageSource {
  if (mimeType === "image/png") return wholeImage(decodeImage(bytes, mimeType));
  const maxPixels = MAX_DECODE_MEGAPIXELS * 1e6;
  try {
    const header = readJpegHeader(bytes);
    if (header.width * header.height > maxPixels)
      throw new ImageDecodeError(`image too large (${header.width} × ${header.height})`);
    const scale = dctScaleFor(header.width, header.height, minSide);
    const image = decodeJpeg(bytes, { scale, maxPixels });
    return {
      image,
      fullWidth: header.width,
      fullHeight: header.height,
      scale,
      detail: (rect) => {
        const window = {
          left: rect.left * scale,
          top: rect.top * scale,
          right: rect.right * scale,
          bottom: rect.bottom * scale,
        };
        try {
          const part = decodeJpeg(bytes, { window, maxPixels });
          return { image: part, left: part.left, top: part.top };
        } catch (error) {
          return jpegError(error);
        }
      },
    };
  } catch (error) {
    return jpegError(error);
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
  // A reduced pixel's centre i + ½ is the stored pixels' centre (i + ½)·scale, i.e. index i·scale + (scale − 1)/2.
  const shift = (source.scale - 1) / 2;
  const quad = card.quad.map((p) => ({
    x: p.x * source.scale + shift - part.left,
    y: p.y * source.scale + shift - part.top,
  })) as CardLocation["quad"];
  return straightenCard(part.image, { ...card, quad });
}
