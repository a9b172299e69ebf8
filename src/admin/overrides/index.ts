import type { ComponentType } from 'react';
import { FaqOrderButton } from './faqs/FaqOrderButton';
import { PeriodActions } from './periods/PeriodActions';

/*
 * What generation cannot say, per resource: extra actions on the list and edit screens. Everything else about an
 * entity comes from its declaration in resources/.
 */
export const listActions: Record<string, ComponentType> = {
  faqs: FaqOrderButton,
};

export const editActions: Record<string, ComponentType> = {
  periods: PeriodActions,
};
