import { useTranslate } from 'react-admin';
import { enums, enumLabel } from '../../../resources/enums';

const { payout_status: statuses } = enums;
/** A payout status's label in the chosen language. */
export function usePayoutStatusLabel() {
  const translate = useTranslate();
  return (value: number) => enumLabel(translate, 'payout_status', value);
}

/** The choices of the payouts list's status filter, in the order a payout goes. */
export function usePayoutStatusChoices() {
  const label = usePayoutStatusLabel();
  return Object.values(statuses).map((id) => ({ id, name: label(id) }));
}

/** The bank's word on a payment file (its status report's group status) in words; its code where the texts have none. */
export function useBankStatusLabel() {
  const translate = useTranslate();
  return (code: string) => translate(`app.payment_batches.bank_statuses.${code}`, { _: code });
}
