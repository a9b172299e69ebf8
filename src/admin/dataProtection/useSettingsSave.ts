import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify, type HttpError } from 'react-admin';
import { errorBody, type StaffDataProvider } from '../../providers/dataProvider';

/**
 * Saving a data protection settings form: the save (after which its scope is read again), the success notice, and the
 * server's refusal kept for the form, its field errors beside their fields and its message below them (unless
 * `fieldsFirst` names a field that has an error of its own, which says it better).
 */
export function useSettingsSave<T>({
  scope,
  save,
  notice,
  fieldsFirst = [],
}: {
  scope: string[];
  save: (dataProvider: StaffDataProvider, value: T) => Promise<unknown>;
  notice: string;
  fieldsFirst?: readonly string[];
}) {
  const notify = useNotify();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<Record<string, string[] | string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (value: T) => save(dataProvider, value),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scope }),
  });

  /** Checks first in the browser (`found`, shown at once), then saves `value` when nothing was found. */
  const submit = async (found: Record<string, string>, value: T | null) => {
    setMessage(null);
    setErrors(found);
    if (Object.keys(found).length || value === null) return;
    try {
      await mutation.mutateAsync(value);
      notify(notice, { type: 'success' });
    } catch (failure) {
      const fields = errorBody(failure as HttpError)?.errors ?? {};
      setErrors(fields);
      if (!fieldsFirst.some((name) => fields[name])) setMessage((failure as Error).message);
    }
  };
  const errorOf = (name: string) => {
    const error = errors[name];
    return Array.isArray(error) ? error.join(' ') : error;
  };
  return { submit, errorOf, message, saving: mutation.isPending };
}
