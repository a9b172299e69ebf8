import { useTranslate } from 'react-admin';
import { enums } from '../../../resources/enums';

const { payout_status: statuses } = enums;
const keyOf = (value: number) => Object.entries(statuses).find(([, code]) => code === value)?.[0] ?? String(value);

/** A payout status's label in the chosen language. */
export function usePayoutStatusLabel() {
  const translate = useTranslate();
  return (value: number) => translate(`enums.payout_status.${keyOf(value)}`);
}

/** The choices of the payouts list's status filter, in the order a payout goes. */
export function usePayoutStatusChoices() {
  const label = usePayoutStatusLabel();
  return Object.values(statuses).map((id) => ({ id, name: label(id) }));
}
