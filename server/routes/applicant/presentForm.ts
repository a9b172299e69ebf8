import { shownIn } from '../../../resources/contentLanguage.js';
import type { Locale } from '../../../resources/locales.js';
import { formPeriod, typeLabel } from '../../applications/drafts.js';
import { answerBy } from '../../applications/submit.js';
import { categoryIdsOf, filesOf, formRecord, questionsIn, type ApplicationRow } from '../../applicationCore/applicationForm.js';
import { shownToApplicant } from '../../applicationCore/told.js';
import { stockholmDay } from '../../clock.js';
import { applicationPeople } from '../../organisations/applicationPeople.js';
import type { Api } from '../schemas.js';

/**
 * The whole form as the portal shows it: values, the type's questions, files, and for a sent-in one the decision;
 * what staff wrote in the reader's language where it has it. The form's routes and the eligibility check's answer it.
 */
export function formPresenter(app: Api) {
  const { db } = app;
  return async function present(row: ApplicationRow, locale: Locale, readerId: number) {
    const [categoryIds, questions, files, period, type, people] = await Promise.all([
      categoryIdsOf(db, row.id),
      questionsIn(db, row.application_type_id, locale),
      filesOf(db, row.id),
      formPeriod(db, row.period_id, stockholmDay(app.clock.now())),
      typeLabel(db, row.application_type_id, locale),
      applicationPeople(db, row, readerId),
    ]);
    const { name, untranslated } = shownIn(locale, period, ['name']);
    const { status, approved_money } = shownToApplicant(row, period);
    return {
      uuid: row.uuid,
      reference: row.reference,
      status,
      step: row.step,
      ...formRecord(row, categoryIds),
      // The decision only once released to the applicant, and as status cloaking shows it.
      approved_money,
      sent_in_at: row.sent_in_at,
      updated_at: row.updated_at,
      period: {
        id: period.id,
        name,
        open: period.open,
        end_date: period.end_date,
        answer_by: answerBy(period.end_date, period.answer_weeks),
        untranslated,
      },
      application_type: type?.text ?? null,
      untranslated: type?.fallback ? ['application_type' as const] : [],
      questions,
      files,
      // The largest file an upload may be, so the form can say so before sending one.
      upload_max_bytes: app.config.uploadMaxBytes,
      ...people,
    };
  };
}
