/*
 * An allow-list SVG sanitiser. The upload is tokenised (no DOM, no entity
 * expansion) and rebuilt from known-safe elements and attributes only, so
 * script, event handlers, foreignObject, external references and anything
 * unknown never reach the stored file. Elements outside the list are dropped
 * with their content.
 */

const ELEMENTS = new Set([
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
  'title',
  'desc',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'linearGradient',
  'radialGradient',
  'stop',
  'pattern',
  'clipPath',
  'mask',
  'marker',
]);

const ATTRIBUTES = new Set([
  'id',
  'class',
  'style',
  'transform',
  'viewBox',
  'preserveAspectRatio',
  'width',
  'height',
  'x',
  'y',
  'x1',
  'x2',
  'y1',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'd',
  'points',
  'pathLength',
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'opacity',
  'color',
  'clip-path',
  'clip-rule',
  'mask',
  'visibility',
  'display',
  'vector-effect',
  'shape-rendering',
  'offset',
  'stop-color',
  'stop-opacity',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'patternUnits',
  'patternContentUnits',
  'patternTransform',
  'clipPathUnits',
  'maskUnits',
  'maskContentUnits',
  'marker-start',
  'marker-mid',
  'marker-end',
  'markerWidth',
  'markerHeight',
  'markerUnits',
  'refX',
  'refY',
  'orient',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'letter-spacing',
  'dx',
  'dy',
  'rotate',
  'lengthAdjust',
  'textLength',
  'xml:space',
  'version',
  'href',
  'xlink:href',
  'xmlns',
  'xmlns:xlink',
]);

const NAMESPACES: Record<string, string> = {
  xmlns: 'http://www.w3.org/2000/svg',
  'xmlns:xlink': 'http://www.w3.org/1999/xlink',
};

const NAME = '[A-Za-z_][\\w.:-]*';
const TOKEN = new RegExp(
  [
    '(?<comment><!--[\\s\\S]*?-->)',
    '(?<pi><\\?[\\s\\S]*?\\?>)',
    '(?<doctype><!DOCTYPE[^[>]*(?:\\[[\\s\\S]*?\\])?\\s*>)',
    '(?<cdata><!\\[CDATA\\[(?<cdataText>[\\s\\S]*?)\\]\\]>)',
    `(?<close></(?<closeName>${NAME})\\s*>)`,
    `(?<open><(?<openName>${NAME})(?<attrs>(?:\\s+${NAME}\\s*=\\s*(?:"[^"<]*"|'[^'<]*'))*)\\s*(?<selfClose>/?)>)`,
    '(?<text>[^<]+)',
  ].join('|'),
  'y',
);
const ATTRIBUTE = new RegExp(`(${NAME})\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'g');

/** Characters XML allows in a document: a reference to any other one makes the file malformed. */
function isXmlChar(code: number): boolean {
  return (
    code === 0x9 ||
    code === 0xa ||
    code === 0xd ||
    (code >= 0x20 && code <= 0xd7ff) ||
    (code >= 0xe000 && code <= 0xfffd) ||
    (code >= 0x10000 && code <= 0x10ffff)
  );
}

/** The text with its references expanded; undefined when one is unknown or names no character. */
function decodeEntities(value: string): string | undefined {
  let invalid = false;
  const decoded = value.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z]+);?/g, (_whole, entity: string) => {
    if (entity.startsWith('#')) {
      const code = entity.startsWith('#x') ? Number.parseInt(entity.slice(2), 16) : Number(entity.slice(1));
      if (!isXmlChar(code)) {
        invalid = true;
        return '';
      }
      return String.fromCodePoint(code);
    }
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
    if (!(entity in named)) invalid = true;
    return named[entity] ?? '';
  });
  return invalid ? undefined : decoded;
}

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/*
 * CSS, in a style attribute or a presentation attribute, is kept by allow-list:
 * a deny-list of ways to fetch something (url(), image-set(), image(),
 * cross-fade(), @import, new ones in every browser release) is never complete.
 * Only properties that paint the shapes are kept, and in their values only
 * colour functions and references inside the document, url(#id).
 */
const STYLE_PROPERTIES = new Set([
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'opacity',
  'color',
  'clip-path',
  'clip-rule',
  'mask',
  'visibility',
  'display',
  'vector-effect',
  'shape-rendering',
  'stop-color',
  'stop-opacity',
  'marker-start',
  'marker-mid',
  'marker-end',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'letter-spacing',
]);
const CSS_FUNCTIONS = new Set(['rgb', 'rgba', 'hsl', 'hsla']);

/** Whether a CSS value only paints: plain words, numbers, colours and url(#id). */
function safeCssValue(value: string): boolean {
  // No escapes, comments, quotes-within-quotes tricks or at-rules: none of them is needed to paint.
  if (!/^[\w\s#.,%()+'"-]*$/.test(value) || value.includes('/*')) return false;
  // Every function, nested ones included, must be a colour or url(#id).
  for (const match of value.matchAll(/([\w-]*)\s*\(/g)) {
    const name = (match[1] ?? '').toLowerCase();
    if (name !== 'url' && !CSS_FUNCTIONS.has(name)) return false;
  }
  for (const match of value.matchAll(/url\s*\(([^)]*)\)?/gi)) {
    if (!/^\s*['"]?#[\w.-]+['"]?\s*$/.test(match[1] ?? '')) return false;
  }
  return true;
}

/** A style attribute rebuilt from its allowed declarations; undefined when none is left. */
function cleanStyle(style: string): string | undefined {
  const kept: string[] = [];
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    if (STYLE_PROPERTIES.has(property) && value && safeCssValue(value)) kept.push(`${property}: ${value}`);
  }
  return kept.length > 0 ? kept.join('; ') : undefined;
}

/** The (decoded) attribute value to keep, or undefined to drop the attribute. */
function safeValue(name: string, value: string): string | undefined {
  // eslint-disable-next-line no-control-regex -- control characters are what this strips: browsers ignore them inside a URL scheme
  const compact = value.replace(/[\s\u0000-\u001f]+/g, '').toLowerCase();
  if (/(javascript|vbscript|data):/.test(compact)) return undefined;
  if (name === 'href' || name === 'xlink:href') return value.trim().startsWith('#') ? value : undefined;
  if (name in NAMESPACES) return value.trim() === NAMESPACES[name] ? value : undefined;
  if (name === 'style') return cleanStyle(value);
  if (STYLE_PROPERTIES.has(name)) return safeCssValue(value) ? value : undefined;
  // Any other attribute (ids, geometry, units): only references inside the document, url(#id).
  for (const match of compact.matchAll(/url\(([^)]*)\)?/g)) {
    if (!/^['"]?#/.test(match[1] ?? '')) return undefined;
  }
  return value;
}

export interface SanitizedSvg {
  svg: string;
  /** The root element's size attributes, as written. */
  root: { width?: string; height?: string; viewBox?: string };
}

/** Returns the cleaned SVG, or undefined when the text is not a well-formed SVG document. */
export function sanitizeSvg(source: string): SanitizedSvg | undefined {
  const input = source.replace(/^\uFEFF/, '');
  const out: string[] = [];
  const stack: { name: string; kept: boolean }[] = [];
  let skipping = 0;
  let rootSeen = false;
  let rootClosed = false;
  const root: SanitizedSvg['root'] = {};
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < input.length) {
    const start = TOKEN.lastIndex;
    const match = TOKEN.exec(input);
    if (!match || match.index !== start) return undefined;
    const groups = match.groups ?? {};
    if (groups.comment || groups.pi || groups.doctype) continue;
    if (groups.text !== undefined || groups.cdata !== undefined) {
      const raw = groups.text ?? groups.cdataText ?? '';
      if (!rootSeen || rootClosed) {
        if (raw.trim()) return undefined;
        continue;
      }
      if (skipping > 0) continue;
      const text = groups.text !== undefined ? decodeEntities(raw) : raw;
      if (text === undefined) return undefined;
      out.push(escapeXml(text));
      continue;
    }
    if (groups.close) {
      const open = stack.pop();
      if (!open || open.name !== groups.closeName) return undefined;
      if (!open.kept) skipping -= 1;
      else if (skipping === 0) out.push(`</${open.name}>`);
      if (stack.length === 0) rootClosed = true;
      continue;
    }
    // An opening tag.
    const name = groups.openName!;
    const selfClosing = groups.selfClose === '/';
    if (!rootSeen) {
      if (name !== 'svg') return undefined;
      rootSeen = true;
    } else if (rootClosed) {
      return undefined;
    }
    const kept = skipping === 0 && ELEMENTS.has(name);
    if (kept) {
      const attributes: string[] = [];
      for (const [, attribute = '', double, single] of (groups.attrs ?? '').matchAll(ATTRIBUTE)) {
        const decoded = decodeEntities(double ?? single ?? '');
        if (decoded === undefined) return undefined;
        const value = ATTRIBUTES.has(attribute) ? safeValue(attribute, decoded) : undefined;
        if (value === undefined) continue;
        if (stack.length === 0 && (attribute === 'width' || attribute === 'height' || attribute === 'viewBox')) {
          root[attribute] = value;
        }
        if (stack.length === 0 && attribute in NAMESPACES) continue;
        attributes.push(` ${attribute}="${escapeXml(value)}"`);
      }
      if (stack.length === 0) {
        attributes.unshift(` xmlns="${NAMESPACES.xmlns}"`);
        if (/\bxlink:href=/.test(input)) attributes.splice(1, 0, ` xmlns:xlink="${NAMESPACES['xmlns:xlink']}"`);
      }
      out.push(`<${name}${attributes.join('')}${selfClosing ? '/' : ''}>`);
    }
    if (!selfClosing) {
      stack.push({ name, kept });
      if (!kept) skipping += 1;
    } else if (stack.length === 0) {
      rootClosed = true;
    }
  }
  if (!rootSeen || stack.length > 0) return undefined;
  return { svg: out.join(''), root };
}
