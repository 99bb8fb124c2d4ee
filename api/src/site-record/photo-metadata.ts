import exifr from 'exifr';

export interface PhotoMetadata {
  /** When the photo was taken; the camera's wall clock read as UTC when it gave no offset. */
  capturedAt: Date | null;
  latitude: number | null;
  longitude: number | null;
}

const NOTHING: PhotoMetadata = { capturedAt: null, latitude: null, longitude: null };

/** "YYYY:MM:DD HH:MM:SS" with an optional "+01:00", as EXIF writes them. */
function exifTime(value: unknown, offset: unknown): Date | null {
  const match = typeof value === 'string' ? /^(\d{4}):(\d{2}):(\d{2}) (\d{2}):(\d{2}):(\d{2})/.exec(value) : null;
  if (!match) return null;
  const zone = typeof offset === 'string' && /^[+-]\d{2}:\d{2}$/.test(offset) ? offset : 'Z';
  const at = new Date(`${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}${zone}`);
  return Number.isNaN(at.getTime()) ? null : at;
}

const coordinate = (value: unknown, limit: number) =>
  typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit ? Math.round(value * 1e6) / 1e6 : null;

/**
 * The capture time and GPS position a photo's EXIF carries, when it does. The
 * raw values are read (not exifr's dates, which follow the server's time zone);
 * a photo without EXIF, or with EXIF that cannot be read, has none.
 */
export async function readPhotoMetadata(data: Buffer): Promise<PhotoMetadata> {
  let tags: Record<string, unknown> | undefined;
  try {
    tags = await exifr.parse(data, {
      reviveValues: false,
      gps: true,
      pick: [
        'DateTimeOriginal',
        'CreateDate',
        'OffsetTimeOriginal',
        'OffsetTime',
        'GPSLatitude',
        'GPSLongitude',
        'GPSLatitudeRef',
        'GPSLongitudeRef',
      ],
    });
  } catch {
    return NOTHING;
  }
  if (!tags) return NOTHING;
  const latitude = coordinate(tags.latitude, 90);
  const longitude = coordinate(tags.longitude, 180);
  return {
    capturedAt: exifTime(tags.DateTimeOriginal, tags.OffsetTimeOriginal) ?? exifTime(tags.CreateDate, tags.OffsetTime),
    latitude: latitude !== null && longitude !== null ? latitude : null,
    longitude: latitude !== null && longitude !== null ? longitude : null,
  };
}
