import { Alert, Box, Button, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useI18n } from '../../components/i18n';
import { TextInput } from '../../components/TextInput';
import { portalApi, type RegisteredOrganisation } from '../portalApi';

/**
 * Below the organisation number, where the applicant stands towards the organisation's people here: a member (the
 * application becomes the organisation's); not one of those it has (the application stays theirs until a signatory
 * invites them); or, where everyone has left, a way to ask the foundation for access. Nothing for an organisation
 * nobody has applied for yet, nor for the one the application already belongs to.
 */
export default function OrganisationStanding({ organisation, belongs }: { organisation: RegisteredOrganisation; belongs: boolean }) {
  const { t } = useI18n();
  const name = organisation.name;
  // Said once the number is looked up (when it is left): read out then, without interrupting.
  if (organisation.standing === 'member' && !belongs)
    return (
      <Alert severity="info" role="status">
        {t('portal.apply.standing.member', { name })}
      </Alert>
    );
  if (organisation.standing === 'others')
    return (
      <Alert severity="info" role="status">
        {t('portal.apply.standing.others', { name })}
      </Alert>
    );
  if (organisation.standing === 'nobody_left') return <AccessRequest organisation={organisation} />;
  return null;
}

/** Nobody is left in the organisation: the reason the applicant should represent it, sent to the foundation. */
function AccessRequest({ organisation }: { organisation: RegisteredOrganisation }) {
  const { t } = useI18n();
  const [reason, setReason] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!reason.trim()) {
      setProblem(t('portal.apply.standing.reason_required'));
      document.getElementById('access-reason')?.focus();
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      const { id } = await portalApi.askForAccess(organisation.id, reason.trim());
      setSent(true);
      // The request stands without the file: one refused (too large, another type) is said beside the sent request.
      if (file) {
        const body = new FormData();
        body.append('file', file);
        await portalApi.attachToAccessRequest(organisation.id, id, body);
      }
    } catch (caught) {
      setFailure((caught as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    // A group around a form rather than an alert, which would read the form out whole.
    <Alert severity="warning" role="group" aria-labelledby="access-heading" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
      <Typography id="access-heading" sx={{ mb: sent ? 0 : 2 }}>
        {t('portal.apply.standing.nobody_left', { name: organisation.name })}
      </Typography>
      {sent ? (
        <>
          <Typography role="status" sx={{ mt: 1, fontWeight: 'bold' }}>
            {t('portal.apply.standing.asked')}
          </Typography>
          {failure && (
            <Typography role="alert" color="error" sx={{ mt: 1 }}>
              {t('portal.apply.standing.file_failed', { message: failure })}
            </Typography>
          )}
        </>
      ) : (
        <Box component="form" noValidate onSubmit={(event) => void send(event)}>
          <TextInput
            id="access-reason"
            label={t('portal.apply.standing.reason')}
            labelAbove
            multiline
            minRows={3}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={!!problem}
            helperText={problem ?? t('portal.apply.standing.reason_hint')}
            inputProps={{ maxLength: 4000, 'aria-invalid': !!problem }}
            sx={{ bgcolor: 'background.paper' }}
          />
          <Box sx={{ mt: 1 }}>
            <Typography component="label" htmlFor="access-file" variant="body2" sx={{ display: 'block', mb: 0.5 }}>
              {t('portal.apply.standing.file')}
            </Typography>
            <input
              id="access-file"
              type="file"
              accept=".pdf,.jpg,.jpeg,.png,.docx,.xlsx,.odt,.ods"
              aria-describedby="access-file-hint"
              onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            />
            <Typography id="access-file-hint" variant="caption" sx={{ display: 'block' }}>
              {t('portal.apply.standing.file_hint')}
            </Typography>
          </Box>
          {failure && (
            <Typography role="alert" color="error" sx={{ mt: 1 }}>
              {failure}
            </Typography>
          )}
          <Button type="submit" variant="outlined" color="inherit" disabled={busy} sx={{ mt: 1 }}>
            {busy ? t('portal.apply.standing.asking') : t('portal.apply.standing.ask')}
          </Button>
        </Box>
      )}
    </Alert>
  );
}
