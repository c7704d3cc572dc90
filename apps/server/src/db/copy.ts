import { Transform } from 'node:stream';

// Helpers for PostgreSQL `COPY … FROM STDIN` in its text format: one line per row, columns split
// by tabs, `\N` for null. Values are escaped here, so no cell can break a line or shift a column.

const SPECIAL = /[\\\t\n\r]/g;
const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** One row in COPY text format, newline included. */
export function copyTextLine(values: readonly (string | number | null | undefined)[]): string {
  let line = '';
  for (let i = 0; i < values.length; i += 1) {
    const value = values[i];
    if (i > 0) line += '\t';
    if (value === null || value === undefined) line += '\\N';
    else if (typeof value === 'number') line += String(value);
    else line += value.replace(SPECIAL, (char) => ESCAPES[char]!);
  }
  return `${line}\n`;
}

/** Joins small lines into chunks of about `size` bytes: far fewer writes into the COPY stream. */
export function chunkLines(size = 64 * 1024): Transform {
  let buffer = '';
  return new Transform({
    writableObjectMode: true,
    transform(line: string, _encoding, callback) {
      buffer += line;
      if (buffer.length >= size) {
        const out = buffer;
        buffer = '';
        callback(null, out);
      } else callback();
    },
    flush(callback) {
      callback(null, buffer || undefined);
    },
  });
}
