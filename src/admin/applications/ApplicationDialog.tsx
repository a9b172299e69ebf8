import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, LinearProgress, Link, Typography } from '@mui/material';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { enums } from '../../../resources/enums';
import { formatDate, formatMoney } from '../../../resources/format';
import { API_PREFIX } from '../../providers/config';
import { Link as RouterLink } from 'react-router-dom';
import { useApplicationMutation, useApplicationQuery } from '../useStaffQuery';
import type { ApplicationRow } from './ApplicationList';
import { DecisionSection } from './DecisionSection';
import { HistoryTimeline } from './HistoryTimeline';
import { InvestigationSection } from './InvestigationSection';
import { InvestigatorsSection } from './InvestigatorsSection';
import { statusKey } from './statuses';

/** One application in a dialog over the list (SPEC.md §2: edit in a modal): what was sent in, finished or not, history. */
export function ApplicationDialog({
  application,
  onClose,
  mode = 'manage',
}: {
  application: ApplicationRow;
  onClose: () => void;
  mode?: 'manage' | 'investigate';
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const { data, error } = useApplicationQuery('getApplication', application.uuid);
  const finish = useApplicationMutation(application.uuid, (dataProvider, finished: boolean) =>
    dataProvider.setFinished(application.uuid, finished),
  );

  const toggleFinished = async () => {
    try {
      await finish.mutateAsync(!data!.finished);
      notify(data!.finished ? 'app.applications.marked_not_finished' : 'app.applications.marked_finished', { type: 'success' });
    } catch (failure) {
      notify((failure as Error).message, { type: 'error' });
    }
  };

  const row = (label: string, value: React.ReactNode) => (
    <>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {value === null || value === undefined || value === '' ? '–' : value}
      </Typography>
    </>
  );

  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth aria-labelledby="application-dialog-title">
      <DialogTitle id="application-dialog-title">
        {translate('app.applications.dialog_title', {
          reference: application.reference ?? '',
          applicant: application.applicant?.name ?? '',
        })}
      </DialogTitle>
      <DialogContent dividers>
        {error && <Alert severity="error">{error.message}</Alert>}
        {!data && !error && <LinearProgress aria-label={translate('app.loading')} />}
        {data && (
          <>
            <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '12rem 1fr' }, gap: 1, m: 0, mb: 3 }}>
              {row(translate('app.applications.fields.status'), translate(`enums.application_status.${statusKey(data.status)}`))}
              {row(translate('app.applications.fields.period'), application.period?.name)}
              {row(translate('app.applications.fields.money_value'), formatMoney(data.money, locale))}
              {row(translate('app.applications.fields.approved_money'), formatMoney(data.approved_money, locale))}
              {row(translate('app.applications.fields.sent_in_at'), formatDate(data.sent_in_at, locale))}
              {row(translate('resources.applications.fields.org_name'), data.org_name && `${data.org_name} (${data.org_number ?? ''})`)}
              {row(
                translate('app.applications.fields.contact'),
                [`${data.contact_first_name ?? ''} ${data.contact_last_name ?? ''}`.trim(), data.contact_email, data.contact_phone]
                  .filter(Boolean)
                  .join(', '),
              )}
              {data.questions?.map((q) => {
                const answer = data.definitions?.[String(q.id)];
                const files = data.files?.filter((f) => f.field_definition_id === q.id) ?? [];
                const value =
                  q.type === enums.field_type.media
                    ? files.map((f) => (
                        <Link key={f.uuid} href={`${API_PREFIX}/applications/${data.uuid}/files/${f.uuid}`} sx={{ display: 'block' }}>
                          {f.name}
                        </Link>
                      ))
                    : Array.isArray(answer)
                      ? answer.join(', ')
                      : (answer as string | number | null | undefined);
                return (
                  <Box key={q.id} sx={{ display: 'contents' }}>
                    {row(q.label, value as React.ReactNode)}
                  </Box>
                );
              })}
            </Box>
            {mode === 'manage' ? (
              <>
                <DecisionSection uuid={application.uuid} />
                <InvestigatorsSection uuid={application.uuid} />
              </>
            ) : (
              <InvestigationSection uuid={application.uuid} />
            )}
            <Typography variant="h6" component="h3" gutterBottom>
              {translate('app.applications.history')}
            </Typography>
            <HistoryTimeline uuid={application.uuid} />
          </>
        )}
      </DialogContent>
      <DialogActions>
        {data && mode === 'manage' && data.status !== enums.application_status.draft && (
          <Button component={RouterLink} to={`/application-form/${data.uuid}`}>
            {translate('app.application_form.edit')}
          </Button>
        )}
        {data && mode === 'manage' && (
          <Button onClick={() => void toggleFinished()}>
            {translate(data.finished ? 'app.applications.mark_not_finished' : 'app.applications.mark_finished')}
          </Button>
        )}
        <Button onClick={onClose} variant="contained">
          {translate('ra.action.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
