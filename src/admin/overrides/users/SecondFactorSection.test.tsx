import { act } from 'react';
import { RecordContextProvider, ResourceContextProvider } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { endpointFor } from '../../../../resources/index';
import { staffUsers } from '../../../../resources/staffUsers';
import { buttonNamed, pageText, waitFor } from '../../../components/testing/dom';
import { createDataProvider } from '../../../providers/dataProvider';
import { createHttpClient } from '../../../providers/httpClient';
import { createSession } from '../../../providers/session';
import type { AccountEvent } from '../../../providers/staffMethods';
import { fakeApi } from '../../../providers/testServer';
import { resourceScreens } from '../../resources/ResourceScreens';
import { mountInAdmin, unmountAdmin } from '../../testing/mountInAdmin';
import { SecondFactorSection } from './SecondFactorSection';

// A user's record, as an administrator sees it: whether the second factor is on, its reset for a colleague, and the
// account's sign-in history.

afterEach(() => unmountAdmin());

const ok = (data: unknown) => ({ status: 200, data: { data } });
const maria = { id: 5, email: 'maria@stiftelsen.se', first_name: 'Maria', last_name: 'Nilsson', second_factor: true };
const admin = { id: 1, fullName: 'Anna Admin' };
const history: AccountEvent[] = [
  { id: 3, event: 'second_factor_reset', actor_name: 'Anna Admin', created_at: '2026-11-20T10:00:00Z' },
  { id: 2, event: 'recovery_code_used', actor_name: null, created_at: '2026-07-01T06:30:00Z' },
  { id: 1, event: 'second_factor_enrolled', actor_name: null, created_at: '2026-06-30T22:15:00Z' },
];

/** The section on `user`'s record, signed in as `identity`, over the real dataProvider on a fake API. */
async function openRecord(user: typeof maria | Omit<typeof maria, 'second_factor'>, events: () => AccountEvent[], identity = admin) {
  const api = fakeApi({
    [`GET /users/${user.id}/account-history`]: () => ok(events()),
    [`DELETE /users/${user.id}/second-factor`]: () => ({ status: 204 }),
  });
  const session = createSession({ storageKey: 'staff_session', refreshPath: '/auth/refresh' });
  const http = createHttpClient({ session, onUnauthorized: () => {}, fetch: api.fetch });
  await mountInAdmin(
    <RecordContextProvider value={user}>
      <SecondFactorSection />
    </RecordContextProvider>,
    createDataProvider(http, endpointFor),
    `/users/${user.id}`,
    [{ name: 'manage-users', entity_id: null, entity_type: null }],
    identity,
  );
  const calls = (method: string) => api.calls.filter((c) => c.method === method);
  await waitFor(() => calls('GET').length > 0 && !document.querySelector('[role="progressbar"]'), 'the history');
  return calls;
}

const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');

describe('a user’s two-factor sign-in, on their record', { timeout: 20_000 }, () => {
  it('lists the account’s events newest first: what, when in Stockholm time, and who', async () => {
    await openRecord(maria, () => history);
    expect(pageText()).toContain('Tvåfaktorinloggning är på.');
    const items = [...document.querySelectorAll('ul[aria-label="Kontohistorik"] li')].map((li) => li.textContent);
    expect(items).toEqual([
      'Tvåfaktorinloggning återställd20 nov. 2026 11:00 · Anna Admin',
      'Inloggning med återställningskod1 juli 2026 08:30 · kontots ägare',
      // 22:15 UTC on 30 June is past midnight in Stockholm.
      'Tvåfaktorinloggning påslagen1 juli 2026 00:15 · kontots ägare',
    ]);
  });

  it('says so when the account has no events', async () => {
    await openRecord({ ...maria, second_factor: false }, () => []);
    expect(pageText()).toContain('Tvåfaktorinloggning är av.');
    expect(pageText()).toContain('Inga händelser ännu.');
    // Nothing to reset.
    expect(buttonNamed('Återställ tvåfaktorinloggning')).toBeUndefined();
  });

  it('resets a colleague’s after a confirmation saying what happens, and shows it in the history', async () => {
    let events: AccountEvent[] = history.slice(1);
    const calls = await openRecord(maria, () => events);
    await act(async () => buttonNamed('Återställ tvåfaktorinloggning')!.click());
    await waitFor(() => !!dialog(), 'the confirmation');
    expect(dialog()!.textContent).toContain('Återställa tvåfaktorinloggning för Maria Nilsson?');
    expect(dialog()!.textContent).toContain(
      'Maria Nilsson loggas ut överallt och får ställa in tvåfaktorinloggning på nytt vid nästa inloggning.',
    );
    expect(calls('DELETE')).toHaveLength(0);
    events = history;
    const confirm = [...dialog()!.querySelectorAll('button')].find((b) => b.textContent === 'Återställ tvåfaktorinloggning')!;
    await act(async () => confirm.click());
    await waitFor(() => pageText().includes('Tvåfaktorinloggningen för Maria Nilsson är återställd.'), 'the notice');
    expect(calls('DELETE').map((c) => c.url)).toEqual(['/users/5/second-factor']);
    await waitFor(() => pageText().includes('Tvåfaktorinloggning återställd'), 'the history read again');
  });

  it('offers no reset of one’s own, and shows no state the record does not give', async () => {
    const { second_factor: _, ...withoutState } = maria;
    await openRecord(withoutState, () => history, { id: 5, fullName: 'Maria Nilsson' });
    expect(pageText()).not.toContain('Tvåfaktorinloggning är på.');
    expect(pageText()).not.toContain('Tvåfaktorinloggning är av.');
    expect(buttonNamed('Återställ tvåfaktorinloggning')).toBeUndefined();
    expect(pageText()).toContain('Kontohistorik');
  });
});

describe('the user’s edit screen', { timeout: 20_000 }, () => {
  it('has the two-factor section below the form', async () => {
    const api = fakeApi({
      'GET /users/5': () => ok(maria),
      'GET /periods': () => ok({ data: [], total: 0 }),
      'GET /users/5/account-history': () => ok(history),
    });
    const http = createHttpClient({
      session: createSession({ storageKey: 'staff_session', refreshPath: '/auth/refresh' }),
      onUnauthorized: () => {},
      fetch: api.fetch,
    });
    const Edit = resourceScreens(staffUsers).edit;
    await mountInAdmin(
      <ResourceContextProvider value="users">
        <Routes>
          <Route path="/users/:id" element={<Edit />} />
        </Routes>
      </ResourceContextProvider>,
      createDataProvider(http, endpointFor),
      '/users/5',
      [{ name: 'manage-users', entity_id: null, entity_type: null }],
      admin,
    );
    await waitFor(() => !!document.querySelector('ul[aria-label="Kontohistorik"]'), 'the section');
    expect(document.querySelector<HTMLInputElement>('input[name="email"]')?.value).toBe('maria@stiftelsen.se');
    expect(buttonNamed('Återställ tvåfaktorinloggning')).toBeDefined();
  });
});
