import type { Entity, Requirement } from './abilities.js';
import { applicationTypeFieldDefinitions } from './applicationTypeFieldDefinitions.js';
import { applicationTypes } from './applicationTypes.js';
import { categories } from './categories.js';
import { contacts } from './contacts.js';
import { decisionMailTemplates } from './decisionMailTemplates.js';
import { faqs } from './faqs.js';
import type { ResourceDefinition } from './fields.js';
import { frontendUsers } from './frontendUsers.js';
import { organisations } from './organisations.js';
import { paymentSettings } from './paymentSettings.js';
import { periods } from './periods.js';
import { privacyNotice } from './privacyNotice.js';
import { retention } from './retention.js';
import { signalSettings } from './signals.js';
import { reviewCriteria } from './reviewCriteria.js';
import type { SingletonDefinition } from './singletons.js';
import { staffUsers } from './staffUsers.js';

export type { ResourceDefinition } from './fields.js';

/**
 * The registry of staff-managed entities. Each is declared once in resources/<name>.ts and listed here; the admin
 * screens and the server's routes are derived from that declaration.
 */
export const resourceList = [
  staffUsers,
  applicationTypes,
  applicationTypeFieldDefinitions,
  reviewCriteria,
  categories,
  frontendUsers,
  periods,
  organisations,
  contacts,
  faqs,
  decisionMailTemplates,
] as const satisfies readonly ResourceDefinition[];

/** The settings the foundation has one of (resources/singletons.ts), each declared once like an entity. */
export const singletonList = [paymentSettings, retention, privacyNotice, signalSettings] as const satisfies readonly SingletonDefinition[];

export type SingletonName = (typeof singletonList)[number]['name'];

export function singletonByName(name: SingletonName): SingletonDefinition {
  return singletonList.find((s) => s.name === name)!;
}

/** The name of a declared entity: the key of every registry of its parts (icon, screen overrides, hooks). */
export type ResourceName = (typeof resourceList)[number]['name'];

/** An optional part of a resource from its registry, by a name only known when running (a route's, a screen's). */
export function partOf<T>(registry: Partial<Record<ResourceName, T>>, name: string): T | undefined {
  const byName: Partial<Record<string, T>> = registry;
  return byName[name];
}

/** Staff screens that are not generated from an entity, with what they need. */
export const screens: Record<string, Requirement> = {
  settings: 'manage-users',
  'data-protection': 'manage-data-protection',
  statistics: 'manage-applications',
  applications: 'manage-applications',
  decision: 'manage-applications',
  investigations: 'investigate-applications',
  decisioning: 'investigate-applications',
  'application-deletions': 'manage-applications',
  payouts: { anyOf: ['manage-payouts', 'approve-payouts'] },
  'payment-batches': 'manage-payouts',
  'payment-settings': 'manage-payouts',
  bookkeeping: 'manage-payouts',
  meetings: { anyOf: ['manage-meetings', 'attend-meetings'] },
  'organisation-access-requests': 'manage-organisations',
  'signal-settings': 'manage-applications',
};

/** Screens whose records are applications: an ability granted for a period reaches those of that period. */
const applicationScreens = new Set(['applications', 'decision', 'decisioning', 'investigations', 'application-deletions']);

/**
 * The entity an ability granted for one entity must name to reach a record of a screen or resource: an
 * application's period, or the record itself (its resource's name as the type); null when the record names none.
 */
export function entityOf(name: string, record: { id?: unknown; period?: { id?: unknown } }): Entity | null {
  const ofApplication = applicationScreens.has(name);
  const id = ofApplication ? record.period?.id : record.id;
  return typeof id === 'number' ? { id, type: ofApplication ? 'periods' : name } : null;
}

/** The list endpoint of a staff screen that is not an entity of its own. */
const screenEndpoints: Record<string, string> = {
  applications: 'applications/all',
  decision: 'applications/decided',
  investigations: 'applications/userInvestigations',
  'application-deletions': 'applications/deletions',
};

export function resourceByName(name: string): ResourceDefinition | undefined {
  return resourceList.find((r) => r.name === name);
}

/** What guards a resource or screen by name; null for an unknown name, which is therefore denied. */
export function requirementFor(name: string): Requirement | null {
  return screens[name] ?? resourceByName(name)?.ability ?? null;
}

export function endpointFor(name: string): string {
  const resource = resourceByName(name);
  return resource?.endpoint ?? resource?.name ?? screenEndpoints[name] ?? name;
}
