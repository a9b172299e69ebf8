import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageText, waitFor } from '../../components/testing/dom';
import type { ApplicationForm } from '../../forms/application/types';
import { createI18nProvider } from '../../providers/i18nProvider';
import { http } from '../providers';
import { mountInPortal, unmountPortal } from '../testing/mountInPortal';
import ApplicationSummary from './ApplicationSummary';

// The application as sent in, shown back to its applicant in English: the answers to choices, kept as the Swedish
// options, read as staff translated them; what is only in Swedish is marked so.

afterEach(() => {
  unmountPortal();
  vi.restoreAllMocks();
});

const sent = {
  uuid: 'u1',
  reference: '2026-0042',
  status: 20,
  step: 5,
  period_id: 1,
  application_type_id: 2,
  applicant_type: 10,
  money: 1_000_000,
  category_ids: [7, 8],
  global_goals: [],
  definitions: { '1': 'Kultur', '2': ['Ja'] },
  links: [],
  consent: true,
  approved_money: null,
  sent_in_at: '2026-03-02T09:00:00Z',
  updated_at: '2026-03-02T09:00:00Z',
  period: { id: 1, name: 'Application period 2026', open: true, end_date: '2026-04-30', answer_by: '2026-06-15', untranslated: [] },
  application_type: 'Kulturstöd',
  untranslated: ['application_type'],
  questions: [
    {
      id: 1,
      label: 'Kind of activity',
      type: 30,
      required: true,
      options: ['Idrott', 'Kultur'],
      option_labels: ['Sports', 'Culture'],
      untranslated: [],
    },
    {
      id: 2,
      label: 'Vilka når ni?',
      type: 40,
      required: false,
      options: ['Ja', 'Nej'],
      option_labels: ['Ja', 'Nej'],
      untranslated: ['label', 'options'],
    },
  ],
  files: [],
  upload_max_bytes: 1024,
} as unknown as ApplicationForm;
const categories = [
  { id: 7, label: 'Children and young people', type: 10, untranslated: [] },
  { id: 8, label: 'Fjällvandring', type: 10, untranslated: ['label'] },
];

const langAround = (container: HTMLElement, text: string) =>
  [...container.querySelectorAll('dt, dd, span')]
    .filter((e) => e.textContent === text)
    .pop()
    ?.closest('[lang]')
    ?.getAttribute('lang');

describe('the application shown back in English', { timeout: 20_000 }, () => {
  it('reads each chosen option as translated, and marks what is only in Swedish', async () => {
    vi.spyOn(http, 'get').mockImplementation(async (url) => ({
      data: { data: (url === '/portal/categories' ? categories : sent) as never },
      status: 200,
      headers: {},
    }));
    const i18nProvider = await createI18nProvider();
    await i18nProvider.changeLocale('en-US');
    const container = await mountInPortal(<ApplicationSummary uuid="u1" />, i18nProvider);
    await waitFor(() => pageText().includes('Kind of activity'), 'the answers');

    expect(langAround(container, 'Culture')).toBe('en-US');
    expect([...container.querySelectorAll('dd')].map((dd) => dd.textContent)).not.toContain('Kultur');
    expect(langAround(container, 'Vilka når ni?')).toBe('sv');
    expect(langAround(container, 'Ja')).toBe('sv');
    expect(langAround(container, 'Kulturstöd')).toBe('sv');
    expect(langAround(container, 'Application period 2026')).toBe('en-US');
    expect(langAround(container, 'Fjällvandring')).toBe('sv');
    expect(langAround(container, 'Children and young people')).toBe('en-US');
    expect(container.querySelectorAll('[role="note"]')).toHaveLength(1);
  });
});
