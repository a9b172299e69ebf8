import {
  Alert,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  FormHelperText,
  Stack,
  TextField,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useDataProvider, useNotify, useTranslate, type HttpError } from 'react-admin';
import { email } from '../../../resources/validators';
import { errorBody, type StaffDataProvider } from '../../providers/dataProvider';
import type { NotificationSettings } from '../../providers/staffMethods';
import { useStaffQuery } from '../useStaffQuery';
import { LoadFailed } from '../LoadFailed';

const scope = ['notification-settings'];

/** The signed-in user's own notification settings: where notifications are mailed, and about which applications. */
export function NotificationSettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const { data, isError, error, refetch } = useStaffQuery(scope, 'getNotificationSettings', [], { enabled: open });
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="notification-settings-title">
      <DialogTitle id="notification-settings-title">{translate('app.notification_settings.title')}</DialogTitle>
      {isError ? (
        <>
          <DialogContent>
            <LoadFailed error={error} retry={refetch} />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{translate('ra.action.close')}</Button>
          </DialogActions>
        </>
      ) : data ? (
        // Keyed by the settings loaded, so the form starts from them each time they are read.
        <SettingsForm key={JSON.stringify(data)} settings={data} onClose={onClose} />
      ) : (
        <DialogContent sx={{ textAlign: 'center' }}>
          <CircularProgress aria-label={translate('ra.page.loading')} />
        </DialogContent>
      )}
    </Dialog>
  );
}

function SettingsForm({ settings, onClose }: { settings: NotificationSettings; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const queryClient = useQueryClient();
  const [address, setAddress] = useState(settings.notifications_email ?? '');
  const [all, setAll] = useState(settings.notify_on_applications);
  const [daily, setDaily] = useState(settings.daily_summary);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (next: NotificationSettings) => dataProvider.saveNotificationSettings(next),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scope }),
  });
  const label = translate('app.notification_settings.email');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    const value = address.trim();
    const problem = email(value);
    if (problem) {
      setErrors({ notifications_email: translate(problem.key, { attribute: label.toLowerCase() }) });
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync({ notifications_email: value || null, notify_on_applications: all, daily_summary: daily });
      notify('app.notification_settings.saved', { type: 'success' });
      onClose();
    } catch (failure) {
      setErrors(errorBody(failure as HttpError)?.errors ?? {});
      setMessage((failure as Error).message);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{translate('app.notification_settings.intro')}</DialogContentText>
          <TextField
            label={label}
            type="email"
            autoComplete="email"
            value={address}
            onChange={(event) => setAddress(event.target.value)}
            error={!!errors.notifications_email}
            helperText={errors.notifications_email ?? translate('app.notification_settings.email_help')}
            fullWidth
          />
          <div>
            <FormControlLabel
              control={
                <Checkbox
                  checked={all}
                  onChange={(event) => setAll(event.target.checked)}
                  slotProps={{ input: { 'aria-describedby': 'notify-all-help' } }}
                />
              }
              label={translate('app.notification_settings.all_applications')}
            />
            <FormHelperText id="notify-all-help" sx={{ mt: 0 }}>
              {translate('app.notification_settings.all_applications_help')}
            </FormHelperText>
            {errors.notify_on_applications && <FormHelperText error>{errors.notify_on_applications}</FormHelperText>}
          </div>
          <div>
            <FormControlLabel
              control={
                <Checkbox
                  checked={daily}
                  onChange={(event) => setDaily(event.target.checked)}
                  slotProps={{ input: { 'aria-describedby': 'daily-summary-help' } }}
                />
              }
              label={translate('app.notification_settings.daily_summary')}
            />
            <FormHelperText id="daily-summary-help" sx={{ mt: 0 }}>
              {translate('app.notification_settings.daily_summary_help')}
            </FormHelperText>
          </div>
          {message && <Alert severity="error">{message}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </form>
  );
}
