import { describe, expect, it } from 'vitest';
import { hundredthsOfPercent, onScale, summarise, weightedScore } from './scores.js';
import { figuresOf } from './figures.js';

const criteria = [
  { id: 1, scale_max: 5, weight: 2 },
  { id: 2, scale_max: 10, weight: 1 },
  { id: 3, scale_max: 4, weight: 3 },
];

describe('a reviewer’s weighted score', () => {
  it('is Σ(weight × score) / Σ(weight × scale_max), in hundredths of a percent', () => {
    // (2×4 + 1×7 + 3×3) / (2×5 + 1×10 + 3×4) = 24 / 32 = 75 %.
    expect(weightedScore(criteria, { 1: 4, 2: 7, 3: 3 })).toBe(7_500);
    expect(weightedScore(criteria, { 1: 5, 2: 10, 3: 4 })).toBe(10_000);
    expect(weightedScore(criteria, { 1: 1, 2: 1, 3: 1 })).toBe(1_875);
  });

  it('rounds half up to a whole hundredth', () => {
    // 2 / 3 = 66.666… % -> 6667; 1 / 8 = 12.5 % exactly.
    expect(weightedScore([{ id: 1, scale_max: 3, weight: 1 }], { 1: 2 })).toBe(6_667);
    expect(weightedScore([{ id: 1, scale_max: 8, weight: 1 }], { 1: 1 })).toBe(1_250);
    // (1×1 + 3×2) / (1×2 + 3×10) = 7 / 32 = 21.875 %: 2187.5 hundredths -> 2188.
    const halves = [
      { id: 1, scale_max: 2, weight: 1 },
      { id: 2, scale_max: 10, weight: 3 },
    ];
    expect(weightedScore(halves, { 1: 1, 2: 2 })).toBe(2_188);
  });

  it('leaves out a criterion the reviewer did not score, and is null with none scored', () => {
    // Only criterion 1: 4 / 5 = 80 %.
    expect(weightedScore(criteria, { 1: 4 })).toBe(8_000);
    expect(weightedScore(criteria, {})).toBeNull();
    expect(weightedScore([], { 1: 4 })).toBeNull();
  });
});

describe('an application’s score and spread', () => {
  it('are the mean (rounded half up) and max − min of the weighted scores', () => {
    expect(summarise([7_500, 8_000, 9_001])).toEqual({ score: 8_167, spread: 1_501 });
    expect(summarise([1, 2])).toEqual({ score: 2, spread: 1 });
    expect(summarise([6_000])).toEqual({ score: 6_000, spread: 0 });
    expect(summarise([])).toEqual({ score: null, spread: null });
  });
});

describe('the figures', () => {
  const reviewer = (investigation_id: number, conflict: boolean | null, reviewed: boolean) => ({
    investigation_id,
    conflict_of_interest: conflict,
    reviewed_at: reviewed ? new Date() : null,
  });
  const scores: Record<number, Record<number, number>> = { 1: { 1: 4, 2: 7, 3: 3 }, 2: { 1: 5, 2: 10, 3: 4 } };

  it('count reviews in and pending; one who stood aside counts in neither', () => {
    const reviewers = [
      reviewer(1, false, true),
      reviewer(2, false, true),
      reviewer(3, null, false),
      reviewer(4, false, false),
      reviewer(5, true, false),
    ];
    expect(figuresOf(criteria, reviewers, (id) => scores[id] ?? {})).toEqual({
      review_score: 8_750,
      review_spread: 2_500,
      reviews_in: 2,
      reviews_pending: 2,
    });
  });

  it('are empty for an application whose type has no criteria', () => {
    expect(figuresOf([], [reviewer(1, false, true), reviewer(3, null, false)], () => ({}))).toEqual({
      review_score: null,
      review_spread: null,
      reviews_in: 0,
      reviews_pending: 0,
    });
  });
});

describe('scales and percents', () => {
  it('takes a whole score from 1 to scale_max only', () => {
    const criterion = { id: 1, scale_max: 5, weight: 1 };
    expect([1, 5].every((s) => onScale(criterion, s))).toBe(true);
    expect([0, 6, 2.5, '3', null, undefined].some((s) => onScale(criterion, s))).toBe(false);
  });

  it('reads a filter’s percent as hundredths', () => {
    expect(hundredthsOfPercent(82.5)).toBe(8_250);
    expect(hundredthsOfPercent(0)).toBe(0);
    expect(hundredthsOfPercent(100)).toBe(10_000);
    expect(hundredthsOfPercent(33.33)).toBe(3_333);
  });
});
