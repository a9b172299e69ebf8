import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../../resources/locales';
import { pageText as text, typeInto, waitFor } from '../../components/testing/dom';
import { createI18nProvider } from '../../providers/i18nProvider';
import DashboardPage from '../pages/DashboardPage';
import { Route, Routes } from '../router';
import { mountInPortal, unmountPortal } from '../testing/mountInPortal';
import { json, stubApi, type Call, type Handler } from '../testing/stubApi';
import OrganisationPage from './OrganisationPage';

// An organisation's people as its members see them: a signatory changes roles, invites and removes; everyone leaves;
// what cannot be undone is confirmed first, and a change the server refuses says why.

const organisation = { id: 7, name: 'Föreningen Norrbygden', org_number: '802415-3978', is_verified: true };
const karin = {
  id: 11,
  frontend_user_id: 101,
  name: 'Karin Kassör',
  email: 'karin@example.se',
  role: 'signatory',
  joined_at: '2026-03-01T09:00:00Z',
};
const olle = {
  id: 12,
  frontend_user_id: 102,
  name: 'Olle Ordförande',
  email: 'olle@example.se',
  role: 'member',
  joined_at: '2026-03-05T09:00:00Z',
};

/** The page's answer, the reader's role `role`; the history oldest first, which the page turns round. */
const people = (role: 'signatory' | 'member', members: unknown[] = [karin, olle]) => ({
  organisation,
  role,
  members,
  invitations: [
    { id: 3, email: 'sara@example.se', role: 'member', created_at: '2026-04-01T08:00:00Z', expires_at: '2026-04-15T08:00:00Z' },
  ],
  history: [
    {
      id: 1,
      action: 'member_added',
      at: '2026-03-01T09:00:00Z',
      by: null,
      by_staff: false,
      about: 'Karin Kassör',
      details: { role: 'signatory', how: 'first_application' },
    },
    {
      id: 2,
      action: 'invitation_accepted',
      at: '2026-03-05T09:00:00Z',
      by: 'Olle Ordförande',
      by_staff: false,
      about: 'Olle Ordförande',
      details: { role: 'member' },
    },
    { id: 3, action: 'member_left', at: '2026-03-20T12:30:00Z', by: null, by_staff: false, about: null, details: { role: 'member' } },
    {
      id: 4,
      action: 'invited',
      at: '2026-04-01T08:00:00Z',
      by: 'Karin Kassör',
      by_staff: false,
      about: null,
      details: { email: 'sara@example.se', role: 'member' },
    },
    {
      id: 5,
      action: 'role_changed',
      at: '2026-04-02T08:00:00Z',
      by: 'Anna Admin',
      by_staff: true,
      about: null,
      details: { from: 'signatory', role: 'member', reason: 'Bad om det per telefon.' },
    },
  ],
});

/** The reader's organisations: this one, as `member_id` with `role`. */
const mine = (memberId: number, role: string) => [{ ...organisation, role, member_id: memberId, members: 2 }];

const routesFor = (role: 'signatory' | 'member'): Record<string, Handler> => ({
  'GET /portal/organisations/7/members': () => json(200, { data: people(role) }),
  'GET /portal/organisations/mine': () => json(200, { data: role === 'signatory' ? mine(11, role) : mine(12, role) }),
});

let calls: Call[] = [];
let missing: string[] = [];

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('applicant_session', JSON.stringify({ expiresAt: Date.now() + 7_200_000, lifetime: 7200 }));
});
afterEach(() => {
  expect(missing).toEqual([]);
  unmountPortal();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The page at /organisationer/7 over the stubbed API, with the dashboard beside it. */
async function render(routes: Record<string, Handler>, locale: Locale = 'sv-SE') {
  calls = stubApi(routes);
  missing = [];
  const i18nProvider = await createI18nProvider(undefined, { onMissingKey: (key, language) => missing.push(`${language}:${key}`) });
  await i18nProvider.changeLocale(locale);
  await mountInPortal(
    <Routes>
      <Route path="/organisationer/:id" element={<OrganisationPage />} />
      <Route path="/" element={<DashboardPage />} />
    </Routes>,
    i18nProvider,
    '/organisationer/7',
  );
  // Both reads answered: the members listed, and the reader among them.
  await waitFor(() => [...document.querySelectorAll('li h3')].some((h) => h.textContent?.endsWith(')')), 'the page');
}

const buttons = (name: string, within: ParentNode = document) =>
  [...within.querySelectorAll('button')].filter((b) => b.textContent?.trim() === name);
const button = (name: string, within: ParentNode = document) => {
  const found = buttons(name, within)[0];
  if (!found) throw new Error(`no button ${name}: ${text()}`);
  return found;
};
/** The list item of the member named `name`. */
const member = (name: string) => {
  const heading = [...document.querySelectorAll('li h3')].find((h) => h.textContent?.startsWith(name));
  if (!heading) throw new Error(`no member ${name}: ${text()}`);
  return heading.closest('li')!;
};
const section = (heading: string) => {
  const found = [...document.querySelectorAll('h2')].find((h) => h.textContent === heading);
  if (!found) throw new Error(`no section ${heading}: ${text()}`);
  return found.closest('section')!;
};
const dialog = () => document.querySelector<HTMLElement>('[role="dialog"]');
const click = (element: HTMLElement) => act(async () => element.click());

describe('the organisation’s page', { timeout: 20_000 }, () => {
  it('lets a signatory withdraw an invitation still waiting, and says so', async () => {
    await render({
      ...routesFor('signatory'),
      'DELETE /portal/organisations/7/invitations/3': () => json(200, { data: { ...people('signatory'), invitations: [] } }),
    });
    const invitations = section('Väntande inbjudningar');
    const withdraw = [...invitations.querySelectorAll('button')].find(
      (b) => b.getAttribute('aria-label') === 'Dra tillbaka inbjudan till sara@example.se',
    )!;
    await click(withdraw);
    await waitFor(() => text().includes('Inbjudan till sara@example.se är tillbakadragen.'), 'the notice');
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/portal/organisations/7/invitations/3']);
    expect(section('Väntande inbjudningar').textContent).toContain('Inga inbjudningar väntar på svar.');
  });

  it('offers a member no withdrawal of invitations', async () => {
    await render(routesFor('member'));
    expect(buttons('Dra tillbaka', section('Väntande inbjudningar'))).toEqual([]);
  });

  it('shows a signatory the members with their roles, the invitations, the history newest first, and what a signatory may do', async () => {
    await render(routesFor('signatory'));
    expect(document.querySelector('h1')!.textContent).toBe('Föreningen Norrbygden');
    expect(text()).toContain('Organisationsnummer 802415-3978 · din roll: firmatecknare');
    expect(member('Karin Kassör').textContent).toContain('Karin Kassör (du)Firmatecknare');
    expect(member('Olle Ordförande').textContent).toContain('Olle OrdförandeMedlem');
    // Roles for every member, removal for the others; nobody removes themself.
    expect(buttons('Gör till medlem', member('Karin Kassör'))).toHaveLength(1);
    expect(buttons('Ta bort', member('Karin Kassör'))).toHaveLength(0);
    expect(buttons('Gör till firmatecknare', member('Olle Ordförande'))).toHaveLength(1);
    expect(buttons('Ta bort', member('Olle Ordförande'))).toHaveLength(1);
    expect(button('Ta bort', member('Olle Ordförande')).getAttribute('aria-describedby')).toBe('member-12');

    expect(section('Väntande inbjudningar').textContent).toContain('sara@example.se som medlem, gäller till 15 apr. 2026');
    expect(section('Bjud in en person').querySelector('input[type="email"]')).not.toBeNull();

    const history = [...section('Historik').querySelectorAll('li')].map((li) => li.textContent);
    expect(history).toEqual([
      '2 apr. 2026 10:00Anna Admin på stiftelsen gjorde en tidigare medlem till medlem.Skäl: Bad om det per telefon.',
      '1 apr. 2026 10:00Karin Kassör bjöd in sara@example.se som medlem.',
      '20 mars 2026 13:30En tidigare medlem lämnade organisationen.',
      '5 mars 2026 10:00Olle Ordförande tog emot inbjudan och blev medlem.',
      '1 mars 2026 10:00Karin Kassör blev firmatecknare genom att skicka in organisationens första ansökan.',
    ]);
    expect(section('Historik').querySelector('time')!.getAttribute('datetime')).toBe('2026-04-02T08:00:00Z');
  });

  it('shows a member the people and the history, but no invitation form nor any change but leaving', async () => {
    await render(routesFor('member'));
    expect(text()).toContain('din roll: medlem');
    expect(member('Olle Ordförande').textContent).toContain('(du)');
    expect(buttons('Gör till medlem')).toEqual([]);
    expect(buttons('Gör till firmatecknare')).toEqual([]);
    expect(buttons('Ta bort')).toEqual([]);
    expect(text()).not.toContain('Bjud in en person');
    expect(text()).toContain('sara@example.se som medlem');
    expect(text()).toContain('Karin Kassör bjöd in sara@example.se som medlem.');
    expect(buttons('Lämna organisationen')).toHaveLength(1);
  });

  it('removes a member only after the confirmation, then lists the people as they are', async () => {
    const routes = routesFor('signatory');
    let removed = false;
    routes['DELETE /portal/organisations/7/members/12'] = () => {
      removed = true;
      return new Response(null, { status: 204 });
    };
    routes['GET /portal/organisations/7/members'] = () => json(200, { data: removed ? people('signatory', [karin]) : people('signatory') });
    await render(routes);
    await click(button('Ta bort', member('Olle Ordförande')));
    await waitFor(() => !!dialog(), 'the dialog');
    expect(dialog()!.textContent).toContain('Ta bort Olle Ordförande ur organisationen?');
    expect(dialog()!.textContent).toContain('Olle Ordförande ser sedan ingenting av organisationens ansökningar, bidrag eller dialog.');

    // Cancelling removes nobody.
    await click(button('Avbryt', dialog()!));
    await waitFor(() => !dialog(), 'the dialog to close');
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);

    await click(button('Ta bort', member('Olle Ordförande')));
    await waitFor(() => !!dialog(), 'the dialog');
    await click(button('Ta bort', dialog()!));
    await waitFor(() => !dialog() && text().includes('Olle Ordförande är borttagen ur organisationen.'), 'the removal');
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => [c.path, c.headers['X-Requested-With']])).toEqual([
      ['/portal/organisations/7/members/12', 'XMLHttpRequest'],
    ]);
    expect([...document.querySelectorAll('li h3')].map((h) => h.textContent)).toEqual(['Karin Kassör (du)']);
    // Read again for the history the removal wrote.
    expect(calls.filter((c) => c.path === '/portal/organisations/7/members' && c.method === 'GET')).toHaveLength(2);
    expect(document.querySelector('[role="status"]')!.textContent).toBe('Olle Ordförande är borttagen ur organisationen.');
  });

  it('shows why the server refuses a change of role, and changes the role it takes', async () => {
    const routes = routesFor('signatory');
    routes['POST /portal/organisations/7/members'] = ({ body }) => {
      const { member_id, role } = (body as { data: { member_id: number; role: string } }).data;
      if (member_id === 11)
        return json(409, { message: 'Organisationen måste ha minst en firmatecknare. Utse en annan firmatecknare först.' });
      return json(200, { data: people('signatory', [karin, { ...olle, role }]) });
    };
    await render(routes);
    await click(button('Gör till medlem', member('Karin Kassör')));
    await waitFor(() => !!document.querySelector('[role="alert"]'), 'the refusal');
    expect(document.querySelector('[role="alert"]')!.textContent).toBe(
      'Organisationen måste ha minst en firmatecknare. Utse en annan firmatecknare först.',
    );
    expect(member('Karin Kassör').textContent).toContain('Firmatecknare');

    await click(button('Gör till firmatecknare', member('Olle Ordförande')));
    await waitFor(() => text().includes('Olle Ordförande är nu firmatecknare.'), 'the change');
    expect(document.querySelector('[role="alert"]')).toBeNull();
    expect(member('Olle Ordförande').textContent).toContain('Olle OrdförandeFirmatecknare');
    expect(buttons('Gör till medlem', member('Olle Ordförande'))).toHaveLength(1);
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { data: { member_id: 11, role: 'member' } },
      { data: { member_id: 12, role: 'signatory' } },
    ]);
  });

  it('invites by e-mail and role, with the server’s refusal beside the address', async () => {
    const routes = routesFor('signatory');
    routes['POST /portal/organisations/7/invitations'] = ({ body }) => {
      const { email } = (body as { data: { email: string } }).data;
      if (email === 'olle@example.se')
        return json(422, { message: 'Uppgifterna är ogiltiga.', errors: { email: ['Personen är redan medlem i organisationen.'] } });
      const page = people('signatory');
      return json(201, {
        data: {
          ...page,
          invitations: [
            { id: 4, email, role: 'signatory', created_at: '2026-04-03T08:00:00Z', expires_at: '2026-04-17T08:00:00Z' },
            ...page.invitations,
          ],
        },
      });
    };
    await render(routes);
    const form = section('Bjud in en person');
    const email = form.querySelector<HTMLInputElement>('input[type="email"]')!;
    // Checked here first, as the server would.
    await click(button('Skicka inbjudan', form));
    expect(form.querySelector(`#${email.id}-helper`)!.textContent).toBe('Fyll i det här fältet.');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await typeInto(email, 'olle@example.se');
    await click(button('Skicka inbjudan', form));
    await waitFor(
      () => form.querySelector(`#${email.id}-helper`)!.textContent === 'Personen är redan medlem i organisationen.',
      'the error',
    );
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe(`${email.id}-helper`);

    await typeInto(email, 'per@example.se');
    const role = form.querySelector<HTMLSelectElement>('select[name="role"]')!;
    expect(form.querySelector(`#${role.getAttribute('aria-describedby')}`)!.textContent).toBe(
      'Skriver utkast, svarar i dialogen och skickar in uppföljningar.',
    );
    await act(async () => {
      role.value = 'signatory';
      role.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(form.querySelector(`#${role.getAttribute('aria-describedby')}`)!.textContent).toBe(
      'Godkänner villkor, begär utbetalningar och bjuder in och tar bort personer.',
    );
    await click(button('Skicka inbjudan', form));
    await waitFor(() => text().includes('Inbjudan har skickats till per@example.se.'), 'the invitation');
    expect(section('Väntande inbjudningar').textContent).toContain('per@example.se som firmatecknare, gäller till 17 apr. 2026');
    expect(email.value).toBe('');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { data: { email: 'olle@example.se', role: 'member' } },
      { data: { email: 'per@example.se', role: 'signatory' } },
    ]);
  });

  it('leaves only after the confirmation, and then says so on the dashboard', async () => {
    const routes = routesFor('member');
    let left = false;
    routes['DELETE /portal/organisations/7/members/12'] = () => {
      left = true;
      return new Response(null, { status: 204 });
    };
    routes['GET /portal/organisations/mine'] = () => json(200, { data: left ? [] : mine(12, 'member') });
    routes['GET /portal/applications'] = () => json(200, { data: [] });
    routes['GET /portal/grants'] = () => json(200, { data: [] });
    await render(routes);
    await click(button('Lämna organisationen'));
    await waitFor(() => !!dialog(), 'the dialog');
    expect(dialog()!.textContent).toContain('Lämna Föreningen Norrbygden?');
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([]);
    await click(button('Lämna', dialog()!));
    await waitFor(() => text().includes('Du har lämnat Föreningen Norrbygden.'), 'the dashboard');
    expect(document.querySelector('h1')!.textContent).toBe('Mina ansökningar');
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/portal/organisations/7/members/12']);
    // Nothing of the organisation's is left on the dashboard.
    expect(text()).not.toContain('Mina organisationer');
  });

  it('in English: the last signatory’s leaving is refused in the dialog, which stays open', async () => {
    const routes = routesFor('signatory');
    routes['DELETE /portal/organisations/7/members/11'] = () =>
      json(409, { message: 'The organisation must have at least one signatory. Name another signatory first.' });
    await render(routes, 'en-US');
    expect(section('Leave the organisation').textContent).toContain(
      'You are the organisation’s only signatory. Make someone else a signatory before you leave.',
    );
    await click(button('Leave the organisation'));
    await waitFor(() => !!dialog(), 'the dialog');
    await click(button('Leave', dialog()!));
    await waitFor(() => !!dialog()!.querySelector('[role="alert"]'), 'the refusal');
    expect(dialog()!.querySelector('[role="alert"]')!.textContent).toBe(
      'The organisation must have at least one signatory. Name another signatory first.',
    );
    expect(document.querySelector('h1')!.textContent).toBe('Föreningen Norrbygden');
    expect(button('Leave', dialog()!).disabled).toBe(false);
  });

  it('sends one who is not a member to the page that is not found', async () => {
    // The page's read answers 404 (as for an organisation that does not exist), the stub's default.
    calls = stubApi({ 'GET /portal/organisations/mine': () => json(200, { data: [] }) });
    missing = [];
    const i18nProvider = await createI18nProvider();
    await i18nProvider.changeLocale('sv-SE');
    await mountInPortal(
      <Routes>
        <Route path="/organisationer/:id" element={<OrganisationPage />} />
        <Route path="/finns-inte" element={<p>finns inte</p>} />
      </Routes>,
      i18nProvider,
      '/organisationer/7',
    );
    await waitFor(() => text().includes('finns inte'), 'the not-found page');
  });
});
