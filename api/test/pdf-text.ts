import { inflateSync } from 'node:zlib';

/**
 * The text a PDF shows, line by line, read the way a viewer finds it: each
 * content stream inflated, each `TJ`/`Tj` string decoded from the standard
 * fonts' WinAnsi encoding. Enough for the receipts pdfkit writes with its
 * built-in fonts; tests read the figures with it.
 */
const WIN_ANSI: Record<number, string> = { 0x80: '€', 0x91: '‘', 0x92: '’', 0x93: '“', 0x94: '”', 0x96: '–', 0x97: '—', 0x95: '•', 0x85: '…' };

const decode = (bytes: number[]) => bytes.map((byte) => WIN_ANSI[byte] ?? String.fromCharCode(byte)).join('');

function strings(array: string): string {
  const parts: string[] = [];
  for (const match of array.matchAll(/<([0-9a-fA-F]*)>|\(((?:\\.|[^\\)])*)\)/g)) {
    if (match[1] !== undefined) parts.push(decode(match[1].match(/../g)?.map((pair) => parseInt(pair, 16)) ?? []));
    else parts.push(match[2]!.replace(/\\([()\\])/g, '$1'));
  }
  return parts.join('');
}

export function pdfText(pdf: Buffer): string[] {
  const lines: string[] = [];
  const source = pdf.toString('latin1');
  for (const match of source.matchAll(/stream\r?\n/g)) {
    const start = match.index! + match[0].length;
    const end = source.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      content = source.slice(start, end);
    }
    for (const op of content.matchAll(/\[((?:[^\]\\]|\\.)*)\]\s*TJ|(<[0-9a-fA-F]*>|\((?:\\.|[^\\)])*\))\s*Tj/g)) lines.push(strings(op[1] ?? op[2]!));
  }
  return lines;
}
