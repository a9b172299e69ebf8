import type { FastifyContextConfig } from 'fastify';
import type { Requirement } from '../../resources/abilities.js';
import type { Reach, Scope } from '../types.js';
import { applicationPeriod, bodyPeriod, movedByBody, namesApplicationInPath, pathPeriod, periodsList } from './scopes.js';

/**
 * Who may reach applications, as the application routes declare it: an ability granted for one period covers that
 * period's applications, so lists show only those and one application is checked against its period, and against
 * where the caller stands towards it (a conflict of interest, a review not yet declared). Their errors name the
 * application ("the application was not found").
 */
const onApplications = (abilities: Requirement, scope: Scope, reaches: Reach): FastifyContextConfig => ({
  access: { abilities, scope, reaches },
  resource: 'applications',
});
const manage = 'manage-applications';
const manageOrInvestigate: Requirement = { anyOf: ['manage-applications', 'investigate-applications'] };

/** The lists of applications: of the caller's periods, each row as the caller may read it. */
export const manageApplicationList = onApplications(manage, periodsList, 'rows');
/** The application in the path (`:uuid`). */
export const manageApplication = onApplications(manage, applicationPeriod, namesApplicationInPath);
/** The application in the path corrected, perhaps moved to another period (which the caller must hold too). */
export const correctingApplication = onApplications(manage, movedByBody(applicationPeriod), namesApplicationInPath);
/** The application in the path, for those who manage and those who investigate. */
export const manageOrInvestigateApplication = onApplications(manageOrInvestigate, applicationPeriod, namesApplicationInPath);
/** A new application, in the period its body names. */
export const manageNewApplication = onApplications(manage, bodyPeriod, 'nothing');
/** Every application of the period in the path, each as the caller may act on it. */
export const manageApplicationsOfPeriod = onApplications(manage, pathPeriod, 'rows');
/** The grant and payout plan of the application in the path, for those who manage its payouts. */
export const managePayoutsOfApplication = onApplications('manage-payouts', applicationPeriod, namesApplicationInPath);
/** The same, read by those who manage or approve its payouts. */
export const seePayoutsOfApplication = onApplications(
  { anyOf: ['manage-payouts', 'approve-payouts'] },
  applicationPeriod,
  namesApplicationInPath,
);
/** One period's applications for those who investigate, each row as the caller may read it. */
export const investigateApplicationsOfPeriod = onApplications('investigate-applications', pathPeriod, 'rows');
