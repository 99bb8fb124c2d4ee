/*
 * An allow-list SVG sanitiser. The upload is tokenised (no DOM, no entity
 * expansion) and rebuilt from known-safe elements and attributes only, so
 * script, event handlers, foreignObject, external references and anything
 * unknown never reach the stored file. Elements outside the list are dropped
 * with their content.
 */

const ELEMENTS = new Set([
  'svg', 'g', 'defs', 'symbol', 'use', 'title', 'desc',
  'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon',
  'text', 'tspan',
  'linearGradient', 'radialGradient', 'stop', 'pattern', 'clipPath', 'mask', 'marker',
]);

const ATTRIBUTES = new Set([
  'id', 'class', 'style', 'transform', 'viewBox', 'preserveAspectRatio', 'width', 'height', 'x', 'y',
  'x1', 'x2', 'y1', 'y2', 'cx', 'cy', 'r', 'rx', 'ry', 'fx', 'fy', 'd', 'points', 'pathLength',
  'fill', 'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-opacity', 'stroke-linecap',
  'stroke-linejoin', 'stroke-miterlimit', 'stroke-dasharray', 'stroke-dashoffset', 'opacity', 'color',
  'clip-path', 'clip-rule', 'mask', 'visibility', 'display', 'vector-effect', 'shape-rendering',
  'offset', 'stop-color', 'stop-opacity', 'gradientUnits', 'gradientTransform', 'spreadMethod',
  'patternUnits', 'patternContentUnits', 'patternTransform', 'clipPathUnits', 'maskUnits', 'maskContentUnits',
  'marker-start', 'marker-mid', 'marker-end', 'markerWidth', 'markerHeight', 'markerUnits', 'refX', 'refY', 'orient',
  'font-family', 'font-size', 'font-weight', 'font-style', 'text-anchor', 'dominant-baseline', 'letter-spacing',
  'dx', 'dy', 'rotate', 'lengthAdjust', 'textLength', 'xml:space', 'version',
  'href', 'xlink:href', 'xmlns', 'xmlns:xlink',
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

function decodeEntities(value: string): string | undefined {
  let invalid = false;
  const decoded = value.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[A-Za-z]+);?/g, (_whole, entity: string) => {
    if (entity.startsWith('#x')) return String.fromCodePoint(Number.parseInt(entity.slice(2), 16) || 0xfffd);
    if (entity.startsWith('#')) return String.fromCodePoint(Number(entity.slice(1)) || 0xfffd);
    const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
    if (!(entity in named)) invalid = true;
    return named[entity] ?? '';
  });
  return invalid ? undefined : decoded;
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** Whether a (decoded) attribute value is safe to keep. */
function safeValue(name: string, value: string): boolean {
  const compact = value.replace(/[\s\u0000-\u001f]+/g, '').toLowerCase();
  if (/(javascript|vbscript|data):/.test(compact)) return false;
  if (name === 'href' || name === 'xlink:href') return value.trim().startsWith('#');
  if (name in NAMESPACES) return value.trim() === NAMESPACES[name];
  // Only references inside the document: url(#id).
  for (const match of compact.matchAll(/url\(([^)]*)\)?/g)) {
    if (!/^['"]?#/.test(match[1] ?? '')) return false;
  }
  if (name === 'style' && (/@import|expression\(|\\|behavior:|-moz-binding/.test(compact))) return false;
  return true;
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
        const value = decodeEntities(double ?? single ?? '');
        if (value === undefined) return undefined;
        if (!ATTRIBUTES.has(attribute) || !safeValue(attribute, value)) continue;
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
