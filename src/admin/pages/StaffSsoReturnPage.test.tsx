import { act } from 'react';
import { AuthContext } from 'react-admin';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { endpointFor, entityOf, requirementFor } from '../../../resources/index';
import { pageText, waitFor } from '../../components/testing/dom';
import { createAuthProvider } from '../../providers/authProvider';
import { createDataProvider } from '../../providers/dataProvider';
import { createHttpClient } from '../../providers/httpClient';
import { createSession } from '../../providers/session';
import { fakeApi } from '../../providers/testServer';
import { mountInAdmin, unmountAdmin } from '../testing/mountInAdmin';
import { StaffSsoReturnPage } from './StaffSsoReturnPage';

// Where the organisation's identity provider sends staff back: its answer posted once, out of the address bar, and
// the sign-in completed or its reason shown.

beforeEach(() => localStorage.clear());
afterEach(() => unmountAdmin());

const ok = (data: unknown) => ({ status: 200, data: { data } });

/** The address as the router has it, for the test to read. */
function Address() {
  const { pathname, search } = useLocation();
  return <output aria-label="address">{pathname + search}</output>;
}
const address = () => document.querySelector('output[aria-label="address"]')?.textContent;

async function returnFromProvider(
  callback: () => { status: number; data?: unknown },
  search = '?code=c1&state=s1&iss=https%3A%2F%2Fidp.example',
) {
  const api = fakeApi({
    'POST /auth/oidc/callback': callback,
    'GET /users/me': () =>
      ok({ id: 1, first_name: 'Anna', last_name: 'Admin', email: 'anna@stiftelsen.se', role: 'admin', locale: 'sv-SE' }),
    'GET /users/me/abilities': () => ok([]),
  });
  const session = createSession({ storageKey: 'staff_session', refreshPath: '/auth/refresh' });
  const http = createHttpClient({ session, onUnauthorized: (url) => staff.auth.handleUnauthorized(url), fetch: api.fetch });
  const staff = createAuthProvider(http, session, requirementFor, entityOf);
  await mountInAdmin(
    <AuthContext.Provider value={staff.provider}>
      <Routes>
        <Route
          path="/login/oidc"
          element={
            <>
              <StaffSsoReturnPage />
              <Address />
            </>
          }
        />
        <Route path="/login" element={<p>Inloggningssidan</p>} />
        <Route path="/" element={<p>Översikten</p>} />
      </Routes>
    </AuthContext.Provider>,
    createDataProvider(http, endpointFor),
    `/login/oidc${search}`,
  );
  return { session, callbacks: () => api.calls.filter((c) => c.url === '/auth/oidc/callback') };
}

describe('the return page of the organisation’s identity provider', { timeout: 20_000 }, () => {
  it('posts the answer once, as it came, and signs in', async () => {
    const { session, callbacks } = await returnFromProvider(() => ok({ expires_in: 7200 }));
    await waitFor(() => pageText().includes('Översikten'), 'the dashboard');
    expect(callbacks().map((c) => c.body)).toEqual([{ data: { callback: '?code=c1&state=s1&iss=https%3A%2F%2Fidp.example' } }]);
    expect(session.read()?.lifetime).toBe(7200);
  });

  it('shows the server’s reason with the way back, the spent answer gone from the address', async () => {
    const { session, callbacks } = await returnFromProvider(() => ({
      status: 403,
      data: { message: 'Det finns inget personalkonto med den e-postadressen.' },
    }));
    await waitFor(() => !!document.querySelector('[role="alert"]'), 'the reason');
    expect(document.querySelector('[role="alert"]')!.textContent).toBe('Det finns inget personalkonto med den e-postadressen.');
    expect(address()).toBe('/login/oidc');
    expect(callbacks()).toHaveLength(1);
    expect(session.isLoggedIn()).toBe(false);
    const back = [...document.querySelectorAll('a')].find((a) => a.textContent === 'Tillbaka till inloggningen')!;
    await act(async () => back.click());
    await waitFor(() => pageText().includes('Inloggningssidan'), 'the sign-in page');
  });

  it('posts nothing when opened without an answer, and says so', async () => {
    const { callbacks } = await returnFromProvider(() => ok({ expires_in: 7200 }), '');
    await waitFor(() => !!document.querySelector('[role="alert"]'), 'the message');
    expect(pageText()).toContain('Sidan öppnades utan svar från inloggningstjänsten.');
    expect(callbacks()).toHaveLength(0);
  });
});
