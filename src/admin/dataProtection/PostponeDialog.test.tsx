import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDataProvider } from '../../providers/dataProvider';
import { ApiError, type HttpClient } from '../../providers/httpClient';
import type { RetentionPreview } from '../../providers/staffMethods';
import { buttonNamed, pageText as text, typeInto as type, waitFor } from '../../components/testing/dom';
import { mountInAdmin, unmountAdmin } from '../testing/mountInAdmin';
import { PostponeDialog, type PreviewLine } from './PostponeDialog';

const button = (name: string) => buttonNamed(name)!;

afterEach(() => {
  unmountAdmin();
  vi.restoreAllMocks();
});

const line: PreviewLine = {
  period: { id: 7, uuid: 'period-uuid', name: 'Ansökningsomgång 2025' },
  drafts: 0,
  rejected: 2,
  approved: 1,
  postponed: null,
} as unknown as PreviewLine;
const preview: RetentionPreview = { periods: [line], totals: { drafts: 0, rejected: 2, approved: 1 } };

const field = (id: string) => document.getElementById(id) as HTMLInputElement | HTMLTextAreaElement;

/** The dialog in Swedish over the real dataProvider, on an HTTP client whose PUT answers with `put`. */
async function open(put: (url: string, body?: unknown) => Promise<unknown>) {
  const onClose = vi.fn();
  const http = { put, get: vi.fn(async () => ({ data: { data: preview }, status: 200, headers: {} })) } as unknown as HttpClient;
  await mountInAdmin(<PostponeDialog line={line} onClose={onClose} />, createDataProvider(http));
  await waitFor(() => text().includes('Skjut upp gallringen – Ansökningsomgång 2025'), 'the dialog');
  return onClose;
}

describe('postponing the retention rules for a period', () => {
  it('requires the date and the reason, and sends nothing without them', async () => {
    const put = vi.fn();
    const onClose = await open(put);
    await act(async () => button('Skjut upp').click());
    await waitFor(() => text().includes('Fältet datum är obligatoriskt.'), 'the date’s error');
    expect(text()).toContain('Fältet skäl är obligatoriskt.');
    expect(field('postpone-until').getAttribute('aria-invalid')).toBe('true');
    expect(field('postpone-reason').getAttribute('aria-invalid')).toBe('true');

    // A reason of a word or two at least, as the server requires.
    await type(field('postpone-until'), '2027-03-31');
    await type(field('postpone-reason'), 'ok');
    await act(async () => button('Skjut upp').click());
    await waitFor(() => text().includes('Fältet skäl måste vara minst 3 tecken.'), 'the reason’s length');
    expect(put).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends the day and the reason to the period’s postponement, then says so and closes', async () => {
    const put = vi.fn(async () => ({ data: { data: preview }, status: 200, headers: {} }));
    const onClose = await open(put);
    await type(field('postpone-until'), '2027-03-31');
    await type(field('postpone-reason'), '  Tvist i tingsrätten om beslutet.  ');
    await act(async () => button('Skjut upp').click());
    await waitFor(() => text().includes('Gallringen i Ansökningsomgång 2025 är uppskjuten.'), 'the notice');
    expect(put).toHaveBeenCalledWith('/retention/postponements/7', {
      data: { until: '2027-03-31', reason: 'Tvist i tingsrätten om beslutet.' },
    });
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the server’s field error beside its field and stays open', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const message = 'Välj ett datum från i dag och högst fem år framåt.';
    const put = vi.fn(() => Promise.reject(new ApiError('Uppgifterna är ogiltiga.', 422, { errors: { until: [message] } as never })));
    const onClose = await open(put);
    await type(field('postpone-until'), '2020-01-01');
    await type(field('postpone-reason'), 'Revision pågår.');
    await act(async () => button('Skjut upp').click());
    await waitFor(() => text().includes(message), 'the server’s error');
    const helper = document.getElementById(field('postpone-until').getAttribute('aria-describedby')!);
    expect(helper?.textContent).toBe(message);
    expect(field('postpone-until').getAttribute('aria-invalid')).toBe('true');
    expect(onClose).not.toHaveBeenCalled();
    expect(button('Skjut upp').disabled).toBe(false);
  });
});
