import { Alert, Box, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import type { StaffDataProvider } from '../../providers/dataProvider';
import type { RecoveryCodes as Codes, SecondFactorEnrolment as Enrolment } from '../../providers/staffMethods';
import { LoadFailed } from '../LoadFailed';
import { Waiting } from '../WorkDialog';
import { fieldError, statusOf, typedCode } from './failures';
import { CodeField } from './SecretField';
import { RecoveryCodes } from './RecoveryCodes';

/** The secret as people type it: in groups of four. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * Turning the second factor on, during sign-in (with its challenge) and on the security page alike: a new secret as a
 * QR code and as text (`started`, when the page began it after the password; else begun here), a first code from the
 * app to confirm it, then the recovery codes, shown once, to be marked saved: only that step turns the factor on.
 * `onDone` gets the session's lifetime when it started one (during sign-in); a spent challenge (401) goes to
 * `onChallengeExpired` with the server's message.
 */
export default function SecondFactorEnrolment({
  intro,
  doneLabel,
  started,
  onDone,
  onChallengeExpired,
}: {
  intro?: string;
  doneLabel: string;
  started?: Enrolment;
  onDone: (expiresIn: number | undefined) => Promise<unknown> | void;
  onChallengeExpired?: (message: string) => void;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const t = (key: string) => translate(`app.second_factor.${key}`);
  const expired = (error: Error) => {
    if (statusOf(error) === 401 && onChallengeExpired) onChallengeExpired(error.message);
  };
  const { mutate: begin, ...enrolment } = useMutation({ mutationFn: () => dataProvider.startSecondFactorEnrolment(), onError: expired });
  const confirm = useMutation({ mutationFn: (code: string) => dataProvider.confirmSecondFactorEnrolment(code), onError: expired });
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<Codes | null>(null);
  const [finishing, setFinishing] = useState<{ busy: boolean; error?: string }>({ busy: false });

  // Each call makes a new secret, which replaces the last: one call, so the QR code shown is the one that counts.
  const begun = useRef(!!started);
  useEffect(() => {
    if (begun.current) return;
    begun.current = true;
    begin();
  }, [begin]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    confirm.mutate(typedCode(code), { onSuccess: setCodes });
  };
  // The codes are saved: the server turns the factor on (and, during sign-in, starts the session) only now.
  const finish = async () => {
    setFinishing({ busy: true });
    try {
      const completed = await dataProvider.completeSecondFactorEnrolment();
      await onDone(completed.expires_in);
    } catch (error) {
      if (statusOf(error) === 401 && onChallengeExpired) return onChallengeExpired((error as Error).message);
      setFinishing({ busy: false, error: (error as Error).message || translate('errors.generic') });
    }
  };

  if (codes) {
    return (
      <Stack spacing={2} component="section" aria-labelledby="recovery-codes">
        <Typography variant="h6" component="h2" id="recovery-codes">
          {t('codes_title')}
        </Typography>
        {finishing.error && (
          <Alert severity="error" role="alert">
            {finishing.error}
          </Alert>
        )}
        <RecoveryCodes codes={codes.recovery_codes} doneLabel={doneLabel} onDone={() => void finish()} busy={finishing.busy} />
      </Stack>
    );
  }
  const shown = started ?? enrolment.data;
  if (!shown && enrolment.error) return <LoadFailed error={enrolment.error} retry={() => begin()} />;
  if (!shown) return <Waiting label={t('preparing')} />;

  const { qr_svg: qr, secret } = shown;
  const codeError = fieldError(confirm.error, 'code');
  return (
    <Stack spacing={2} component="form" onSubmit={submit} noValidate>
      {intro && <Typography>{intro}</Typography>}
      <Typography>{t('scan')}</Typography>
      <Box
        component="img"
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr)}`}
        alt={t('qr_alt')}
        sx={{ width: 200, height: 200, alignSelf: 'center', bgcolor: '#fff', p: 1, borderRadius: 1 }}
      />
      <Box>
        <Typography variant="body2" color="text.secondary">
          {t('manual')}
        </Typography>
        <Typography
          component="code"
          sx={{ display: 'block', fontFamily: 'monospace', fontSize: '1.1rem', wordBreak: 'break-word', mt: 0.5 }}
        >
          {grouped(secret)}
        </Typography>
      </Box>
      <Typography>{t('enter_code')}</Typography>
      {confirm.error && !codeError && statusOf(confirm.error) !== 401 && (
        <Alert severity="error" role="alert">
          {confirm.error.message}
        </Alert>
      )}
      <CodeField label={t('code')} value={code} onChange={setCode} error={codeError} />
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={confirm.isPending || !code.trim()}
        startIcon={confirm.isPending ? <CircularProgress size={18} color="inherit" /> : null}
      >
        {t('confirm')}
      </Button>
    </Stack>
  );
}
