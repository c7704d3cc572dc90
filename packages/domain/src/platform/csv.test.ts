import { describe, expect, it } from 'vitest';
import { csvCell, csvLines, csvRow, toCsv } from './csv.ts';

describe('csvCell', () => {
  it('writes plain text as it is', () => {
    expect(csvCell('Lwazi Leader')).toBe('Lwazi Leader');
  });

  it('quotes commas, quotes and line breaks, doubling inner quotes', () => {
    expect(csvCell('Nkosi, Thabo')).toBe('"Nkosi, Thabo"');
    expect(csvCell('The "Boss"')).toBe('"The ""Boss"""');
    expect(csvCell('12 Long Street\nGardens')).toBe('"12 Long Street\nGardens"');
    expect(csvCell('line\r\nbreak')).toBe('"line\r\nbreak"');
  });

  it.each([
    ['=HYPERLINK("http://evil.test")', `"'=HYPERLINK(""http://evil.test"")"`],
    ['+27821234567', "'+27821234567"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', `"'\rcmd"`],
  ])('neutralises a formula start in %j', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it('leaves formula characters alone when they are not first', () => {
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell('user+tag@mail.test')).toBe('user+tag@mail.test');
  });

  it('writes numbers, booleans, dates and empty values', () => {
    expect(csvCell(-125)).toBe('-125');
    expect(csvCell(3.5)).toBe('3.5');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(new Date('2025-06-01T08:00:00Z'))).toBe('2025-06-01T08:00:00.000Z');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('')).toBe('');
  });
});

describe('csv rows and documents', () => {
  it('joins cells with commas', () => {
    expect(csvRow(['Z-1', 'Amara', null, 2])).toBe('Z-1,Amara,,2');
  });

  it('ends every row with CRLF so pages can be appended', () => {
    expect(csvLines([['a'], ['b']])).toBe('a\r\nb\r\n');
    expect(csvLines([])).toBe('');
  });

  it('puts the header first', () => {
    expect(toCsv(['Code', 'Name'], [['Z-1', 'Smith, J']])).toBe('Code,Name\r\nZ-1,"Smith, J"\r\n');
  });
});
