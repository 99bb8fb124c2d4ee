import { createTestApp, type TestApp } from './test-app';
import { bearer, createVerifiedUser, GOOD_PASSWORD, latestMail, login } from './accounts-helpers';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { gif, multipart, png } from './images';

let t: TestApp;
let token: string;
let email: string;
beforeAll(async () => {
  t = await createTestApp();
  email = await createVerifiedUser(t.app);
  token = await login(t.app, email);
});
afterAll(async () => t.close());

const upload = (data: Buffer, filename = 'me.png', contentType = 'image/png', field = 'photo', headers: Record<string, string> = bearer(token)) => {
  const body = multipart(field, filename, contentType, data);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/me/photo',
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
};
const fetchPhoto = (url: string) => t.app.inject({ method: 'GET', url });

describe('PUT /auth/me', () => {
  const update = (payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'PUT', url: '/api/v1/auth/me', payload, headers: { ...bearer(token), ...headers } });

  it('changes the name and phone', async () => {
    const response = await update({ first_name: 'Aïcha', last_name: 'Mbarga', email, phone_number: '+33 6 12 34 56 78' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      first_name: 'Aïcha',
      last_name: 'Mbarga',
      email,
      phone_number: '+33 6 12 34 56 78',
      email_verified: true,
    });
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });
    expect(me.json().first_name).toBe('Aïcha');
  });

  it('validates every field', async () => {
    const response = await update({ first_name: '', last_name: '', email: 'bad', phone_number: 'abc' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      first_name: ['Please enter your first name'],
      last_name: ['Please enter your last name'],
      email: ['Please enter a valid email.'],
      phone_number: ['Please enter a valid phone number'],
    });
  });

  // Addresses that have an account, timing and the limit: enumeration.test.ts.
  it('sends a confirmation link to a new address and keeps the current one until it is opened', async () => {
    const address = await createVerifiedUser(t.app);
    const ownToken = await login(t.app, address);
    const changed = `changed.${address}`;
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/auth/me',
      payload: { first_name: 'A', last_name: 'B', email: changed, phone_number: '+33 6 12 34 56 78', current_password: GOOD_PASSWORD },
      headers: bearer(ownToken),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: address, email_verified: true });
    expect((await latestMail(t.app, changed))?.text).toMatch(/\/main\/settings\?confirm_email=/);
  });

  it('needs a signed-in user', async () => {
    const response = await t.app.inject({ method: 'PUT', url: '/api/v1/auth/me', payload: {} });
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /auth/me/photo', () => {
  it('stores a PNG and serves it back with nosniff', async () => {
    const image = png(800, 400);
    const response = await upload(image);
    expect(response.statusCode).toBe(200);
    const { photo_url } = response.json();
    expect(photo_url).toMatch(/^\/api\/v1\/media\/photos\/[A-Za-z0-9_-]+\.png$/);
    const served = await fetchPhoto(photo_url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(image)).toBe(true);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });
    expect(me.json().photo_url).toBe(photo_url);
  });

  it('accepts a GIF, whatever its file name says, and replaces the previous photo', async () => {
    const before = (await upload(png(10, 10))).json().photo_url;
    const response = await upload(gif(120, 80), 'avatar.jpg', 'image/jpeg');
    expect(response.statusCode).toBe(200);
    expect(response.json().photo_url).toMatch(/\.gif$/);
    expect((await fetchPhoto(before)).statusCode).toBe(404);
  });

  it('refuses an HTML page dressed up as a PNG', async () => {
    const response = await upload(Buffer.from('<html><script>alert(1)</script></html>'), 'photo.png', 'image/png');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ photo: ['The photo must be a JPEG, WebP, HEIC, SVG, PNG or GIF image.'] });
  });

  it('refuses a file that begins like a JPEG and is not a picture', async () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]);
    const response = await upload(jpeg, 'me.jpg', 'image/jpeg');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ photo: ['The photo must be a JPEG, WebP, HEIC, SVG, PNG or GIF image.'] });
  });

  it.each([
    ['a PNG too wide', () => png(801, 100)],
    ['a PNG too tall', () => png(100, 401)],
    ['a GIF too large', () => gif(1000, 1000)],
    ['an SVG too large', () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="300"/>')],
    ['an SVG whose viewBox is too large', () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 401"/>')],
  ])('refuses %s', async (_label, image) => {
    const response = await upload(image(), 'big.svg', 'image/svg+xml');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.photo).toEqual(['The photo must be at most 800×400 pixels.']);
  });

  it('translates the photo errors', async () => {
    const response = await upload(png(900, 100), 'me.png', 'image/png', 'photo', { ...bearer(token), 'accept-language': 'fr' });
    expect(response.json().errors.photo).toEqual(['La photo ne doit pas dépasser 800×400 pixels.']);
  });

  it('accepts a file of almost 2 MB', async () => {
    const response = await upload(Buffer.concat([png(10, 10), Buffer.alloc(2 * 1024 * 1024 - 1024)]));
    expect(response.statusCode).toBe(200);
  });

  it('refuses a file over 2 MB', async () => {
    const response = await upload(Buffer.concat([png(10, 10), Buffer.alloc(2 * 1024 * 1024)]));
    expect(response.statusCode).toBe(413);
    expect(response.json().errors).toEqual({ photo: ['The photo must be at most 2 MB.'] });
  });

  it('takes a camera photo of up to 15 MB, and refuses a larger one', async () => {
    // Noise does not compress: a photo of several megabytes, as phones take them.
    const noise = await sharp(randomBytes(2000 * 1500 * 3), { raw: { width: 2000, height: 1500, channels: 3 } })
      .jpeg({ quality: 95 })
      .toBuffer();
    expect(noise.length).toBeGreaterThan(2.5 * 1024 * 1024);
    expect(noise.length).toBeLessThan(15 * 1024 * 1024);
    expect((await upload(noise, 'IMG_0001.jpg', 'image/jpeg')).statusCode).toBe(200);
    const tooLarge = await upload(Buffer.concat([noise, Buffer.alloc(15 * 1024 * 1024)]), 'IMG_0002.jpg', 'image/jpeg');
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().errors).toEqual({ photo: ['A photo from a camera must be at most 15 MB.'] });
  });

  it('asks for a photo when none is sent', async () => {
    expect((await upload(png(10, 10), 'me.png', 'image/png', 'other')).json().errors).toEqual({ photo: ['Please choose a photo.'] });
    const json = await t.app.inject({ method: 'POST', url: '/api/v1/auth/me/photo', payload: {}, headers: bearer(token) });
    expect(json.statusCode).toBe(422);
  });

  it('sanitises an SVG and serves it so it cannot run anything', async () => {
    const svg = `<?xml version="1.0"?>
<!DOCTYPE svg [<!ENTITY boom "boom">]>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="200" height="100" onload="alert(1)">
  <script>alert('hi')</script>
  <style>@import url(https://evil.example/x.css);</style>
  <rect width="200" height="100" fill="url(#g)" onclick="steal()"/>
  <rect width="10" height="10" fill="url(https://evil.example/f.svg#x)"/>
  <a href="javascript:alert(1)"><circle r="5"/></a>
  <foreignObject><iframe xmlns="http://www.w3.org/1999/xhtml" src="https://evil.example"/></foreignObject>
  <image href="https://evil.example/track.png" width="1" height="1"/>
  <use xlink:href="https://evil.example/sprite.svg#icon"/>
  <use href="#g"/>
  <defs><linearGradient id="g"><stop offset="0" stop-color="#f80"/></linearGradient></defs>
  <text x="4" y="20">Tom &amp; Jerry</text>
</svg>`;
    const response = await upload(Buffer.from(svg), 'me.svg', 'image/svg+xml');
    expect(response.statusCode).toBe(200);
    const served = await fetchPhoto(response.json().photo_url);
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    const stored = served.body;
    for (const forbidden of [
      'script',
      'onload',
      'onclick',
      'foreignObject',
      'iframe',
      'evil.example',
      'javascript:',
      '<image',
      'ENTITY',
      '@import',
    ]) {
      expect(stored).not.toContain(forbidden);
    }
    expect(stored).toContain('<rect width="200" height="100" fill="url(#g)"/>');
    expect(stored).toContain('<use href="#g"/>');
    expect(stored).toContain('Tom &amp; Jerry');
    expect(stored).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  });

  it('refuses text that only claims to be SVG', async () => {
    const response = await upload(Buffer.from('<html><svg></svg></html>'), 'me.svg', 'image/svg+xml');
    expect(response.statusCode).toBe(422);
  });

  it('needs a signed-in user', async () => {
    expect((await upload(png(10, 10), 'me.png', 'image/png', 'photo', {})).statusCode).toBe(401);
  });

  it('answers 404 for a photo that does not exist or a name we never produce', async () => {
    expect((await fetchPhoto('/api/v1/media/photos/aaaaaaaaaaaaaaaaaaaaaaaa.png')).statusCode).toBe(404);
    expect((await fetchPhoto('/api/v1/media/photos/..%2F..%2Fpgdata.png')).statusCode).toBe(404);
  });
});

describe('a photo from a phone', () => {
  /** A picture whose left part is red and right part blue, as a phone would send it. */
  const halves = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } }).composite([
      {
        input: { create: { width: Math.round(width / 2), height, channels: 3, background: { r: 30, g: 60, b: 200 } } },
        left: Math.round(width / 2),
        top: 0,
      },
    ]);

  /** The stored photo: its type, size and metadata, and the colour of the pixels near its four edges. */
  async function stored(photoUrl: string) {
    const served = await fetchPhoto(photoUrl);
    expect(served.statusCode).toBe(200);
    const image = sharp(served.rawPayload);
    const meta = await image.metadata();
    const { data, info } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    const middle = { x: Math.floor(info.width / 2), y: Math.floor(info.height / 2) };
    return {
      type: served.headers['content-type'],
      width: meta.width,
      height: meta.height,
      exif: meta.exif,
      left: pixel(20, middle.y),
      right: pixel(info.width - 20, middle.y),
      top: pixel(middle.x, 20),
      bottom: pixel(middle.x, info.height - 20),
    };
  }
  const reddish = ([r, , b]: number[]) => r! > 150 && b! < 100;
  const bluish = ([r, , b]: number[]) => b! > 150 && r! < 100;

  it('takes a JPEG, crops the middle square and keeps none of its metadata (where it was taken)', async () => {
    const jpeg = await halves(1200, 800)
      .jpeg()
      .withExif({ IFD0: { Make: 'Phone', Model: 'Camera' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '4/1 3/1 0/1' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const response = await upload(jpeg, 'IMG_2041.JPG', 'image/jpeg');
    expect(response.statusCode).toBe(200);
    expect(response.json().photo_url).toMatch(/^\/api\/v1\/media\/photos\/[A-Za-z0-9_-]+\.webp$/);
    const photo = await stored(response.json().photo_url);
    expect(photo).toMatchObject({ type: 'image/webp', width: 512, height: 512, exif: undefined });
    // The middle 800×800 of a 1200×800 picture: still red on the left, blue on the right.
    expect(reddish(photo.left)).toBe(true);
    expect(bluish(photo.right)).toBe(true);
  });

  it('turns a photo the way the camera held it', async () => {
    // Stored landscape, red on the left; EXIF orientation 6 says: turn it a quarter clockwise, red on top.
    const jpeg = await halves(600, 400).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const photo = await stored((await upload(jpeg, 'IMG_2042.JPG', 'image/jpeg')).json().photo_url);
    expect(reddish(photo.top)).toBe(true);
    expect(bluish(photo.bottom)).toBe(true);
  });

  it('takes a WebP and a HEIC (what iPhones take) whatever their names say', async () => {
    const webp = await halves(900, 900).webp().toBuffer();
    const fromWebp = await upload(webp, 'photo.png', 'image/png');
    expect(fromWebp.statusCode).toBe(200);
    expect(await stored(fromWebp.json().photo_url)).toMatchObject({ width: 512, height: 512 });

    // 64×48, red on the left half, blue on the right, encoded with HEVC as an iPhone does.
    const heic = readFileSync(join(__dirname, 'fixtures', 'two-colours.heic'));
    const fromHeic = await upload(heic, 'IMG_0007.HEIC', 'image/heic');
    expect(fromHeic.statusCode).toBe(200);
    const photo = await stored(fromHeic.json().photo_url);
    expect(photo).toMatchObject({ type: 'image/webp', width: 512, height: 512 });
    expect(reddish(photo.left)).toBe(true);
    expect(bluish(photo.right)).toBe(true);
  });
});
