import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageText, waitFor } from '../../components/testing/dom';
import { createI18nProvider } from '../../providers/i18nProvider';
import { http } from '../providers';
import FaqPage from './FaqPage';
import { mountInPortal, unmountPortal } from '../testing/mountInPortal';

// The FAQ in the reader's language: what staff wrote only in Swedish is shown in Swedish, marked for screen readers
// and said once above the questions.

afterEach(() => {
  unmountPortal();
  vi.restoreAllMocks();
});

const translated = { id: 1, question: 'Who can apply?', answer: 'Associations in Norrbygden.', untranslated: [] };
const halfTranslated = { id: 2, question: 'When will we hear?', answer: 'Inom sex veckor.', untranslated: ['answer'] };
const NOTE = 'Some of the foundation’s texts here are only in Swedish so far.';

async function render(faqs: unknown[]) {
  vi.spyOn(http, 'get').mockResolvedValue({ data: { data: faqs }, status: 200, headers: {} });
  const i18nProvider = await createI18nProvider();
  await i18nProvider.changeLocale('en-US');
  const container = await mountInPortal(<FaqPage />, i18nProvider);
  await waitFor(() => pageText().includes('Who can apply?'), 'the questions');
  return container;
}
/** The language a text is in for a screen reader: its nearest `lang`, the page's own when none is nearer. */
const langOf = (container: HTMLElement, text: string) =>
  [...container.querySelectorAll('*')]
    .filter((e) => e.textContent === text)
    .pop()
    ?.closest('[lang]')
    ?.getAttribute('lang');

describe('the FAQ in English', { timeout: 20_000 }, () => {
  it('marks an answer only in Swedish as Swedish, and says once that some texts are', async () => {
    const container = await render([translated, halfTranslated]);
    expect(langOf(container, 'Inom sex veckor.')).toBe('sv');
    expect(langOf(container, 'When will we hear?')).toBe(document.documentElement.lang);
    expect(langOf(container, 'Associations in Norrbygden.')).toBe(document.documentElement.lang);
    expect(document.documentElement.lang).toBe('en-US');
    expect(container.querySelectorAll('[role="note"]')).toHaveLength(1);
    expect(container.querySelector('[role="note"]')?.textContent).toBe(NOTE);
  });

  it('says nothing of Swedish when everything is in English', async () => {
    const container = await render([translated]);
    expect(pageText()).not.toContain(NOTE);
    expect(container.querySelector('[lang]')).toBeNull();
  });
});
