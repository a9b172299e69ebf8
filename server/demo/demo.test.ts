import { buffer } from 'node:stream/consumers';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { validateAnswers } from '../../resources/applicationAnswers.js';
import { applications } from '../../resources/applications.js';
import { enums } from '../../resources/enums.js';
import { resourceList } from '../../resources/index.js';
import { validateRecord } from '../../resources/validate.js';
import { formatDate, formatMoney } from '../../resources/format.js';
import { categoryIdsOf, fileCounts, filesOf, formRecord, questionsOf } from '../applicationCore/applicationForm.js';
import { oneSpace, pdfText } from '../test/meetingFixtures.js';
import { call, login, createTestApp, type TestApp } from '../test/testApp.js';
import { DEMO_PASSWORD, seedDemo } from './demo.js';

// Each test seeds a database of its own; the demo's files go where uploads are kept, the local folder or a bucket.
describe.each(['local', 's3'] as const)('with files kept in the %s store', (storage) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ storage });
  });
  afterEach(() => t.close());

  describe('demo data', () => {
    it('seeds a complete Swedish demo once, and never into a database that has staff', async () => {
      expect(await seedDemo(t.db, new Date(), t.app.storage)).toBe(true);
      expect(await seedDemo(t.db)).toBe(false);

      for (const email of ['admin@demo.se', 'utredare@demo.se']) expect((await login(t.app, email, DEMO_PASSWORD)).statusCode).toBe(200);
      const roles = await t.db.selectFrom('users').select(['email', 'role']).where('active', '=', true).orderBy('email').execute();
      expect(roles).toEqual(
        expect.arrayContaining([
          { email: 'admin@demo.se', role: 'admin' },
          { email: 'utredare@demo.se', role: 'utredare' },
        ]),
      );

      const periods = await t.db.selectFrom('periods').select(['closed', 'start_date', 'end_date']).execute();
      expect(periods.filter((p) => !p.closed)).toHaveLength(1);
      expect(periods.filter((p) => p.closed)).toHaveLength(1);

      const categoryTypes = await t.db.selectFrom('categories').select('type').distinct().execute();
      expect(categoryTypes.map((c) => c.type).sort()).toEqual(Object.values(enums.category_type).sort());

      const types = await t.db.selectFrom('application_types').select('id').execute();
      // The association grant, the scholarship and the local development grant, which has an eligibility check.
      expect(types).toHaveLength(3);
      const checked = await t.db.selectFrom('eligibility_questions').select('application_type_id').distinct().execute();
      expect(checked).toHaveLength(1);
      const fieldTypes = await t.db.selectFrom('application_type_field_definitions').select('type').distinct().execute();
      expect(fieldTypes.map((f) => f.type).sort((a, b) => a - b)).toEqual(Object.values(enums.field_type));

      const statuses = await t.db.selectFrom('applications').select('status').distinct().execute();
      expect(statuses.map((s) => s.status).sort((a, b) => a - b)).toEqual(Object.values(enums.application_status).sort((a, b) => a - b));

      for (const table of ['faqs', 'organisations', 'contacts', 'frontend_users'] as const) {
        const { n } = await t.db
          .selectFrom(table)
          .select(sql<number>`count(*)::int`.as('n'))
          .executeTakeFirstOrThrow();
        expect(n, table).toBeGreaterThan(2);
      }

      // Whatever staff wrote for applicants is in English too, so the English portal reads English in the demo.
      const blank = (column: string) => sql`coalesce(nullif(btrim(${sql.ref(column)}::text), ''), '[]') = '[]'`;
      for (const resource of resourceList)
        for (const twin of resource.fields.filter((f) => f.translates)) {
          const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(resource.table)}
            where not ${blank(twin.translates!)} and ${blank(twin.name)}`.execute(t.db);
          expect(rows[0].n, `${resource.table}.${twin.name}`).toBe(0);
        }
    });

    it('shows the whole cycle of paying a grant, each payout attested by two and every approval with its plan', async () => {
      expect(await seedDemo(t.db, new Date(), t.app.storage)).toBe(true);
      const { payout_status: status } = enums;
      const payouts = await t.db
        .selectFrom('payouts')
        .select(['status', 'prepared_by', 'approved_by', 'amount', 'instalment_id'])
        .execute();
      expect(new Set(payouts.map((p) => p.status))).toEqual(new Set([status.requested, status.approved, status.in_batch, status.paid]));
      for (const p of payouts.filter((p) => p.approved_by !== null)) expect(p.approved_by).not.toBe(p.prepared_by);
      const lapsed = await t.db.selectFrom('payout_instalments').select('id').where('lapsed_at', 'is not', null).execute();
      expect(lapsed.length).toBeGreaterThan(0);
      const toRepay = await t.db.selectFrom('repayments').select('id').where('received_on', 'is', null).execute();
      expect(toRepay.length).toBeGreaterThan(0);
      const accepted = await t.db.selectFrom('grants').select('application_id').where('accepted_at', 'is not', null).execute();
      expect(accepted.length).toBeGreaterThan(3);
      // Every approval has its grant, whose plan adds up to the amount approved.
      const plans = await t.db
        .selectFrom('applications as a')
        .leftJoin('payout_instalments as i', 'i.application_id', 'a.id')
        .select(['a.id', 'a.approved_money', sql<number>`coalesce(sum(i.amount), 0)::bigint`.as('planned')])
        .where('a.status', '=', enums.application_status.approved)
        .groupBy('a.id')
        .execute();
      for (const plan of plans) expect(Number(plan.planned), `application ${plan.id}`).toBe(plan.approved_money);
      expect((await login(t.app, 'ekonomi@demo.se', DEMO_PASSWORD)).statusCode).toBe(200);

      // An association of several people: the chair signs and accepted, the treasurer sent the follow-up in, and a
      // new board member's invitation waits.
      const kept = await t.db
        .selectFrom('application_followups as f')
        .innerJoin('applications as a', 'a.id', 'f.application_id')
        .innerJoin('grants as g', 'g.application_id', 'a.id')
        .innerJoin('frontend_users as sender', 'sender.id', 'f.sent_in_by')
        .select(['a.organisation_id', 'g.accepted_by', 'a.frontend_user_id', 'sender.email as sender'])
        .where('a.followup_sent_in_at', 'is not', null)
        .executeTakeFirstOrThrow();
      expect(kept).toMatchObject({ accepted_by: kept.frontend_user_id, sender: 'kerstin.lund@demo.se' });
      const members = await t.db
        .selectFrom('organisation_members as m')
        .innerJoin('frontend_users as f', 'f.id', 'm.frontend_user_id')
        .select(['f.email', 'm.role', 'm.frontend_user_id'])
        .where('m.organisation_id', '=', kept.organisation_id)
        .orderBy('m.id')
        .execute();
      expect(members.map((m) => [m.frontend_user_id === kept.accepted_by, m.role])).toEqual([
        [true, 'signatory'],
        [false, 'member'],
      ]);
      const waiting = await t.db
        .selectFrom('organisation_invitations')
        .select('email')
        .where('organisation_id', '=', kept.organisation_id)
        .where('accepted_at', 'is', null)
        .where('expires_at', '>', new Date())
        .execute();
      expect(waiting).toEqual([{ email: 'nils.holm@demo.se' }]);
    });

    it('sends in only applications that pass every rule of the form, as a real applicant’s would', async () => {
      expect(await seedDemo(t.db, new Date(), t.app.storage)).toBe(true);
      const sent = await t.db.selectFrom('applications').selectAll().where('sent_in_at', 'is not', null).execute();
      expect(sent.length).toBeGreaterThan(3);
      for (const row of sent) {
        const [categoryIds, questions, files] = await Promise.all([
          categoryIdsOf(t.db, row.id),
          questionsOf(t.db, row.application_type_id),
          filesOf(t.db, row.id),
        ]);
        const errors = {
          ...validateRecord(applications, formRecord(row, categoryIds)),
          ...validateAnswers(questions, row.definitions, fileCounts(files)),
        };
        expect(errors, row.reference!).toEqual({});
      }
      // Answers to file questions are real files in the store.
      const files = await t.db.selectFrom('application_files').select(['uuid', 'size']).execute();
      expect(files.length).toBeGreaterThan(3);
      for (const file of files) {
        const content = await buffer((await t.storage.read(file.uuid))!.body);
        expect(content.length).toBe(file.size);
        expect(content.subarray(0, 5).toString()).toBe('%PDF-');
      }
    });

    it('reviews and board meetings', async () => {
      expect(await seedDemo(t.db, new Date(), t.app.storage)).toBe(true);
      const { received, ongoing, approved, rejected } = enums.application_status;
      const cookieOf = async (email: string) => {
        const response = await login(t.app, email, DEMO_PASSWORD);
        expect(response.statusCode, email).toBe(200);
        return `staff_session=${response.cookies.find((c) => c.name === 'staff_session')!.value}`;
      };
      const [anna, erik, karin, birgitta] = [
        await cookieOf('admin@demo.se'),
        await cookieOf('utredare@demo.se'),
        await cookieOf('ekonomi@demo.se'),
        await cookieOf('styrelse@demo.se'),
      ];
      const get = (url: string, cookie: string) =>
        call(t.app, { method: 'GET', url: `/api/v1${url}`, cookie, headers: { 'accept-language': 'sv-SE' } });
      const money = (ore: number) => oneSpace(formatMoney(ore, 'sv-SE'));

      // The criteria of both types, the association type's weighted 3, 2, 2, 1 on a scale of 1 to 5.
      const criteria = await t.db
        .selectFrom('review_criteria as c')
        .innerJoin('application_types as at', 'at.id', 'c.application_type_id')
        .select(['at.label as type', 'c.label_sv', 'c.label_en', 'c.guidance_sv', 'c.guidance_en', 'c.scale_max', 'c.weight'])
        .orderBy('at.id')
        .orderBy('c.order')
        .execute();
      expect(
        criteria.filter((c) => c.type === 'Bidrag till föreningsliv').map((c) => [c.label_sv, c.label_en, c.weight, c.scale_max]),
      ).toEqual([
        ['Nytta för bygden', 'Benefit to the community', 3, 5],
        ['Genomförbarhet', 'Feasibility', 2, 5],
        ['Barn och unga', 'Children and young people', 2, 5],
        ['Budgetens rimlighet', 'Reasonable budget', 1, 5],
      ]);
      expect(criteria.filter((c) => c.type === 'Stipendium för unga ledare')).toHaveLength(2);
      for (const c of criteria) expect(c.guidance_sv && c.guidance_en, c.label_sv).toBeTruthy();

      // This year's association applications under review, by the organisation applying.
      const open = await t.db.selectFrom('periods').select(['id', 'uuid']).where('closed', '=', false).executeTakeFirstOrThrow();
      const underReview = await t.db
        .selectFrom('applications')
        .select(['uuid', 'reference', 'org_name'])
        .where('period_id', '=', open.id)
        .where('status', 'in', [received, ongoing])
        .where('reviews_in', '>', 0)
        .orderBy('reference')
        .execute();
      const byOrg = (name: string) => underReview.find((a) => a.org_name === name)!;
      const lighting = byOrg('Svartbyns Samfällighetsförening');
      const theatre = byOrg('Kulturföreningen Älvstranden');
      const carpentry = byOrg('Bodens Snickeri & Bygg AB');
      expect(underReview).toHaveLength(3);

      // Each reviewer's weighted score, and the figures the lists show: the mean, the spread, the reviews in and pending.
      const reviewsOf = async (uuid: string) => {
        const response = await get(`/applications/${uuid}/reviews`, anna);
        expect(response.statusCode, response.body).toBe(200);
        const view = response.json().data as {
          reviews: { name: string; conflict_of_interest: boolean | null; weighted_score: number | null; reviewed_at: string | null }[];
          summary: {
            score: number | null;
            spread: number | null;
            reviews_in: number;
            reviews_pending: number;
            stood_aside: { name: string }[];
          };
        };
        return { scores: Object.fromEntries(view.reviews.map((r) => [r.name, r.weighted_score])), summary: view.summary };
      };
      expect(await reviewsOf(lighting.uuid)).toMatchObject({
        scores: { 'Erik Johansson': 7_750, 'Karin Nordin': 8_250, 'Anna Lindqvist': 8_000 },
        summary: { score: 8_000, spread: 500, reviews_in: 3, reviews_pending: 0, stood_aside: [] },
      });
      expect(await reviewsOf(theatre.uuid)).toMatchObject({
        scores: { 'Erik Johansson': 7_500, 'Karin Nordin': 6_750, 'Anna Lindqvist': 8_250 },
        summary: { score: 7_500, spread: 1_500, reviews_in: 3, reviews_pending: 0 },
      });
      // Karin stood aside from the carpentry; Erik has not declared yet.
      expect(await reviewsOf(carpentry.uuid)).toMatchObject({
        scores: { 'Erik Johansson': null, 'Karin Nordin': null, 'Anna Lindqvist': 9_000 },
        summary: { score: 9_000, spread: 0, reviews_in: 1, reviews_pending: 1, stood_aside: [{ name: 'Karin Nordin' }] },
      });
      const list = await get(`/applications/all?period=${open.id}&sort=review_score&direction=desc`, anna);
      expect(list.statusCode, list.body).toBe(200);
      const rows = (list.json().data.data as { uuid: string; review: unknown }[]).filter((r) => underReview.some((a) => a.uuid === r.uuid));
      expect(rows).toEqual([
        { ...rows[0], uuid: carpentry.uuid, review: { score: 9_000, spread: 0, reviews_in: 1, reviews_pending: 1 } },
        { ...rows[1], uuid: lighting.uuid, review: { score: 8_000, spread: 500, reviews_in: 3, reviews_pending: 0 } },
        { ...rows[2], uuid: theatre.uuid, review: { score: 7_500, spread: 1_500, reviews_in: 3, reviews_pending: 0 } },
      ]);

      // Erik's work list has the carpentry to do, which he may open only once he has declared; Karin never may; Anna may.
      const todo = await get('/applications/userInvestigations?todo=true', erik);
      expect(todo.statusCode, todo.body).toBe(200);
      expect(todo.json().data.data.map((r: { uuid: string; my_review: string }) => [r.uuid, r.my_review])).toEqual([
        [carpentry.uuid, 'todo'],
      ]);
      const undeclared = await get(`/applications/${carpentry.uuid}`, erik);
      expect([undeclared.statusCode, undeclared.json().message]).toEqual([
        403,
        'Ange först om du är jävig i förhållande till den sökande.',
      ]);
      const aside = await get(`/applications/${carpentry.uuid}`, karin);
      expect([aside.statusCode, aside.json().message]).toEqual([
        403,
        'Du har anmält jäv för ansökan och kan varken läsa den eller delta i beslut om den.',
      ]);
      for (const { uuid } of underReview) expect((await get(`/applications/${uuid}`, anna)).statusCode).toBe(200);

      // The board member, and the meetings she sits on.
      expect(
        await t.db
          .selectFrom('users')
          .select(['first_name', 'last_name', 'role'])
          .where('email', '=', 'styrelse@demo.se')
          .executeTakeFirst(),
      ).toEqual({
        first_name: 'Birgitta',
        last_name: 'Holm',
        role: 'styrelse',
      });
      const meetings = await get('/meetings', birgitta);
      expect(meetings.statusCode, meetings.body).toBe(200);
      type Row = {
        id: number;
        period: { id: number };
        held_on: string;
        decided_at: string | null;
        chair: { name: string };
        adjuster: { name: string };
      };
      const [planned, held] = meetings.json().data.data as Row[];
      expect(meetings.json().data.total).toBe(2);
      expect(held).toMatchObject({ chair: { name: 'Anna Lindqvist' }, adjuster: { name: 'Birgitta Holm' } });
      expect(held.decided_at).not.toBeNull();
      expect(new Date(held.decided_at!).getTime()).toBeLessThan(Date.now());
      expect(planned).toMatchObject({ period: { id: open.id }, decided_at: null });
      expect(planned.held_on > held.held_on).toBe(true);

      // The held meeting's lines are the decisions of last year's applications, with Birgitta's conflict on the jetty.
      type Line = {
        application: {
          uuid: string;
          reference: string;
          applicant: string;
          organisation: string | null;
          proposal: string | null;
          proposed_amount: number | null;
        };
        decided_status: number | null;
        decided_amount: number | null;
        conflicts: { name: string }[];
      };
      const heldMeeting = (await get(`/meetings/${held.id}`, birgitta)).json().data as {
        agenda: Line[];
        my_conflicts: Record<string, boolean>;
      };
      const decisions = await t.db
        .selectFrom('applications')
        .select(['uuid', 'status', 'approved_money', 'org_name'])
        .where(
          'uuid',
          'in',
          heldMeeting.agenda.map((line) => line.application.uuid),
        )
        .execute();
      expect(heldMeeting.agenda.length).toBeGreaterThan(3);
      for (const line of heldMeeting.agenda) {
        const application = decisions.find((d) => d.uuid === line.application.uuid)!;
        // Birgitta reads the decision on the jetty, which she stood aside from, without its amount.
        const aside = heldMeeting.my_conflicts[line.application.uuid];
        expect([line.decided_status, line.decided_amount], line.application.reference).toEqual([
          application.status,
          application.status === approved && !aside ? application.approved_money : null,
        ]);
      }
      expect(new Set(heldMeeting.agenda.map((line) => line.decided_status))).toEqual(new Set([approved, rejected]));
      const jetty = heldMeeting.agenda.find((line) => line.conflicts.length)!;
      expect(jetty.conflicts).toEqual([expect.objectContaining({ name: 'Birgitta Holm' })]);
      expect(heldMeeting.my_conflicts).toEqual({ [jetty.application.uuid]: true });
      const granted = heldMeeting.agenda.reduce((sum, line) => sum + (line.decided_status === approved ? line.decided_amount! : 0), 0);

      // Its minutes: who, each decision and amount, the conflict, the totals and the lines to sign.
      const minutes = await get(`/meetings/${held.id}/minutes.pdf`, birgitta);
      expect(minutes.statusCode).toBe(200);
      const minutesText = pdfText(minutes.rawPayload);
      const football = heldMeeting.agenda.find((line) => line.application.organisation === 'Norrbygdens Idrottsförening')!;
      for (const expected of [
        'Beslutsprotokoll',
        'Protokoll fört vid styrelsemöte i Sparbanksstiftelsen Norrbygden.',
        oneSpace(formatDate(held.held_on, 'sv-SE')),
        'Sammanträdesrummet, Sparbankshuset i Luleå',
        'Närvarande Birgitta Holm, Erik Johansson, Anna Lindqvist',
        'Ordförande Anna Lindqvist',
        'Protokollförare Erik Johansson',
        'Justerare Birgitta Holm',
        `Beslutsprotokoll nr 1/${held.held_on.slice(0, 4)}`,
        'Tid 18:00–19:45',
        '§ 1 Mötets öppnande',
        'Ordföranden Anna Lindqvist öppnade mötet kl. 18:00.',
        '§ 2 Val av justerare',
        'Reservation: Erik Johansson reserverade sig mot beslutet.',
        `Jäv: Birgitta Holm deltog inte i behandlingen av eller beslutet om ärendet.`,
        'Ordföranden Anna Lindqvist avslutade mötet kl. 19:45.',
        football.application.reference,
        'Maria Nilsson',
        `Beviljad ${money(45_000_00)}`,
        'Avslagen',
        `Birgitta Holm (${jetty.application.reference})`,
        `Beviljat belopp ${money(granted)}`,
      ])
        expect(minutesText, expected).toContain(expected);
      const lastLines = minutesText.trimEnd().split('\n').slice(-2);
      expect(lastLines.map((line) => line.trim()).join('\n')).toBe(
        'Erik Johansson Anna Lindqvist Birgitta Holm\nVid protokollet Ordförande Justerare',
      );

      // Its pack: every line in the agenda, but no page of the jetty for Birgitta, who stood aside from it.
      const pack = await get(`/meetings/${held.id}/pack.pdf`, birgitta);
      expect(pack.statusCode).toBe(200);
      const packText = pdfText(pack.rawPayload);
      for (const line of heldMeeting.agenda) expect(packText, line.application.reference).toContain(line.application.reference);
      for (const expected of [
        'Styrelseunderlag',
        'Sommarfotboll för alla',
        money(60_000_00),
        `Du har anmält jäv för ${jetty.application.reference}.`,
      ])
        expect(packText, expected).toContain(expected);
      expect(packText).not.toContain('Ny brygga vid byns badplats');
      // What the board decides on, not how to reach the applicant: no contact e-mail, phone or home address.
      const contacts = await t.db
        .selectFrom('applications')
        .select(['contact_email', 'contact_phone', 'contact_address'])
        .where(
          'uuid',
          'in',
          heldMeeting.agenda.filter((line) => line !== jetty).map((line) => line.application.uuid),
        )
        .execute();
      const contactValues = contacts.flatMap((c) => [c.contact_email, c.contact_phone, c.contact_address]).filter((v): v is string => !!v);
      expect(contactValues.length).toBeGreaterThan(0);
      for (const value of contactValues) expect(packText, value).not.toContain(value);
      expect(packText).not.toContain('E-post');

      // The planned meeting's agenda: the applications whose reviews are all in, with what the reviews propose.
      const plannedMeeting = (await get(`/meetings/${planned.id}`, anna)).json().data as { agenda: Line[] };
      expect(
        plannedMeeting.agenda.map(({ application: a, decided_status }) => [a.uuid, a.proposal, a.proposed_amount, decided_status]),
      ).toEqual([
        [lighting.uuid, 'approve', 37_000_00, null],
        [theatre.uuid, 'approve', 45_000_00, null],
      ]);
    });
  });
});
