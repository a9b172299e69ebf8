import type { Requirement } from './abilities.js';
import type { Field } from './fields.js';

/**
 * A settings record the foundation has exactly one of (as Payload's globals): the payment settings, the retention
 * rules, the privacy notice. Declared once like an entity, with the same field builders; from it the server derives
 * its two routes (`GET` and `PUT /<endpoint>`), its checks and its write with who changed it when
 * (server/settingsEngine/singletons.ts), and the admin its one form (src/admin/resources/SingletonForm.tsx).
 */
export interface SingletonDefinition<N extends string = string> {
  /** Its texts (`resources.<name>.fields.*`, `.save`, `.saved`, `.changed_by`, `.never_changed`) and its key in the registries. */
  name: N;
  /** API path under the prefix. */
  endpoint: string;
  table: string;
  /** What reading and changing it need. */
  ability: Requirement;
  /** What the routes' summaries say it is. */
  description: string;
  fields: Field[];
  /**
   * One row per key instead of the table's one row (the privacy notice: a text per language): each field is a key,
   * its value in `valueColumn` of the row whose `keyColumn` it is, with who changed that row. A change sends only the
   * keys changed, so that who changed each stays true.
   */
  keyed?: { keyColumn: string; valueColumn: string };
  /** Fields the API and the form have that no column stores (the payment settings' account kind, read from the account set). */
  derived?: readonly string[];
}

/** A declaration that keeps its name as a type, so the registry's names form the `SingletonName` union. */
export function defineSingleton<N extends string>(definition: SingletonDefinition<N>): SingletonDefinition<N> {
  return definition;
}

/** The columns a singleton's plain row stores: its fields but the derived ones. */
export const storedFields = (singleton: SingletonDefinition) => singleton.fields.filter((f) => !singleton.derived?.includes(f.name));
