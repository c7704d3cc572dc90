import { describe, expect, it } from 'vitest';
import {
  buildLinkAddress,
  canAddParameter,
  dealerVariables,
  dealerVariableValue,
  isSafeLinkAddress,
  LinkRequest,
  previewLinkAddress,
  productToken,
} from './supplier-links.ts';

const dealer = { id: 42, companyName: 'Sipho & Sons', firstName: 'Sipho', surname: 'Dlamini' };

describe('dealer variables', () => {
  it('offers DEALER_CODE, DEALER_NAME and one {product}_DEALER_CODE per product type', () => {
    expect(productToken(' Fixed LTE ')).toBe('FIXED_LTE');
    expect(dealerVariables(['Mobile', 'Fibre', 'fibre'])).toEqual([
      'DEALER_CODE',
      'DEALER_NAME',
      'FIBRE_DEALER_CODE',
      'MOBILE_DEALER_CODE',
    ]);
  });

  it('fills them for the dealer', () => {
    expect(dealerVariableValue('DEALER_CODE', dealer)).toBe('Z-42');
    expect(dealerVariableValue('DEALER_NAME', dealer)).toBe('Sipho & Sons');
    expect(dealerVariableValue('DEALER_NAME', { ...dealer, companyName: null })).toBe('Sipho Dlamini');
    expect(dealerVariableValue('FIXED_LTE_DEALER_CODE', dealer)).toBe('FIXED_LTE_Z-42');
    expect(dealerVariableValue('SOMETHING', dealer)).toBeUndefined();
  });
});

describe('addresses', () => {
  it('accepts only http(s) addresses', () => {
    expect(isSafeLinkAddress('https://example.test/a?b=c')).toBe(true);
    expect(isSafeLinkAddress('http://example.test')).toBe(true);
    expect(isSafeLinkAddress('https://example.test/a?email=x@y.test#@z')).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      ' JAVASCRIPT:alert(1)',
      'data:text/html,x',
      'mailto:a@b.test',
      '/local',
      'https://exa mple.test',
      'https://www.supplier.test@evil.test/',
      'https://user:pass@supplier.test/',
      'https:/\\evil.test',
      'http:evil.test',
      'https://supplier.test/\u202etxt.exe',
    ]) {
      expect(isSafeLinkAddress(bad)).toBe(false);
    }
    expect(LinkRequest.safeParse({ name: 'x', address: 'javascript:alert(1)' }).success).toBe(false);
  });

  it('appends encoded parameters after the existing query and before the fragment', () => {
    const parameters = [
      { name: 'ref', value: 'DEALER_CODE', isStatic: false },
      { name: 'who', value: 'DEALER_NAME', isStatic: false },
      { name: 'src', value: 'a b&c', isStatic: true },
    ];
    expect(buildLinkAddress('https://x.test/p?y=1#top', parameters, dealer)).toBe(
      'https://x.test/p?y=1&ref=Z-42&who=Sipho%20%26%20Sons&src=a%20b%26c#top',
    );
    expect(buildLinkAddress('https://x.test/', [], dealer)).toBe('https://x.test/');
  });
});

describe('the link form', () => {
  it('adds a parameter only when both name and value are filled', () => {
    expect(canAddParameter('ref', '')).toBe(false);
    expect(canAddParameter('  ', 'DEALER_CODE')).toBe(false);
    expect(canAddParameter('ref', 'DEALER_CODE')).toBe(true);
  });

  it('previews name=value with dealer variables in braces', () => {
    expect(
      previewLinkAddress('https://x.test/apply', [
        { name: 'ref', value: 'DEALER_CODE', isStatic: false },
        { name: 'campaign', value: 'spring', isStatic: true },
      ]),
    ).toBe('https://x.test/apply?ref={DEALER_CODE}&campaign=spring');
  });
});
