/** The named abilities. Roles get them through the role_abilities table (admin: all; utredare: investigate). */
export const abilityNames = [
  'manage-users',
  'manage-application-types',
  'manage-categories',
  'manage-frontend-users',
  'manage-periods',
  'manage-organisations',
  'manage-contacts',
  'manage-faq',
  'manage-applications',
  'investigate-applications',
  'manage-mail-templates',
  'manage-data-protection',
  // Paying the grants: preparing payouts, batches, repayments and the payment settings; approving a prepared payout.
  'manage-payouts',
  'approve-payouts',
  // Deciding as a board: preparing meetings and entering their decisions; a board member's reading of their meetings.
  'manage-meetings',
  'attend-meetings',
] as const;

export type AbilityName = (typeof abilityNames)[number];

/** An ability held by a user: general when entity_type and entity_id are null, else for that one entity. */
export interface Ability {
  name: string;
  entity_id: number | null;
  entity_type: string | null;
}

/**
 * What a screen or route needs: one ability, all of a list, or any of a list; optionally for one entity.
 * An ability may be granted for one entity: for one period (`entity_type` 'periods'), which then covers
 * that period and the applications in it, or for one record of a settings entity (its resource name, e.g. 'faqs').
 */
export type Requirement = AbilityName | { allOf: AbilityName[] } | { anyOf: AbilityName[] };
export interface Entity {
  id: number;
  type: string;
}

/** A general ability matches any entity; an entity-scoped one matches only its own entity. */
export function hasAbility(abilities: readonly Ability[], name: AbilityName, entity?: Entity | null): boolean {
  return abilities.some(
    (a) =>
      a.name === name &&
      ((a.entity_id === null && a.entity_type === null) || (!!entity && a.entity_id === entity.id && a.entity_type === entity.type)),
  );
}

export function isAllowed(abilities: readonly Ability[], requirement: Requirement, entity?: Entity | null): boolean {
  if (typeof requirement === 'string') return hasAbility(abilities, requirement, entity);
  if ('allOf' in requirement) return requirement.allOf.every((name) => hasAbility(abilities, name, entity));
  return requirement.anyOf.some((name) => hasAbility(abilities, name, entity));
}

/** The names a requirement mentions. */
function namesOf(requirement: Requirement): AbilityName[] {
  if (typeof requirement === 'string') return [requirement];
  return 'allOf' in requirement ? requirement.allOf : requirement.anyOf;
}

/**
 * The ids of the entities of `type` for which the abilities meet the requirement, or null when they meet it generally
 * (for every entity). A list asks this and shows those entities' rows only; an empty array means none at all.
 */
export function allowedEntityIds(abilities: readonly Ability[], requirement: Requirement, type: string): number[] | null {
  if (isAllowed(abilities, requirement)) return null;
  const names: readonly string[] = namesOf(requirement);
  const candidates = new Set(
    abilities.filter((a) => a.entity_type === type && a.entity_id !== null && names.includes(a.name)).map((a) => a.entity_id!),
  );
  return [...candidates].filter((id) => isAllowed(abilities, requirement, { id, type })).sort((a, b) => a - b);
}

/**
 * Whether the abilities meet the requirement generally or for at least one entity: what opens a screen or a list,
 * whose rows the server narrows to those entities. What acts on one record asks isAllowed with its entity.
 */
export function mayReach(abilities: readonly Ability[], requirement: Requirement): boolean {
  if (isAllowed(abilities, requirement)) return true;
  return abilities.some(
    (a) => a.entity_type !== null && a.entity_id !== null && isAllowed(abilities, requirement, { id: a.entity_id, type: a.entity_type }),
  );
}
