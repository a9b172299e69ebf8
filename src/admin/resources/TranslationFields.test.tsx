import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageText as text, waitFor } from '../../components/testing/dom';
import type { HttpClient } from '../../providers/httpClient';
import { mountStaffAdmin, unmountAdmin } from '../testing/mountInAdmin';

// What staff write for applicants is written in Swedish and, optionally, in English: the generated forms name each
// language and say what an English field left empty means.

afterEach(() => {
  unmountAdmin();
  localStorage.clear();
});

const ok = <T,>(data: T) => ({ data: { data }, status: 200, headers: {} });
const faq = { id: 4, question: 'När?', question_en: 'When?', answer: 'I maj.', answer_en: null, order: 1 };

async function render(path: string) {
  const get = vi.fn(async (url: string) => {
    if (url === '/faqs/4') return ok(faq);
    return ok({ data: [], total: 0 });
  });
  await mountStaffAdmin(path, get as unknown as HttpClient['get'], {
    abilities: [{ name: 'manage-faq', entity_id: null, entity_type: null }],
  });
}
const field = (name: string) => document.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${name}"]`);
const labelOf = (name: string) => document.querySelector(`label[for="${field(name)?.id}"]`)?.textContent?.replace(/\s*\*$/, '');
const helpOf = (name: string) => document.getElementById(`${field(name)?.id}-helper-text`)?.textContent;

describe('a FAQ’s form', { timeout: 60_000 }, () => {
  it('asks the question and answer in Swedish and, optionally, in English', async () => {
    await render('/faqs/4');
    await waitFor(() => field('question_en')?.value === 'When?', 'the form');
    expect(['question', 'question_en', 'answer', 'answer_en'].map(labelOf)).toEqual([
      'Fråga (svenska)',
      'Fråga (engelska)',
      'Svar (svenska)',
      'Svar (engelska)',
    ]);
    expect(field('answer_en')!.value).toBe('');
    for (const name of ['question_en', 'answer_en'])
      expect(helpOf(name)).toBe('Visas för den som läser portalen på engelska. Lämnas fältet tomt visas den svenska texten.');
    expect(helpOf('question')).toBeUndefined();
    expect(text()).toContain('Redigera vanlig fråga');
  });
});
