import { shownIn } from '../../../resources/contentLanguage.js';
import type { ShownQuestion } from '../../../resources/applicationAnswers.js';
import type { Locale } from '../../../resources/locales.js';
import { formPeriod, labelIn, typeLabels, type TypeLabels } from '../../applications/drafts.js';
import { answerBy } from '../../applications/submit.js';
import { categoryIdsOf, filesOf, formRecord, questionsIn, type ApplicationRow } from '../../applicationCore/applicationForm.js';
import { shownToApplicant } from '../../applicationCore/told.js';
import { stockholmDay } from '../../clock.js';
import { applicationPeople } from '../../organisations/applicationPeople.js';
import type { Api } from '../schemas.js';

/**
 * What the form is shown with besides its row, where the route has just read it (the send-in, for its checks): the
 * questions in the reader's language, the period as open on this day. Each part not given is read.
 */
export interface FormParts {
  categoryIds: number[];
  questions: ShownQuestion[];
  files: Awaited<ReturnType<typeof filesOf>>;
  period: Awaited<ReturnType<typeof formPeriod>>;
  type: TypeLabels | null;
}

/**
 * The whole form as the portal shows it: values, the type's questions, files, and for a sent-in one the decision;
 * what staff wrote in the reader's language where it has it. The form's routes and the eligibility check's answer it.
 */
export function formPresenter(app: Api) {
  const { db } = app;
  return async function present(row: ApplicationRow, locale: Locale, readerId: number, known: Partial<FormParts> = {}) {
    const [categoryIds, questions, files, period, labels, people] = await Promise.all([
      known.categoryIds ?? categoryIdsOf(db, row.id),
      known.questions ?? questionsIn(db, row.application_type_id, locale),
      known.files ?? filesOf(db, row.id),
      known.period ?? formPeriod(db, row.period_id, stockholmDay(app.clock.now())),
      known.type !== undefined ? known.type : typeLabels(db, row.application_type_id),
      applicationPeople(db, row, readerId),
    ]);
    const type = labelIn(locale, labels);
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
