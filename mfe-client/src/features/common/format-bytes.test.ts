import { formatBytes } from './chosen-files';

describe('formatBytes', () => {
  it.each([
    [1, 'en', '1 byte'],
    [125, 'en', '125 bytes'],
    [125, 'fr', '125 octets'],
    [1, 'fr', '1 octet'],
    [1536, 'en', '1.5 kB'],
    [1536, 'fr', '1,5 ko'],
    [3.4 * 1024 * 1024, 'en', '3.4 MB'],
  ])('%d bytes in %s read "%s"', (bytes, locale, text) => {
    expect(formatBytes(bytes, locale).replace(/\u00a0|\u202f/g, ' ')).toBe(text);
  });
});
