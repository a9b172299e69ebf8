import type { Requirement } from './abilities.js';

/**
 * The registry of staff-managed entities. Each entity is declared once in resources/<name>.ts and listed here;
 * the admin screens and the server's routes are derived from that declaration (DESIGN.md §3).
 */
export interface ResourceDefinition {
  /** react-admin resource name and admin path, e.g. 'categories'. */
  name: string;
  /** API path under the prefix; defaults to the name. */
  endpoint?: string;
  /** What every screen and route of the entity needs (SPEC.md §6). */
  ability: Requirement;
  /** Whether it belongs in the settings area. */
  settings?: boolean;
}

export const resourceList: ResourceDefinition[] = [];

/** Staff screens that are not generated from an entity, with what they need. */
export const screens: Record<string, Requirement> = {
  settings: 'manage-users',
};

/** What guards a resource or screen by name; null for an unknown name, which is therefore denied. */
export function requirementFor(name: string): Requirement | null {
  return screens[name] ?? resourceList.find((r) => r.name === name)?.ability ?? null;
}

export function endpointFor(name: string): string {
  return resourceList.find((r) => r.name === name)?.endpoint ?? name;
}
