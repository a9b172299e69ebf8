import { describe, expect, it } from 'vitest';
import { approvedElsewhere, canApprove, capFigures } from './cap.js';

describe('money distribution cap', () => {
  it('computes what remains in öre, exactly', () => {
    expect(capFigures(2_000_000_00, 1_987_500_00)).toEqual({
      available_money: 2_000_000_00,
      approved_elsewhere: 1_987_500_00,
      remaining: 12_500_00,
    });
    // Amounts no float would keep exact once in kronor.
    expect(capFigures(1_000_000_01, 333_333_33).remaining).toBe(666_666_68);
    expect(capFigures(100_00, 150_00).remaining).toBe(-50_00);
  });

  it('allows an approval up to and including what remains, not one öre more', () => {
    expect(canApprove(12_500_00, 12_500_00)).toBe(true);
    expect(canApprove(12_500_01, 12_500_00)).toBe(false);
    expect(canApprove(1, 0)).toBe(false);
    expect(canApprove(0, 0)).toBe(true);
    // Approving nothing never adds to an overdrawn period.
    expect(canApprove(0, -50_00)).toBe(true);
  });

  it('does not count the application’s own earlier approval against itself', () => {
    const approvals = [
      { application_id: 1, approved_money: 600_000_00 },
      { application_id: 2, approved_money: 400_000_50 },
      { application_id: 3, approved_money: null },
    ];
    expect(approvedElsewhere(approvals, 1)).toBe(400_000_50);
    expect(approvedElsewhere(approvals, 9)).toBe(1_000_000_50);
    const { remaining } = capFigures(1_000_000_50, approvedElsewhere(approvals, 1));
    // Application 1 may raise its own 600 000 kr approval to all that the others leave.
    expect(remaining).toBe(600_000_00);
    expect(canApprove(600_000_00, remaining)).toBe(true);
  });

  it('refuses amounts that are not whole öre', () => {
    expect(() => canApprove(0.5, 100)).toThrow(RangeError);
    expect(() => capFigures(100, Number.NaN)).toThrow(RangeError);
  });
});
