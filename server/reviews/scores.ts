/**
 * The score arithmetic of reviews, in whole hundredths of a percent (0–10000) so that the lists sort and filter on
 * integers: a reviewer's weighted score, and an application's mean and spread over the reviews sent in. Rounded half
 * up, every step on integers but the one division.
 */

/** A criterion as the arithmetic needs it. */
export interface ScoredCriterion {
  id: number;
  scale_max: number;
  weight: number;
}

/** The whole scale in hundredths of a percent. */
export const FULL_SCORE = 10_000;

/** A division of whole numbers rounded half up (the values here are never negative). */
const rounded = (numerator: number, denominator: number) => Math.floor((2 * numerator + denominator) / (2 * denominator));

/**
 * A reviewer's weighted score: Σ(weight × score) / Σ(weight × scale_max) over the criteria they scored, in hundredths
 * of a percent; null when they scored none of `criteria`. A criterion added after the review was sent in is left out
 * of both sums, so it neither lowers nor raises a review given without it.
 */
export function weightedScore(criteria: readonly ScoredCriterion[], scores: Readonly<Record<number, number>>): number | null {
  let got = 0;
  let best = 0;
  for (const criterion of criteria) {
    const score = scores[criterion.id];
    if (score === undefined) continue;
    got += criterion.weight * score;
    best += criterion.weight * criterion.scale_max;
  }
  return best === 0 ? null : rounded(FULL_SCORE * got, best);
}

/** The application's figures from its reviewers' weighted scores: their mean and spread (max − min), null with none. */
export function summarise(weighted: readonly number[]): { score: number | null; spread: number | null } {
  if (!weighted.length) return { score: null, spread: null };
  const sum = weighted.reduce((a, b) => a + b, 0);
  return { score: rounded(sum, weighted.length), spread: Math.max(...weighted) - Math.min(...weighted) };
}

/** A filter's percent (0–100, decimals allowed) as the hundredths the figures are kept in. */
export const hundredthsOfPercent = (percent: number) => Math.round(percent * 100);

/** Whether a score given for a criterion is one its scale has: a whole number from 1 to scale_max. */
export const onScale = (criterion: ScoredCriterion, score: unknown): score is number =>
  typeof score === 'number' && Number.isInteger(score) && score >= 1 && score <= criterion.scale_max;
