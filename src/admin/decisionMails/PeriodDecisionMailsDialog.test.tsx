import { act } from 'react';
import type { DataProvider } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import type { DecisionMailCount, DecisionMailRound } from '../../providers/staffMethods';
import { buttonNamed as button, pageText as text, waitFor } from '../../components/testing/dom';
import { mountInAdmin, unmountAdmin } from '../testing/mountInAdmin';
import { PeriodDecisionMailsDialog } from './PeriodDecisionMailsDialog';

afterEach(() => {
  unmountAdmin();
});

/** The dialog over a dataProvider that counts `count` and answers each round in turn; the limits asked are kept. */
async function open(count: DecisionMailCount, rounds: DecisionMailRound[]) {
  const limits: number[] = [];
  const dataProvider = {
    countDecisionMails: async () => count,
    sendDecisionMails: async (_uuid: string, limit: number) => (limits.push(limit), rounds.shift()!),
  } as unknown as DataProvider;
  await mountInAdmin(<PeriodDecisionMailsDialog period={{ uuid: 'period-uuid', name: 'Våren 2026' }} onClose={() => {}} />, dataProvider);
  return limits;
}

describe('a period’s decision mails', () => {
  it('says how many go and how many are skipped, then sends in rounds of 25 until none remain', async () => {
    const limits = await open({ pending: 30, without_email: 2, without_amount: 0, stood_aside: 0, example: null }, [
      { sent: 25, remaining: 5, without_email: 2, without_amount: 0, stood_aside: 0 },
      { sent: 5, remaining: 0, without_email: 2, without_amount: 0, stood_aside: 0 },
    ]);
    await waitFor(() => text().includes('30 beslutsbrev skickas.'), 'the count');
    expect(text()).toContain('2 ansökningar saknar e-postadress och hoppas över.');
    await act(async () => button('Skicka 30 beslutsbrev')!.click());
    await waitFor(() => text().includes('30 beslutsbrev skickade.'), 'the summary');
    expect(limits).toEqual([25, 25]);
    expect(button('Stäng')).toBeDefined();
  });

  it('shows the first mail as its applicant will read it beside the count', async () => {
    const example = {
      to: 'lina@example.se',
      subject: 'Beslut om din ansökan 2026-0042',
      body: 'Hej Lina!\n\nStiftelsen har beviljat 12 000 kr.',
      sent_at: null,
    };
    await open({ pending: 3, without_email: 0, without_amount: 0, stood_aside: 0, example }, []);
    await waitFor(() => text().includes('3 beslutsbrev skickas.'), 'the count');
    expect(text()).toContain('Så här ser det första brevet ut:');
    expect(text()).toContain('Till: lina@example.se');
    expect(text()).toContain('Stiftelsen har beviljat 12 000 kr.');
  });

  it('says how many approvals lack their amount and are skipped, before and after sending', async () => {
    await open({ pending: 2, without_email: 0, without_amount: 1, stood_aside: 0, example: null }, [
      { sent: 2, remaining: 0, without_email: 0, without_amount: 1, stood_aside: 0 },
    ]);
    const skipped = '1 beviljad ansökan saknar beviljat belopp och hoppas över. Spara beslutet med beloppet först.';
    await waitFor(() => text().includes('2 beslutsbrev skickas.'), 'the count');
    expect(text()).toContain(skipped);
    await act(async () => button('Skicka 2 beslutsbrev')!.click());
    await waitFor(() => text().includes('2 beslutsbrev skickade.'), 'the summary');
    expect(text()).toContain(skipped);
  });

  it('says how many are left to a colleague where the user stood aside, before and after sending', async () => {
    await open({ pending: 3, without_email: 0, without_amount: 0, stood_aside: 2, example: null }, [
      { sent: 3, remaining: 0, without_email: 0, without_amount: 0, stood_aside: 2 },
    ]);
    const left = '2 där du anmält jäv lämnas till en kollega.';
    await waitFor(() => text().includes('3 beslutsbrev skickas.'), 'the count');
    expect(text()).toContain(left);
    await act(async () => button('Skicka 3 beslutsbrev')!.click());
    await waitFor(() => text().includes('3 beslutsbrev skickade.'), 'the summary');
    expect(text()).toContain(left);
  });

  it('says when there is nothing to send, with only a way to close', async () => {
    await open({ pending: 0, without_email: 0, without_amount: 0, stood_aside: 0, example: null }, []);
    await waitFor(() => text().includes('Alla beslutsbrev i perioden är redan skickade'), 'nothing to send');
    expect([...document.querySelectorAll('[role="dialog"] button')].map((b) => b.textContent)).toEqual(['Stäng']);
  });

  it('stops rather than asking forever when a round sends nothing', async () => {
    await open({ pending: 3, without_email: 0, without_amount: 0, stood_aside: 0, example: null }, [
      { sent: 1, remaining: 2, without_email: 0, without_amount: 0, stood_aside: 0 },
      { sent: 0, remaining: 2, without_email: 0, without_amount: 0, stood_aside: 0 },
    ]);
    await waitFor(() => !!button('Skicka 3 beslutsbrev'), 'the confirmation');
    await act(async () => button('Skicka 3 beslutsbrev')!.click());
    await waitFor(() => text().includes('Utskicket avbröts'), 'the stop');
    expect(text()).toContain('Utskicket avbröts efter 1 av 3: Inga fler beslutsbrev kunde skickas.');
  });
});
