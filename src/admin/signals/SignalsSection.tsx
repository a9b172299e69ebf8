import { Alert, Box, Button, Link, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { HttpError, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate } from '../../../resources/format';
import { errorBody } from '../../providers/dataProvider';
import type { Signal } from '../../providers/staffMethods';
import { LoadFailed } from '../LoadFailed';
import { ReasonField } from '../ReasonField';
import { applicationScope, useApplicationMutation, useStaffQuery } from '../useStaffQuery';
import { WorkDialog } from '../WorkDialog';
import { signalSentence } from './signalSentence';

/**
 * The dialog's "Signals" section: each signal of the application as a sentence saying what matched, with links to the
 * applications it matched that the reader may read too (and how many they may not), whether and by whom it was
 * checked, and a button to mark it checked with a reason. Nothing when the application has no signals.
 */
export function SignalsSection({ uuid }: { uuid: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data: signals, error, refetch } = useStaffQuery(applicationScope(uuid), 'getApplicationSignals', [uuid]);
  const [checking, setChecking] = useState<Signal | null>(null);

  if (error) return <LoadFailed error={error} retry={refetch} />;
  if (!signals?.length) return null;
  return (
    <Box component="section" aria-labelledby="signals-heading" sx={{ mb: 3 }}>
      <Typography variant="h6" component="h3" id="signals-heading" gutterBottom>
        {translate('signals.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {translate('signals.intro')}
      </Typography>
      <List dense>
        {signals.map((signal) => (
          <ListItem key={signal.id} disableGutters divider sx={{ flexWrap: 'wrap', gap: 1 }}>
            <ListItemText
              primary={
                <>
                  {signalSentence(signal, translate, locale)}
                  {(signal.matched.length > 0 || signal.withheld > 0) && ': '}
                  {signal.matched.map((other, i) => (
                    <span key={other.uuid}>
                      {i > 0 && ', '}
                      <Link component={RouterLink} to={`/applications?show=${encodeURIComponent(other.uuid)}`}>
                        {other.reference ?? other.uuid}
                      </Link>
                    </span>
                  ))}
                  {signal.withheld > 0 &&
                    `${signal.matched.length ? ', ' : ''}${translate('signals.withheld', { smart_count: signal.withheld })}`}
                </>
              }
              secondary={
                signal.checked
                  ? translate('signals.checked', {
                      date: formatDate(String(signal.checked.at).slice(0, 10), locale),
                      name: signal.checked.by ?? translate('signals.someone'),
                      reason: signal.checked.reason,
                    })
                  : translate('signals.unchecked')
              }
              sx={{ flex: '1 1 20rem' }}
            />
            {!signal.checked && (
              <Button variant="outlined" size="small" onClick={() => setChecking(signal)}>
                {translate('signals.check')}
              </Button>
            )}
          </ListItem>
        ))}
      </List>
      {checking && <CheckDialog uuid={uuid} signal={checking} onClose={() => setChecking(null)} />}
    </Box>
  );
}

/** Asks for the reason a signal needs no more, and marks it checked; the server's refusal beside the reason or above. */
function CheckDialog({ uuid, signal, onClose }: { uuid: string; signal: Signal; onClose: () => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<{ reason: string | null; message: string | null }>({ reason: null, message: null });
  const check = useApplicationMutation(uuid, (dataProvider, why: string) => dataProvider.checkApplicationSignal(uuid, signal.id, why));
  const form = 'signal-check-form';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The dialog's form alone: a submit bubbles through the portal to the page's own elements.
    event.stopPropagation();
    check.mutate(reason, {
      onSuccess: () => {
        notify('signals.checked_done', { type: 'success' });
        onClose();
      },
      onError: (failure) => {
        const beside = failure instanceof HttpError ? errorBody(failure)?.errors?.reason : undefined;
        const text = Array.isArray(beside) ? beside.join(' ') : (beside ?? null);
        setProblem({ reason: text, message: text ? null : failure.message });
      },
    });
  };

  return (
    <WorkDialog
      id="signal-check"
      title={translate('signals.check_title')}
      busy={check.isPending}
      onClose={onClose}
      actions={
        <>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" form={form} variant="contained">
            {translate('signals.check')}
          </Button>
        </>
      }
    >
      <Stack component="form" id={form} spacing={2} onSubmit={submit} noValidate sx={{ pt: 1 }}>
        <Typography>{signalSentence(signal, translate, locale)}</Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('signals.check_intro')}
        </Typography>
        <ReasonField label={translate('signals.reason')} value={reason} onChange={setReason} problem={problem.reason} />
        {problem.message && <Alert severity="error">{problem.message}</Alert>}
      </Stack>
    </WorkDialog>
  );
}
