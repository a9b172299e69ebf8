import type { ComponentType } from 'react';
import type { ResourceName } from '../../../resources/index';
import { FaqOrderButton } from './faqs/FaqOrderButton';
import { ErasureButton } from './frontendUsers/ErasureButton';
import { PeriodActions } from './periods/PeriodActions';
import { SecondFactorSection } from './users/SecondFactorSection';

/*
 * What generation cannot say, per resource: extra actions on the list and edit screens. Everything else about an
 * entity comes from its declaration in resources/.
 */
export const listActions: Partial<Record<ResourceName, ComponentType>> = {
  faqs: FaqOrderButton,
};

export const editActions: Partial<Record<ResourceName, ComponentType>> = {
  periods: PeriodActions,
  'frontend-users': ErasureButton,
};

/** A section below the edit form: a user's second factor and the account's sign-in history. */
export const editSections: Partial<Record<ResourceName, ComponentType>> = {
  users: SecondFactorSection,
};
