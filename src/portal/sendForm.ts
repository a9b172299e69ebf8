import { useState, type ChangeEvent, type FormEvent } from 'react';
import { attributeLabel } from '../../resources/attributeLabel';
import { email } from '../../resources/validators';
import { ApiError } from '../providers/httpClient';
import { portalApi } from './portalApi';

export type FormResult = { ok: boolean; message: string } | null;

type Errors = Record<string, string>;

/**
 * One form that posts its values and answers with a message (the sign-in pages'): values, field errors from the
 * server or the browser, the answer, and sending. `body` picks what is sent of the checked, trimmed values.
 */
export function useSendForm<T extends Record<string, string>>(
  initial: T,
  path: string,
  check: (values: T) => Errors,
  body: (values: T) => Record<string, string> = (values) => values,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [result, setResult] = useState<FormResult>(null);
  const [busy, setBusy] = useState(false);
  const field = (name: keyof T & string) => ({
    name,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) => setValues({ ...values, [name]: event.target.value }),
    error: !!errors[name],
    helperText: errors[name] ?? ' ',
  });
  const send = async (event: FormEvent) => {
    event.preventDefault();
    const local = check(values);
    setErrors(local);
    setResult(null);
    if (Object.keys(local).length) return;
    setBusy(true);
    try {
      // Sent as checked: a space typed or pasted around a value is not part of it.
      const trimmed = Object.fromEntries(Object.entries(values).map(([name, value]) => [name, value.trim()])) as T;
      const answer = await portalApi.sendForm(path, body(trimmed));
      setResult({ ok: true, message: answer.message });
    } catch (error) {
      setErrors(error instanceof ApiError ? (error.body.errors ?? {}) : {});
      setResult({ ok: false, message: (error as Error).message });
    } finally {
      setBusy(false);
    }
  };
  // A form's submit handler returns nothing; send handles its own failures.
  const submit = (event: FormEvent) => void send(event);
  return { field, submit, result, busy, values, errors };
}

/** The checks of the sign-in forms, with the messages the server gives for the same fields. */
export function addressChecks(t: (key: string, params?: Record<string, unknown>) => string) {
  /** "Fill this in" for each of `names` left blank. */
  const required = (values: Record<string, string>, names: string[]): Errors =>
    Object.fromEntries(names.filter((n) => !values[n]?.trim()).map((n) => [n, t('portal.register.required')]));
  /** The e-mail rule the server applies, with its message, for the fields not already missing. */
  const addresses = (values: Record<string, string>, names: string[], errors: Errors) => {
    for (const name of names) {
      const problem = errors[name] ? null : email(values[name].trim());
      if (problem) errors[name] = t(problem.key, { attribute: attributeLabel(t, name) });
    }
    return errors;
  };
  /** The address typed twice must be the same one (in any case). */
  const confirmed = (values: Record<string, string>, errors: Errors) => {
    if (!errors.email_confirmation && values.email.trim().toLowerCase() !== values.email_confirmation.trim().toLowerCase())
      errors.email_confirmation = t('errors.emails_mismatch');
    return errors;
  };
  return { required, addresses, confirmed };
}
