import type { OrganisationHistoryEntry } from '../../providers/staffMethods';

// An organisation's history entry told as a sentence in the reader's language: who did what to whom, with the roles
// by name. A person whose account was erased is "a former member"; staff are named as the foundation's; the system
// (the organisation's first application made its writer the signatory) is told by the sentence itself.

type Translate = (key: string, options?: Record<string, unknown>) => string;

const actions = new Set([
  'member_added',
  'member_left',
  'member_removed',
  'role_changed',
  'invited',
  'invitation_withdrawn',
  'invitation_accepted',
  'access_requested',
  'access_granted',
  'access_refused',
]);

/** A text the entry's details keep, or null. */
const detail = (entry: OrganisationHistoryEntry, key: string) => {
  const value = entry.details[key];
  return typeof value === 'string' && value.trim() ? value.trim() : null;
};

export function organisationHistoryTeller(translate: Translate, locale: string) {
  const t = (key: string, options?: Record<string, unknown>) => translate(`app.organisation_people.${key}`, options);
  const former = t('former_member');
  const role = (value: string | null) => (value === 'signatory' || value === 'member' ? t(`role_in_text.${value}`) : (value ?? '–'));
  const by = (entry: OrganisationHistoryEntry) => {
    if (entry.by_staff) return entry.by ? t('staff_actor', { name: entry.by }) : t('the_foundation');
    return entry.by ?? former;
  };
  const capitalised = (text: string) => text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);

  return {
    /** What happened, as one sentence. */
    sentence(entry: OrganisationHistoryEntry): string {
      const about = entry.about ?? former;
      const values = {
        by: by(entry),
        about,
        role: role(detail(entry, 'role')),
        from: role(detail(entry, 'from')),
        email: detail(entry, 'email') ?? '–',
      };
      if (!actions.has(entry.action)) return capitalised(t('events.other', { ...values, action: entry.action }));
      if (entry.action === 'member_added' && detail(entry, 'how') === 'first_application') {
        return capitalised(t('events.member_added_first_application', values));
      }
      // The person who accepted is the one it is about; erased, both are null.
      if (entry.action === 'invitation_accepted')
        return capitalised(t('events.invitation_accepted', { ...values, about: entry.about ?? entry.by ?? former }));
      return capitalised(t(`events.${entry.action}`, values));
    },
    /** Why, where the entry keeps a reason (staff's, a signatory's, or the person asking for access). */
    reason(entry: OrganisationHistoryEntry): string | null {
      const why = detail(entry, 'reason');
      return why && t('reason_line', { reason: why });
    },
  };
}
