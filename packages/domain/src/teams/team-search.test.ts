import { describe, expect, it } from 'vitest';
import { likeContains, parseTeamSearch } from './team-search.ts';

describe('parseTeamSearch', () => {
  it('reads nothing from an empty box', () => {
    expect(parseTeamSearch('')).toEqual({});
    expect(parseTeamSearch('   ')).toEqual({});
    expect(parseTeamSearch(undefined)).toEqual({});
  });

  it.each(['Z-123', 'z-123', 'Z123', 'z 123', ' Z-123 '])('reads the dealer code %j', (input) => {
    expect(parseTeamSearch(input)).toEqual({ zId: 123 });
  });

  it.each([
    ['0821234567', '+27821234567'],
    ['082 123 4567', '+27821234567'],
    ['082-123-4567', '+27821234567'],
    ['+27821234567', '+27821234567'],
    ['+27 82 123 4567', '+27821234567'],
    ['27821234567', '+27821234567'],
  ])('turns the phone %j into the stored form', (input, stored) => {
    expect(parseTeamSearch(input)).toEqual({ text: stored });
  });

  it('keeps a partial phone anchored to the +27 start', () => {
    expect(parseTeamSearch('08212')).toEqual({ text: '+278212' });
    expect(parseTeamSearch('+2782')).toEqual({ text: '+2782' });
  });

  it('reads a short 27… number as a dealer code or a phone start', () => {
    expect(parseTeamSearch('2782')).toEqual({ zId: 2782, text: '+2782' });
  });

  it('reads a bare number as a dealer code or part of a phone or e-mail', () => {
    expect(parseTeamSearch('4567')).toEqual({ zId: 4567, text: '4567' });
  });

  it('lower-cases names and e-mails', () => {
    expect(parseTeamSearch('Lwazi Leader')).toEqual({ text: 'lwazi leader' });
    expect(parseTeamSearch('Leader@Demo.co.za')).toEqual({ text: 'leader@demo.co.za' });
  });

  it('does not read a huge number as a dealer code', () => {
    expect(parseTeamSearch('Z-99999999999')).toEqual({ text: 'z-99999999999' });
    expect(parseTeamSearch('99999999999')).toEqual({ text: '99999999999' });
  });
});

describe('likeContains', () => {
  it('wraps the text and escapes LIKE wildcards', () => {
    expect(likeContains('ab')).toBe('%ab%');
    expect(likeContains('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
