import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { enums } from '../../../resources/enums';
import { pageText } from '../../components/testing/dom';
import { createI18nProvider } from '../../providers/i18nProvider';
import type { HttpClient } from '../../providers/httpClient';
import { FormContext, type FormApi } from '../../forms/application/FormContext';
import { QuestionsStep } from '../../forms/application/steps';
import { mountInPortal, unmountPortal } from '../testing/mountInPortal';

// The form's step 2 as the portal shows it in English: what staff translated reads in English, an option chosen is
// kept as staff wrote it in Swedish, and what is only in Swedish is marked so and said once.

afterEach(() => unmountPortal());

const { dropdown, radio } = enums.field_type;
const questions = [
  {
    id: 1,
    label: 'Kind of activity',
    type: dropdown,
    required: true,
    options: ['Idrott', 'Kultur'],
    option_labels: ['Sports', 'Culture'],
    untranslated: [],
  },
  {
    id: 2,
    label: 'Har ni sökt stöd från andra?',
    type: radio,
    required: false,
    options: ['Ja', 'Nej'],
    option_labels: ['Ja', 'Nej'],
    untranslated: ['label' as const, 'options' as const],
  },
];
const categories = [
  { id: 7, label: 'Children and young people', type: 10, untranslated: [] },
  { id: 8, label: 'Fjällvandring', type: 10, untranslated: ['label'] },
];

async function render(change = vi.fn()) {
  const form: FormApi = {
    values: { definitions: {}, category_ids: [] },
    change,
    leave: () => {},
    problem: () => undefined,
    readOnly: false,
    files: { http: {} as HttpClient, base: () => '' },
  };
  const i18nProvider = await createI18nProvider();
  await i18nProvider.changeLocale('en-US');
  return mountInPortal(
    <FormContext.Provider value={form}>
      <QuestionsStep questions={questions} categories={categories} applicationUuid="u" files={[]} maxBytes={1} onFiles={() => {}} />
    </FormContext.Provider>,
    i18nProvider,
  );
}

const langAround = (element: Element | null | undefined) => element?.closest('[lang]')?.getAttribute('lang');
const labelled = (container: HTMLElement, text: string) =>
  [...container.querySelectorAll('legend, label, span, option')].filter((e) => e.textContent?.startsWith(text)).pop();

describe('the questions step in English', { timeout: 20_000 }, () => {
  it('shows the English options with the Swedish ones as their values, and marks what is only in Swedish', async () => {
    const change = vi.fn();
    const container = await render(change);
    const select = container.querySelector<HTMLSelectElement>('select[name="definitions.1"]')!;
    expect([...select.options].map((o) => [o.value, o.textContent])).toEqual([
      ['', 'Choose …'],
      ['Idrott', 'Sports'],
      ['Kultur', 'Culture'],
    ]);
    await act(async () => {
      select.value = 'Kultur';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(change).toHaveBeenCalledWith('definitions.1', 'Kultur');

    expect(langAround(labelled(container, 'Kind of activity'))).toBe('en-US');
    expect(langAround(labelled(container, 'Har ni sökt stöd från andra?'))).toBe('sv');
    expect(langAround(labelled(container, 'Nej'))).toBe('sv');
    expect(langAround(labelled(container, 'Fjällvandring'))).toBe('sv');
    expect(langAround(labelled(container, 'Children and young people'))).toBe('en-US');
    expect(pageText().split('Some of the foundation’s texts here are only in Swedish so far.')).toHaveLength(2);
  });
});
