import type { OrganisationPeople } from '../portalApi';

type Translate = (key: string, params?: Record<string, unknown>) => string;
export type HistoryEntry = OrganisationPeople['history'][number];

const actions = [
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
];

/** The text's first letter in capitals: a sentence may begin with a name or with "en tidigare medlem". */
export const capitalised = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** A role as a sentence names it ("firmatecknare"); an unknown one as it is. */
export const roleName = (t: Translate, role: unknown) =>
  role === 'signatory' || role === 'member' ? t(`portal.organisation.roles.${role}`) : typeof role === 'string' ? role : '';

/**
 * One entry of an organisation's history as a sentence: who did what to whom, a person no longer here as "a former
 * member", staff as the foundation's, the system (the first application sent in) as no one.
 */
export function historySentence(entry: HistoryEntry, t: Translate): string {
  const former = t('portal.organisation.history.former_member');
  const by = entry.by_staff
    ? entry.by
      ? t('portal.organisation.history.staff_named', { name: entry.by })
      : t('portal.organisation.history.staff')
    : (entry.by ?? former);
  const about = entry.about ?? former;
  const { details } = entry;
  const params = {
    by,
    about,
    role: roleName(t, details.role),
    email: typeof details.email === 'string' ? details.email : '',
  };
  if (entry.action === 'member_added' && details.how === 'first_application')
    return capitalised(t('portal.organisation.history.actions.member_added_first', params));
  // The one who accepted an invitation is both who acted and whom it was about.
  if (entry.action === 'invitation_accepted')
    return capitalised(
      t('portal.organisation.history.actions.invitation_accepted', { ...params, about: entry.about ?? entry.by ?? former }),
    );
  if (actions.includes(entry.action)) return capitalised(t(`portal.organisation.history.actions.${entry.action}`, params));
  return capitalised(t('portal.organisation.history.actions.other', { by, action: entry.action }));
}

/** The reason given with an entry (a request for access, staff's change), if any. */
export const historyReason = (entry: HistoryEntry) =>
  typeof entry.details.reason === 'string' && entry.details.reason.trim() ? entry.details.reason.trim() : null;
