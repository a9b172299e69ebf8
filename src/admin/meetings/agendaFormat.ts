import { useLocaleState, useTranslate } from 'react-admin';
import { enums } from '../../../resources/enums';
import { formatMoney, formatScore } from '../../../resources/format';
import type { AgendaItem } from '../../providers/staffMethods';

const { approved, rejected } = enums.application_status;

/** How an agenda line's figures read: the score with its spread, the reviews' proposal, the decision once made. */
export function useAgendaFormat() {
  const translate = useTranslate();
  const [locale = 'sv-SE'] = useLocaleState();
  return {
    score: ({ application: { review } }: AgendaItem) =>
      review.score === null
        ? translate('app.meetings.no_score')
        : review.spread
          ? translate('app.meetings.score_spread', { score: formatScore(review.score, locale), spread: formatScore(review.spread, locale) })
          : formatScore(review.score, locale),
    /** "2 av 3 bedömningar", or nothing for an application without reviewers. */
    reviews: ({ application: { review } }: AgendaItem) => {
      const total = review.reviews_in + review.reviews_pending;
      return total ? translate('app.meetings.reviews_in', { in: review.reviews_in, total }) : '';
    },
    proposal: ({ application: { proposal } }: AgendaItem) => translate(`app.meetings.proposals.${proposal ?? 'none'}`),
    decision: (item: AgendaItem) =>
      item.decided_status === approved
        ? `${translate('enums.application_status.approved')} ${formatMoney(item.decided_amount, locale)}`
        : item.decided_status === rejected
          ? translate('enums.application_status.rejected')
          : '',
    money: (ore: number | null) => (ore === null ? '–' : formatMoney(ore, locale)),
    applicant: ({ application }: AgendaItem) =>
      application.applicant === null
        ? translate('app.applications.anonymised')
        : [application.applicant, application.organisation].filter(Boolean).join(', '),
  };
}
