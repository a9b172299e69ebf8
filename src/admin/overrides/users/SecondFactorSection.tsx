import LockResetIcon from '@mui/icons-material/LockReset';
import { Alert, Box, Divider, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Confirm, useDataProvider, useGetIdentity, useLocaleState, useNotify, useRecordContext, useTranslate } from 'react-admin';
import { formatDateTime } from '../../../../resources/format';
import { personName } from '../../../../resources/users';
import type { StaffDataProvider } from '../../../providers/dataProvider';
import type { AccountEvent } from '../../../providers/staffMethods';
import { Loaded } from '../../LoadFailed';
import { useStaffQuery } from '../../useStaffQuery';

/** The user as their record has them; `second_factor` (whether it is on) where the server gives it. */
interface StaffUserRecord {
  id: number;
  email: string;
  first_name: string | null;
  last_name: string | null;
  second_factor?: boolean;
}

const historyScope = (id: number) => ['account-history', id];

/**
 * Below a user's form, for those who manage users: whether their second factor is on, its reset for a colleague who
 * has lost their phone (never one's own: that is the security page's), after a confirmation saying what happens, and
 * the account's sign-in history.
 */
export function SecondFactorSection() {
  const record = useRecordContext<StaffUserRecord>();
  return record ? <UserSecondFactor record={record} /> : null;
}

function UserSecondFactor({ record }: { record: StaffUserRecord }) {
  const translate = useTranslate();
  const { identity } = useGetIdentity();
  const history = useStaffQuery(historyScope(record.id), 'getAccountHistory', [record.id]);
  const t = (key: string) => translate(`app.user_security.${key}`);
  const self = identity !== undefined && String(identity.id) === String(record.id);
  return (
    <Box component="section" aria-labelledby="user-second-factor" sx={{ p: 2, maxWidth: 720 }}>
      <Divider sx={{ mb: 2 }} />
      <Typography variant="h6" component="h2" id="user-second-factor" gutterBottom>
        {t('heading')}
      </Typography>
      {typeof record.second_factor === 'boolean' && <Typography>{t(record.second_factor ? 'on' : 'off')}</Typography>}
      {!self && record.second_factor !== false && <ResetButton user={record} />}
      <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
        {t('history')}
      </Typography>
      <Loaded query={history}>{(events) => <AccountHistory events={events} />}</Loaded>
    </Box>
  );
}

function ResetButton({ user }: { user: StaffUserRecord }) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<StaffDataProvider>();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const name = personName(user.first_name, user.last_name) || user.email;
  const reset = useMutation({
    mutationFn: () => dataProvider.resetSecondFactor(user.id),
    // The record says whether the factor is on, and the history has the reset.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: historyScope(user.id) }),
        queryClient.invalidateQueries({ queryKey: ['users'] }),
      ]),
  });

  const confirm = async () => {
    try {
      await reset.mutateAsync();
      notify('app.user_security.reset_done', { type: 'success', messageArgs: { name } });
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setAsking(false);
    }
  };
  return (
    <>
      <Button label="app.user_security.reset" onClick={() => setAsking(true)} sx={{ mt: 1 }}>
        <LockResetIcon />
      </Button>
      <Confirm
        isOpen={asking}
        loading={reset.isPending}
        title={translate('app.user_security.reset_title', { name })}
        content={translate('app.user_security.reset_question', { name })}
        confirm="app.user_security.reset"
        onConfirm={() => void confirm()}
        onClose={() => setAsking(false)}
      />
    </>
  );
}

/** The account's events, newest first: what, who (an administrator, or the owner) and when, in Stockholm time. */
function AccountHistory({ events }: { events: AccountEvent[] }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (events.length === 0) return <Alert severity="info">{translate('app.user_security.history_empty')}</Alert>;
  return (
    <List dense aria-label={translate('app.user_security.history')}>
      {events.map((entry) => (
        <ListItem key={entry.id} disableGutters divider>
          <ListItemText
            primary={translate(`account_history.events.${entry.event}`, { _: entry.event })}
            secondary={`${formatDateTime(entry.created_at, locale)} · ${entry.actor_name ?? translate('app.user_security.owner')}`}
          />
        </ListItem>
      ))}
    </List>
  );
}
