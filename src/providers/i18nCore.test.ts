import { afterEach, describe, expect, it } from 'vitest';
import type { Messages } from './i18nCore';
import { createI18nProviderOf } from './i18nCore';
import { setLocale } from './locale';

afterEach(() => setLocale('sv-SE'));

describe('later texts', () => {
  it('load when first asked for, once, in the language shown and Swedish, and with each language chosen afterwards', async () => {
    setLocale('sv-SE');
    const loads: string[] = [];
    const texts = (locale: string, value: Messages) => async () => {
      loads.push(locale);
      return value;
    };
    const i18n = await createI18nProviderOf(
      { 'sv-SE': async () => ({ first: { hello: 'Hej' } }), 'en-US': async () => ({ first: { hello: 'Hello' } }) },
      undefined,
      {
        later: {
          'sv-SE': texts('sv-SE', { later: { bye: 'Hej då', only: 'Bara på svenska' } }),
          'en-US': texts('en-US', { later: { bye: 'Goodbye' } }),
        },
      },
    );
    expect(i18n.translate('first.hello')).toBe('Hej');
    expect(i18n.translate('later.bye')).toBe('later.bye');
    expect(loads).toEqual([]);

    // Two pages asking at once: one load.
    await Promise.all([i18n.loadLater(), i18n.loadLater()]);
    expect(i18n.translate('later.bye')).toBe('Hej då');
    expect(loads).toEqual(['sv-SE']);

    await i18n.changeLocale('en-US');
    expect(i18n.translate('first.hello')).toBe('Hello');
    expect(i18n.translate('later.bye')).toBe('Goodbye');
    // A later text missing in English shows the Swedish one, as the first texts do.
    expect(i18n.translate('later.only')).toBe('Bara på svenska');
    expect(loads).toEqual(['sv-SE', 'en-US']);
  });

  it('are none to load for an app that has none', async () => {
    const i18n = await createI18nProviderOf({ 'sv-SE': async () => ({ a: 'A' }), 'en-US': async () => ({ a: 'A' }) });
    await i18n.loadLater();
    expect(i18n.translate('a')).toBe('A');
  });
});
