/** The named abilities of SPEC.md §6. Roles get them through the role_abilities table (admin: all; utredare: investigate). */
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
] as const;

export type AbilityName = (typeof abilityNames)[number];

/** An ability held by a user: general when entity_type and entity_id are null, else for that one entity. */
export interface Ability {
  name: string;
  entity_id: number | null;
  entity_type: string | null;
}

/** What a screen or route needs: one ability, all of a list, or any of a list; optionally for one entity. */
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
