import { describe, it, expect } from 'vitest';
import englishMessages from 'ra-language-english';
import swedishMessages from './ra-language-swedish';

type Messages = { [key: string]: string | Messages };

const flatten = (messages: Messages, prefix = ''): Record<string, string> =>
  Object.entries(messages).reduce<Record<string, string>>(
    (acc, [key, value]) =>
      typeof value === 'string' ? { ...acc, [`${prefix}${key}`]: value } : { ...acc, ...flatten(value, `${prefix}${key}.`) },
    {},
  );

const placeholders = (text: string): string[] => Array.from(new Set(text.match(/%\{[^}]+\}/g) ?? []));

const english = flatten(englishMessages as unknown as Messages);
const swedish = flatten(swedishMessages as unknown as Messages);

describe('ra-language-swedish', () => {
  it('has exactly the same keys as ra-language-english', () => {
    expect(Object.keys(swedish).sort()).toEqual(Object.keys(english).sort());
  });

  it('keeps every placeholder of the English messages', () => {
    for (const [key, text] of Object.entries(english)) {
      for (const token of placeholders(text)) {
        expect(swedish[key], `${key} is missing ${token}`).toContain(token);
      }
    }
  });

  it('keeps the same number of plural forms', () => {
    for (const [key, text] of Object.entries(english)) {
      expect(swedish[key]?.split(' |||| ').length, key).toBe(text.split(' |||| ').length);
    }
  });
});
