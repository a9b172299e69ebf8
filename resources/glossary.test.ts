import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import enUS from '../locales/en-US.json';
import svSE from '../locales/sv-SE.json';

// docs/GLOSSARY.md gives each thing one name; the synonyms a row rules out ('not "betalningsfil"') are in no text.

const glossary = readFileSync(path.join(process.cwd(), 'docs/GLOSSARY.md'), 'utf8');
const ruledOut = [...glossary.matchAll(/not ((?:"[^"]+"(?:,? (?:or )?)?)+)/g)].flatMap((m) =>
  [...m[1].matchAll(/"([^"]+)"/g)].map((w) => w[1]),
);

const texts = (node: object, prefix = ''): [string, string][] =>
  Object.entries(node).flatMap(([key, value]) =>
    value && typeof value === 'object' ? texts(value, `${prefix}${key}.`) : [[`${prefix}${key}`, String(value)] as [string, string]],
  );

describe('the glossary', () => {
  it('rules out some synonyms', () => {
    expect(ruledOut).toEqual(expect.arrayContaining(['betalningsfil', 'återrapport', 'adjuster', 'sammanträde']));
  });

  it.each([
    ['sv-SE', svSE],
    ['en-US', enUS],
  ])('is followed by every text in %s', (_, locale) => {
    const found = texts(locale).filter(([, text]) => ruledOut.some((word) => text.toLowerCase().includes(word)));
    expect(found).toEqual([]);
  });
});
