import type { Field, ResourceDefinition } from '../../resources/fields.js';
import type { FieldErrors } from '../errors.js';
import { isId } from '../../resources/columnRanges.js';

/** A value as it stands in an exported cell: money in kronor, lists comma-separated. */
export function toCsvValue(field: Field, value: unknown): unknown {
  if (value === null || value === undefined) return '';
  if (field.kind === 'money') return (Number(value) / 100).toFixed(2);
  return value;
}

const TRUE = new Set(['true', '1', 'ja', 'yes', 'sant']);
const FALSE = new Set(['false', '0', 'nej', 'no', 'falskt']);

/** "1 234,50", "1234.50" or "1,234.50" kronor -> öre; NaN when it is not an amount. */
function kronorToOre(text: string): number {
  let clean = text.replace(/[\s\u00a0]|kr|SEK/gi, '');
  if (clean.includes(',') && !clean.includes('.')) clean = clean.replace(',', '.');
  else clean = clean.replace(/,/g, '');
  const value = Number(clean);
  return Number.isFinite(value) ? Math.round(value * 100) : NaN;
}

/**
 * One imported row (all text, keyed by field name) as a record of typed values, and the cells that could not be
 * read. Empty cells are null; an `id` column names an existing record to update.
 */
export function fromCsvRow(
  resource: ResourceDefinition,
  row: Record<string, string | null>,
): { id: number | null; record: Record<string, unknown>; problems: FieldErrors } {
  const problems: FieldErrors = {};
  const record: Record<string, unknown> = {};
  const idText = row.id?.trim();
  const id = idText ? Number(idText) : null;
  if (id !== null && !isId(id)) problems.id = ['validation.integer'];
  for (const field of resource.fields) {
    if (field.readOnly || field.noExport || !(field.name in row)) continue;
    const text = (row[field.name] ?? '').trim();
    if (text === '') {
      record[field.name] = field.kind === 'references' || field.kind === 'options' ? [] : field.kind === 'boolean' ? false : null;
      continue;
    }
    switch (field.kind) {
      case 'integer':
      case 'enum':
      case 'reference': {
        // The column's range is the record's validation's to tell (with its limits in the message).
        const value = Number(text);
        if (Number.isInteger(value)) record[field.name] = value;
        else problems[field.name] = ['validation.integer'];
        break;
      }
      case 'money': {
        const value = kronorToOre(text);
        if (Number.isNaN(value)) problems[field.name] = ['validation.number'];
        else record[field.name] = value;
        break;
      }
      case 'boolean':
        if (TRUE.has(text.toLowerCase())) record[field.name] = true;
        else if (FALSE.has(text.toLowerCase())) record[field.name] = false;
        else problems[field.name] = ['validation.boolean'];
        break;
      case 'references': {
        const ids = text.split(',').map((part) => Number(part.trim()));
        if (ids.every(isId)) record[field.name] = ids;
        else problems[field.name] = ['validation.in'];
        break;
      }
      case 'options':
        record[field.name] = text
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean);
        break;
      default:
        record[field.name] = text;
    }
  }
  return { id, record, problems };
}
