import { useLocaleState, useTranslate } from 'react-admin';
import { enums } from '../../../resources/enums';
import { formatMoney } from '../../../resources/format';

/** A decision as the decision section says it: "Beviljad, 60 000 kr" or "Avslagen". */
export function useDecisionLabel() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (status: number, amount: number | null) =>
    status === enums.application_status.approved
      ? `${translate('enums.application_status.approved')}, ${formatMoney(amount, locale)}`
      : translate('enums.application_status.rejected');
}
