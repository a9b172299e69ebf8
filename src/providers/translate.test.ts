import { describe, expect, it } from 'vitest';
import { flatten, translate } from './translate';

const phrases = flatten({
  app: { files: '1 fil |||| %{smart_count} filer', hello: 'Hej %{name}, %{name}!', empty: '' },
  list: ['noll', 'ett'],
  count: 3,
});

describe('translate (polyglot’s rules)', () => {
  it('reads nested messages by dotted key and interpolates every occurrence', () => {
    expect(phrases).toEqual({
      'app.files': '1 fil |||| %{smart_count} filer',
      'app.hello': 'Hej %{name}, %{name}!',
      'app.empty': '',
      'list.0': 'noll',
      'list.1': 'ett',
    });
    expect(translate(phrases, 'app.hello', { name: 'Anna' })).toBe('Hej Anna, Anna!');
    expect(translate(phrases, 'app.empty')).toBe('');
  });

  it('chooses the plural form by smart_count, one form only for exactly 1', () => {
    expect(translate(phrases, 'app.files', { smart_count: 1 })).toBe('1 fil');
    expect(translate(phrases, 'app.files', { smart_count: 0 })).toBe('0 filer');
    expect(translate(phrases, 'app.files', { smart_count: 2 })).toBe('2 filer');
    expect(translate(phrases, 'app.files')).toBe('1 fil |||| %{smart_count} filer');
  });

  it('keeps a placeholder without a value, uses the _ default, and asks onMissingKey last', () => {
    expect(translate(phrases, 'app.hello', { name: null })).toBe('Hej %{name}, %{name}!');
    expect(translate(phrases, 'nope', { _: '%{n} st', n: 4 })).toBe('4 st');
    expect(translate(phrases, 'nope')).toBe('nope');
    expect(translate(phrases, 'nope', {}, (key) => `[${key}]`)).toBe('[nope]');
    expect(translate(phrases, 'count')).toBe('count');
  });
});

describe('translate against node-polyglot (which the server uses)', () => {
  it('gives the same text for every message of both languages and of react-admin', async () => {
    const { default: Polyglot } = await import('node-polyglot');
    const { messages } = await import('../../locales/index');
    const { default: english } = await import('ra-language-english');
    const { default: swedish } = await import('../../locales/ra-language-swedish');
    const optionSets = [
      {},
      { smart_count: 0 },
      { smart_count: 1 },
      { smart_count: 2, name: 'Anna', seconds: 30 },
      { name: null, _: 'standard' },
    ];
    const corpora = [
      ['sv-SE', messages['sv-SE']],
      ['en-US', messages['en-US']],
      ['sv-SE', swedish],
      ['en-US', english],
    ] as const;
    for (const [locale, all] of corpora) {
      const polyglot = new Polyglot({ locale, phrases: all, allowMissing: true });
      const ours = flatten(all);
      for (const key of [...Object.keys(ours), 'missing.key']) {
        for (const options of optionSets) expect(translate(ours, key, options), `${locale} ${key}`).toBe(polyglot.t(key, options));
      }
    }
  });
});
