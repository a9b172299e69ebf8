import LockIcon from '@mui/icons-material/Lock';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  Stack,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Title, useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { formatDate } from '../../../resources/format';
import { usePageTitle } from '../../components/usePageTitle';
import type { StaffDataProvider } from '../../providers/dataProvider';
import type { SecondFactorEnrolment as Enrolment, SecondFactorProof, SecondFactorStatus } from '../../providers/staffMethods';
import { useIsPhone } from '../layout/useIsPhone';
import { Loaded } from '../LoadFailed';
import { useStaffQuery } from '../useStaffQuery';
import { fieldError, typedCode } from './failures';
import { CodeField, PasswordField } from './SecretField';
import { RecoveryCodes } from './RecoveryCodes';
import SecondFactorEnrolment from './SecondFactorEnrolment';

/** Fewer than this many recovery codes left, and the page suggests new ones. */
const FEW_CODES = 3;

/**
 * /security, for every signed-in staff user: what a second factor is, and theirs: on since when with the recovery codes
 * left, or off; turning it on (the password again, then the sign-in's enrolment), new recovery codes, and turning it
 * off where the foundation does not require it, each of the last two confirmed by a current code or the password. A
 * user without a password (single sign-on only) is told how to get one before turning it on.
 */
export function SecurityPage() {
  const translate = useTranslate();
  const title = translate('app.security.title');
  usePageTitle(title);
  const status = useStaffQuery(['second-factor'], 'getSecondFactor', []);
  return (
    <Box sx={{ py: 2, maxWidth: 720 }}>
      <Title title={title} />
      <Typography sx={{ mb: 2 }}>{translate('app.security.intro')}</Typography>
      <Card component="section" aria-labelledby="second-factor">
        <CardContent>
          <Typography variant="h6" component="h2" id="second-factor" gutterBottom>
            {translate('app.security.heading')}
          </Typography>
          <Loaded query={status}>{(data) => <SecondFactor status={data} />}</Loaded>
        </CardContent>
      </Card>
    </Box>
  );
}

type Asking = 'codes' | 'off' | null;

function SecondFactor({ status }: { status: SecondFactorStatus }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const queryClient = useQueryClient();
  // Turning it on: the password first, then the enrolment it started.
  const [enrolling, setEnrolling] = useState<'password' | Enrolment | null>(null);
  const [asking, setAsking] = useState<Asking>(null);
  const t = (key: string, options?: object) => translate(`app.security.${key}`, options);
  const reload = () => queryClient.invalidateQueries({ queryKey: ['second-factor'] });

  if (!status.enabled) {
    if (enrolling === 'password') return <PasswordStep onStarted={setEnrolling} onCancel={() => setEnrolling(null)} />;
    if (enrolling) {
      return (
        <SecondFactorEnrolment
          started={enrolling}
          doneLabel={translate('app.second_factor.done')}
          onDone={async () => {
            await reload();
            setEnrolling(null);
            notify('app.security.turned_on', { type: 'success' });
          }}
        />
      );
    }
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography>{t('off')}</Typography>
        {status.has_password ? (
          <>
            {status.required && <Alert severity="warning">{t('required_off')}</Alert>}
            <Button variant="contained" startIcon={<LockIcon />} onClick={() => setEnrolling('password')}>
              {t('turn_on')}
            </Button>
          </>
        ) : (
          <Alert severity="info">{t('no_password')}</Alert>
        )}
      </Stack>
    );
  }

  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography>{t('on_since', { date: formatDate(status.enabled_at, locale) })}</Typography>
      <Typography>{t('codes_left', { smart_count: status.recovery_codes_left })}</Typography>
      {status.recovery_codes_left < FEW_CODES && <Alert severity="warning">{t('codes_low')}</Alert>}
      {status.required && <Typography color="text.secondary">{t('required')}</Typography>}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="outlined" onClick={() => setAsking('codes')}>
          {t('new_codes')}
        </Button>
        {!status.required && (
          <Button variant="outlined" color="error" onClick={() => setAsking('off')}>
            {t('turn_off')}
          </Button>
        )}
      </Stack>
      {asking && (
        <ProofDialog
          asking={asking}
          hasPassword={status.has_password}
          onClose={() => setAsking(null)}
          onDone={() => {
            setAsking(null);
            void reload();
          }}
        />
      )}
    </Stack>
  );
}

/**
 * The password again before an enrolment starts, so that a session left open does not let someone set up their own
 * phone on the account. A wrong one is shown beside the field (and counted by the server as a failed sign-in).
 */
function PasswordStep({ onStarted, onCancel }: { onStarted: (enrolment: Enrolment) => void; onCancel: () => void }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const t = (key: string) => translate(`app.security.${key}`);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      onStarted(await dataProvider.startSecondFactorEnrolment(password));
    } catch (error) {
      setFailure(error);
      setBusy(false);
    }
  };

  const passwordError = fieldError(failure, 'password');
  return (
    <Stack component="form" spacing={2} onSubmit={(event) => void submit(event)} noValidate sx={{ maxWidth: 480 }}>
      <Typography>{t('enrol_confirm')}</Typography>
      {failure !== null && !passwordError && (
        <Alert severity="error" role="alert">
          {(failure as Error).message}
        </Alert>
      )}
      <PasswordField label={t('password')} value={password} onChange={setPassword} error={passwordError} autoFocus />
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button
          type="submit"
          variant="contained"
          disabled={busy || !password}
          startIcon={busy ? <CircularProgress size={18} color="inherit" /> : null}
        >
          {translate('app.second_factor.continue')}
        </Button>
        <Button onClick={onCancel} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
      </Stack>
    </Stack>
  );
}

/**
 * New recovery codes or turning the second factor off, each confirmed by a current code from the app or, for one who
 * has a password, by it instead. New codes are then shown in the dialog, which closes only once they are marked saved.
 */
function ProofDialog({
  asking,
  hasPassword,
  onClose,
  onDone,
}: {
  asking: 'codes' | 'off';
  hasPassword: boolean;
  onClose: () => void;
  onDone: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const phone = useIsPhone();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const [by, setBy] = useState<'code' | 'password'>('code');
  const [given, setGiven] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const t = (key: string) => translate(`app.security.${key}`);
  const id = `second-factor-${asking}`;

  /** The other way of confirming, from an empty field. */
  const switchProof = () => {
    setBy(by === 'code' ? 'password' : 'code');
    setGiven('');
    setFailure(null);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    const proof: SecondFactorProof = by === 'code' ? { code: typedCode(given) } : { password: given };
    try {
      if (asking === 'codes') {
        setCodes((await dataProvider.renewRecoveryCodes(proof)).recovery_codes);
      } else {
        await dataProvider.removeSecondFactor(proof);
        notify('app.security.turned_off', { type: 'success' });
        onDone();
      }
    } catch (error) {
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const proofError = fieldError(failure, by);
  return (
    // Once new codes are shown, only Done (after ticking that they are saved) closes it: they are not shown again.
    <Dialog open onClose={busy || codes ? undefined : onClose} maxWidth="sm" fullWidth fullScreen={phone && !!codes} aria-labelledby={id}>
      <DialogTitle id={id}>
        {codes ? translate('app.second_factor.codes_title') : t(asking === 'codes' ? 'new_codes' : 'turn_off')}
      </DialogTitle>
      {codes ? (
        <DialogContent>
          <RecoveryCodes codes={codes} doneLabel={translate('app.second_factor.done')} onDone={onDone} />
        </DialogContent>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <DialogContent>
            <Stack spacing={2}>
              <Typography>{t(asking === 'codes' ? 'new_codes_intro' : 'turn_off_intro')}</Typography>
              <Typography>{t(by === 'code' ? 'confirm_code' : 'confirm_password')}</Typography>
              {failure !== null && !proofError && (
                <Alert severity="error" role="alert">
                  {(failure as Error).message}
                </Alert>
              )}
              {by === 'code' ? (
                <CodeField label={translate('app.second_factor.code')} value={given} onChange={setGiven} error={proofError} autoFocus />
              ) : (
                <PasswordField label={t('password')} value={given} onChange={setGiven} error={proofError} autoFocus />
              )}
              {hasPassword && (
                <Link
                  component="button"
                  type="button"
                  onClick={switchProof}
                  disabled={busy}
                  sx={{ alignSelf: 'flex-start', textAlign: 'left' }}
                >
                  {t(by === 'code' ? 'use_password' : 'use_code')}
                </Link>
              )}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={busy}>
              {translate('ra.action.cancel')}
            </Button>
            <Button
              type="submit"
              variant="contained"
              color={asking === 'off' ? 'error' : 'primary'}
              disabled={busy || !(by === 'code' ? given.trim() : given)}
              startIcon={busy ? <CircularProgress size={18} color="inherit" /> : null}
            >
              {t(asking === 'codes' ? 'new_codes_submit' : 'turn_off_submit')}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
