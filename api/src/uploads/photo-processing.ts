import sharp, { type Sharp } from 'sharp';
import decodeHeic from 'heic-decode';

/** Photos as phones and cameras take them; the formats the spec names (SVG, PNG, GIF) are read by `checkImage`. */
export type CameraFormat = 'jpeg' | 'webp' | 'heif';

/** The side of the square a camera photo is stored as: sharp on a high-density screen at the sizes the product shows. */
export const PHOTO_SIDE = 512;

/** A larger picture is refused before it is decoded: 50 megapixels is more than any phone takes. */
const MAX_PIXELS = 50_000_000;

/** HEIF brands: HEIC (HEVC-coded, what iPhones take), its sequences, and the generic image brands. */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1', 'avif']);

/** Recognises a JPEG, WebP or HEIF/HEIC by its content (never by its name); undefined for anything else. */
export function cameraFormat(data: Buffer): CameraFormat | undefined {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (data.length >= 12 && data.toString('latin1', 4, 8) === 'ftyp' && HEIF_BRANDS.has(data.toString('latin1', 8, 12))) return 'heif';
  return undefined;
}

/** Turned the way the camera held it, the middle square, scaled, WebP; sharp keeps no metadata unless asked. */
const square = (image: Sharp) => image.rotate().resize(PHOTO_SIDE, PHOTO_SIDE, { fit: 'cover', position: 'centre' }).webp({ quality: 82 }).toBuffer();

/**
 * The photo as the profile shows it: turned the way the camera held it,
 * cropped to the middle square, scaled to {@link PHOTO_SIDE} and encoded as
 * WebP. Nothing of the file's metadata is kept (a phone's photo carries where
 * it was taken). Undefined when the file does not decode as the picture it
 * claims to be.
 */
export async function squarePhoto(data: Buffer, format: CameraFormat): Promise<Buffer | undefined> {
  try {
    return await square(sharp(data, { limitInputPixels: MAX_PIXELS, failOn: 'error' }));
  } catch {
    // sharp's own build reads AVIF but not HEVC-coded HEIC: that goes through libheif compiled to WebAssembly.
    if (format !== 'heif') return undefined;
  }
  try {
    const { width, height, data: pixels } = await decodeHeic({ buffer: data });
    if (width * height > MAX_PIXELS) return undefined;
    return await square(sharp(Buffer.from(pixels.buffer, pixels.byteOffset, pixels.byteLength), { raw: { width, height, channels: 4 } }));
  } catch {
    return undefined;
  }
}
