import { describe, expect, it } from 'vitest';
import enUS from '../locales/en-US.json';
import svSE from '../locales/sv-SE.json';
import { negotiateLocale } from './locales';

const flatten = (node: object, prefix = ''): string[] =>
  Object.entries(node).flatMap(([key, value]) => (value && typeof value === 'object' ? flatten(value, `${prefix}${key}.`) : [`${prefix}${key}`]));

describe('locales', () => {
  it('both languages have the same texts', () => {
    expect(flatten(enUS).sort()).toEqual(flatten(svSE).sort());
  });

  it('negotiates Accept-Language, with sv-SE as the fallback', () => {
    expect(negotiateLocale(undefined)).toBe('sv-SE');
    expect(negotiateLocale('en-US')).toBe('en-US');
    expect(negotiateLocale('en-GB,en;q=0.8')).toBe('en-US');
    expect(negotiateLocale('de-DE,sv;q=0.5,en;q=0.4')).toBe('sv-SE');
    expect(negotiateLocale('fr-FR, en;q=0.9')).toBe('en-US');
    expect(negotiateLocale('de-DE')).toBe('sv-SE');
    expect(negotiateLocale('en;q=0, sv')).toBe('sv-SE');
  });
});
