import { sanitizeSvg } from './svg-sanitize';

const svg = (inner: string, rootAttributes = '') => `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"${rootAttributes}>${inner}</svg>`;
const cleaned = (inner: string) => sanitizeSvg(svg(inner))!.svg;

describe('sanitizeSvg: CSS', () => {
  it.each([
    "background-image: image-set('https://evil.example/a.png' 1x)",
    'background: -webkit-image-set(url(https://evil.example/a.png) 1x)',
    "fill: image-set('https://evil.example/a.png' 1x)",
    "fill: image('https://evil.example/a.png')",
    "fill: cross-fade(url(#a), url('https://evil.example/b.png'), 50%)",
    'fill: element(#a)',
    'fill: url(https://evil.example/f.svg#x)',
    "fill: url('//evil.example/f.svg#x')",
    'fill: u\\72l(https://evil.example/x)',
    'fill: u/**/rl(https://evil.example/x)',
    'fill: expression(alert(1))',
    'behavior: url(#x)',
    '-moz-binding: url(#x)',
    'cursor: url(#c), auto',
    "content: 'x'",
    'fill: var(--x)',
    'fill: red !important; @import url(https://evil.example/x.css)',
    'fill: attr(data-x url)',
    "fill: rgb(image-set('a.png' 1x))",
    "fill: rgb(0, 0, url('a.png'))",
    "stroke: URL('a.png')",
  ])('drops %s', (declaration) => {
    const out = cleaned(`<rect width="1" height="1" style="${declaration.replace(/"/g, '&quot;')}"/>`);
    expect(out).toBe(svg('<rect width="1" height="1"/>'));
  });

  it('keeps the declarations that only paint, and drops the rest of the attribute', () => {
    const out = cleaned(
      '<rect style="fill: #f80; stroke: rgb(0, 0, 0); stroke-width: 2.5; opacity: .5; clip-path: url(#c); background: image-set(&quot;x.png&quot; 1x); font-family: &quot;Open Sans&quot;, sans-serif"/>',
    );
    expect(out).toContain(
      'style="fill: #f80; stroke: rgb(0, 0, 0); stroke-width: 2.5; opacity: .5; clip-path: url(#c); font-family: &quot;Open Sans&quot;, sans-serif"',
    );
    expect(out).not.toContain('image-set');
  });

  it('checks presentation attributes like the style attribute', () => {
    const out = cleaned(
      '<rect fill="image-set(&quot;https://evil.example/a.png&quot; 1x)" stroke="url(#g)" mask="url(https://evil.example/m.svg#m)" clip-path="url(#c)" opacity="0.5"/>',
    );
    expect(out).toBe(svg('<rect stroke="url(#g)" clip-path="url(#c)" opacity="0.5"/>'));
  });
});

describe('sanitizeSvg: character references', () => {
  it.each(['&#99999999;', '&#x110000;', '&#0;', '&#x1;', '&#xD800;', '&#xDFFF;', '&#xFFFE;', '&#12345678901234567890;'])(
    'refuses the document with %s, in text or an attribute',
    (reference) => {
      expect(sanitizeSvg(svg(`<text>${reference}</text>`))).toBeUndefined();
      expect(sanitizeSvg(svg(`<rect id="x${reference}"/>`))).toBeUndefined();
    },
  );

  it('keeps references to real characters', () => {
    expect(cleaned('<text>&#233;&#x1F600;&#9;&lt;b&gt;</text>')).toBe(svg('<text>é😀\t&lt;b&gt;</text>'));
  });
});
