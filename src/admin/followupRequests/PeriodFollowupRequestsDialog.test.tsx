import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { AdminContext, HttpError, Notification, type DataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18nProvider } from '../../providers/i18nProvider';
import { PeriodFollowupRequestsDialog } from './PeriodFollowupRequestsDialog';

// No testing library in the project: react-dom and act directly.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

const text = () => document.body.textContent ?? '';
const button = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === name);
const dialogButtons = () => [...document.querySelectorAll('[role="dialog"] button')].map((b) => b.textContent);

async function waitFor(condition: () => boolean, what: string) {
  for (let waited = 0; !condition(); waited += 20) {
    if (waited > 5000) throw new Error(`timed out waiting for ${what}: ${text()}`);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  }
}

/** The dialog over a dataProvider that counts `pending` and requests with `requestFollowups`. */
async function open(pending: number, requestFollowups: (uuid: string) => Promise<{ requested: number }> = vi.fn()) {
  const onClose = vi.fn();
  const dataProvider = { countFollowupRequests: async () => ({ pending }), requestFollowups } as unknown as DataProvider;
  const i18nProvider = await createI18nProvider({
    'sv-SE': async () => (await import('../../../locales/ra-language-swedish')).default,
    'en-US': async () => (await import('ra-language-english')).default,
  });
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => {
    root!.render(
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <PeriodFollowupRequestsDialog period={{ uuid: 'period-uuid', name: 'Våren 2026' }} onClose={onClose} />
        <Notification />
      </AdminContext>,
    );
  });
  return onClose;
}

describe('a period’s follow-up requests', () => {
  it('states how many approved applications will be asked, waits while they are, then tells how many were', async () => {
    let finish: (answer: { requested: number }) => void = () => {};
    const requestFollowups = vi.fn(() => new Promise<{ requested: number }>((resolve) => (finish = resolve)));
    const onClose = await open(12, requestFollowups);
    await waitFor(() => text().includes('Begär uppföljning av 12 beviljade ansökningar? Sökande får ett mejl med en länk.'), 'the count');
    expect(text()).toContain('Begär uppföljningar – Våren 2026');
    expect(requestFollowups).not.toHaveBeenCalled();

    await act(async () => button('Begär 12 uppföljningar')!.click());
    await waitFor(() => text().includes('Begär uppföljningar …'), 'the busy state');
    expect(dialogButtons()).toEqual([]);
    expect(requestFollowups).toHaveBeenCalledWith('period-uuid');

    await act(async () => finish({ requested: 12 }));
    await waitFor(() => text().includes('Uppföljning begärd för 12 ansökningar.'), 'the notice');
    expect(onClose).toHaveBeenCalled();
  });

  it('says when there is nothing to request, with only a way to close', async () => {
    await open(0);
    await waitFor(() => text().includes('Det finns inga beviljade ansökningar i perioden som väntar'), 'nothing to request');
    expect(dialogButtons()).toEqual(['Stäng']);
  });

  it('shows a refusal as the server words it and keeps the dialog open', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const onClose = await open(1, () => Promise.reject(new HttpError('Något gick fel. Försök igen.', 500, {})));
    await waitFor(() => text().includes('Begär uppföljning av 1 beviljad ansökan? Den sökande får ett mejl med en länk.'), 'the count');
    await act(async () => button('Begär 1 uppföljning')!.click());
    await waitFor(() => text().includes('Något gick fel. Försök igen.'), 'the refusal');
    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() => !!button('Begär 1 uppföljning'), 'the confirmation again');
  });
});
