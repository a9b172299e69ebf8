import type { FastifyContextConfig } from 'fastify';
import type { Requirement } from '../../resources/abilities.js';
import type { Scope } from '../types.js';
import { applicationPeriod, bodyPeriod, pathPeriod, periodsList } from './scopes.js';

/**
 * Who may reach applications, as the application routes declare it: an ability granted for one period covers that
 * period's applications, so lists show only those and one application is checked against its period. Their errors
 * name the application ("the application was not found").
 */
const onApplications = (abilities: Requirement, scope: Scope): FastifyContextConfig => ({
  access: { abilities, scope },
  resource: 'applications',
});
const manage = 'manage-applications';
const manageOrInvestigate: Requirement = { anyOf: ['manage-applications', 'investigate-applications'] };

/** The lists of applications: of the caller's periods. */
export const manageApplicationList = onApplications(manage, periodsList);
/** The application in the path (`:uuid`). */
export const manageApplication = onApplications(manage, applicationPeriod);
/** The application in the path, for those who manage and those who investigate. */
export const manageOrInvestigateApplication = onApplications(manageOrInvestigate, applicationPeriod);
/** A new application, in the period its body names. */
export const manageNewApplication = onApplications(manage, bodyPeriod);
/** Every application of the period in the path. */
export const manageApplicationsOfPeriod = onApplications(manage, pathPeriod);
/** The grant and payout plan of the application in the path, for those who manage its payouts. */
export const managePayoutsOfApplication = onApplications('manage-payouts', applicationPeriod);
/** The same, read by those who manage or approve its payouts. */
export const seePayoutsOfApplication = onApplications({ anyOf: ['manage-payouts', 'approve-payouts'] }, applicationPeriod);
/** One period's applications for those who investigate. */
export const investigateApplicationsOfPeriod = onApplications('investigate-applications', pathPeriod);
