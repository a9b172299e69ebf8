import { Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { BooleanInput, DataTable, NumberInput, useLocaleState, useTranslate } from 'react-admin';
import { formatScore } from '../../../../resources/format';
import { HiddenMarker, WITHHELD, type Withheld } from '../../WithheldMarker';
import type { ApplicationRow } from '../ApplicationListShell';

/** An application's review figures as every staff list row has them (score and spread null while no review is in). */
export type ReviewFigures = NonNullable<ApplicationRow['review']>;
/** A list row's figures as its reader may read them: none where withheld (`withheld` says why). */
export interface Reviewed {
  review: ReviewFigures | null;
  withheld: Withheld | null;
}

/**
 * How the lists write an application's review figures: the score and spread as percents, the reviews as "2 av 3";
 * where they are withheld, "Dold" until the reader's own review is in, and "–" where they stood aside.
 */
export function useReviewFigures() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const count = (figures: ReviewFigures) => {
    const total = figures.reviews_in + figures.reviews_pending;
    return total ? translate('app.reviews.count', { in: figures.reviews_in, total }) : '';
  };
  const withheld = (row: Reviewed) => (row.withheld === 'own_review_first' ? <HiddenMarker /> : WITHHELD);
  return {
    score: (row: Reviewed): ReactNode => (row.review ? formatScore(row.review.score, locale) : withheld(row)),
    spread: (row: Reviewed): ReactNode => (row.review ? formatScore(row.review.spread, locale) : withheld(row)),
    /** "2 av 3", or nothing without reviewers (and where withheld). */
    count: (row: Reviewed) => (row.review ? count(row.review) : ''),
    reviews: (row: Reviewed): ReactNode => (row.review ? count(row.review) : withheld(row)),
    /**
     * The phone's compact line: the score and how many reviews are in, or nothing without reviewers; "Bedömningar:
     * Dold" until the reader's own review is in, nothing where they stood aside (the row says so by its marker).
     */
    line: (row: Reviewed): ReactNode => {
      if (!row.review)
        return row.withheld === 'own_review_first' ? (
          <>
            {translate('app.reviews.columns.reviews')}: <HiddenMarker />
          </>
        ) : (
          ''
        );
      const figures = row.review;
      return count(figures)
        ? translate('app.reviews.line', {
            score: figures.score === null ? '–' : formatScore(figures.score, locale),
            count: count(figures),
          })
        : '';
    },
  };
}

/** Parts of a phone's list line, the empty ones left out, between " · ". */
export function joinedLine(parts: ReactNode[]): ReactNode {
  return parts
    .filter((part) => part !== '' && part !== null && part !== undefined && part !== false)
    .map((part, index) => (
      // The parts are few and fixed in order for each line: their place is their key.
      <span key={index}>
        {index > 0 && ' · '}
        {part}
      </span>
    ));
}

/**
 * The review columns a list hides until chosen with its columns button, for a 1280 px screen's room: the spread and
 * the reviews' own column (the score names the reviews in under it); the list of every application hides the score too.
 */
export const reviewDetailColumns = ['review_spread', 'reviews_pending'];
export const reviewColumnsHiddenByDefault = ['review_score', ...reviewDetailColumns];

/**
 * The lists' columns of the review figures: score (with the reviews in under it), spread and reviews in of all,
 * sortable by the score, the spread and how many are pending (the highest score first).
 */
export function reviewColumns(figures: ReturnType<typeof useReviewFigures>) {
  return [
    <DataTable.Col<Reviewed>
      key="review_score"
      source="review_score"
      label="app.reviews.columns.score"
      align="right"
      sortByOrder="DESC"
      render={(r) => (
        <>
          {figures.score(r)}
          {figures.count(r) && (
            <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
              {figures.count(r)}
            </Typography>
          )}
        </>
      )}
    />,
    <DataTable.Col<Reviewed>
      key="review_spread"
      source="review_spread"
      label="app.reviews.columns.spread"
      align="right"
      render={(r) => figures.spread(r)}
    />,
    <DataTable.Col<Reviewed>
      key="reviews_pending"
      source="reviews_pending"
      label="app.reviews.columns.reviews"
      sortByOrder="DESC"
      render={(r) => figures.reviews(r)}
    />,
  ];
}

/** The lists' filters of the review figures: a lowest score (a percent) and "reviews missing". */
export const reviewFilters = () => [
  <NumberInput key="review_score_min" source="review_score_min" label="app.reviews.filters.score_min" min={0} max={100} step={1} />,
  <BooleanInput key="reviews_pending" source="reviews_pending" label="app.reviews.filters.pending" />,
];
