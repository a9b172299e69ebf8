import type { Requirement } from './abilities.js';
import { enums, type EnumName } from './enums.js';
import type { Message } from './validators.js';

/**
 * The typed field builders of the resource schema. A field's name is its API name and its column;
 * its kind decides the admin input and column, the server's JSON type, and the shared validation.
 */
export type FieldKind =
  | 'text'
  | 'textarea'
  | 'email'
  | 'phone'
  | 'url'
  | 'zip'
  | 'orgNumber'
  | 'integer'
  | 'money'
  | 'date'
  | 'boolean'
  | 'enum'
  | 'choice'
  | 'reference'
  | 'references'
  | 'options'
  | 'enumSet'
  | 'urls'
  | 'uuid';

export interface FieldOptions {
  required?: boolean;
  /** The server refuses a value another record already has (case-insensitive for text). */
  unique?: boolean;
  maxLength?: number;
  min?: number;
  max?: number;
  /** Shown as a list column. */
  column?: boolean;
  /** The list can sort by it; `localized` sorts in Swedish collation (Å, Ä, Ö after Z). */
  sortable?: boolean | 'localized';
  /** The list can filter by it (enum, choice, boolean, reference). */
  filter?: boolean;
  /** Shown, never written by a client (generated: uuid, order kept by its own screen). */
  readOnly?: boolean;
  /** Left out of forms on create (e.g. a flag that only makes sense later). */
  editOnly?: boolean;
  /** Left out of CSV export and import. */
  noExport?: boolean;
  /** Left out of the generated form: a screen of its own edits it (e.g. a period's contacts modal). */
  noForm?: boolean;
  /** Only relevant when another field has one of these values (e.g. options for dropdowns). */
  showIf?: { field: string; in: readonly unknown[] };
  /** The value a new record starts with. */
  default?: unknown;
  /**
   * The English twin of a text staff write for applicants (`label_en` of `label`, resources/contentLanguage.ts):
   * optional, the Swedish shown where it is blank; a list of options has one line for each Swedish option, or none.
   */
  translates?: string;
  /** A date that may not be earlier than another date field of the record (an end date and its start). */
  notBefore?: string;
  /** A person's name (a text field): letters, spaces, hyphens, apostrophes and full stops; never a link. */
  personName?: boolean;
  /** A text a payment to the bank carries (the payee's name): characters the bank takes (resources/bankText.ts). */
  bankText?: boolean;
  /** Must equal another field of the record (an e-mail typed twice). */
  sameAs?: string;
  /** A box that must be ticked (consent). */
  accepted?: boolean;
  /** The step of the applicant's application form that asks for it (1–5). */
  step?: number;
  /** The form shows a help text under the input: `resources.<name>.help.<field>` in the locale files. */
  help?: boolean;
  /**
   * Personal data (GDPR): `true` when the value names or reaches a person, `false` when it does not and an anonymised
   * record keeps it (what the statistics read). Anonymising an application blanks its personal fields (null, or an
   * empty list for a list kind); an entity that is anonymised says one or the other of every field, which a test checks.
   */
  personal?: boolean;
  /** A rule of the field's own after its kind's, the same in the form and on the server (a bankgiro by the banks' rules). */
  check?: (value: string) => Message | null;
  /** The stored form of a valid text (a bankgiro's digits, an IBAN without spaces), after trimming. */
  normalise?: (value: string) => string;
  /** The form asks for it otherwise than its kind's input: a choice as radio buttons, a number 1–12 as a month. */
  widget?: 'radio' | 'month';
  /** The form begins a section with it, titled `resources.<name>.sections.<section>` (its intro `<section>_intro`). */
  section?: string;
}

/** What anonymising writes in a personal column: nothing, an empty list, an empty object, or a flag cleared. */
export type Blank = null | readonly [] | '{}' | false;

/**
 * Columns of an entity's table that are no field of its declaration (keys, the server's own flags and dates, copies
 * kept by triggers), with what anonymising writes in them (`blank`; left out, they are kept) and why.
 */
export interface ColumnsBeside {
  columns: readonly string[];
  blank?: Blank;
  why: string;
}

interface Base extends FieldOptions {
  name: string;
}

/** A field whose kind needs nothing more than its options. */
export interface SimpleField extends Base {
  kind: Exclude<FieldKind, 'enum' | 'enumSet' | 'choice' | 'reference' | 'references'>;
}

export interface EnumField extends Base {
  kind: 'enum';
  enumName: EnumName;
  /** Only these codes of the enumeration may be chosen (e.g. a decision: approved or rejected). */
  only?: readonly number[];
}

/** A list of codes of one enumeration (e.g. the global goals an application works towards). */
export interface EnumSetField extends Base {
  kind: 'enumSet';
  enumName: EnumName;
}

/** A fixed set of string codes whose labels are `<labels>.<code>` in the locale files (e.g. roles). */
export interface ChoiceField extends Base {
  kind: 'choice';
  choices: readonly string[];
  labels: string;
}

/** A foreign key `<name>` (e.g. application_type_id) to another resource, shown and sorted by its label. */
export interface ReferenceField extends Base {
  kind: 'reference';
  reference: string;
}

/** Many-to-many through a link table: the API field is the list of ids (e.g. application_type_ids). */
export interface ReferencesField extends Base {
  kind: 'references';
  reference: string;
  /**
   * The link table and its columns. `fixed` columns pick this field's links out of a table it shares with others, and
   * are written on each link (a user's grants of one ability for some periods: ability and entity_type).
   */
  through: { table: string; own: string; other: string; order?: string; fixed?: Readonly<Record<string, string>> };
}

/** A field, told apart by its kind: checking `kind` gives the kind's own properties. */
export type Field = SimpleField | EnumField | EnumSetField | ChoiceField | ReferenceField | ReferencesField;

const make =
  <K extends SimpleField['kind']>(kind: K) =>
  (name: string, options: FieldOptions = {}): SimpleField & { kind: K } => ({ name, kind, ...options });

export const text = make('text');
export const textarea = make('textarea');
export const email = make('email');
export const phone = make('phone');
export const url = make('url');
export const zip = make('zip');
export const orgNumber = make('orgNumber');
export const integer = make('integer');
/** Money in öre (integer minor units); the admin shows and edits kronor. */
export const money = make('money');
export const date = make('date');
export const boolean = make('boolean');
/** A list of strings (e.g. the options of a dropdown question). */
export const options = make('options');
/** A list of web addresses. */
export const urls = make('urls');
export const uuid = (name: string, options: FieldOptions = {}) => ({ name, kind: 'uuid' as const, readOnly: true, ...options });

export const enumOf = (name: string, enumName: EnumName, options: FieldOptions & { only?: readonly number[] } = {}): EnumField => ({
  name,
  kind: 'enum',
  enumName,
  ...options,
});
/** The codes an enumeration field accepts: its enumeration's, or the subset it declares. */
export function enumCodes(field: EnumField | EnumSetField): readonly number[] {
  const all: number[] = Object.values(enums[field.enumName]);
  return field.kind === 'enum' && field.only ? all.filter((code) => field.only!.includes(code)) : all;
}

export const enumSet = (name: string, enumName: EnumName, options: FieldOptions = {}): EnumSetField => ({
  name,
  kind: 'enumSet',
  enumName,
  ...options,
});
export const choice = (name: string, choices: readonly string[], labels: string, options: FieldOptions = {}): ChoiceField => ({
  name,
  kind: 'choice',
  choices,
  labels,
  ...options,
});
export const reference = (name: string, target: string, options: FieldOptions = {}): ReferenceField => ({
  name,
  kind: 'reference',
  reference: target,
  ...options,
});
export const references = (
  name: string,
  target: string,
  through: ReferencesField['through'],
  options: FieldOptions = {},
): ReferencesField => ({
  name,
  kind: 'references',
  reference: target,
  through,
  ...options,
});

/**
 * One staff-managed entity: everything the admin screens and the server's routes, validation, SQL whitelists and
 * exports need to know about it.
 */
export interface ResourceDefinition<N extends string = string> {
  /** react-admin resource name and admin path, e.g. 'categories'. */
  name: N;
  /** API path under the prefix; defaults to the name. */
  endpoint?: string;
  /** The database table. */
  table: string;
  /**
   * What every screen and route of the entity needs. Granted for one record (the entity's name as
   * `entity_type`), it lets its holder list, read, edit and delete that record; creating and importing need it whole.
   */
  ability: Requirement;
  /** Who may also read the list and one record (e.g. the periods, which the application lists filter by). */
  readers?: Requirement;
  /** Shown as a card on the settings landing page. */
  settings?: boolean;
  fields: Field[];
  /** Sets of fields whose values together no two records share (e.g. one mail template per decision and language). */
  uniqueTogether?: readonly (readonly string[])[];
  /** Fields the list's search covers (more than 2 characters). */
  search?: string[];
  defaultSort: { field: string; order: 'ASC' | 'DESC' };
  /** The field that names a record: in references, titles and messages. */
  labelField: string;
  /** The message key when a delete is refused because the record is still in use (default `errors.in_use`). */
  inUseMessage?: string;
  perPage?: number;
  /** CSV export and import of the list (default both). */
  exportable?: boolean;
  importable?: boolean;
}

/** A declaration that keeps its name as a type, so the registry's names form the `ResourceName` union. */
export function defineResource<N extends string>(definition: ResourceDefinition<N>): ResourceDefinition<N> {
  return definition;
}

export const PAGE_SIZE = 50;

export function fieldOf(resource: ResourceDefinition, name: string): Field | undefined {
  return resource.fields.find((f) => f.name === name);
}

/** Fields a client may write: not read-only, and relevant to the given record. */
export function writableFields(resource: Pick<ResourceDefinition, 'fields'>): Field[] {
  return resource.fields.filter((f) => !f.readOnly);
}
