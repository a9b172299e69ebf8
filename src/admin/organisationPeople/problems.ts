import { HttpError } from 'react-admin';
import { errorBody } from '../../providers/dataProvider';

/** What a refused change says: the server's message beside each field it names, and its message for the rest. */
export interface Problems {
  fields: Record<string, string>;
  message: string | null;
}

export const noProblems: Problems = { fields: {}, message: null };

/**
 * A failed change as a dialog shows it: the field errors beside the fields (`shown` are the fields the dialog has), the
 * message above the buttons when no field of the dialog explains it (a 409: no signatory would be left).
 */
export function problemsOf(failure: unknown, shown: string[]): Problems {
  const all = failure instanceof HttpError ? (errorBody(failure)?.errors ?? {}) : {};
  const fields = Object.fromEntries(Object.entries(all).filter(([field]) => shown.includes(field)));
  const explained = Object.keys(fields).length > 0 && Object.keys(fields).length === Object.keys(all).length;
  return { fields, message: explained ? null : failure instanceof Error ? failure.message : String(failure) };
}
