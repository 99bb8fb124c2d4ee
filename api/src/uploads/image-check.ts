import { sanitizeSvg } from './svg-sanitize';

export type ImageKind = 'png' | 'gif' | 'svg';

export interface CheckedImage {
  kind: ImageKind;
  /** Unknown for an SVG that gives neither width/height nor a viewBox (it scales to its box). */
  width: number | undefined;
  height: number | undefined;
  /** What to store: the upload itself, or the sanitised SVG. */
  data: Buffer;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function readPng(data: Buffer): CheckedImage | undefined {
  // Signature, then the IHDR chunk (length, type, width, height, big-endian).
  if (data.length < 24 || !data.subarray(0, 8).equals(PNG_SIGNATURE)) return undefined;
  if (data.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { kind: 'png', width: data.readUInt32BE(16), height: data.readUInt32BE(20), data };
}

function readGif(data: Buffer): CheckedImage | undefined {
  // Header, then the logical screen size (little-endian).
  if (data.length < 10) return undefined;
  const header = data.toString('latin1', 0, 6);
  if (header !== 'GIF87a' && header !== 'GIF89a') return undefined;
  return { kind: 'gif', width: data.readUInt16LE(6), height: data.readUInt16LE(8), data };
}

/** A length in user units; relative units (%, em) say nothing about pixels. */
function pixels(value: string | undefined): number | undefined {
  const match = /^\s*([0-9]*\.?[0-9]+)\s*(px)?\s*$/.exec(value ?? '');
  return match ? Number(match[1]) : undefined;
}

function readSvg(data: Buffer): CheckedImage | undefined {
  const sanitized = sanitizeSvg(data.toString('utf8'));
  if (!sanitized) return undefined;
  const { svg, root } = sanitized;
  let width = pixels(root.width);
  let height = pixels(root.height);
  const box = root.viewBox
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  if (box && box.length === 4 && box.every(Number.isFinite)) {
    width ??= box[2];
    height ??= box[3];
  }
  return { kind: 'svg', width, height, data: Buffer.from(svg, 'utf8') };
}

/** Recognises a PNG, GIF or SVG by its content (never by its name); undefined for anything else. */
export function checkImage(data: Buffer): CheckedImage | undefined {
  return readPng(data) ?? readGif(data) ?? readSvg(data);
}
