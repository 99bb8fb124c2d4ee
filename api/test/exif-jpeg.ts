import jpeg from 'jpeg-js';

/**
 * A real JPEG (a small flat-coloured picture) carrying the EXIF a phone
 * writes: the capture time (with its UTC offset when given) and, when given,
 * the GPS position. Built here so the tests need no image files.
 */
export function exifJpeg(options: {
  takenAt: string;
  offset?: string;
  latitude?: number;
  longitude?: number;
  colour?: [number, number, number];
}): Buffer {
  const [r, g, b] = options.colour ?? [200, 150, 100];
  const width = 16;
  const height = 16;
  const pixels = Buffer.alloc(width * height * 4);
  for (let i = 0; i < width * height; i++) pixels.set([r, g, b, 255], i * 4);
  const image = jpeg.encode({ data: pixels, width, height }, 80).data;
  const app1 = exifSegment(options);
  // After the SOI marker (FF D8): the APP1 segment, then the rest of the file.
  return Buffer.concat([image.subarray(0, 2), app1, image.subarray(2)]);
}

type Entry = { tag: number; type: 2 | 3 | 4 | 5; values: number[] | string };

/** `takenAt` as EXIF writes it: "YYYY:MM:DD HH:MM:SS". */
function exifSegment(options: { takenAt: string; offset?: string; latitude?: number; longitude?: number }): Buffer {
  const exif: Entry[] = [{ tag: 0x9003, type: 2, values: options.takenAt }];
  if (options.offset) exif.push({ tag: 0x9011, type: 2, values: options.offset });
  const gps: Entry[] = [];
  if (options.latitude !== undefined && options.longitude !== undefined) {
    gps.push(
      { tag: 0x0001, type: 2, values: options.latitude >= 0 ? 'N' : 'S' },
      { tag: 0x0002, type: 5, values: degrees(Math.abs(options.latitude)) },
      { tag: 0x0003, type: 2, values: options.longitude >= 0 ? 'E' : 'W' },
      { tag: 0x0004, type: 5, values: degrees(Math.abs(options.longitude)) },
    );
  }
  // Little-endian TIFF: header, IFD0 (pointers to the Exif and GPS IFDs), then those IFDs.
  const ifd0: Entry[] = [{ tag: 0x8769, type: 4, values: [0] }];
  if (gps.length) ifd0.push({ tag: 0x8825, type: 4, values: [0] });
  const ifd0Offset = 8;
  const exifOffset = ifd0Offset + ifdSize(ifd0);
  const gpsOffset = exifOffset + ifdSize(exif);
  ifd0[0]!.values = [exifOffset];
  if (gps.length) ifd0[1]!.values = [gpsOffset];
  const header = Buffer.from([0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00]);
  const tiff = Buffer.concat([header, writeIfd(ifd0, ifd0Offset), writeIfd(exif, exifOffset), ...(gps.length ? [writeIfd(gps, gpsOffset)] : [])]);
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const marker = Buffer.from([0xff, 0xe1, 0, 0]);
  marker.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([marker, body]);
}

function degrees(value: number): number[] {
  const d = Math.floor(value);
  const m = Math.floor((value - d) * 60);
  const s = Math.round(((value - d) * 60 - m) * 60 * 10000);
  return [d, 1, m, 1, s, 10000];
}

function valueBytes(entry: Entry): Buffer {
  if (typeof entry.values === 'string') return Buffer.from(`${entry.values}\0`, 'latin1');
  const size = entry.type === 3 ? 2 : 4;
  const out = Buffer.alloc(entry.values.length * size);
  entry.values.forEach((value, i) => (size === 2 ? out.writeUInt16LE(value, i * 2) : out.writeUInt32LE(value, i * 4)));
  return out;
}

const count = (entry: Entry) =>
  typeof entry.values === 'string' ? entry.values.length + 1 : entry.type === 5 ? entry.values.length / 2 : entry.values.length;
const extra = (entry: Entry) => {
  const bytes = valueBytes(entry).length;
  return bytes > 4 ? bytes + (bytes % 2) : 0;
};
const ifdSize = (entries: Entry[]) => 2 + entries.length * 12 + 4 + entries.reduce((sum, entry) => sum + extra(entry), 0);

function writeIfd(entries: Entry[], offset: number): Buffer {
  const table = Buffer.alloc(2 + entries.length * 12 + 4);
  table.writeUInt16LE(entries.length, 0);
  let dataOffset = offset + table.length;
  const data: Buffer[] = [];
  entries.forEach((entry, i) => {
    const at = 2 + i * 12;
    const bytes = valueBytes(entry);
    table.writeUInt16LE(entry.tag, at);
    table.writeUInt16LE(entry.type, at + 2);
    table.writeUInt32LE(count(entry), at + 4);
    if (bytes.length <= 4) bytes.copy(table, at + 8);
    else {
      table.writeUInt32LE(dataOffset, at + 8);
      const padded = bytes.length % 2 ? Buffer.concat([bytes, Buffer.alloc(1)]) : bytes;
      data.push(padded);
      dataOffset += padded.length;
    }
  });
  return Buffer.concat([table, ...data]);
}
