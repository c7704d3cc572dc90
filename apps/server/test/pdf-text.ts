import { inflateSync } from 'node:zlib';

/**
 * The text pdf-lib drew into a PDF (standard fonts write it as hex strings in Flate streams), one
 * string per drawn line, enough for tests to ask "does the document say this".
 */
export function pdfText(pdf: Uint8Array): string[] {
  const raw = Buffer.from(pdf).toString('latin1');
  const lines: string[] = [];
  const streams = /stream\r?\n([\s\S]*?)\r?\nendstream/g;
  for (let match = streams.exec(raw); match; match = streams.exec(raw)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1]!, 'latin1')).toString('latin1');
    } catch {
      content = match[1]!;
    }
    for (const hex of content.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g)) {
      lines.push(Buffer.from(hex[1]!, 'hex').toString('latin1'));
    }
  }
  return lines;
}
