import { Type } from 'typebox';
import { enums } from '../../../resources/enums.js';
import { id, Nullable, nullableDateTime } from '../schemas.js';
import { decisionMoney } from './decisions.js';

// Reviews of an application (server/reviews/): its criteria, the reviewers, their declarations and scores, and the
// figures the lists show. Scores are hundredths of a percent of the scale's top (0–10000): 8250 is 82.5 %.
const { Integer, Boolean } = Type;
const Text = Type.String;

const hundredths = (description: string) => Nullable(Integer({ minimum: 0, maximum: 10_000, description }));
const conflict = Nullable(Boolean({ description: 'Null until declared; true: stood aside' }));
const investigationStatus = Integer({ enum: Object.values(enums.investigation_status), description: 'investigation_status' });
const scores = Type.Record(Text(), Integer(), { description: 'The score given per criterion, by the criterion’s id' });

/** An application's review figures, as every staff applications list row carries them. */
export const reviewFigures = Type.Object(
  {
    score: hundredths('The mean of the reviews’ weighted scores, hundredths of a percent; null with none in'),
    spread: hundredths('The highest weighted score less the lowest, hundredths of a percent; null with none in'),
    reviews_in: Integer({ description: 'Reviews sent in (no conflict of interest)' }),
    reviews_pending: Integer({ description: 'Reviewers yet to declare, or to send their review in' }),
  },
  { description: 'The review figures (all null or 0 for an application whose type has no criteria)' },
);

/** The caller's own review on the own-investigations list: to do, sent in, or stood aside; null when not reviewed. */
const myReviews = ['todo', 'done', 'stood_aside'] as const;
export const myReview = Type.Unsafe<(typeof myReviews)[number] | null>({
  type: ['string', 'null'],
  enum: [...myReviews, null],
  description: 'The caller’s review: todo (not sent in, no conflict), done, stood_aside; null when the type has no criteria',
});

/** A reviewer of an application. */
export const reviewer = Type.Object({
  user_id: Integer(),
  name: Text(),
  conflict_of_interest: conflict,
  reviewed_at: nullableDateTime,
});

/** What `POST /periods/{uuid}/reviewers` did. */
export const periodReviewers = Type.Object({
  applications: Integer({ description: 'The period’s applications sent in and not yet decided, but those the caller stood aside from' }),
  added: Integer({ description: 'Reviewers put on an application (those already on it are not counted)' }),
  stood_aside: Integer({
    description: 'Applications left out because the caller stood aside from them: a colleague puts their reviewers on',
  }),
});

export const criterion = Type.Object({
  id: Integer(),
  label: Text({ description: 'In the caller’s language' }),
  guidance: Nullable(Text()),
  scale_max: Integer({ description: 'Scores are 1 to scale_max' }),
  weight: Integer(),
});

const proposal = {
  comment: Nullable(Text()),
  amount: decisionMoney,
  status: investigationStatus,
  reviewed_at: nullableDateTime,
};

/** The reviews of an application as the caller may read them (GET /applications/{uuid}/reviews). */
export const reviewsView = Type.Object({
  criteria: Type.Array(criterion, { description: 'The type’s criteria in their order; none: the application is not reviewed' }),
  applicant: Type.Object(
    {
      reference: Nullable(Text()),
      name: Nullable(Text({ description: 'Null once anonymised' })),
      organisation: Nullable(Text()),
    },
    { description: 'What a reviewer needs to judge a conflict of interest' },
  ),
  mine: Nullable(
    Type.Object(
      { conflict_of_interest: conflict, scores, ...proposal },
      { description: 'The caller’s own review; null when the caller is no reviewer of the application' },
    ),
  ),
  reviews: Nullable(
    Type.Array(
      Type.Object({
        user_id: Integer(),
        name: Text(),
        conflict_of_interest: conflict,
        scores,
        ...proposal,
        weighted_score: hundredths('Null unless the review is in'),
      }),
      {
        description:
          'Every reviewer’s review; null for a reviewer who has not sent theirs in (unless they manage applications) or stood aside',
      },
    ),
  ),
  summary: Nullable(
    Type.Object({
      score: hundredths('The mean weighted score'),
      spread: hundredths('The spread'),
      reviews_in: Integer(),
      reviews_pending: Integer(),
      stood_aside: Type.Array(Type.Object({ user_id: Integer(), name: Text() }), {
        description: 'Reviewers who declared a conflict of interest',
      }),
    }),
  ),
});

/** Reviewers to put on an application or a period's applications. */
export const reviewerIds = Type.Array(id, { minItems: 1, maxItems: 50, description: 'Staff users’ ids' });

/** A reviewer's declaration and review (PUT /applications/{uuid}/reviews/mine). */
export const ownReview = {
  conflict_of_interest: Boolean({ description: 'true stands aside, for good; false declares no conflict' }),
  scores: Type.Record(Text(), Integer(), {
    description: 'With no conflict: a score 1..scale_max for every criterion, by its id, which sends the review in',
  }),
  comment: Nullable(Text({ maxLength: 20_000 })),
  amount: decisionMoney,
  status: investigationStatus,
};
