import { mayReach, type Ability } from '../../resources/abilities';
import { requirementFor } from '../../resources/index';
import { applicationsFeature } from './applications/feature';
import { bookkeepingFeature } from './bookkeeping/feature';
import { dataProtectionFeature } from './dataProtection/feature';
import { decisioningFeature } from './decisioning/feature';
import type { AdminFeature } from './feature';
import { meetingsFeature } from './meetings/feature';
import { notificationsFeature } from './notifications/feature';
import { organisationPeopleFeature } from './organisationPeople/feature';
import { pagesFeature } from './pages/feature';
import { payoutsFeature } from './payouts/feature';
import { securityFeature } from './security/feature';
import { signalsFeature } from './signals/feature';
import { statisticsFeature } from './statistics/feature';

/**
 * The admin's features, each registered once in its folder's `feature.tsx` (its screens, menu entries and settings
 * cards); the settings entities come from their declarations instead (resources/index.ts).
 */
export const features: AdminFeature[] = [
  applicationsFeature,
  decisioningFeature,
  meetingsFeature,
  statisticsFeature,
  payoutsFeature,
  bookkeepingFeature,
  organisationPeopleFeature,
  dataProtectionFeature,
  signalsFeature,
  notificationsFeature,
  securityFeature,
  pagesFeature,
];

/** The side menu's entries beyond the dashboard and the entities, in their places. */
export const menuEntries = features.flatMap((feature) => feature.menu ?? []).sort((a, b) => a.place - b.place);

/** The menu's entries the user's abilities let in (generally, or for some of the screen's records). */
export const allowedMenuEntries = (abilities: Ability[]) =>
  menuEntries.filter((entry) => {
    const requirement = requirementFor(entry.screen);
    return requirement !== null && mayReach(abilities, requirement);
  });

/** The settings page's cards of screens that are no entity's list. */
export const settingsCards = features.flatMap((feature) => feature.settings ?? []);
