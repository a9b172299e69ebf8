import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageText as text, waitFor } from '../../components/testing/dom';
import type { HttpClient } from '../../providers/httpClient';
import { mountStaffAdmin, unmountAdmin } from '../testing/mountInAdmin';

// The review criteria are a settings entity: their list, create and edit screens are generated from the declaration.

afterEach(() => {
  unmountAdmin();
  localStorage.clear();
});

const criterion = {
  id: 5,
  application_type_id: 2,
  label_sv: 'Relevans',
  label_en: 'Relevance',
  guidance_sv: 'Hur väl svarar projektet mot stiftelsens syfte?',
  guidance_en: 'How well does the project meet the foundation’s purpose?',
  scale_max: 5,
  weight: 2,
  order: 1,
};
const ok = <T,>(data: T) => ({ data: { data }, status: 200, headers: {} });

async function render(path: string) {
  const get = vi.fn(async (url: string) => {
    if (url === '/review-criteria') return ok({ data: [criterion], total: 1 });
    if (url === '/review-criteria/5') return ok(criterion);
    if (url === '/application-types') return ok({ data: [{ id: 2, label: 'Projektbidrag' }], total: 1 });
    return ok({ data: [], total: 0 });
  });
  await mountStaffAdmin(path, get as unknown as HttpClient['get'], {
    abilities: [{ name: 'manage-application-types', entity_id: null, entity_type: null }],
  });
}
const field = (name: string) => document.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${name}"]`);

describe('the review criteria screens', { timeout: 60_000 }, () => {
  it('lists the criteria with their type, labels, scale and weight', async () => {
    await render('/review-criteria');
    await waitFor(() => text().includes('Relevans'), 'the list');
    expect(text()).toContain('Bedömningskriterier');
    for (const heading of ['Ansökningstyp', 'Benämning (svenska)', 'Benämning (engelska)', 'Skala 1 till', 'Vikt']) {
      expect(text()).toContain(heading);
    }
    expect(text()).toContain('Relevance');
  });

  it('creates a criterion with the guidance written on several lines and the scale and weight’s defaults', async () => {
    await render('/review-criteria/create');
    await waitFor(() => !!field('label_sv'), 'the form');
    expect(text()).toContain('Skapa bedömningskriterium');
    for (const name of ['guidance_sv', 'guidance_en']) expect(field(name)).toBeInstanceOf(HTMLTextAreaElement);
    expect(field('label_sv')).toBeInstanceOf(HTMLInputElement);
    expect(field('scale_max')!.value).toBe('5');
    expect(field('weight')!.value).toBe('1');
  });

  it('edits a criterion as it is stored', async () => {
    await render('/review-criteria/5');
    await waitFor(() => field('label_sv')?.value === 'Relevans', 'the form');
    expect(field('guidance_sv')).toBeInstanceOf(HTMLTextAreaElement);
    expect(field('guidance_sv')!.value).toBe('Hur väl svarar projektet mot stiftelsens syfte?');
    expect(field('weight')!.value).toBe('2');
  });
});
