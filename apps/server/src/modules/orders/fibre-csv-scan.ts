// Decides, while the raw file streams into PostgreSQL's COPY, whether COPY reads it exactly as
// csv-parse would (decision 047). Only "clean" files qualify: every field either unquoted without a
// quote in it or quoted with doubled inner quotes and a delimiter or line end right after the
// closing quote, no line break inside quotes, no empty line, one kind of line end (\n or \r\n)
// throughout, and every record with the header's number of fields. For such a file record k (the
// header is record 0) ends on line k + 1, which is csv-parse's `info.lines`, and both readers split
// the same cells. Anything else is "not clean" and the job parses the file in JavaScript instead.

const QUOTE = 0x22;
const COMMA = 0x2c;
const LF = 0x0a;
const CR = 0x0d;

export interface CsvScan {
  /** False as soon as the file leaves the clean subset described above. */
  clean: boolean;
  /** Records seen so far, the header included. */
  records: number;
  /** Fields of the header record (0 until it ends). */
  headerFields: number;
  /** The header record's bytes (BOM included), once it ended. */
  header: Buffer | null;
}

/** Scans the file chunk by chunk (`push`, then `end`); `scan` holds what it found so far. */
export function csvScanner(): { push: (chunk: Buffer) => void; end: () => void; scan: CsvScan } {
  const scan: CsvScan = { clean: true, records: 0, headerFields: 0, header: null };
  let inQuotes = false;
  let afterQuote = false; // a quote seen inside quotes: a doubled quote or the closing one
  let closed = false; // the field's closing quote was seen: a delimiter or a line end must follow
  let fieldBytes = 0;
  let recordBytes = 0;
  let fields = 1;
  let pendingCr = false;
  let lineEnd = 0; // 1: \n, 2: \r\n
  let started = false;
  const headerParts: Buffer[] = [];

  const endRecord = (kind: number) => {
    if (recordBytes === 0) scan.clean = false; // an empty line: csv-parse skips it, COPY refuses it
    if (lineEnd === 0) lineEnd = kind;
    else if (kind !== 0 && kind !== lineEnd) scan.clean = false;
    if (scan.records === 0) scan.headerFields = fields;
    else if (fields !== scan.headerFields) scan.clean = false;
    scan.records += 1;
    fields = 1;
    fieldBytes = 0;
    recordBytes = 0;
    closed = false;
  };

  const step = (chunk: Buffer) => {
    let start = 0;
    if (!started) {
      started = true;
      if (chunk.length >= 3 && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) start = 3;
    }
    for (let i = start; i < chunk.length && scan.clean; i += 1) {
      const byte = chunk[i]!;
      if (pendingCr) {
        pendingCr = false;
        if (byte !== LF) {
          scan.clean = false;
          break;
        }
        endRecord(2);
        if (scan.records === 1) scan.header = Buffer.concat([...headerParts, chunk.subarray(0, i + 1)]);
        continue;
      }
      if (afterQuote) {
        afterQuote = false;
        if (byte === QUOTE) {
          fieldBytes += 1;
          recordBytes += 1;
          continue;
        }
        inQuotes = false;
        closed = true;
      }
      if (inQuotes) {
        if (byte === QUOTE) afterQuote = true;
        else if (byte === LF || byte === CR) scan.clean = false; // a line break inside quotes
        fieldBytes += 1;
        recordBytes += 1;
        continue;
      }
      if (byte === COMMA) {
        fields += 1;
        fieldBytes = 0;
        recordBytes += 1;
        closed = false;
      } else if (byte === LF) {
        endRecord(1);
        if (scan.records === 1) scan.header = Buffer.concat([...headerParts, chunk.subarray(0, i + 1)]);
      } else if (byte === CR) {
        pendingCr = true;
      } else if (byte === QUOTE) {
        if (fieldBytes !== 0 || closed) scan.clean = false;
        inQuotes = true;
        fieldBytes += 1;
        recordBytes += 1;
      } else {
        if (closed) scan.clean = false;
        fieldBytes += 1;
        recordBytes += 1;
      }
    }
    if (scan.records === 0 && scan.clean) headerParts.push(chunk);
  };

  const end = () => {
    if (!scan.clean) return;
    if (afterQuote) {
      inQuotes = false;
      closed = true;
    }
    if (inQuotes || pendingCr) scan.clean = false;
    else if (recordBytes > 0) {
      endRecord(0);
      if (scan.records === 1) scan.header = Buffer.concat(headerParts);
    }
  };
  const push = (chunk: Buffer) => {
    if (scan.clean) step(chunk);
  };
  return { push, end, scan };
}
