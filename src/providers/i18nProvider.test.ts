import type { TranslationMessages } from 'ra-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';

beforeEach(() => {
  localStorage.clear();
  vi.resetModules();
});

describe('i18nProvider', () => {
  it('starts in Swedish and translates app texts and enumeration labels', async () => {
    const { createI18nProvider } = await import('./i18nProvider');
    const i18n = await createI18nProvider();
    expect(i18n.getLocale()).toBe('sv-SE');
    expect(i18n.translate('app.menu.settings')).toBe('Inställningar');
    expect(i18n.translate('app.dashboard.welcome', { name: 'Anna' })).toBe('Välkommen, Anna');
    expect(i18n.getLocales?.()).toEqual([
      { locale: 'sv-SE', name: 'Svenska' },
      { locale: 'en-US', name: 'English' },
    ]);
  });

  it('switches to English, remembers the choice, and starts in it next time', async () => {
    const { createI18nProvider } = await import('./i18nProvider');
    const { getLocale } = await import('./locale');
    const i18n = await createI18nProvider();
    await i18n.changeLocale('en-US');
    expect(i18n.translate('app.menu.settings')).toBe('Settings');
    expect(getLocale()).toBe('en-US');
    expect(localStorage.getItem('locale')).toBe('en-US');
    expect(document.documentElement.lang).toBe('en-US');

    vi.resetModules();
    const again = await (await import('./i18nProvider')).createI18nProvider();
    expect(again.getLocale()).toBe('en-US');
    expect(again.translate('app.login.title')).toBe('Sign in');
  });

  it('includes extra messages (react-admin’s own) and falls back to Swedish for a missing English text', async () => {
    const { createI18nProvider } = await import('./i18nProvider');
    const messages = (value: object) => async () => value as TranslationMessages;
    const i18n = await createI18nProvider({
      'sv-SE': messages({ ra: { action: { save: 'Spara' } }, only: { sv: 'Bara på svenska' } }),
      'en-US': messages({ ra: { action: { save: 'Save' } } }),
    });
    expect(i18n.translate('ra.action.save')).toBe('Spara');
    await i18n.changeLocale('en-US');
    expect(i18n.translate('ra.action.save')).toBe('Save');
    // A single react-admin text overridden in locales/*.json, the rest kept.
    expect(i18n.translate('ra.auth.logout')).toBe('Sign out');
    expect(i18n.translate('only.sv')).toBe('Bara på svenska');
  });

  it('tells a listener of each key the chosen language lacks, even one looked up with a default', async () => {
    const { createI18nProvider } = await import('./i18nProvider');
    const missing: string[] = [];
    const i18n = await createI18nProvider(undefined, { onMissingKey: (key, locale) => missing.push(`${locale} ${key}`) });
    expect(i18n.translate('app.menu.settings')).toBe('Inställningar');
    expect(i18n.translate('resources.nothing.name', { _: 'Nothing' })).toBe('Nothing');
    await i18n.changeLocale('en-US');
    expect(i18n.translate('no.such.key')).toBe('no.such.key');
    expect(missing).toEqual(['sv-SE resources.nothing.name', 'en-US no.such.key']);
  });

  it('ignores a stored locale that is not offered', async () => {
    localStorage.setItem('locale', 'de-DE');
    const { createI18nProvider } = await import('./i18nProvider');
    expect((await createI18nProvider()).getLocale()).toBe('sv-SE');
  });
});
