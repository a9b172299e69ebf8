import { Typography } from '@mui/material';
import { BooleanInput, DataTable, NumberInput, useLocaleState, useTranslate } from 'react-admin';
import { formatScore } from '../../../../resources/format';
import type { ApplicationRow } from '../ApplicationListShell';

/** An application's review figures as every staff list row has them (score and spread null while no review is in). */
export type ReviewFigures = ApplicationRow['review'];

/** How the lists write an application's review figures: the score and spread as percents, the reviews as "2 av 3". */
export function useReviewFigures() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const count = (figures: ReviewFigures) => {
    const total = figures.reviews_in + figures.reviews_pending;
    return total ? translate('app.reviews.count', { in: figures.reviews_in, total }) : '';
  };
  return {
    score: (figures: ReviewFigures) => formatScore(figures.score, locale),
    spread: (figures: ReviewFigures) => formatScore(figures.spread, locale),
    count,
    /** The phone's compact line: the score and how many reviews are in, or nothing without reviewers. */
    line: (figures: ReviewFigures) =>
      count(figures)
        ? translate('app.reviews.line', {
            score: figures.score === null ? '–' : formatScore(figures.score, locale),
            count: count(figures),
          })
        : '',
  };
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
    <DataTable.Col<{ review: ReviewFigures }>
      key="review_score"
      source="review_score"
      label="app.reviews.columns.score"
      align="right"
      sortByOrder="DESC"
      render={(r) => (
        <>
          {figures.score(r.review)}
          {figures.count(r.review) && (
            <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
              {figures.count(r.review)}
            </Typography>
          )}
        </>
      )}
    />,
    <DataTable.Col<{ review: ReviewFigures }>
      key="review_spread"
      source="review_spread"
      label="app.reviews.columns.spread"
      align="right"
      render={(r) => figures.spread(r.review)}
    />,
    <DataTable.Col<{ review: ReviewFigures }>
      key="reviews_pending"
      source="reviews_pending"
      label="app.reviews.columns.reviews"
      sortByOrder="DESC"
      render={(r) => figures.count(r.review)}
    />,
  ];
}

/** The lists' filters of the review figures: a lowest score (a percent) and "reviews missing". */
export const reviewFilters = () => [
  <NumberInput key="review_score_min" source="review_score_min" label="app.reviews.filters.score_min" min={0} max={100} step={1} />,
  <BooleanInput key="reviews_pending" source="reviews_pending" label="app.reviews.filters.pending" />,
];
