import { useAutosave } from '../autosave/useAutosave';
import { followupFields, payloadOf, valuesOf, type FollowupField, type FollowupValues } from './answers';
import { type Followup } from './types';
import { portalApi } from '../portalApi';

/**
 * The follow-up's answers, saved as they are typed (useAutosave): only the known answers are taken from this browser's
 * copy, and an answer that cannot be sent as it is (text not a number, too long) waits there until it is fixed.
 */
export function useFollowupDraft(initial: Followup) {
  const uuid = initial.application_uuid;
  return useAutosave<FollowupValues>({
    key: `followup-draft:${uuid}`,
    initial: valuesOf(initial),
    savedAt: null,
    known: (field) => followupFields.includes(field as FollowupField),
    payload: (field, value) => payloadOf(field as FollowupField, value as FollowupValues[FollowupField]),
    // The report's answer has no time of saving: the browser's is shown.
    save: async (changes) => {
      await portalApi.saveFollowup(uuid, changes);
      return new Date().toISOString();
    },
  });
}
