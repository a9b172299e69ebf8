import { Alert, Badge, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Tab, Tabs } from '@mui/material';
import { useEffect } from 'react';
import { usePermissions, useTranslate } from 'react-admin';
import { hasAbility, type Ability } from '../../../resources/abilities';
import { visuallyHidden } from '../../components/visuallyHidden';
import { useIsPhone } from '../layout/useIsPhone';
import { Loaded, refusalOf } from '../LoadFailed';
import { useConfirmLeave } from '../unsaved/unsavedChanges';
import { useApplicationQuery } from '../useStaffQuery';
import { ApplicationActions } from './ApplicationActions';
import { useApplicantName } from './applicantName';
import { ApplicationDetails } from './ApplicationDetails';
import { DialogueTab } from './dialogue/DialogueTab';
import { FollowupTab } from './followup/FollowupTab';
import { PayoutsTab } from './payouts/PayoutsTab';
import { ReviewTab } from './reviews/ReviewTab';
import type { DialogTab } from './useShownApplication';

const tabId = (tab: DialogTab) => `application-tab-${tab}`;
const panelId = (tab: DialogTab) => `application-tabpanel-${tab}`;

/**
 * One application in a dialog over the list, full screen on a phone, in tabs: what was sent in with its handling, the
 * dialogue with the applicant (marked while staff have unread messages), the follow-up report, for those who manage or
 * approve payouts of its period the grant's payouts, and, where its type has review criteria, the review for its
 * reviewers and those who manage it. A reviewer who has not yet declared whether they have a conflict of interest, or
 * who stood aside, has the review tab alone: the server refuses them the rest, whose refusal is shown as its message.
 */
export function ApplicationDialog({
  uuid,
  tab,
  onTabChange,
  onClose,
  onLeave,
  mode = 'manage',
}: {
  uuid: string;
  tab: DialogTab;
  onTabChange: (tab: DialogTab) => void;
  onClose: () => void;
  /** A link in the dialog leaves the list for another page. */
  onLeave?: () => void;
  mode?: 'manage' | 'investigate';
}) {
  const translate = useTranslate();
  const phone = useIsPhone();
  const applicantName = useApplicantName();
  const application = useApplicationQuery('getApplication', uuid);
  const { data } = application;
  const unread = !!data?.progress?.unread_messages;
  // A proposal, review, decision or message typed and not saved is asked about before the dialog closes or changes tab.
  const confirmLeave = useConfirmLeave();
  const close = () => confirmLeave(onClose);
  const tabProps = (value: DialogTab) => ({ value, id: tabId(value), 'aria-controls': panelId(value) });
  const { permissions } = usePermissions<Ability[]>();
  const period = data ? { type: 'periods', id: data.period.id } : null;
  const seesPayouts =
    mode === 'manage' &&
    !!period &&
    (hasAbility(permissions ?? [], 'manage-payouts', period) || hasAbility(permissions ?? [], 'approve-payouts', period));
  const reviews = useApplicationQuery('getReviews', uuid);
  const view = reviews.data;
  const manages = !!period && hasAbility(permissions ?? [], 'manage-applications', period);
  const seesReview = !!view?.criteria.length && (!!view.mine || manages);
  // Undeclared or standing aside: nothing but the review tab.
  const reviewOnly = seesReview && !!view?.mine && view.mine.conflict_of_interest !== false;
  // Kept in the address, so the tab stays once the reviewer has declared.
  useEffect(() => {
    if (reviewOnly && tab !== 'review') onTabChange('review');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `onTabChange` is new each render; what matters is the declaration
  }, [reviewOnly, tab]);
  // A link to the payouts or the review of an application the user may not see them of opens its details instead.
  const shown: DialogTab = reviewOnly
    ? 'review'
    : (tab === 'payouts' && data && !seesPayouts) || (tab === 'review' && (reviews.isError || (view && !seesReview)))
      ? 'application'
      : tab;
  // The server's refusal (a reviewer who must declare first, or who stood aside) is said, not shown as a failure.
  const refused = refusalOf(application.error);
  // Refused, with no review of theirs to show (one who stood aside at a board meeting, or from a type without
  // reviews): no part to choose between, only the reason.
  const closed = !!refused && !seesReview;
  const heading =
    data ??
    (view && { reference: view.applicant.reference, applicant: view.applicant.name === null ? null : { name: view.applicant.name } });

  return (
    <Dialog open onClose={close} maxWidth="md" fullWidth fullScreen={phone} aria-labelledby="application-dialog-title">
      <DialogTitle id="application-dialog-title">
        {heading
          ? translate('app.applications.dialog_title', {
              reference: heading.reference ?? '',
              applicant: applicantName(heading.applicant),
            })
          : translate('app.applications.dialog_loading')}
      </DialogTitle>
      {!closed && (
        <Tabs
          value={(shown === 'payouts' && !seesPayouts) || (shown === 'review' && !seesReview) ? false : shown}
          onChange={(_event, value: DialogTab) => confirmLeave(() => onTabChange(value))}
          aria-label={translate('app.applications.tabs.label')}
          variant={phone ? 'fullWidth' : 'standard'}
          sx={{ borderBottom: 1, borderColor: 'divider', px: { sm: 1 } }}
        >
          {!reviewOnly && <Tab label={translate('app.applications.tabs.application')} {...tabProps('application')} />}
          {!reviewOnly && (
            <Tab
              label={
                <Badge color="error" variant="dot" invisible={!unread} sx={{ '& .MuiBadge-badge': { right: -6 } }}>
                  {translate('app.applications.tabs.dialogue')}
                  {unread && <Box sx={visuallyHidden}>{` (${translate('app.applications.progress.unread')})`}</Box>}
                </Badge>
              }
              {...tabProps('dialogue')}
            />
          )}
          {!reviewOnly && <Tab label={translate('app.applications.tabs.followup')} {...tabProps('followup')} />}
          {seesPayouts && !reviewOnly && <Tab label={translate('app.applications.tabs.payouts')} {...tabProps('payouts')} />}
          {seesReview && <Tab label={translate('app.applications.tabs.review')} {...tabProps('review')} />}
        </Tabs>
      )}
      <DialogContent dividers {...(closed ? {} : { role: 'tabpanel', id: panelId(shown), 'aria-labelledby': tabId(shown) })}>
        {shown === 'review' ? (
          <Loaded query={reviews}>{(loaded) => <ReviewTab uuid={uuid} view={loaded} manages={manages && mode === 'manage'} />}</Loaded>
        ) : refused ? (
          <Alert severity="info">{refused}</Alert>
        ) : shown === 'dialogue' ? (
          <DialogueTab uuid={uuid} mode={mode} unread={data ? unread : undefined} applicantName={applicantName(data?.applicant)} />
        ) : (
          <Loaded query={application}>
            {(loaded) =>
              shown === 'followup' ? (
                <FollowupTab application={loaded} mode={mode} />
              ) : shown === 'payouts' ? (
                <PayoutsTab application={loaded} />
              ) : (
                <ApplicationDetails data={loaded} mode={mode} />
              )
            }
          </Loaded>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap' }}>
        {data && mode === 'manage' && shown === 'application' && <ApplicationActions data={data} onDeleted={onClose} onLeave={onLeave} />}
        <Button onClick={close} variant="contained">
          {translate('ra.action.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
