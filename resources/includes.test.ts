import { describe, expect, it } from 'vitest';
import { includes } from './includes';

describe('includes', () => {
  it('tells whether a wider value is one of a list of literals', () => {
    const codes = [50, 60] as const;
    const status: number = 60;
    expect(includes(codes, status)).toBe(true);
    expect(includes(codes, 20)).toBe(false);
    expect(includes([], 1)).toBe(false);
  });
});
