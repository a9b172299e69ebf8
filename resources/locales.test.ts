import { describe, expect, it } from 'vitest';
import enUS from '../locales/en-US.json';
import svSE from '../locales/sv-SE.json';
import { resourceList } from './index';
import { negotiateLocale } from './locales';

const flatten = (node: object, prefix = ''): string[] =>
  Object.entries(node).flatMap(([key, value]) =>
    value && typeof value === 'object' ? flatten(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

describe('locales', () => {
  it('both languages have the same texts', () => {
    expect(flatten(enUS).sort()).toEqual(flatten(svSE).sort());
  });

  // The one part of an entity that the compiler cannot check: its texts (the same in both languages, as above).
  it.each(resourceList.map((r) => [r.name, r] as const))('has the name of %s and a label for each of its fields', (name, resource) => {
    const keys = new Set(flatten(svSE));
    const missing = [`resources.${name}.name`, ...resource.fields.map((f) => `resources.${name}.fields.${f.name}`)].filter(
      (key) => !keys.has(key),
    );
    expect(missing).toEqual([]);
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
