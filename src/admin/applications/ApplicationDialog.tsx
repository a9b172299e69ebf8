import { Badge, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Tab, Tabs } from '@mui/material';
import { usePermissions, useTranslate } from 'react-admin';
import { hasAbility, type Ability } from '../../../resources/abilities';
import { visuallyHidden } from '../../components/visuallyHidden';
import { useIsPhone } from '../layout/useIsPhone';
import { Loaded } from '../LoadFailed';
import { useApplicationQuery } from '../useStaffQuery';
import { ApplicationActions } from './ApplicationActions';
import { useApplicantName } from './applicantName';
import { ApplicationDetails } from './ApplicationDetails';
import { DialogueTab } from './dialogue/DialogueTab';
import { FollowupTab } from './followup/FollowupTab';
import { PayoutsTab } from './payouts/PayoutsTab';
import type { DialogTab } from './useShownApplication';

const tabId = (tab: DialogTab) => `application-tab-${tab}`;
const panelId = (tab: DialogTab) => `application-tabpanel-${tab}`;

/**
 * One application in a dialog over the list, full screen on a phone, in tabs: what was sent in with its handling, the
 * dialogue with the applicant (marked while staff have unread messages), the follow-up report, and, for those who
 * manage or approve payouts of its period, the grant's payouts.
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
  const tabProps = (value: DialogTab) => ({ value, id: tabId(value), 'aria-controls': panelId(value) });
  const { permissions } = usePermissions<Ability[]>();
  const period = data ? { type: 'periods', id: data.period.id } : null;
  const seesPayouts =
    mode === 'manage' &&
    !!period &&
    (hasAbility(permissions ?? [], 'manage-payouts', period) || hasAbility(permissions ?? [], 'approve-payouts', period));
  // A link to the payouts of an application the user may not see them of opens its details instead.
  const shown: DialogTab = tab === 'payouts' && data && !seesPayouts ? 'application' : tab;

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth fullScreen={phone} aria-labelledby="application-dialog-title">
      <DialogTitle id="application-dialog-title">
        {data
          ? translate('app.applications.dialog_title', { reference: data.reference ?? '', applicant: applicantName(data.applicant) })
          : translate('app.applications.dialog_loading')}
      </DialogTitle>
      <Tabs
        value={shown === 'payouts' && !seesPayouts ? false : shown}
        onChange={(_event, value: DialogTab) => onTabChange(value)}
        aria-label={translate('app.applications.tabs.label')}
        variant={phone ? 'fullWidth' : 'standard'}
        sx={{ borderBottom: 1, borderColor: 'divider', px: { sm: 1 } }}
      >
        <Tab label={translate('app.applications.tabs.application')} {...tabProps('application')} />
        <Tab
          label={
            <Badge color="error" variant="dot" invisible={!unread} sx={{ '& .MuiBadge-badge': { right: -6 } }}>
              {translate('app.applications.tabs.dialogue')}
              {unread && <Box sx={visuallyHidden}>{` (${translate('app.applications.progress.unread')})`}</Box>}
            </Badge>
          }
          {...tabProps('dialogue')}
        />
        <Tab label={translate('app.applications.tabs.followup')} {...tabProps('followup')} />
        {seesPayouts && <Tab label={translate('app.applications.tabs.payouts')} {...tabProps('payouts')} />}
      </Tabs>
      <DialogContent dividers role="tabpanel" id={panelId(shown)} aria-labelledby={tabId(shown)}>
        {shown === 'dialogue' ? (
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
        <Button onClick={onClose} variant="contained">
          {translate('ra.action.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
