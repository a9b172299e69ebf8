import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../../resources/locales';
import { buttonNamed, pageText as text, waitFor } from '../../components/testing/dom';
import { createI18nProvider } from '../../providers/i18nProvider';
import type { EligibilityCheck as Check } from '../portalApi';
import { mountInPortal, unmountPortal } from '../testing/mountInPortal';
import { json, stubApi, type Call, type Handler } from '../testing/stubApi';
import { EligibilityCheck } from './EligibilityCheck';

// "Who may apply" before the form: the questions as radio groups, the answers judged by the server; stopped, the
// applicant reads why and may change the answers or go back; qualified, the draft the server started is handed on.

let calls: Call[] = [];
let missing: string[] = [];

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('applicant_session', JSON.stringify({ expiresAt: Date.now() + 7_200_000, lifetime: 7200 }));
});
afterEach(() => {
  expect(missing).toEqual([]);
  unmountPortal();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const check: Check = {
  application_type: { id: 7, label: 'Lokalt utvecklingsbidrag', untranslated: [] },
  questions: [
    {
      id: 11,
      kind: 'yes_no',
      question: 'Är ni en ideell förening med säte i verksamhetsområdet?',
      options: [
        { value: 'yes', label: 'Ja' },
        { value: 'no', label: 'Nej' },
      ],
      untranslated: [],
    },
    {
      id: 12,
      kind: 'choice',
      question: 'Har föreningen en vald styrelse?',
      options: [
        { value: 'both', label: 'Ja, och organisationsnummer' },
        { value: 'neither', label: 'Nej' },
      ],
      untranslated: [],
    },
  ],
};
const stopped = {
  qualified: false,
  question_id: 11,
  explanation: 'Bidraget går bara till ideella föreningar i Norrbygden.',
  untranslated: [],
};
const path = 'POST /portal/application-types/7/eligibility';

async function render(routes: Record<string, Handler>, locale: Locale = 'sv-SE', shown: Check = check) {
  calls = stubApi(routes);
  missing = [];
  const i18nProvider = await createI18nProvider(undefined, { onMissingKey: (key, language) => missing.push(`${language}:${key}`) });
  await i18nProvider.changeLocale(locale);
  const qualified = vi.fn();
  await mountInPortal(<EligibilityCheck check={shown} periodId={3} onQualified={qualified} />, i18nProvider, '/ansok/3?type=7');
  return qualified;
}

const click = (element: HTMLElement) => act(async () => element.click());
const radio = (name: string, label: string) =>
  [...document.querySelectorAll<HTMLInputElement>(`input[type="radio"][name="${name}"]`)].find(
    (input) => input.closest('label')?.textContent === label,
  )!;
const answerAll = async (first: string, second: string) => {
  await click(radio('eligibility-11', first));
  await click(radio('eligibility-12', second));
};

describe('the eligibility check', { timeout: 20_000 }, () => {
  it('asks each question as a group of radio buttons named by its question', async () => {
    await render({});
    expect(document.querySelector('h1')!.textContent).toBe('Vem får söka: Lokalt utvecklingsbidrag');
    const groups = [...document.querySelectorAll('fieldset')];
    expect(groups.map((g) => g.querySelector('legend')!.textContent.replace(/\s+/g, ' '))).toEqual([
      '1. Är ni en ideell förening med säte i verksamhetsområdet? *',
      '2. Har föreningen en vald styrelse? *',
    ]);
    expect(groups.map((g) => [...g.querySelectorAll('input[type="radio"]')].length)).toEqual([2, 2]);
    // Each radio group is named by its question, as the fieldset is.
    expect(groups[0].querySelector('[role="radiogroup"]')!.getAttribute('aria-labelledby')).toBe(groups[0].querySelector('legend')!.id);
  });

  it('says which questions are unanswered without asking the server', async () => {
    await render({});
    await click(radio('eligibility-11', 'Ja'));
    await click(buttonNamed('Fortsätt till ansökan')!);
    const groups = [...document.querySelectorAll('fieldset')];
    expect(groups[0].textContent).not.toContain('Svara på alla frågor.');
    expect(groups[1].textContent).toContain('Svara på alla frågor.');
    expect(document.activeElement).toBe(radio('eligibility-12', 'Ja, och organisationsnummer'));
    expect(calls).toEqual([]);
  });

  it('shows why the applicant is stopped, that nothing was made, and lets them change the answers or go back', async () => {
    const qualified = await render({ [path]: () => json(200, { data: stopped }) });
    await answerAll('Nej', 'Ja, och organisationsnummer');
    await click(buttonNamed('Fortsätt till ansökan')!);
    await waitFor(() => text().includes('Du kan inte söka det här'), 'the stop');
    expect(calls.map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/portal/application-types/7/eligibility', { data: { period_id: 3, answers: { 11: 'no', 12: 'both' } } }],
    ]);
    expect(text()).toContain('Ditt svar på frågan ”Är ni en ideell förening med säte i verksamhetsområdet?” gör att du inte kan söka.');
    expect(text()).toContain('Bidraget går bara till ideella föreningar i Norrbygden.');
    expect(text()).toContain('Ingen ansökan har skapats.');
    await waitFor(() => document.activeElement?.id === 'eligibility-stopped', 'the focus on the stop');
    expect(document.querySelector('a[href="/ansok?period=3"]')!.textContent).toBe('Till öppna perioder');
    expect(qualified).not.toHaveBeenCalled();

    // Back to the questions, the answers as given.
    await click(buttonNamed('Ändra mina svar')!);
    expect(radio('eligibility-11', 'Nej').checked).toBe(true);
    expect(radio('eligibility-12', 'Ja, och organisationsnummer').checked).toBe(true);
  });

  it('hands on the draft the server started once qualified', async () => {
    const application = { uuid: 'a-1', period_id: 3 };
    const qualified = await render({ [path]: () => json(201, { data: { qualified: true, application } }) });
    await answerAll('Ja', 'Ja, och organisationsnummer');
    await click(buttonNamed('Fortsätt till ansökan')!);
    await waitFor(() => qualified.mock.calls.length === 1, 'the draft handed on');
    expect(qualified).toHaveBeenCalledWith(application);
  });

  it('shows the server’s word beside each question it refuses, and its message', async () => {
    await render({
      [path]: () =>
        json(422, { message: 'Svara på varje fråga med ett av alternativen.', errors: { 'answers.12': ['Välj ett av alternativen.'] } }),
    });
    await answerAll('Ja', 'Nej');
    await click(buttonNamed('Fortsätt till ansökan')!);
    await waitFor(() => text().includes('Välj ett av alternativen.'), 'the field’s error');
    expect(document.querySelectorAll('fieldset')[1].textContent).toContain('Välj ett av alternativen.');
    expect(document.querySelector('[role="alert"]')!.textContent).toContain('Svara på varje fråga med ett av alternativen.');
  });

  it('reads in English, a text without a translation marked in Swedish', async () => {
    const english: Check = {
      application_type: { id: 7, label: 'Local development grant', untranslated: [] },
      questions: [
        {
          ...check.questions[0],
          question: 'Är ni en ideell förening?',
          options: [
            { value: 'yes', label: 'Yes' },
            { value: 'no', label: 'No' },
          ],
          untranslated: ['question'],
        },
      ],
    };
    await render({ [path]: () => json(200, { data: { ...stopped, explanation: 'Only associations.' } }) }, 'en-US', english);
    expect(document.querySelector('h1')!.textContent).toBe('Who may apply: Local development grant');
    expect(document.querySelector('legend')!.getAttribute('lang')).toBe('sv');
    expect(text()).toContain('Swedish');
    await click(radio('eligibility-11', 'No'));
    await click(buttonNamed('Continue to the application')!);
    await waitFor(() => text().includes('You cannot apply for this'), 'the stop');
    expect(text()).toContain('Only associations.');
    expect(buttonNamed('Change my answers')).toBeDefined();
  });
});
