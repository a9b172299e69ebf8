import { BIGINT_SAFE, ID_RANGE, INT4, isId } from './columnRanges.js';
import { enums } from './enums.js';
import { enumCodes, writableFields, type Field, type ResourceDefinition } from './fields.js';
import { normalisePhone, phone } from './phone.js';
import * as check from './validators.js';
import type { Message } from './validators.js';

export type RecordErrors = Record<string, Message[]>;

const TEXT_MAX = 255;
const TEXTAREA_MAX = 20_000;

/** Whether a field applies to this record (a field shown only for some values of another). */
export function applies(field: Field, record: Record<string, unknown>): boolean {
  return !field.showIf || field.showIf.in.includes(record[field.showIf.field]);
}

function fieldErrors(field: Field, value: unknown): Message | null {
  switch (field.kind) {
    case 'text':
      return (
        check.length(value, { max: field.maxLength ?? TEXT_MAX }) ??
        (field.personName ? check.personName(value) : null) ??
        (field.bankText ? check.bankCharacters(value) : null)
      );
    case 'textarea':
      return check.length(value, { max: field.maxLength ?? TEXTAREA_MAX });
    case 'email':
      return check.email(value);
    case 'phone':
      return phone(value);
    case 'url':
      return check.url(value);
    case 'zip':
      return check.zip(value);
    case 'orgNumber':
      return check.orgNumber(value);
    case 'date':
      return check.isoDate(value);
    case 'integer':
      return check.integer(value) ?? check.range(value, { min: field.min ?? INT4.min, max: field.max ?? INT4.max });
    case 'money':
      return check.integer(value) ?? check.range(value, { min: field.min ?? 0, max: field.max ?? BIGINT_SAFE.max });
    case 'reference':
      return check.integer(value) ?? check.range(value, { min: ID_RANGE.min, max: ID_RANGE.max });
    case 'boolean':
      return typeof value === 'boolean' ? null : { key: 'validation.boolean' };
    case 'enum':
      return enumCodes(field).some((code) => code === value) ? null : { key: 'validation.in' };
    case 'enumSet': {
      const codes = Object.values<unknown>(enums[field.enumName]);
      return Array.isArray(value) && value.every((code) => codes.includes(code)) ? null : { key: 'validation.in' };
    }
    case 'urls':
      return Array.isArray(value) ? (value.map((address) => check.url(address)).find(Boolean) ?? null) : { key: 'validation.invalid' };
    case 'choice':
      return field.choices.some((code) => code === value) ? null : { key: 'validation.in' };
    case 'references':
      return Array.isArray(value) && value.every((id) => typeof id === 'number' && isId(id)) ? null : { key: 'validation.in' };
    case 'options':
      return Array.isArray(value) && value.every((o) => typeof o === 'string' && o.trim()) ? null : { key: 'validation.invalid' };
    default:
      return null;
  }
}

/** Rules that compare a field with another one of the record, or with a fixed expectation. */
function relations(field: Field, value: unknown, record: Record<string, unknown>): Message | null {
  if (field.accepted && value !== true) return { key: 'validation.accepted' };
  // sameAs pairs text fields (an e-mail address and its confirmation); a missing or non-text other value matches no text.
  const other = field.sameAs ? record[field.sameAs] : undefined;
  const otherText = typeof other === 'string' ? other : typeof other === 'number' ? String(other) : '';
  if (field.sameAs && typeof value === 'string' && otherText.trim().toLowerCase() !== value.trim().toLowerCase()) {
    return { key: 'validation.same', params: { other: field.sameAs } };
  }
  return notBefore(field, value, record) ?? sameCount(field, value, record);
}

/** A translated list of options names each of the Swedish ones (or none, and the Swedish ones are shown). */
function sameCount(field: Field, value: unknown, record: Record<string, unknown>): Message | null {
  const original = field.translates && field.kind === 'options' ? record[field.translates] : undefined;
  if (!Array.isArray(value) || !Array.isArray(original) || value.length === original.length) return null;
  return { key: 'validation.same_count', params: { other: field.translates!, count: original.length } };
}

function notBefore(field: Field, value: unknown, record: Record<string, unknown>): Message | null {
  const other = field.notBefore && record[field.notBefore];
  if (typeof other !== 'string' || typeof value !== 'string' || check.isoDate(other)) return null;
  return value < other ? { key: 'validation.not_before', params: { other: field.notBefore! } } : null;
}

/**
 * The validation rules of a resource's fields, the same in the admin's forms and on the server (which has the final
 * word and adds what needs the database, such as uniqueness). `partial` checks only the fields present.
 */
export function validateRecord(
  resource: Pick<ResourceDefinition, 'fields'>,
  record: Record<string, unknown>,
  { partial = false } = {},
): RecordErrors {
  const errors: RecordErrors = {};
  for (const field of writableFields(resource)) {
    if (partial && !(field.name in record)) continue;
    if (!applies(field, record)) continue;
    const value = record[field.name];
    const missing = check.required(value);
    if (missing) {
      // A number that starts with a default (its column is never empty) may be left out, not emptied.
      const keepsDefault = field.default !== undefined && (field.kind === 'integer' || field.kind === 'money') && field.name in record;
      if (field.required || keepsDefault) errors[field.name] = [missing];
      continue;
    }
    const problem =
      fieldErrors(field, value) ??
      relations(field, value, record) ??
      (typeof value === 'string' && field.check ? field.check(value) : null);
    if (problem) errors[field.name] = [problem];
  }
  return errors;
}

/** The stored form of valid values: phone numbers international, zip codes and organisation numbers in one format. */
export function normaliseRecord(resource: Pick<ResourceDefinition, 'fields'>, record: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = { ...record };
  for (const field of resource.fields) {
    const value = result[field.name];
    if (field.kind === 'urls' && Array.isArray(value)) {
      result[field.name] = (value as unknown[])
        .map((address) => (typeof address === 'string' ? check.normaliseUrl(address) : address))
        .filter(Boolean);
      continue;
    }
    if (typeof value !== 'string') continue;
    const trimmed = value.trim();
    if (trimmed === '' && !field.required) {
      result[field.name] = null;
      continue;
    }
    if (field.kind === 'phone') result[field.name] = normalisePhone(trimmed);
    else if (field.kind === 'zip') result[field.name] = check.normaliseZip(trimmed);
    else if (field.kind === 'orgNumber') result[field.name] = check.normaliseOrgNumber(trimmed);
    else if (field.kind === 'url') result[field.name] = check.normaliseUrl(trimmed);
    else if (field.kind === 'email') result[field.name] = trimmed.toLowerCase();
    else result[field.name] = field.normalise ? field.normalise(trimmed) : trimmed;
  }
  return result;
}
