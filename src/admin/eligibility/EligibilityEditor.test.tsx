import { act } from 'react';
import { RecordContextProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { endpointFor } from '../../../resources/index';
import { pageText, typeInto, waitFor } from '../../components/testing/dom';
import { createDataProvider } from '../../providers/dataProvider';
import { createHttpClient } from '../../providers/httpClient';
import { createSession } from '../../providers/session';
import type { EligibilityQuestionRow } from '../../providers/staffMethods';
import { fakeApi, type Recorded } from '../../providers/testServer';
import { mountInAdmin, unmountAdmin } from '../testing/mountInAdmin';
import { setPhone, unsetPhone } from '../testing/phone';
import { EligibilityEditor } from './EligibilityEditor';

// An application type's eligibility questions on its page: listed in order, added, moved, edited and removed (after a
// confirmation), then saved at once; the server's messages stand beside the fields they name.

afterEach(() => {
  unmountAdmin();
  unsetPhone();
  vi.restoreAllMocks();
});

const ok = (data: unknown) => ({ status: 200, data: { data } });
const association: EligibilityQuestionRow = {
  id: 21,
  position: 1,
  question: 'Är ni en ideell förening?',
  question_en: 'Are you a non-profit association?',
  kind: 'yes_no',
  options: [],
  disqualifying: ['no'],
  explanation: 'Bara ideella föreningar.',
  explanation_en: 'Only non-profit associations.',
};
const size: EligibilityQuestionRow = {
  id: 22,
  position: 2,
  question: 'Hur många medlemmar?',
  question_en: null,
  kind: 'choice',
  options: [
    { value: 'few', label: 'Färre än 10', label_en: null },
    { value: 'many', label: 'Fler', label_en: null },
  ],
  disqualifying: ['few'],
  explanation: 'Minst tio medlemmar.',
  explanation_en: null,
};

type Handler = (request: Recorded) => { status: number; data?: unknown };

async function open(questions: EligibilityQuestionRow[], routes: Record<string, Handler> = {}) {
  const api = fakeApi({ 'GET /application-types/5/eligibility': () => ok({ questions }), ...routes });
  const session = createSession({ storageKey: 'staff_session', refreshPath: '/auth/refresh' });
  const http = createHttpClient({ session, onUnauthorized: () => {}, fetch: api.fetch });
  await mountInAdmin(
    <RecordContextProvider value={{ id: 5, label: 'Lokalt utvecklingsbidrag' }}>
      <EligibilityEditor />
    </RecordContextProvider>,
    createDataProvider(http, endpointFor),
    '/application-types/5',
    [{ name: 'manage-application-types', entity_id: null, entity_type: null }],
  );
  await waitFor(() => pageText().includes('Vem får söka') && !document.querySelector('[role="progressbar"]'), 'the questions');
  return api;
}

const button = (name: string) =>
  [...document.querySelectorAll('button')].find((b) => b.getAttribute('aria-label') === name || b.textContent === name)!;
const click = (element: HTMLElement) => act(async () => element.click());
const headings = () => [...document.querySelectorAll('section section h3')].map((h) => h.textContent);
const questionTexts = () => [...document.querySelectorAll<HTMLInputElement>('input[id$="-question"]')].map((input) => input.value);
const puts = (api: { calls: Recorded[] }) => api.calls.filter((c) => c.method === 'PUT');

describe('the eligibility questions on an application type’s page', { timeout: 20_000 }, () => {
  it('says when the type has none, and adds a yes/no question stopping at no', async () => {
    const api = await open([], { 'PUT /application-types/5/eligibility': () => ok({ questions: [association] }) });
    expect(pageText()).toContain('Ansökningstypen har inga behörighetsfrågor');
    expect(button('Spara frågorna').disabled).toBe(true);
    await click(button('Lägg till fråga'));
    expect(headings()).toEqual(['Fråga 1']);
    const checked = [...document.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].map((c) => [
      c.closest('label')!.textContent,
      c.checked,
    ]);
    expect(checked).toEqual([
      ['Ja', false],
      ['Nej', true],
    ]);
    await typeInto(document.querySelector<HTMLInputElement>('input[id$="-question"]')!, 'Är ni en ideell förening?');
    await typeInto(document.querySelector<HTMLTextAreaElement>('textarea[id$="-explanation"]')!, 'Bara ideella föreningar.');
    await click(button('Spara frågorna'));
    await waitFor(() => puts(api).length === 1, 'the save');
    expect(puts(api)[0].body).toEqual({
      data: {
        questions: [
          {
            question: 'Är ni en ideell förening?',
            question_en: null,
            kind: 'yes_no',
            options: [],
            disqualifying: ['no'],
            explanation: 'Bara ideella föreningar.',
            explanation_en: null,
          },
        ],
      },
    });
    await waitFor(() => pageText().includes('Frågorna är sparade.'), 'the notice');
  });

  it('moves a question, and removes one only once confirmed', async () => {
    const api = await open([association, size], { 'PUT /application-types/5/eligibility': () => ok({ questions: [size] }) });
    expect(questionTexts()).toEqual(['Är ni en ideell förening?', 'Hur många medlemmar?']);
    await click(button('Flytta ned fråga 1'));
    expect(questionTexts()).toEqual(['Hur många medlemmar?', 'Är ni en ideell förening?']);
    expect(pageText()).toContain('Ändringarna är inte sparade än.');

    await click(button('Ta bort fråga 2'));
    await waitFor(() => !!document.querySelector('[role="dialog"]'), 'the confirmation');
    expect(document.querySelector('[role="dialog"]')!.textContent).toContain('Frågan ”Är ni en ideell förening?” tas bort när du sparar.');
    await click(button('Avbryt'));
    await waitFor(() => !document.querySelector('[role="dialog"]'), 'the dialog closed');
    expect(questionTexts()).toHaveLength(2);
    await click(button('Ta bort fråga 2'));
    await waitFor(() => !!document.querySelector('[role="dialog"]'), 'the confirmation');
    await click(button('Ta bort'));
    expect(questionTexts()).toEqual(['Hur många medlemmar?']);
    expect(puts(api)).toEqual([]);
    await click(button('Spara frågorna'));
    await waitFor(() => puts(api).length === 1, 'the save');
    expect((puts(api)[0].body as { data: { questions: { id?: number }[] } }).data.questions.map((q) => q.id)).toEqual([22]);
  });

  it('shows the server’s messages beside the fields they name, and keeps what was written', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await open([size], {
      'PUT /application-types/5/eligibility': () => ({
        status: 422,
        data: {
          message: 'Uppgifterna är ogiltiga.',
          errors: {
            'questions.0.options.1.label': ['Skriv alternativet.'],
            'questions.0.disqualifying': ['Minst ett svar måste låta den sökande gå vidare.'],
          },
        },
      }),
    });
    const label = document.querySelector<HTMLInputElement>('input[id$="-option-1"]')!;
    await typeInto(label, '');
    await click(button('Spara frågorna'));
    await waitFor(() => pageText().includes('Skriv alternativet.'), 'the field’s error');
    const helper = document.getElementById(label.getAttribute('aria-describedby')!)!;
    expect(helper.textContent).toBe('Skriv alternativet.');
    expect(pageText()).toContain('Minst ett svar måste låta den sökande gå vidare.');
    expect(pageText()).toContain('Uppgifterna är ogiltiga.');
    expect(document.querySelector<HTMLInputElement>('input[id$="-option-1"]')!.value).toBe('');
  });

  it('adds and removes a choice’s options, each answer a box of its own on a phone too', async () => {
    setPhone();
    await open([size]);
    expect([...document.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].map((c) => c.closest('label')!.textContent)).toEqual([
      'Färre än 10',
      'Fler',
    ]);
    await click(button('Lägg till alternativ'));
    expect(document.querySelectorAll('input[id*="-option-"]:not([id$="-en"])')).toHaveLength(3);
    await click(button('Ta bort alternativ 1'));
    expect([...document.querySelectorAll<HTMLInputElement>('input[id*="-option-"]:not([id$="-en"])')].map((i) => i.value)).toEqual([
      'Fler',
      '',
    ]);
  });
});
