import { createContext, useContext } from 'react';
import type { UnreadableMoney } from '../../components/MoneyInput';
import type { HttpClient } from '../../providers/httpClient';
import type { FormValues } from './types';
import { inputId } from './fieldIds';

export interface FormApi {
  values: FormValues;
  change: (name: string, value: unknown) => void;
  /** Leaving a field: it is saved, and its problems are shown from now on. */
  leave: (name: string) => void;
  /** The field's problem, once it should be shown. */
  problem: (name: string) => string | undefined;
  /** Text a field holds that cannot be read as its value (an unclear amount), kept while its step is not shown. */
  unreadable?: (name: string) => UnreadableMoney | undefined;
  setUnreadable?: (name: string, unreadable: UnreadableMoney | null) => void;
  readOnly: boolean;
  /**
   * Who else changed the field last and when, as a line to show beside it (the portal's draft of an organisation,
   * which all its members write); nothing where the reader did, or the form does not say.
   */
  edited?: (name: string) => string | undefined;
  /** Where files go: the applicant's own draft in the portal, the staff routes in the staff form. */
  files: { http: HttpClient; base: (applicationUuid: string) => string };
}

export const FormContext = createContext<FormApi | null>(null);

export function useForm(): FormApi {
  const form = useContext(FormContext);
  if (!form) throw new Error('useField outside FormContext');
  return form;
}

/** What an input needs for one field of the application: id, value, change, leave, problem. */
export function useField<T = unknown>(name: string) {
  const form = useForm();
  const value = (
    name.startsWith('definitions.') ? (form.values.definitions as Record<string, unknown>)?.[name.slice(12)] : form.values[name]
  ) as T;
  const problem = form.problem(name);
  return {
    id: inputId(name),
    value,
    set: (next: unknown) => form.change(name, next),
    leave: () => form.leave(name),
    unreadable: form.unreadable?.(name),
    setUnreadable: (unreadable: UnreadableMoney | null) => form.setUnreadable?.(name, unreadable),
    problem,
    readOnly: form.readOnly,
    edited: form.edited?.(name),
    values: form.values,
  };
}
