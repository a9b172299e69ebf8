import { useSearchParams } from 'react-router-dom';

/**
 * The tabs of the application dialog; `?tab=dialogue` opens on the conversation with the applicant, `?tab=followup` on
 * the follow-up report, `?tab=payouts` on the grant's payouts, `?tab=review` on the reviewers' scores.
 */
const dialogTabs = ['application', 'dialogue', 'followup', 'payouts', 'review'] as const;
export type DialogTab = (typeof dialogTabs)[number];

/** The words of the address that name the shown application, not the list: never kept as the list's own. */
export const dialogWords = ['show', 'tab', 'decide'] as const;

const isDialogTab = (value: string | null): value is DialogTab => dialogTabs.includes(value as DialogTab);

/**
 * Which application a list shows in its dialog, kept in the address (`?show=<uuid>&tab=dialogue`) so that a link in a
 * mail or the notification bell opens it straight away. react-admin's list ignores these words in the query.
 * `&decide=approve` opens it on its decision with "approved" chosen: how the status selector approves an application
 * that has no approved amount yet.
 */
export function useShownApplication() {
  const [query, setQuery] = useSearchParams();
  const uuid = query.get('show');
  const asked = query.get('tab');
  const tab: DialogTab = isDialogTab(asked) ? asked : 'application';
  // Replaced, not pushed: Back leaves the list rather than stepping through dialogs and tabs.
  const change = (show: string | null, nextTab: DialogTab, approve = false) =>
    setQuery(
      (current) => {
        const next = new URLSearchParams(current);
        for (const word of dialogWords) next.delete(word);
        if (show) next.set('show', show);
        if (show && nextTab !== 'application') next.set('tab', nextTab);
        if (show && approve) next.set('decide', 'approve');
        return next;
      },
      { replace: true },
    );
  return {
    uuid,
    tab,
    /** The dialog was opened to approve the application in its decision. */
    approve: !!uuid && query.get('decide') === 'approve',
    show: (application: { uuid: string }) => change(application.uuid, 'application'),
    /** Opens the application on its decision, "approved" chosen, for the amount to be given. */
    approveInDecision: (application: { uuid: string }) => change(application.uuid, 'application', true),
    /** Names the application and tab in the address (again). */
    open: (shown: string, nextTab: DialogTab) => change(shown, nextTab),
    close: () => change(null, 'application'),
  };
}
