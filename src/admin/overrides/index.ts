import type { ComponentType } from 'react';
import type { ResourceName } from '../../../resources/index';
import { EligibilityEditor } from '../eligibility/EligibilityEditor';
import { OrganisationPeopleSection } from '../organisationPeople/OrganisationPeopleSection';
import { FaqOrderButton } from './faqs/FaqOrderButton';
import { ErasureButton } from './frontendUsers/ErasureButton';
import { PeriodActions } from './periods/PeriodActions';
import { UserSections } from './users/UserSections';

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

/**
 * Sections below the edit form: a user's second factor, the account's sign-in history and its payout abilities; an
 * organisation's people (organisationPeople/); an application type's eligibility questions (eligibility/).
 */
export const editSections: Partial<Record<ResourceName, ComponentType>> = {
  users: UserSections,
  organisations: OrganisationPeopleSection,
  'application-types': EligibilityEditor,
};
