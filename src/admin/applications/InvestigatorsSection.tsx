import { Alert, Box, Button, List, ListItem, ListItemText, MenuItem, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, useGetList, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { enumKey } from '../../../resources/enums';
import { formatMoney } from '../../../resources/format';
import type { Investigator } from '../../providers/staffMethods';
import { LoadFailed } from '../LoadFailed';
import { useApplicationMutation, useApplicationQuery } from '../useStaffQuery';

export const proposalKey = (status: number) => enumKey('investigation_status', status) ?? 'no_proposal';

/** A staff user as investigators and reviewers are chosen among them. */
export interface StaffUser {
  id: number;
  first_name: string;
  last_name: string;
}

/** The active staff users by last name, whom investigators and reviewers are chosen from. */
export function useActiveStaff(): StaffUser[] {
  const { data = [] } = useGetList<StaffUser>('users', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'last_name', order: 'ASC' },
    filter: { active: true },
  });
  return data;
}

/** Who investigates the application, with their proposals; staff add investigators and remove them after a question. */
export function InvestigatorsSection({ uuid }: { uuid: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const { data: investigators, error, refetch } = useApplicationQuery('getInvestigators', uuid);
  const adder = useApplicationMutation(uuid, (dataProvider, userId: number) => dataProvider.addInvestigator(uuid, userId));
  const remover = useApplicationMutation(uuid, (dataProvider, userId: number) => dataProvider.removeInvestigator(uuid, userId));
  const [adding, setAdding] = useState<number | ''>('');
  const [removing, setRemoving] = useState<Investigator | null>(null);
  const staff = useActiveStaff();

  const add = async () => {
    if (adding === '') return;
    try {
      await adder.mutateAsync(adding);
      setAdding('');
    } catch (failure) {
      notify((failure as Error).message, { type: 'error' });
    }
  };
  const remove = async () => {
    const who = removing!;
    setRemoving(null);
    try {
      await remover.mutateAsync(who.user_id);
      notify('app.investigators.removed', { type: 'success', messageArgs: { name: who.name } });
    } catch (failure) {
      notify((failure as Error).message, { type: 'error' });
    }
  };

  const candidates = staff.filter((user) => !investigators?.some((i) => i.user_id === user.id));
  return (
    <Box component="section" aria-labelledby="investigators-heading" sx={{ mb: 3 }}>
      <Typography variant="h6" component="h3" id="investigators-heading" gutterBottom>
        {translate('app.investigators.title')}
      </Typography>
      {error && <LoadFailed error={error} retry={refetch} />}
      {investigators?.length === 0 && <Alert severity="info">{translate('app.investigators.none')}</Alert>}
      <List dense>
        {investigators?.map((investigator) => (
          <ListItem
            key={investigator.user_id}
            disableGutters
            divider
            secondaryAction={
              <Button color="error" onClick={() => setRemoving(investigator)}>
                {translate('app.investigators.remove')}
              </Button>
            }
          >
            {investigator.withheld || investigator.investigation.status === null ? (
              // A reviewer whose own review is not in reads the others' proposals once it is.
              <ListItemText primary={translate('app.withheld.proposal', { name: investigator.name })} />
            ) : (
              <ListItemText
                primary={investigator.name}
                secondary={[
                  translate(`enums.investigation_status.${proposalKey(investigator.investigation.status)}`),
                  investigator.investigation.amount !== null ? formatMoney(investigator.investigation.amount, locale) : null,
                  investigator.investigation.comment,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              />
            )}
          </ListItem>
        ))}
      </List>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 1 }}>
        <TextField
          select
          size="small"
          label={translate('app.investigators.choose')}
          value={adding}
          onChange={(event) => setAdding(Number(event.target.value))}
          sx={{ minWidth: 240 }}
        >
          {candidates.map((user) => (
            <MenuItem key={user.id} value={user.id}>
              {`${user.first_name} ${user.last_name}`}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" onClick={() => void add()} disabled={adding === ''}>
          {translate('app.investigators.add')}
        </Button>
      </Box>
      <Confirm
        isOpen={!!removing}
        title="app.investigators.confirm_title"
        content="app.investigators.confirm"
        translateOptions={{ name: removing?.name ?? '' }}
        onConfirm={() => void remove()}
        onClose={() => setRemoving(null)}
      />
    </Box>
  );
}
