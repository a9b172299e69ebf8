import type { ResourceDefinition } from '../../resources/fields.js';
import { plainText } from '../../resources/plainText.js';
import { normaliseRecord, validateRecord } from '../../resources/validate.js';
import { AppError, invalid, type FieldErrors } from '../errors.js';
import { fromCsvRow } from './csvValues.js';
import { checkAgainstDatabase, createRecord, recordExists, updateRecord, type AnyDb, type Row } from './repository.js';

/** Validates and normalises a record for writing; throws a 422 with every field's errors. */
export async function prepareRecord(
  db: AnyDb,
  resource: ResourceDefinition,
  input: Record<string, unknown>,
  exceptId: number | null,
): Promise<Record<string, unknown>> {
  const record = normaliseRecord(resource, input);
  const errors: FieldErrors = { ...validateRecord(resource, record, { partial: exceptId !== null }) };
  if (!Object.keys(errors).length) Object.assign(errors, await checkAgainstDatabase(db, resource, record, exceptId));
  if (Object.keys(errors).length) throw invalid(errors);
  return record;
}

/**
 * Writes the rows of an import in one transaction, or none: every row is checked first (as a create, or an update
 * when it has an id), and a unique value twice in the file is an error too. Errors are keyed by spreadsheet row.
 * `afterCreate` runs in the transaction for each record created, so what it writes is kept with the import or not at all.
 */
export function importRows(
  db: AnyDb,
  resource: ResourceDefinition,
  rows: Record<string, string | null>[],
  afterCreate?: (trx: AnyDb, row: Row) => Promise<void>,
) {
  const errors: FieldErrors = {};
  return db.transaction().execute(async (trx) => {
    const seen = new Map<string, Map<string, number>>();
    const prepared: { id: number | null; record: Record<string, unknown> }[] = [];
    for (const [index, row] of rows.entries()) {
      const line = index + 2;
      const { id, record, problems } = fromCsvRow(resource, row);
      let rowErrors: FieldErrors = problems;
      // An id no record has would be a bare 404 at the write: it is the row's error, like any other.
      if (id !== null && !Object.keys(rowErrors).length && !(await recordExists(trx, resource, id)))
        rowErrors = { id: ['validation.unknown_id'] };
      if (!Object.keys(rowErrors).length) {
        try {
          prepared.push({ id, record: await prepareRecord(trx, resource, record, id) });
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          rowErrors = error.options.errors ?? {};
        }
      }
      // A unique value twice in the file is an error too, not only against the database.
      for (const field of resource.fields.filter((f) => f.unique)) {
        const value = plainText(record[field.name]).toLowerCase();
        if (!value) continue;
        const values = seen.get(field.name) ?? new Map<string, number>();
        seen.set(field.name, values);
        if (values.has(value)) (rowErrors[field.name] ??= []).push({ key: 'validation.unique' });
        else values.set(value, line);
      }
      for (const [field, messages] of Object.entries(rowErrors)) errors[`${line}.${field}`] = messages;
    }
    if (Object.keys(errors).length) throw invalid(errors, 'errors.import_errors');
    const rowsWritten = [];
    for (const { id, record } of prepared) {
      const row = id !== null ? await updateRecord(trx, resource, id, record) : await createRecord(trx, resource, record);
      if (id === null) await afterCreate?.(trx, row);
      rowsWritten.push({ created: id === null, row });
    }
    return rowsWritten;
  });
}
