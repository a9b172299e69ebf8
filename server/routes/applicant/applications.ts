import { Type } from 'typebox';
import { applications } from '../../../resources/applications.js';
import { textIn } from '../../../resources/contentLanguage.js';
import { enums } from '../../../resources/enums.js';
import { formatDate } from '../../../resources/format.js';
import { defaultLocale, isLocale } from '../../../resources/locales.js';
import { validateRecord } from '../../../resources/validate.js';
import {
  applicantForMail,
  applicationById,
  latestDraft,
  openPeriod,
  organisationByNumber,
  saveDraft,
  sendIn,
  startDraft,
  labelIn,
  typeLabels,
} from '../../applications/drafts.js';
import { assertDraft, ownApplication } from '../../applicationCore/ownApplications.js';
import { draftsOrganisation } from '../../organisations/applicationsOrganisation.js';
import { ID, formFieldSchemas } from '../formSchema.js';
import { categoryIdsOf, filesOf, formRecord, questionsIn } from '../../applicationCore/applicationForm.js';
import { answerBy, REFERENCE_TO_COME, sentInColumns, sentInErrors, unknownCategories } from '../../applications/submit.js';
import { queueComparison } from '../../signals/descriptions.js';
import { stockholmDay } from '../../clock.js';
import { AppError, invalid, type FieldErrors } from '../../errors.js';
import { body, data, uuid, type Api } from '../schemas.js';
import { applicantApplication } from '../schemas/applicationForm.js';
import { registeredOrganisation } from '../schemas/portal.js';
import { hasEligibilityCheck } from '../../eligibility/questions.js';
import { formPresenter } from './presentForm.js';

/** What a draft save may carry: any part of the form, kept as typed (the full rules apply when it is sent in). */
const draftFields = { step: Type.Integer({ minimum: 1, maximum: 5 }), ...formFieldSchemas };

const params = Type.Object({ uuid });
const formAnswer = data(applicantApplication);

/**
 * The applicant's application form (/ansok/:id): start or continue a draft, save it as they go, and send
 * it in while the period is open. Only the applicant's own applications are reachable (others are 404).
 */
export default async function applicantApplicationRoutes(app: Api) {
  const { db } = app;
  const tags = ['portal'];
  const config = { access: 'applicant' as const, resource: 'applications' };
  /** Today in Stockholm on the app's clock: the day a period's dates are compared with. */
  const today = () => stockholmDay(app.clock.now());

  const present = formPresenter(app);

  app.post(
    '/portal/applications',
    {
      config,
      schema: {
        tags,
        summary: 'Start an application in an open period, or continue the applicant’s draft of the same period and type',
        // applicant_type: who applies, when the applicant already said so (/ansok?applicant_type=).
        body: body(
          { period_id: ID, application_type_id: ID, applicant_type: Type.Integer({ enum: Object.values(enums.applicant_type) }) },
          ['period_id', 'application_type_id'],
        ),
        response: { 200: formAnswer, 201: formAnswer },
      },
    },
    async (request, reply) => {
      const { period_id, application_type_id, applicant_type = null } = request.body.data;
      const period = await openPeriod(db, period_id, today());
      if (!period.typeIds.includes(application_type_id)) throw invalid({ application_type_id: ['validation.in'] });
      // A type with an eligibility check is started by passing it (POST /portal/application-types/{id}/eligibility).
      if (await hasEligibilityCheck(db, application_type_id)) throw new AppError(409, 'eligibility.errors.check_first');
      const start = { period_id, application_type_id, applicant_type };
      const existing = await latestDraft(db, request.applicant!.id, start);
      if (existing) return { data: await present(existing, request.locale, request.applicant!.id) };
      const row = await startDraft(db, request.applicant!.id, start);
      reply.status(201);
      return { data: await present(row, request.locale, request.applicant!.id) };
    },
  );

  app.get(
    '/portal/applications/:uuid',
    {
      config,
      schema: {
        tags,
        summary: 'One of the applicant’s applications: the form, its questions and files, and the decision once visible',
        params,
        response: { 200: formAnswer },
      },
    },
    async (request) => ({
      data: await present(await ownApplication(db, request, request.params.uuid), request.locale, request.applicant!.id),
    }),
  );

  app.put(
    '/portal/applications/:uuid',
    {
      config,
      schema: {
        tags,
        summary: 'Save a draft as the applicant goes: any part of the form, kept as typed',
        params,
        body: body(draftFields, []),
        response: { 200: formAnswer },
      },
    },
    async (request) => {
      const row = await ownApplication(db, request, request.params.uuid);
      assertDraft(row);
      const changes = { ...request.body.data };
      const periodId = changes.period_id ?? row.period_id;
      const typeId = changes.application_type_id ?? row.application_type_id;
      if ('period_id' in changes || 'application_type_id' in changes) {
        const period = await openPeriod(db, periodId, today());
        if (typeId !== null && !period.typeIds.includes(typeId)) throw invalid({ application_type_id: ['validation.in'] });
      }
      // Nor may a draft become one of a type with a check it did not pass: the check is taken by starting that type.
      const otherType = 'application_type_id' in changes && typeId !== row.application_type_id;
      if (otherType && typeId !== null && (await hasEligibilityCheck(db, typeId)))
        throw invalid({ application_type_id: ['eligibility.errors.check_first_field'] });
      const errors: FieldErrors = {};
      const codeErrors = validateRecord(
        applications,
        { applicant_type: changes.applicant_type, organisation_type: changes.organisation_type, global_goals: changes.global_goals },
        { partial: true },
      );
      for (const name of ['applicant_type', 'organisation_type', 'global_goals'])
        if (name in changes && codeErrors[name]) errors[name] = codeErrors[name];
      const categoryIds = changes.category_ids;
      Object.assign(errors, await unknownCategories(db, categoryIds));
      if (Object.keys(errors).length) throw invalid(errors);

      const { category_ids: _, definitions, ...columns } = changes;
      const me = request.applicant!.id;
      // The organisation named, where the writer is its member, holds the draft; naming none (or one they are not a
      // member of) makes it the writer's own.
      const organisation =
        'org_number' in columns || 'applicant_type' in columns
          ? await draftsOrganisation(db, me, { ...row, ...columns })
          : row.organisation_id;
      const holder =
        organisation === row.organisation_id
          ? {}
          : { organisation_id: organisation, ...(organisation === null && { frontend_user_id: me }) };
      // Answers to another type's check are no answers to this one's.
      const checked = otherType && row.eligibility_answers !== null ? { eligibility_answers: null } : {};
      const saved = await saveDraft(db, row.id, { ...columns, ...holder, ...checked }, definitions, categoryIds, app.clock.now(), me);
      return { data: await present(saved, request.locale, request.applicant!.id) };
    },
  );

  app.post(
    '/portal/applications/:uuid/submit',
    {
      config,
      schema: {
        tags,
        summary: 'Send in a draft: every rule checked, the period must be open; gives a reference and mails a confirmation',
        params,
        response: { 200: formAnswer },
      },
    },
    async (request) => {
      const row = await ownApplication(db, request, request.params.uuid);
      assertDraft(row);
      const now = app.clock.now();
      // What the checks and the confirmation need, read at once (a closed period is refused all the same): at a deadline
      // each round trip is a wait.
      const [period, categoryIds, questions, files, applicant, labels] = await Promise.all([
        openPeriod(db, row.period_id, stockholmDay(now)),
        categoryIdsOf(db, row.id),
        // The problems name the questions as the applicant reads them.
        questionsIn(db, row.application_type_id, request.locale),
        filesOf(db, row.id),
        applicantForMail(db, request.applicant!.id),
        typeLabels(db, row.application_type_id),
      ]);
      const record = formRecord(row, categoryIds);
      const errors = sentInErrors(record, questions, files, period.typeIds);
      if (Object.keys(errors).length) throw invalid(errors);

      // The confirmation names the type and period in the language the mail is written in.
      const mailLocale = isLocale(applicant.locale) ? applicant.locale : defaultLocale;
      const type = labelIn(mailLocale, labels);
      // The confirmation is queued in the send-in's transaction: a crash between the two cannot leave one without the other.
      await sendIn(db, row.id, request.applicant!.id, sentInColumns(record), now, async (trx) => [
        await app.mailer.queue(
          {
            to: applicant.email,
            locale: applicant.locale,
            name: applicant.first_name,
            template: 'application_received',
            params: {
              reference: REFERENCE_TO_COME,
              type: type?.text ?? '',
              period: textIn(mailLocale, period.name, period.name_en).text,
              answer_by: formatDate(answerBy(period.end_date, period.answer_weeks), applicant.locale),
              link: `${app.config.publicUrl}/`,
            },
            applicationId: row.id,
          },
          trx,
        ),
      ]);
      app.mailer.deliverSoon();
      // Its description is compared with the period's others now it has committed (server/signals/). The job is
      // queued after the send-in's transaction, not in it (a send-in waits for the one before it at a deadline), and
      // the answer does not wait for it: the applicant is told as soon as it is sent in. The hourly run compares a
      // description whose job this process did not live to queue, or could not.
      queueComparison(db, app.jobs).then(
        () => app.jobs.wake('signal-descriptions'),
        (error: unknown) => request.log.warn({ err: error }, 'the comparison of a description sent in was not queued'),
      );
      // What the checks read is shown as read: a send-in changes none of it.
      const known = { categoryIds, questions, files, period, type: labels };
      return { data: await present(await applicationById(db, row.id), request.locale, request.applicant!.id, known) };
    },
  );

  app.get(
    '/portal/organisations/:org_number',
    {
      config,
      schema: {
        tags,
        summary:
          'An organisation of the foundation’s register by organisation number, to fill in its details, and where the applicant stands towards its people',
        params: Type.Object({ org_number: Type.String({ pattern: '^(16)?[0-9]{6}[- ]?[0-9]{4}$' }) }),
        response: { 200: data(registeredOrganisation) },
      },
    },
    async (request) => {
      const digits = request.params.org_number.replace(/[- ]/, '').slice(-10);
      const found = await organisationByNumber(db, `${digits.slice(0, 6)}-${digits.slice(6)}`, request.applicant!.id);
      if (!found) throw new AppError(404, 'errors.organisation_unknown');
      return { data: found };
    },
  );
}
