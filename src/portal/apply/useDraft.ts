import type { ApplicationForm, FormValues } from '../../forms/application/types';
import { useAutosave, type Changes } from '../autosave/useAutosave';
import { portalApi } from '../portalApi';

/**
 * One field's change over `values`; an answer (`definitions.<question id>`) over the other answers, so a few changed
 * answers leave the others. A copy this browser kept before answers were fields of their own holds them as one
 * `definitions`, laid over the same way.
 */
function withChange(values: FormValues, name: string, value: unknown): FormValues {
  if (!name.startsWith('definitions')) return { ...values, [name]: value };
  const answers = name === 'definitions' ? value : { [name.slice('definitions.'.length)]: value };
  return { ...values, definitions: { ...(values.definitions as object), ...(answers as object) } };
}

/** The application's draft, saved as the applicant goes (useAutosave); the time of a save is the server's. */
export function useDraft(initial: ApplicationForm) {
  return useAutosave<FormValues>({
    key: `application-draft:${initial.uuid}`,
    initial,
    savedAt: initial.updated_at,
    apply: withChange,
    save: async (changes: Changes) => {
      const data = Object.entries(changes).reduce((sent, [name, value]) => withChange(sent, name, value), {});
      return portalApi.saveDraft(initial.uuid, data);
    },
  });
}
