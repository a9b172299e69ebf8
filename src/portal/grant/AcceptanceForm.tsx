import { Alert, Box, Button, Checkbox, FormControlLabel, FormHelperText, Stack, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { TextInput } from '../../components/TextInput';
import { useI18n } from '../../components/i18n';
import { ApiError } from '../../providers/httpClient';
import { fieldErrors, type Grant } from './types';
import { useSessionDraft } from './useSessionDraft';
import { portalApi } from '../portalApi';

/**
 * Accepting the grant's conditions: who signs for the organisation, their role and a confirmation, then one more
 * step that says what accepting means before it is sent. The server's field errors show beside the fields.
 */
export function AcceptanceForm({ grant, onAccepted }: { grant: Grant; onAccepted: (grant: Grant) => void }) {
  const { t } = useI18n();
  const [values, setValues, clear] = useSessionDraft(`grant-acceptance-${grant.uuid}`, {
    signatory_name: '',
    signatory_role: '',
    confirm: false,
  });
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const review = (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!values.signatory_name.trim()) missing.signatory_name = t('portal.grant.accept.name_required');
    if (!values.signatory_role.trim()) missing.signatory_role = t('portal.grant.accept.role_required');
    if (!values.confirm) missing.confirm = t('portal.grant.accept.confirm_required');
    setErrors(missing);
    if (Object.keys(missing).length === 0) setConfirming(true);
  };

  const send = async () => {
    setSending(true);
    setFailure(null);
    try {
      const accepted = await portalApi.acceptGrant(grant.uuid, values);
      clear();
      onAccepted(accepted);
    } catch (error) {
      setConfirming(false);
      if (error instanceof ApiError) setErrors(fieldErrors(error.body));
      setFailure((error as Error).message);
    } finally {
      setSending(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={review} aria-labelledby="grant-accept-heading">
      <Typography variant="h5" component="h2" id="grant-accept-heading" sx={{ mb: 1 }}>
        {t('portal.grant.accept.heading')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{t('portal.grant.accept.intro')}</Typography>
      <Stack spacing={2} sx={{ maxWidth: 480 }}>
        <TextInput
          label={t('portal.grant.accept.name')}
          required
          value={values.signatory_name}
          onChange={(event) => setValues({ ...values, signatory_name: event.target.value })}
          error={Boolean(errors.signatory_name)}
          helperText={errors.signatory_name}
          autoComplete="name"
          inputProps={{ maxLength: 200 }}
          disabled={confirming}
        />
        <TextInput
          label={t('portal.grant.accept.role')}
          required
          value={values.signatory_role}
          onChange={(event) => setValues({ ...values, signatory_role: event.target.value })}
          error={Boolean(errors.signatory_role)}
          helperText={errors.signatory_role ?? t('portal.grant.accept.role_help')}
          autoComplete="organization-title"
          inputProps={{ maxLength: 200 }}
          disabled={confirming}
        />
        <Box>
          <FormControlLabel
            control={
              <Checkbox
                checked={values.confirm}
                onChange={(event) => setValues({ ...values, confirm: event.target.checked })}
                disabled={confirming}
                slotProps={{ input: { 'aria-describedby': errors.confirm ? 'grant-confirm-error' : undefined } }}
              />
            }
            label={t('portal.grant.accept.confirm')}
          />
          {errors.confirm && (
            <FormHelperText error id="grant-confirm-error">
              {errors.confirm}
            </FormHelperText>
          )}
        </Box>
      </Stack>
      {failure && !confirming && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {failure}
        </Alert>
      )}
      {confirming ? (
        <Alert severity="info" role="alertdialog" aria-labelledby="grant-confirm-step" sx={{ mt: 2 }}>
          <Typography id="grant-confirm-step" sx={{ mb: 1 }}>
            {t('portal.grant.accept.final', { name: values.signatory_name.trim(), role: values.signatory_role.trim() })}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            <Button variant="contained" onClick={() => void send()} disabled={sending} autoFocus>
              {t('portal.grant.accept.send')}
            </Button>
            <Button onClick={() => setConfirming(false)} disabled={sending}>
              {t('portal.grant.accept.back')}
            </Button>
          </Box>
        </Alert>
      ) : (
        <Button type="submit" variant="contained" sx={{ mt: 2 }}>
          {t('portal.grant.accept.submit')}
        </Button>
      )}
    </Box>
  );
}
