import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enums } from '../../resources/enums.js';
import { createSession } from '../auth/sessions.js';
import { applicantData } from '../dataProtection/dataExport.js';
import { releasedAs } from '../test/handlingFixtures.js';
import { pdf, multipart } from '../test/multipart.js';
import { orgNumber, organisationPeople, type Person } from '../test/organisationFixtures.js';
import { call, createStaff, createTestApp, sessionCookie, type TestApp } from '../test/testApp.js';

// An organisation's people: the first to apply signs for it, a signatory invites, members share the organisation's
// applications and grants, one who leaves reaches nothing, and staff hand over an organisation nobody is left in.

let t: TestApp;
let staff: string;
let people: ReturnType<typeof organisationPeople>;

beforeAll(async () => {
  t = await createTestApp();
  people = organisationPeople(t);
  const email = `${randomUUID()}@staff.test`;
  await createStaff(t.db, 'admin', email);
  staff = await sessionCookie(t.app, email);
});
afterAll(() => t.close());

const api: ReturnType<typeof organisationPeople>['api'] = (...args) => people.api(...args);
const person = (firstName: string, locale?: string, lastName?: string) => people.person(firstName, locale, lastName);
const draftFor = (who: Person, number: string) => people.draftFor(who, number);
const applyFor = (who: Person, number: string) => people.applyFor(who, number);
const organisationOf = (number: string) => people.organisationOf(number);
const invitationToken = (email: string) => people.invitationToken(email);
const organisationWithTwo = (role?: 'signatory' | 'member') => people.organisationWithTwo(role);

const membersOf = async (organisationId: number) =>
  (await api('GET', `/organisations/${organisationId}/members`, staff)).json().data as {
    members: { id: number; frontend_user_id: number; role: string; name: string | null }[];
    history: { action: string; by: string | null; about: string | null; by_staff: boolean; details: Record<string, unknown> }[];
    invitations: { email: string }[];
  };

describe('an organisation’s first applicant', () => {
  it('becomes its signatory; one who is not a member keeps an application of their own', async () => {
    const number = orgNumber();
    const first = await person('Första');
    const { answer } = await applyFor(first, number);
    const organisation = await organisationOf(number);
    expect(answer.organisation).toEqual({ id: organisation.id, name: 'Testföreningen', role: 'signatory' });
    expect(answer.sent_in_by).toBe('Första Föreningsdotter');
    const mine = await api('GET', '/portal/organisations/mine', first.cookie);
    expect(mine.json().data).toEqual([expect.objectContaining({ id: organisation.id, role: 'signatory', members: 1, org_number: number })]);
    expect((await membersOf(organisation.id)).history).toEqual([
      expect.objectContaining({
        action: 'member_added',
        about: 'Första Föreningsdotter',
        details: { role: 'signatory', how: 'first_application' },
      }),
    ]);

    // A stranger naming the same number sends in their own application, which the organisation's members never see.
    const stranger = await person('Främling');
    const theirs = await applyFor(stranger, number);
    expect(theirs.answer.organisation).toBeNull();
    const firstsList = (await api('GET', '/portal/applications', first.cookie)).json().data;
    expect(firstsList.map((a: { uuid: string }) => a.uuid)).not.toContain(theirs.uuid);
    expect((await api('GET', `/portal/applications/${theirs.uuid}`, first.cookie)).statusCode).toBe(404);
    expect((await api('GET', `/portal/organisations/${organisation.id}/members`, stranger.cookie)).statusCode).toBe(404);
  });

  it('keeps a scholarship a person’s own, never the organisation’s', async () => {
    const number = orgNumber();
    const student = await person('Student');
    const uuid = await draftFor(student, number);
    await api('PUT', `/portal/applications/${uuid}`, student.cookie, { applicant_type: enums.applicant_type.contact_person });
    const row = await t.db.selectFrom('applications').select('organisation_id').where('uuid', '=', uuid).executeTakeFirstOrThrow();
    expect(row.organisation_id).toBeNull();
  });
});

describe('an invitation', () => {
  it('is mailed in the invitee’s language and works once, for the address it was sent to', async () => {
    const number = orgNumber();
    const chair = await person('Ordförande');
    const { uuid } = await applyFor(chair, number);
    const { id } = await organisationOf(number);
    const guest = await person('Gäst', 'en-US');
    const other = await person('Annan');

    const bad = await api('POST', `/portal/organisations/${id}/invitations`, chair.cookie, { email: 'inte-en-adress', role: 'member' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['email']);
    const sent = await api('POST', `/portal/organisations/${id}/invitations`, chair.cookie, {
      email: guest.email.toUpperCase(),
      role: 'signatory',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json().data.invitations).toEqual([expect.objectContaining({ email: guest.email, role: 'signatory' })]);
    const { token, mail } = await invitationToken(guest.email);
    expect(mail.subject).toContain('Invitation to Testföreningen');
    expect(mail.body_text).toContain('14 days');

    // Before accepting, the guest reaches nothing of the organisation's.
    expect((await api('GET', `/portal/applications/${uuid}`, guest.cookie)).statusCode).toBe(404);
    const wrong = await api('POST', '/portal/invitations/accept', other.cookie, { token });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe('Inbjudan skickades till en annan e-postadress. Logga in med den adress inbjudan skickades till.');
    const accepted = await api('POST', '/portal/invitations/accept', guest.cookie, { token });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data).toEqual({ organisation_id: id });
    expect((await api('POST', '/portal/invitations/accept', guest.cookie, { token })).statusCode).toBe(410);

    const list = (await api('GET', '/portal/applications', guest.cookie)).json().data;
    expect(list).toEqual([expect.objectContaining({ uuid, organisation: { id, name: 'Testföreningen' } })]);
    const people = await membersOf(id);
    expect(people.members.map((m) => [m.name, m.role])).toEqual([
      ['Ordförande Föreningsdotter', 'signatory'],
      ['Gäst Föreningsdotter', 'signatory'],
    ]);
    expect(people.invitations).toEqual([]);
    // The signatories hear of it.
    const told = await t.db
      .selectFrom('outbox')
      .select('body_text')
      .where('recipient', '=', chair.email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(told.body_text).toContain('Gäst Föreningsdotter har tagit emot inbjudan och är nu firmatecknare.');
  });

  it('is sent by a signatory only; a member or a stranger cannot', async () => {
    const { id, chair, treasurer } = await organisationWithTwo('member');
    const stranger = await person('Främling');
    const byMember = await api('POST', `/portal/organisations/${id}/invitations`, treasurer.cookie, {
      email: 'ny@people.test',
      role: 'member',
    });
    expect(byMember.statusCode).toBe(403);
    const byStranger = await api('POST', `/portal/organisations/${id}/invitations`, stranger.cookie, {
      email: 'ny@people.test',
      role: 'member',
    });
    expect(byStranger.statusCode).toBe(404);
    const already = await api('POST', `/portal/organisations/${id}/invitations`, chair.cookie, { email: treasurer.email, role: 'member' });
    expect(already.statusCode).toBe(422);
    expect(already.json().errors.email).toEqual(['Personen är redan medlem i organisationen.']);
  });

  it('that has expired, was replaced by a newer one or was withdrawn no longer works', async () => {
    const number = orgNumber();
    const chair = await person('Ordförande');
    await applyFor(chair, number);
    const { id } = await organisationOf(number);
    const guest = await person('Gäst');
    await api('POST', `/portal/organisations/${id}/invitations`, chair.cookie, { email: guest.email, role: 'member' });
    const first = await invitationToken(guest.email);
    await api('POST', `/portal/organisations/${id}/invitations`, chair.cookie, { email: guest.email, role: 'member' });
    const second = await invitationToken(guest.email);
    expect((await api('POST', '/portal/invitations/accept', guest.cookie, { token: first.token })).statusCode).toBe(410);
    await t.db
      .updateTable('organisation_invitations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('organisation_id', '=', id)
      .execute();
    expect((await api('POST', '/portal/invitations/accept', guest.cookie, { token: second.token })).statusCode).toBe(410);
    // Withdrawn by the signatory: its link opens nothing, and the history says so.
    await api('POST', `/portal/organisations/${id}/invitations`, chair.cookie, { email: guest.email, role: 'member' });
    const third = await invitationToken(guest.email);
    const waiting = (await api('GET', `/portal/organisations/${id}/members`, chair.cookie)).json().data.invitations;
    expect((await api('DELETE', `/portal/organisations/${id}/invitations/${waiting[0].id}`, guest.cookie)).statusCode).toBe(404);
    const withdrawn = await api('DELETE', `/portal/organisations/${id}/invitations/${waiting[0].id}`, chair.cookie);
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    expect(withdrawn.json().data.invitations).toEqual([]);
    expect(withdrawn.json().data.history[0]).toMatchObject({ action: 'invitation_withdrawn', details: { email: guest.email } });
    expect((await api('POST', '/portal/invitations/accept', guest.cookie, { token: third.token })).statusCode).toBe(410);
    expect((await api('DELETE', `/portal/organisations/${id}/invitations/${waiting[0].id}`, chair.cookie)).statusCode).toBe(404);
  });
});

describe('members', () => {
  it('who leave or are removed reach nothing of the organisation’s at once', async () => {
    const { id, chair, treasurer, application } = await organisationWithTwo('member');
    const { uuid } = application;
    for (const url of [`/portal/applications/${uuid}`, `/portal/applications/${uuid}/messages`]) {
      expect((await api('GET', url, treasurer.cookie)).statusCode, url).toBe(200);
    }
    const people = await membersOf(id);
    const treasurersMembership = people.members.find((m) => m.frontend_user_id === treasurer.id)!;
    // A member removes no one.
    const chairsMembership = people.members.find((m) => m.frontend_user_id === chair.id)!;
    expect((await api('DELETE', `/portal/organisations/${id}/members/${chairsMembership.id}`, treasurer.cookie)).statusCode).toBe(403);
    const removed = await api('DELETE', `/portal/organisations/${id}/members/${treasurersMembership.id}`, chair.cookie);
    expect(removed.statusCode, removed.body).toBe(204);
    for (const url of [
      `/portal/applications/${uuid}`,
      `/portal/applications/${uuid}/messages`,
      `/portal/applications/${uuid}/grant`,
      `/portal/applications/${uuid}/followup`,
      `/portal/organisations/${id}/members`,
    ]) {
      expect((await api('GET', url, treasurer.cookie)).statusCode, url).toBe(404);
    }
    expect((await api('GET', '/portal/applications', treasurer.cookie)).json().data).toEqual([]);
    const history = (await membersOf(id)).history;
    expect(history[0]).toMatchObject({ action: 'member_removed', by: 'Ordförande Föreningsdotter', about: 'Kassör Föreningsdotter' });
  });

  it('keep a signatory: the last one names another before leaving', async () => {
    const { id, chair, treasurer } = await organisationWithTwo('member');
    const people = await membersOf(id);
    const chairs = people.members.find((m) => m.frontend_user_id === chair.id)!;
    const treasurers = people.members.find((m) => m.frontend_user_id === treasurer.id)!;
    const leaving = await api('DELETE', `/portal/organisations/${id}/members/${chairs.id}`, chair.cookie);
    expect(leaving.statusCode).toBe(409);
    expect(leaving.json().message).toBe('Organisationen måste ha minst en firmatecknare. Utse en annan firmatecknare först.');
    const named = await api('POST', `/portal/organisations/${id}/members`, chair.cookie, { member_id: treasurers.id, role: 'signatory' });
    expect(named.statusCode, named.body).toBe(200);
    expect((await api('DELETE', `/portal/organisations/${id}/members/${chairs.id}`, chair.cookie)).statusCode).toBe(204);
    expect((await membersOf(id)).history.slice(0, 2).map((h) => h.action)).toEqual(['member_left', 'role_changed']);
  });

  it('writing one draft at once keep each other’s answers and see who changed what last', async () => {
    const number = orgNumber();
    const chair = await person('Ordförande');
    await applyFor(chair, number);
    const { id } = await organisationOf(number);
    const treasurer = await person('Kassör');
    await api('POST', `/portal/organisations/${id}/invitations`, chair.cookie, { email: treasurer.email, role: 'member' });
    await api('POST', '/portal/invitations/accept', treasurer.cookie, { token: (await invitationToken(treasurer.email)).token });

    const uuid = await draftFor(chair, number);
    const shared = await api('GET', `/portal/applications/${uuid}`, treasurer.cookie);
    expect(shared.statusCode).toBe(200);
    expect(shared.json().data.organisation).toEqual({ id, name: 'Testföreningen', role: 'member' });
    // Each saves only what they changed, on the copy they opened before the other's save.
    await api('PUT', `/portal/applications/${uuid}`, chair.cookie, { money: 1_234_500 });
    const theirs = await api('PUT', `/portal/applications/${uuid}`, treasurer.cookie, { org_city: 'Luleå' });
    expect(theirs.json().data).toMatchObject({ money: 1_234_500, org_city: 'Luleå' });
    const edits = theirs.json().data.edits;
    expect(edits.money).toMatchObject({ by: 'Ordförande Föreningsdotter', mine: false });
    expect(edits.org_city).toMatchObject({ by: 'Kassör Föreningsdotter', mine: true });

    const sent = await api('POST', `/portal/applications/${uuid}/submit`, treasurer.cookie);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data).toMatchObject({ sent_in_by: 'Kassör Föreningsdotter', organisation: { id } });
  });
});

describe('who signs', () => {
  /** The organisation's application approved, its decision told and its grant's one instalment due at acceptance. */
  async function grantOf(organisation: Awaited<ReturnType<typeof organisationWithTwo>>) {
    const { id } = await t.db
      .updateTable('applications')
      .set({
        status: enums.application_status.approved,
        approved_money: 40_000_00,
        ...releasedAs(enums.application_status.approved, 40_000_00),
      })
      .where('uuid', '=', organisation.application.uuid)
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('grants').values({ application_id: id }).execute();
    const instalments = await t.db
      .insertInto('payout_instalments')
      .values({ application_id: id, position: 1, amount: 40_000_00, due: enums.payout_due.at_acceptance })
      .returning('id')
      .execute();
    return { uuid: organisation.application.uuid, instalments };
  }
  const accept = (uuid: string, cookie: string) =>
    api('POST', `/portal/applications/${uuid}/grant/accept`, cookie, {
      signatory_name: 'Ordförande',
      signatory_role: 'Ordförande',
      confirm: true,
    });

  it('is a signatory: a member neither accepts the conditions nor asks for money', async () => {
    const organisation = await organisationWithTwo('member');
    const grant = await grantOf(organisation);
    const byMember = await accept(grant.uuid, organisation.treasurer.cookie);
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().message).toBe('Bara en firmatecknare för organisationen kan göra detta.');
    const payout = { instalment_id: grant.instalments[0].id, account_type: 'bankgiro', account_number: '5050-1055' };
    expect((await api('POST', `/portal/applications/${grant.uuid}/payouts`, organisation.treasurer.cookie, payout)).statusCode).toBe(403);
    // The member reads the grant all the same.
    expect((await api('GET', `/portal/applications/${grant.uuid}/grant`, organisation.treasurer.cookie)).statusCode).toBe(200);

    const accepted = await accept(grant.uuid, organisation.chair.cookie);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const plan = (await api('GET', `/applications/${grant.uuid}/payout-plan`, staff)).json().data;
    expect(plan).toMatchObject({ accepted_with: 'link', eid_name: null, accepted_by: 'Ordförande Föreningsdotter' });
    expect((await api('POST', `/portal/applications/${grant.uuid}/payouts`, organisation.chair.cookie, payout)).statusCode).toBe(201);
  });

  it('records the name the e-ID broker gave, for a signatory signed in by e-ID', async () => {
    const organisation = await organisationWithTwo('member');
    const grant = await grantOf(organisation);
    const eidSession = `applicant_session=${await createSession(t.db, 'applicant', organisation.chair.id, 3600, 'Ordförande Bankidsson')}`;
    expect((await accept(grant.uuid, eidSession)).statusCode).toBe(200);
    const plan = (await api('GET', `/applications/${grant.uuid}/payout-plan`, staff)).json().data;
    expect(plan).toMatchObject({ accepted_with: 'eid', eid_name: 'Ordförande Bankidsson' });
  });
});

describe('an organisation nobody is left in', () => {
  it('is handed over by staff to a person who asks, with a reason, in its history', async () => {
    const number = orgNumber();
    const chair = await person('Ordförande');
    const { uuid } = await applyFor(chair, number);
    const { id } = await organisationOf(number);
    const newcomer = await person('Nyvald');
    const tooSoon = await api('POST', `/portal/organisations/${id}/access-requests`, newcomer.cookie, { reason: 'Ny ordförande' });
    expect(tooSoon.statusCode).toBe(409);
    const only = (await membersOf(id)).members[0];
    expect((await api('DELETE', `/portal/organisations/${id}/members/${only.id}`, chair.cookie)).statusCode).toBe(204);
    expect((await api('GET', `/portal/applications/${uuid}`, chair.cookie)).statusCode).toBe(404);

    expect((await api('POST', `/portal/organisations/${id}/access-requests`, newcomer.cookie, { reason: ' ' })).statusCode).toBe(422);
    const asked = await api('POST', `/portal/organisations/${id}/access-requests`, newcomer.cookie, {
      reason: 'Vald till ordförande på årsmötet i mars.',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const again = await api('POST', `/portal/organisations/${id}/access-requests`, newcomer.cookie, { reason: 'Igen' });
    expect(again.statusCode).toBe(409);
    // The annual meeting's minutes, attached by the one who asked alone.
    const minutes = multipart([{ name: 'file', filename: 'arsmotesprotokoll.pdf', content: pdf(), type: 'application/pdf' }]);
    const attach = (cookie: string) =>
      call(t.app, {
        method: 'POST',
        url: `/api/v1/portal/organisations/${id}/access-requests/${asked.json().data.id}/file`,
        cookie,
        headers: minutes.headers,
        payload: minutes.payload,
      });
    expect((await attach(chair.cookie)).statusCode).toBe(404);
    const attached = await attach(newcomer.cookie);
    expect(attached.statusCode, attached.body).toBe(201);
    expect(attached.json().data).toEqual({ name: 'arsmotesprotokoll.pdf', size: pdf().length });

    const requests = (await api('GET', '/organisation-access-requests', staff)).json().data;
    const mine = requests.find((r: { id: number }) => r.id === asked.json().data.id);
    expect(mine).toMatchObject({
      organisation_id: id,
      status: 'pending',
      name: 'Nyvald Föreningsdotter',
      reason: 'Vald till ordförande på årsmötet i mars.',
      file: { name: 'arsmotesprotokoll.pdf', size: pdf().length },
    });
    const downloaded = await api('GET', `/organisation-access-requests/${mine.id}/file`, staff);
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.rawPayload.equals(pdf())).toBe(true);
    const granted = await api('POST', `/organisation-access-requests/${mine.id}/grant`, staff, {
      reason: 'Årsmötesprotokollet visar valet.',
    });
    expect(granted.statusCode, granted.body).toBe(204);
    expect((await api('POST', `/organisation-access-requests/${mine.id}/refuse`, staff, { reason: 'Nej' })).statusCode).toBe(409);
    expect((await attach(newcomer.cookie)).statusCode).toBe(409);
    expect((await api('GET', `/portal/applications/${uuid}`, newcomer.cookie)).statusCode).toBe(200);
    const history = (await membersOf(id)).history;
    expect(history[0]).toMatchObject({ action: 'access_granted', by_staff: true, about: 'Nyvald Föreningsdotter' });
    const mail = await t.db
      .selectFrom('outbox')
      .select('subject')
      .where('recipient', '=', newcomer.email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toContain('Du har fått åtkomst till Testföreningen');
  });

  it('refuses a request only with a reason', async () => {
    const number = orgNumber();
    const chair = await person('Ordförande');
    await applyFor(chair, number);
    const { id } = await organisationOf(number);
    await api('DELETE', `/portal/organisations/${id}/members/${(await membersOf(id)).members[0].id}`, chair.cookie);
    const asker = await person('Okänd');
    const asked = await api('POST', `/portal/organisations/${id}/access-requests`, asker.cookie, { reason: 'Jag vill se ansökan.' });
    const requestId = asked.json().data.id;
    expect((await api('POST', `/organisation-access-requests/${requestId}/refuse`, staff, { reason: '' })).statusCode).toBe(422);
    expect(
      (
        await api('POST', `/organisation-access-requests/${requestId}/refuse`, staff, {
          reason: 'Inget visar att du företräder föreningen.',
        })
      ).statusCode,
    ).toBe(204);
    expect((await api('GET', `/portal/organisations/${id}/members`, asker.cookie)).statusCode).toBe(404);
    expect((await membersOf(id)).history[0]).toMatchObject({ action: 'access_refused', about: 'Okänd Föreningsdotter' });
  });
});

describe('staff', () => {
  it('add and remove a member with a reason, in the organisation’s history', async () => {
    const { id, treasurer } = await organisationWithTwo('member');
    const newcomer = await person('Tillagd');
    const unknown = await api('POST', `/organisations/${id}/members`, staff, {
      email: 'ingen@people.test',
      role: 'member',
      reason: 'Telefonsamtal',
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.email).toEqual(['Det finns inget konto i portalen med den e-postadressen.']);
    const added = await api('POST', `/organisations/${id}/members`, staff, {
      email: newcomer.email,
      role: 'member',
      reason: 'Telefonsamtal med ordföranden',
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().data.members.map((m: { name: string }) => m.name)).toContain('Tillagd Föreningsdotter');

    const treasurers = (await membersOf(id)).members.find((m) => m.frontend_user_id === treasurer.id)!;
    expect((await api('DELETE', `/organisations/${id}/members/${treasurers.id}`, staff, { reason: ' ' })).statusCode).toBe(422);
    const removed = await api('DELETE', `/organisations/${id}/members/${treasurers.id}`, staff, { reason: 'Har avgått enligt protokoll' });
    expect(removed.statusCode, removed.body).toBe(200);
    const history = (await membersOf(id)).history;
    expect(history[0]).toMatchObject({
      action: 'member_removed',
      by_staff: true,
      about: 'Kassör Föreningsdotter',
      details: { role: 'member', reason: 'Har avgått enligt protokoll' },
    });
    expect(history[1]).toMatchObject({ action: 'member_added', by_staff: true, about: 'Tillagd Föreningsdotter' });
  });

  it('find an organisation’s application by the name of any of its people', async () => {
    const number = orgNumber();
    const chair = await person('Ordförande');
    const { uuid } = await applyFor(chair, number);
    const { id } = await organisationOf(number);
    const surname = `Medlemsson${randomUUID().slice(0, 8)}`;
    const treasurer = await person('Kassör', 'sv-SE', surname);
    await people.join(id, chair, treasurer, 'member');
    const listed = await api('GET', `/applications/all?organisation_id=${id}`, staff);
    expect(listed.json().data).toMatchObject({ total: 1, data: [{ uuid }] });
    for (const search of [surname, `Kassör ${surname}`]) {
      const found = await api('GET', `/applications/all?search=${encodeURIComponent(search)}`, staff);
      expect(found.statusCode, found.body).toBe(200);
      expect(found.json().data.data.map((row: { uuid: string }) => row.uuid)).toEqual([uuid]);
    }
  });
});

describe('a member’s personal data', () => {
  it('is in their download: their memberships and what they did for the organisation', async () => {
    const { id, chair, treasurer } = await organisationWithTwo('member');
    const exported = (await applicantData(t.db, treasurer.id, new Date())).data;
    expect(exported.organisations.memberships).toEqual([expect.objectContaining({ organisation: 'Testföreningen', role: 'member' })]);
    expect(exported.organisations.history.map((h) => [h.action, h.by_you])).toEqual([['invitation_accepted', true]]);
    // The organisation's application they reach is among their applications; the chair's own part is not theirs.
    expect(exported.applications).toHaveLength(1);
    const chairs = (await applicantData(t.db, chair.id, new Date())).data.organisations;
    expect(chairs.sent_in).toEqual([expect.objectContaining({ organisation: 'Testföreningen' })]);
    expect((await membersOf(id)).members).toHaveLength(2);
  });

  it('goes with their account: the organisation keeps its applications, and its history names a former member', async () => {
    const { id, chair, treasurer, application } = await organisationWithTwo('signatory');
    // Told first: the application stays with the organisation.
    const preview = (await api('GET', '/frontend-users/me/erasure', chair.cookie)).json().data;
    expect(preview).toMatchObject({
      anonymised: [],
      kept: [],
      organisations: [{ uuid: application.uuid, organisation: 'Testföreningen' }],
    });
    const erased = await api('DELETE', '/frontend-users/me', chair.cookie, { confirm: true });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json().data).toMatchObject({ account: 'deleted', kept: 0 });
    // The application the chair wrote and sent in stays the organisation's, as its other signatory reads it.
    const read = await api('GET', `/portal/applications/${application.uuid}`, treasurer.cookie);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).toMatchObject({ sent_in_by: null, contact_email: null, organisation: { id } });
    const people = await membersOf(id);
    expect(people.members.map((m) => m.name)).toEqual(['Kassör Föreningsdotter']);
    expect(people.history[0]).toMatchObject({
      action: 'member_left',
      by: null,
      about: null,
      details: { how: 'erasure', role: 'signatory' },
    });
    // Every entry that named the chair names nobody now: the first application, the invitation they sent.
    for (const entry of people.history.filter((h) => h.action !== 'invitation_accepted')) {
      expect([entry.by, entry.about]).not.toContain('Ordförande Föreningsdotter');
    }
    const row = await t.db
      .selectFrom('applications')
      .select(['frontend_user_id', 'status'])
      .where('uuid', '=', application.uuid)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ frontend_user_id: null, status: enums.application_status.received });
  });
});
