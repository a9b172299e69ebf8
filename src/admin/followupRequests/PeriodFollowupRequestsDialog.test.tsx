import { act } from 'react';
import { HttpError, type DataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buttonNamed as button, pageText as text, waitFor } from '../../components/testing/dom';
import { mountInAdmin, unmountAdmin } from '../testing/mountInAdmin';
import { PeriodFollowupRequestsDialog } from './PeriodFollowupRequestsDialog';

afterEach(() => {
  unmountAdmin();
  vi.restoreAllMocks();
});

const dialogButtons = () => [...document.querySelectorAll('[role="dialog"] button')].map((b) => b.textContent);

/** The dialog over a dataProvider that counts `pending` and requests with `requestFollowups`. */
async function open(pending: number, requestFollowups: (uuid: string) => Promise<{ requested: number }> = vi.fn()) {
  const onClose = vi.fn();
  const dataProvider = { countFollowupRequests: async () => ({ pending }), requestFollowups } as unknown as DataProvider;
  await mountInAdmin(<PeriodFollowupRequestsDialog period={{ uuid: 'period-uuid', name: 'Våren 2026' }} onClose={onClose} />, dataProvider);
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
