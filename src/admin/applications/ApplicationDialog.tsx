import { Badge, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Tab, Tabs } from '@mui/material';
import { useTranslate } from 'react-admin';
import { visuallyHidden } from '../../components/visuallyHidden';
import { useIsPhone } from '../layout/useIsPhone';
import { Loaded } from '../LoadFailed';
import { useApplicationQuery } from '../useStaffQuery';
import { ApplicationActions } from './ApplicationActions';
import { useApplicantName } from './applicantName';
import { ApplicationDetails } from './ApplicationDetails';
import { DialogueTab } from './dialogue/DialogueTab';
import { FollowupTab } from './followup/FollowupTab';
import type { DialogTab } from './useShownApplication';

const tabId = (tab: DialogTab) => `application-tab-${tab}`;
const panelId = (tab: DialogTab) => `application-tabpanel-${tab}`;

/**
 * One application in a dialog over the list, full screen on a phone, in three tabs: what
 * was sent in with its handling, the dialogue with the applicant (marked while staff have unread messages), and the
 * follow-up report.
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

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth fullScreen={phone} aria-labelledby="application-dialog-title">
      <DialogTitle id="application-dialog-title">
        {data
          ? translate('app.applications.dialog_title', { reference: data.reference ?? '', applicant: applicantName(data.applicant) })
          : translate('app.applications.dialog_loading')}
      </DialogTitle>
      <Tabs
        value={tab}
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
      </Tabs>
      <DialogContent dividers role="tabpanel" id={panelId(tab)} aria-labelledby={tabId(tab)}>
        {tab === 'dialogue' ? (
          <DialogueTab uuid={uuid} mode={mode} unread={data ? unread : undefined} applicantName={applicantName(data?.applicant)} />
        ) : (
          <Loaded query={application}>
            {(loaded) =>
              tab === 'followup' ? <FollowupTab application={loaded} mode={mode} /> : <ApplicationDetails data={loaded} mode={mode} />
            }
          </Loaded>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap' }}>
        {data && mode === 'manage' && tab === 'application' && <ApplicationActions data={data} onDeleted={onClose} onLeave={onLeave} />}
        <Button onClick={onClose} variant="contained">
          {translate('ra.action.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
