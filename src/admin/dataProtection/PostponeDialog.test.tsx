import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { AdminContext, Notification } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDataProvider } from '../../providers/dataProvider';
import { ApiError, type HttpClient } from '../../providers/httpClient';
import { createI18nProvider } from '../../providers/i18nProvider';
import type { RetentionPreview } from '../../providers/staffMethods';
import { PostponeDialog, type PreviewLine } from './PostponeDialog';

// No testing library in the project: react-dom and act directly.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = '';
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

const text = () => document.body.textContent ?? '';
const button = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === name)!;
const field = (id: string) => document.getElementById(id) as HTMLInputElement | HTMLTextAreaElement;

async function waitFor(condition: () => boolean, what: string) {
  for (let waited = 0; !condition(); waited += 20) {
    if (waited > 5000) throw new Error(`timed out waiting for ${what}: ${text()}`);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  }
}

/** Types into a React-controlled field as a person would: the value through the element's own setter, then the event. */
async function type(element: HTMLInputElement | HTMLTextAreaElement, value: string) {
  const prototype = element instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** The dialog in Swedish over the real dataProvider, on an HTTP client whose PUT answers with `put`. */
async function open(put: (url: string, body?: unknown) => Promise<unknown>) {
  const onClose = vi.fn();
  const http = { put, get: vi.fn(async () => ({ data: { data: preview }, status: 200, headers: {} })) } as unknown as HttpClient;
  const i18nProvider = await createI18nProvider({
    'sv-SE': async () => (await import('../../../locales/ra-language-swedish')).default,
    'en-US': async () => (await import('ra-language-english')).default,
  });
  await i18nProvider.changeLocale('sv-SE');
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => {
    root!.render(
      <AdminContext dataProvider={createDataProvider(http)} i18nProvider={i18nProvider}>
        <PostponeDialog line={line} onClose={onClose} />
        <Notification />
      </AdminContext>,
    );
  });
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
