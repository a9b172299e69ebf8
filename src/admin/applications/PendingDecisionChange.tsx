import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, useGetIdentity, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { formatDate } from '../../../resources/format';
import type { Decision } from '../../providers/staffMethods';
import { useApplicationMutation } from '../useStaffQuery';
import { useDecisionLabel } from './decisionLabel';

type Change = NonNullable<Decision['pending_change']>;

/**
 * A change of a decision the applicant was told, waiting for a second person: what it makes the decision, who asked
 * and why. Another who manages the application approves it (after a confirmation naming the new decision) or rejects
 * it; the one who asked may only withdraw it. The server holds the same rule.
 */
export function PendingDecisionChange({ uuid, change }: { uuid: string; change: Change }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const { identity } = useGetIdentity();
  const [asking, setAsking] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const settle = useApplicationMutation(uuid, (dataProvider, outcome: 'approve' | 'reject') =>
    dataProvider.settleDecisionChange(uuid, outcome),
  );
  const own = identity?.id === change.asked_by.id;
  const decision = useDecisionLabel()(change.status, change.approved_money);
  const run = async (outcome: 'approve' | 'reject', done: string) => {
    setMessage(null);
    try {
      await settle.mutateAsync(outcome);
      notify(done, { type: 'success' });
    } catch (failure) {
      setMessage((failure as Error).message);
    } finally {
      setAsking(false);
    }
  };
  return (
    <Box component="section" aria-labelledby="decision-heading" sx={{ mb: 3 }}>
      <Typography variant="h6" component="h3" id="decision-heading" gutterBottom>
        {translate('app.decision.title')}
      </Typography>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="warning" sx={{ alignSelf: 'stretch' }}>
          <strong>{translate('app.decision.pending_title')}</strong>
          <br />
          {translate('app.decision.pending', {
            name: change.asked_by.name,
            date: formatDate(change.asked_at, locale),
            decision,
            reason: change.reason,
          })}
        </Alert>
        {own && <Typography color="text.secondary">{translate('app.decision.own_change')}</Typography>}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          {!own && (
            <Button variant="contained" disabled={settle.isPending} onClick={() => setAsking(true)}>
              {translate('app.decision.approve_change')}
            </Button>
          )}
          <Button
            variant="outlined"
            disabled={settle.isPending}
            onClick={() => void run('reject', own ? 'app.decision.change_withdrawn' : 'app.decision.change_rejected')}
          >
            {translate(own ? 'app.decision.withdraw_change' : 'app.decision.reject_change')}
          </Button>
        </Stack>
        {message && (
          <Alert severity="error" sx={{ alignSelf: 'stretch' }}>
            {message}
          </Alert>
        )}
      </Stack>
      <Confirm
        isOpen={asking}
        loading={settle.isPending}
        title="app.decision.approve_title"
        content={translate('app.decision.approve_question', { decision })}
        confirm="app.decision.approve_change"
        onConfirm={() => void run('approve', 'app.decision.change_approved')}
        onClose={() => setAsking(false)}
      />
    </Box>
  );
}
