import { useTranslate } from 'react-admin';
import { enumKey } from '../../../resources/enums';

/** The key of a status code (20 -> 'received'), whose label is enums.application_status.<key>. */
export const statusKey = (value: number) => enumKey('application_status', value) ?? '';

/** A status code's label in the chosen language. */
export function useStatusLabel() {
  const translate = useTranslate();
  return (value: number) => translate(`enums.application_status.${statusKey(value)}`);
}

/** The choices of a status filter, labelled in the chosen language. */
export function useStatusChoices(values: readonly number[]) {
  const label = useStatusLabel();
  return values.map((id) => ({ id, name: label(id) }));
}
