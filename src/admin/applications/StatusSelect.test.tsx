import { act } from 'react';
import { RecordContextProvider } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { enums } from '../../../resources/enums';
import type { StaffDataProvider } from '../../providers/dataProvider';
import { pageText as text, waitFor } from '../../components/testing/dom';
import { mountInAdmin, unmountAdmin } from '../testing/mountInAdmin';
import { ShownApplicationDialog } from './ShownApplicationDialog';
import { StatusSelect } from './StatusSelect';

const { received, approved } = enums.application_status;

const row = {
  id: 7,
  uuid: 'app-7',
  reference: '2026-0007',
  status: received,
  applicant: { id: 3, name: 'Lina Öberg', email: 'lina@example.se' },
  period: { id: 1, uuid: 'p1', name: 'Våren 2026' },
  progress: { unread_messages: false },
};

/** The selector of `record` in a list with its dialog, over a dataProvider that records the status changes asked. */
async function mount(record: typeof row & { approved_money: number | null }) {
  const changes: number[] = [];
  const answers: Record<string, unknown> = {
    getApplication: { ...record, money: 10_000_00 },
    getDecision: {
      status: record.status,
      approved_money: record.approved_money,
      approved_fou: null,
      approved_nok: null,
      global_goals: [],
      decided_at: null,
      board: null,
      told: false,
      pending_change: null,
      uses_money_distribution_cap: false,
      cap: null,
    },
    updateStatus: record,
    // A type without review criteria: no review tab.
    getReviews: { criteria: [], applicant: { reference: null, name: '', organisation: null }, mine: null, reviews: null, summary: null },
  };
  const dataProvider = new Proxy(
    {},
    {
      // Every method answers (an empty list for the sections this test does not read); the provider is no promise.
      get: (_target, name) =>
        typeof name !== 'string' || name === 'then'
          ? undefined
          : async (_uuid: string, status: number) => {
              if (name === 'updateStatus') changes.push(status);
              return answers[name] ?? [];
            },
    },
  ) as StaffDataProvider;
  await mountInAdmin(
    <>
      <RecordContextProvider value={record}>
        <StatusSelect />
      </RecordContextProvider>
      <ShownApplicationDialog />
    </>,
    dataProvider,
    '/applications',
  );
  return changes;
}

/** Chooses `label` in the selector, as a pointer does. */
async function choose(label: string) {
  const select = document.querySelector<HTMLElement>('[role="combobox"]')!;
  await act(async () => select.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 })));
  const option = [...document.querySelectorAll<HTMLElement>('[role="option"]')].find((o) => o.textContent === label)!;
  await act(async () => option.click());
}

const dialog = () => document.querySelector('[role="dialog"][aria-labelledby="application-dialog-title"]');

afterEach(unmountAdmin);

describe('the status selector', { timeout: 15_000 }, () => {
  it('opens the decision with "approved" chosen rather than approving an application without an amount', async () => {
    const changes = await mount({ ...row, approved_money: null });
    await choose('Beviljad');
    await waitFor(() => !!dialog()?.querySelector('[data-live="approved_money"]'), 'the decision’s amount');
    expect(changes).toEqual([]);
    expect(text()).toContain('Ansökan beviljas när du sparar beslutet med beviljat belopp.');
    const chosen = dialog()!.querySelector<HTMLInputElement>('input[type="radio"]:checked');
    expect(chosen?.value).toBe(String(approved));
    expect(document.activeElement?.getAttribute('data-live')).toBe('approved_money');
  });

  it('sets "approved" on an application that has its approved amount', async () => {
    const changes = await mount({ ...row, approved_money: 5_000_00 });
    await choose('Beviljad');
    await waitFor(() => text().includes('Statusen har ändrats.'), 'the change');
    expect(changes).toEqual([approved]);
    expect(dialog()).toBeNull();
  });
});
