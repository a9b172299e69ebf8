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
async function open(
  pending: number,
  requestFollowups: (uuid: string) => Promise<{ requested: number; stood_aside: number }> = vi.fn(),
  stoodAside = 0,
) {
  const onClose = vi.fn();
  const dataProvider = {
    countFollowupRequests: async () => ({ pending, stood_aside: stoodAside }),
    requestFollowups,
  } as unknown as DataProvider;
  await mountInAdmin(<PeriodFollowupRequestsDialog period={{ uuid: 'period-uuid', name: 'Våren 2026' }} onClose={onClose} />, dataProvider);
  return onClose;
}

describe('a period’s follow-up requests', () => {
  it('states how many approved applications will be asked, waits while they are, then tells how many were', async () => {
    let finish: (answer: { requested: number; stood_aside: number }) => void = () => {};
    const requestFollowups = vi.fn(() => new Promise<{ requested: number; stood_aside: number }>((resolve) => (finish = resolve)));
    const onClose = await open(12, requestFollowups);
    await waitFor(() => text().includes('Begär uppföljning av 12 beviljade ansökningar? Sökande får ett mejl med en länk.'), 'the count');
    expect(text()).toContain('Begär uppföljningar – Våren 2026');
    expect(requestFollowups).not.toHaveBeenCalled();

    await act(async () => button('Begär 12 uppföljningar')!.click());
    await waitFor(() => text().includes('Begär uppföljningar …'), 'the busy state');
    expect(dialogButtons()).toEqual([]);
    expect(requestFollowups).toHaveBeenCalledWith('period-uuid');

    await act(async () => finish({ requested: 12, stood_aside: 0 }));
    await waitFor(() => text().includes('Uppföljning begärd för 12 ansökningar.'), 'the notice');
    expect(onClose).toHaveBeenCalled();
  });

  it('says how many are left to a colleague where the user stood aside, in the confirmation and the notice', async () => {
    const requestFollowups = vi.fn(async () => ({ requested: 4, stood_aside: 1 }));
    await open(4, requestFollowups, 1);
    await waitFor(() => text().includes('Begär uppföljning av 4 beviljade ansökningar?'), 'the count');
    expect(text()).toContain('1 där du anmält jäv lämnas till en kollega.');
    await act(async () => button('Begär 4 uppföljningar')!.click());
    await waitFor(() => text().includes('Uppföljning begärd för 4 ansökningar. 1 där du anmält jäv lämnas till en kollega.'), 'the notice');
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
