import { useLocaleState, useTranslate } from 'react-admin';
import { enums } from '../../../resources/enums';
import { formatDate, formatMoney, formatScore } from '../../../resources/format';
import type { AgendaItem } from '../../providers/staffMethods';

const { approved, rejected } = enums.application_status;

/**
 * How an agenda line's figures read: the score with its spread, the reviews' proposal, the decision once made. What
 * the server withholds from the reader (`item.withheld`) reads "–" here; the lines mark why.
 */
export function useAgendaFormat() {
  const translate = useTranslate();
  const [locale = 'sv-SE'] = useLocaleState();
  const money = (ore: number | null) => (ore === null ? '–' : formatMoney(ore, locale));
  const decision = (item: { decided_status: number | null; decided_amount: number | null }) =>
    item.decided_status === approved
      ? `${translate('enums.application_status.approved')} ${money(item.decided_amount)}`
      : item.decided_status === rejected
        ? translate('enums.application_status.rejected')
        : '';
  return {
    score: ({ application: { review } }: AgendaItem) =>
      review === null
        ? '–'
        : review.score === null
          ? translate('app.meetings.no_score')
          : review.spread
            ? translate('app.meetings.score_spread', {
                score: formatScore(review.score, locale),
                spread: formatScore(review.spread, locale),
              })
            : formatScore(review.score, locale),
    /** "2 av 3 bedömningar", or nothing for an application without reviewers (or whose reviews are withheld). */
    reviews: ({ application: { review } }: AgendaItem) => {
      const total = review ? review.reviews_in + review.reviews_pending : 0;
      return review && total ? translate('app.meetings.reviews_in', { in: review.reviews_in, total }) : '';
    },
    proposal: ({ application: { proposal }, withheld }: AgendaItem) =>
      withheld ? '–' : translate(`app.meetings.proposals.${proposal ?? 'none'}`),
    decision: (item: Pick<AgendaItem, 'decided_status' | 'decided_amount'>) => decision(item),
    /** A changed decision's line says what it changes and why; a line a later meeting changed says when. */
    change: ({ changes, changed_by }: AgendaItem) =>
      changes
        ? translate('app.meetings.change.line', {
            date: formatDate(changes.held_on, locale),
            decision: decision(changes) || '–',
            reason: changes.reason,
          })
        : changed_by
          ? translate('app.meetings.change.changed_by', { date: formatDate(changed_by.held_on, locale) })
          : null,
    money,
    applicant: ({ application }: AgendaItem) =>
      application.applicant === null
        ? translate('app.applications.anonymised')
        : [application.applicant, application.organisation].filter(Boolean).join(', '),
  };
}
