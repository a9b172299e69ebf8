/**
 * The money distribution cap of a period (`uses_money_distribution_cap`): the period has an amount to
 * distribute, and approvals together may not exceed it. Exact integers of öre throughout, never floats.
 */

export interface CapFigures {
  /** What the period has to distribute. */
  available_money: number;
  /** Approved on the period's other applications. */
  approved_elsewhere: number;
  /** available − approved elsewhere; negative when the period's amount was lowered below what is already approved. */
  remaining: number;
}

function assertOre(value: number, name: string) {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${name} must be whole öre, got ${value}`);
}

/**
 * The sum of the approvals on a period's applications other than this one: the application's own earlier approval
 * is not counted, so changing an approved amount weighs only the new amount against the cap.
 */
export function approvedElsewhere(
  approvals: readonly { application_id: number; approved_money: number | null }[],
  applicationId: number,
): number {
  let sum = 0;
  for (const a of approvals) {
    if (a.application_id === applicationId || a.approved_money === null) continue;
    assertOre(a.approved_money, 'approved_money');
    sum += a.approved_money;
  }
  return sum;
}

export function capFigures(availableMoney: number, approvedElsewhereOre: number): CapFigures {
  assertOre(availableMoney, 'available_money');
  assertOre(approvedElsewhereOre, 'approved_elsewhere');
  return { available_money: availableMoney, approved_elsewhere: approvedElsewhereOre, remaining: availableMoney - approvedElsewhereOre };
}

/** Whether an approval of `amount` fits: up to and including what remains (approving nothing always fits). */
export function canApprove(amount: number, remaining: number): boolean {
  assertOre(amount, 'amount');
  assertOre(remaining, 'remaining');
  return amount === 0 || amount <= remaining;
}
