import { enums } from '../../../resources/enums.js';
import { putReviewersOn, reviewersFor } from '../../reviews/reviewers.js';
import { writeOwnReview } from '../../reviews/writeReview.js';
import type { Db } from '../../db/connect.js';
import type { SeededApplication } from './applications.js';
import type { SeededType, TypeKey } from './applicationTypes.js';
import { createSetting } from './createSetting.js';
import { kr } from './money.js';
import type { PeriodIds } from './periods.js';

interface Criterion {
  label: [sv: string, en: string];
  guidance: [sv: string, en: string];
  weight: number;
}

/** What each type's applications are scored on, in order, each on a scale of 1 to 5. */
const criteria: Record<TypeKey, Criterion[]> = {
  forening: [
    {
      label: ['Nytta för bygden', 'Benefit to the community'],
      guidance: [
        'Hur många i bygden får glädje av projektet, och hur länge finns det kvar?',
        'How many in the community benefit from the project, and for how long?',
      ],
      weight: 3,
    },
    {
      label: ['Genomförbarhet', 'Feasibility'],
      guidance: [
        'Har föreningen folk, tid och kunnande att genomföra projektet som det beskrivs?',
        'Does the association have the people, time and skills to carry the project out as described?',
      ],
      weight: 2,
    },
    {
      label: ['Barn och unga', 'Children and young people'],
      guidance: [
        'I vilken mån når projektet barn och unga under 20 år?',
        'To what extent does the project reach children and young people under 20?',
      ],
      weight: 2,
    },
    {
      label: ['Budgetens rimlighet', 'Reasonable budget'],
      guidance: [
        'Är kostnaderna rimliga och bidrar föreningen själv eller andra finansiärer?',
        'Are the costs reasonable, and do the association or other funders contribute?',
      ],
      weight: 1,
    },
  ],
  stipendium: [
    {
      label: ['Ledarskap och engagemang', 'Leadership and commitment'],
      guidance: [
        'Hur har den sökande visat sitt engagemang som ledare i föreningen?',
        'How has the applicant shown their commitment as a leader in the association?',
      ],
      weight: 2,
    },
    {
      label: ['Nytta för verksamheten', 'Benefit to the activity'],
      guidance: [
        'Hur kommer det stipendiet bekostar föreningens barn och unga till del?',
        'How will what the scholarship pays for benefit the association’s children and young people?',
      ],
      weight: 1,
    },
  ],
};

/** Each type's review criteria, created as on their settings screen; answers their ids by type, in order. */
export async function seedReviewCriteria(trx: Db, types: Record<TypeKey, SeededType>): Promise<Record<TypeKey, number[]>> {
  const ids = {} as Record<TypeKey, number[]>;
  for (const key of Object.keys(criteria) as TypeKey[]) {
    ids[key] = [];
    for (const [order, c] of criteria[key].entries()) {
      ids[key].push(
        await createSetting(trx, 'review_criteria', {
          application_type_id: types[key].id,
          label_sv: c.label[0],
          label_en: c.label[1],
          guidance_sv: c.guidance[0],
          guidance_en: c.guidance[1],
          scale_max: 5,
          weight: c.weight,
          order,
        }),
      );
    }
  }
  return ids;
}

/** The reviewers by the demo's logins. */
const reviewerEmails = { erik: 'utredare@demo.se', karin: 'ekonomi@demo.se', anna: 'admin@demo.se' };
type Reviewer = keyof typeof reviewerEmails;

/** A review sent in: a score per criterion in order, the comment, the amount proposed (kr) and the proposal. */
interface Review {
  scores: number[];
  comment: string;
  amount: number | null;
  proposal: 'grant' | 'reject';
}

/**
 * This year's association applications under review, by project, and what each reviewer did: sent in their review
 * (a score per criterion of the type, in order), stood aside (a conflict of interest), or nothing yet (left out: their
 * review is pending, not even declared).
 */
const reviews: Record<string, Partial<Record<Reviewer, Review | 'conflict'>>> = {
  'Belysning längs byns motionsslinga': {
    erik: {
      scores: [4, 4, 3, 5],
      comment: 'Hela byn har nytta av slingan året runt, och offerten är noggrann.',
      amount: 40_000,
      proposal: 'grant',
    },
    karin: {
      scores: [5, 4, 3, 4],
      comment: 'Samfälligheten har skött slingan väl i många år. Elen får de själva stå för.',
      amount: 35_000,
      proposal: 'grant',
    },
    anna: { scores: [4, 5, 3, 4], comment: 'Ett tryggare spår under den mörka årstiden.', amount: 36_000, proposal: 'grant' },
  },
  'Teaterskola på lovet': {
    erik: { scores: [3, 4, 5, 3], comment: 'Bra för barnen på lovet, men bara en vecka.', amount: 40_000, proposal: 'grant' },
    karin: {
      scores: [3, 3, 5, 2],
      comment: 'Budgeten saknar egen insats och arvodena är höga för en veckas verksamhet.',
      amount: null,
      proposal: 'reject',
    },
    anna: {
      scores: [4, 4, 5, 3],
      comment: 'Föreningen har gjort liknande läger förut med många deltagare.',
      amount: 50_000,
      proposal: 'grant',
    },
  },
  // Karin's brother owns the company that applies, so she stands aside; Erik has not opened it yet.
  'Prova på snickeri': {
    karin: 'conflict',
    anna: {
      scores: [5, 4, 5, 3],
      comment: 'Ger högstadieelever en väg in i hantverksyrkena. Kolla gärna hur andra finansiärer bidrar.',
      amount: 60_000,
      proposal: 'grant',
    },
  },
};

/**
 * Three reviewers on this year's association applications under review, put on by the administrator, and their
 * declarations and reviews, each written as the reviewer sends it in, so the lists' figures follow as in the app.
 */
export async function seedReviews(trx: Db, applications: SeededApplication[], periodIds: PeriodIds, criterionIds: number[]) {
  const users = await trx.selectFrom('users').select(['id', 'email']).where('email', 'in', Object.values(reviewerEmails)).execute();
  const idOf = (who: Reviewer) => users.find((u) => u.email === reviewerEmails[who])!.id;
  const reviewed = Object.keys(reviews).map((project) => {
    const found = applications.find((a) => a.plan.applied.type === 'forening' && a.plan.answers.project === project);
    if (!found) throw new Error(`No demo application for ${project}`);
    return { id: found.id, project };
  });
  const reviewers = await reviewersFor(trx, [idOf('erik'), idOf('karin'), idOf('anna')], periodIds.open);
  await putReviewersOn(
    trx,
    reviewed.map((a) => a.id),
    reviewers,
    idOf('anna'),
  );
  for (const { id, project } of reviewed) {
    for (const [who, review] of Object.entries(reviews[project]) as [Reviewer, Review | 'conflict'][]) {
      const input =
        review === 'conflict'
          ? { conflict_of_interest: true }
          : {
              conflict_of_interest: false,
              scores: Object.fromEntries(criterionIds.map((criterion, i) => [String(criterion), review.scores[i]])),
              comment: review.comment,
              amount: review.amount === null ? null : kr(review.amount),
              status: enums.investigation_status[review.proposal],
            };
      await writeOwnReview(trx, id, idOf(who), input, 'sv-SE');
    }
  }
}
