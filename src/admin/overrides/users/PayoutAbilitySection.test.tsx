import { RecordContextProvider } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { endpointFor } from '../../../../resources/index';
import { pageText, waitFor } from '../../../components/testing/dom';
import { createDataProvider } from '../../../providers/dataProvider';
import { createHttpClient } from '../../../providers/httpClient';
import { createSession } from '../../../providers/session';
import type { PayoutAbilityChange } from '../../../providers/staffMethods';
import { fakeApi } from '../../../providers/testServer';
import { mountInAdmin, unmountAdmin } from '../../testing/mountInAdmin';
import { PayoutAbilitySection } from './PayoutAbilitySection';

// A user's payout abilities as granted and withdrawn, on their record: what, for which period, when and by whom.

afterEach(() => unmountAdmin());

const ok = (data: unknown) => ({ status: 200, data: { data } });
const changes: PayoutAbilityChange[] = [
  {
    id: 3,
    ability: 'approve-payouts',
    via: 'ability',
    change: 'revoked',
    period: { id: 2, name: 'Våren 2026' },
    changed_by: 'Cecilia Ceder',
    changed_at: '2026-11-20T10:00:00Z',
  },
  {
    id: 2,
    ability: 'approve-payouts',
    via: 'ability',
    change: 'granted',
    period: { id: 2, name: 'Våren 2026' },
    changed_by: 'Anna Admin',
    changed_at: '2026-11-02T09:00:00Z',
  },
  { id: 1, ability: 'manage-payouts', via: 'role', change: 'granted', period: null, changed_by: null, changed_at: '2026-06-01T08:00:00Z' },
];

async function open(rows: PayoutAbilityChange[]) {
  const api = fakeApi({ 'GET /users/5/payout-ability-changes': () => ok(rows) });
  const session = createSession({ storageKey: 'staff_session', refreshPath: '/auth/refresh' });
  const http = createHttpClient({ session, onUnauthorized: () => {}, fetch: api.fetch });
  await mountInAdmin(
    <RecordContextProvider value={{ id: 5 }}>
      <PayoutAbilitySection />
    </RecordContextProvider>,
    createDataProvider(http, endpointFor),
    '/users/5',
    [{ name: 'manage-users', entity_id: null, entity_type: null }],
    { id: 1, fullName: 'Anna Admin' },
  );
  await waitFor(() => api.calls.length > 0 && !document.querySelector('[role="progressbar"]'), 'the changes');
}

describe('a user’s payout abilities, on their record', { timeout: 20_000 }, () => {
  it('lists each grant and withdrawal newest first, with the period, the day and who changed it', async () => {
    await open(changes);
    const items = [...document.querySelectorAll('ul[aria-label="Rätt att hantera utbetalningar"] li')].map((li) => li.textContent);
    expect(items).toEqual([
      expect.stringMatching(/^Förlorade rätt att attestera utbetalningar – Våren 2026.*Cecilia Ceder$/),
      expect.stringMatching(/^Fick rätt att attestera utbetalningar – Våren 2026.*Anna Admin$/),
      expect.stringMatching(
        /^Fick rätt att förbereda utbetalningar – alla perioder \(genom rollen\).*det kontot hade när registret började$/,
      ),
    ]);
  });

  it('says so when the account never had one', async () => {
    await open([]);
    expect(pageText()).toContain('Kontot har aldrig haft rätt att hantera utbetalningar.');
  });
});
