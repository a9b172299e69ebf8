import { useEffect, useState } from 'react';

/**
 * A form's values kept in this tab's sessionStorage under `key` as they are typed, so that a reload or a visit to
 * another page loses nothing; `clear` forgets them once the form is sent. These forms are only sent, never saved as
 * drafts on the server, so the autosave engine does not fit them.
 */
export function useSessionDraft<T extends object>(key: string, initial: T): [T, (values: T) => void, () => void] {
  const [values, setValues] = useState<T>(() => {
    try {
      const stored = sessionStorage.getItem(key);
      return stored ? { ...initial, ...(JSON.parse(stored) as Partial<T>) } : initial;
    } catch {
      return initial;
    }
  });
  useEffect(() => {
    try {
      sessionStorage.setItem(key, JSON.stringify(values));
    } catch {
      // A full or refused storage only loses the convenience.
    }
  }, [key, values]);
  const clear = () => {
    try {
      sessionStorage.removeItem(key);
    } catch {
      // As above.
    }
  };
  return [values, setValues, clear];
}
