import type { Field, ResourceDefinition } from '../../resources/fields.js';
import type { FilterKind, ListGrammar } from '../lists/listQuery.js';

/** How each kind of field filters: by any of several values of its type. */
const filterKinds: Partial<Record<Field['kind'], FilterKind>> = {
  enum: 'integer[]',
  reference: 'integer[]',
  integer: 'integer[]',
  choice: 'choice[]',
  boolean: 'boolean[]',
};

/** A settings entity's list whitelists, from its declaration: its sortable fields, its filters and its search. */
export function resourceListGrammar(resource: ResourceDefinition): ListGrammar {
  const filters: Record<string, FilterKind> = {};
  for (const field of resource.fields) {
    const kind = filterKinds[field.kind];
    // A reference filters always (react-admin's getManyReference); other fields when declared with `filter`.
    if (kind && (field.filter || field.kind === 'reference')) filters[field.name] = kind;
  }
  return {
    sorts: ['id', ...resource.fields.filter((f) => f.sortable).map((f) => f.name)],
    defaultSort: { field: resource.defaultSort.field, order: resource.defaultSort.order.toLowerCase() as 'asc' | 'desc' },
    perPage: resource.perPage,
    search: !!resource.search?.length,
    filters,
    byId: true,
  };
}
