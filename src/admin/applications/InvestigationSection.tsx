import { Alert, Box, Button, FormControlLabel, List, ListItem, ListItemText, Radio, RadioGroup, Stack, TextField, Typography } from '@mui/material';
import { useCallback, useEffect, useState } from 'react';
import { useGetIdentity, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { MAX_MONEY } from '../../../resources/applications';
import { enums } from '../../../resources/enums';
import { formatMoney } from '../../../resources/format';
import { MoneyInput } from '../../components/MoneyInput';
import { ApiError } from '../../providers/httpClient';
import { http } from '../providers';
import { proposalKey, type Investigation } from './InvestigatorsSection';

interface Proposal extends Investigation {
  user_id: number;
  name: string;
  updated_at: string;
}

/** The investigator's own proposal (amount, grant or reject, comment) beside the other investigators' proposals. */
export function InvestigationSection({ uuid, onSaved }: { uuid: string; onSaved: () => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const notify = useNotify();
  const { identity } = useGetIdentity();
  const [proposals, setProposals] = useState<Proposal[] | null>(null);
  const [mine, setMine] = useState<Investigation>({ amount: null, status: enums.investigation_status.no_proposal, comment: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const load = useCallback(() => {
    http.get(`/applications/${uuid}/investigations`).then((response) => {
      const list = response.data.data as Proposal[];
      setProposals(list);
      const own = list.find((p) => p.user_id === identity?.id);
      if (own) setMine({ amount: own.amount, status: own.status, comment: own.comment ?? '' });
    });
  }, [uuid, identity?.id]);
  useEffect(load, [load]);

  const save = async () => {
    setErrors({});
    try {
      await http.put(`/applications/${uuid}/investigations/mine`, { data: { ...mine, comment: mine.comment || null } });
      notify('app.investigation.saved', { type: 'success' });
      load();
      onSaved();
    } catch (failure) {
      if (failure instanceof ApiError) setErrors(failure.body.errors ?? {});
      notify((failure as Error).message, { type: 'error' });
    }
  };

  const others = proposals?.filter((p) => p.user_id !== identity?.id) ?? [];
  return (
    <Box component="section" aria-labelledby="investigation-heading" sx={{ mb: 3 }}>
      <Typography variant="h6" component="h3" id="investigation-heading" gutterBottom>
        {translate('app.investigation.title')}
      </Typography>
      <Stack spacing={2}>
        <RadioGroup row value={String(mine.status)} onChange={(event) => setMine((m) => ({ ...m, status: Number(event.target.value) }))} aria-label={translate('app.investigation.proposal')}>
          {Object.entries(enums.investigation_status).map(([key, value]) => (
            <FormControlLabel key={key} value={String(value)} control={<Radio />} label={translate(`enums.investigation_status.${key}`)} />
          ))}
        </RadioGroup>
        <MoneyInput
          label={translate('app.investigation.amount')}
          value={mine.amount}
          onChange={(amount) => setMine((m) => ({ ...m, amount }))}
          locale={locale}
          translate={translate}
          min={0}
          max={MAX_MONEY}
          allowNegative={false}
          currencyLabel="kr"
          error={!!errors.amount}
          helperText={errors.amount ?? ' '}
        />
        <TextField label={translate('app.investigation.comment')} multiline minRows={3} value={mine.comment ?? ''} onChange={(event) => setMine((m) => ({ ...m, comment: event.target.value }))} error={!!errors.comment} helperText={errors.comment ?? ' '} />
        <Box>
          <Button variant="contained" onClick={() => void save()}>
            {translate('app.investigation.save')}
          </Button>
        </Box>
      </Stack>
      <Typography variant="subtitle1" component="h4" sx={{ mt: 2, fontWeight: 600 }}>
        {translate('app.investigation.others')}
      </Typography>
      {others.length === 0 ? (
        <Alert severity="info">{translate('app.investigation.no_others')}</Alert>
      ) : (
        <List dense>
          {others.map((p) => (
            <ListItem key={p.user_id} disableGutters divider>
              <ListItemText
                primary={`${p.name}: ${translate(`enums.investigation_status.${proposalKey(p.status)}`)}${p.amount !== null ? `, ${formatMoney(p.amount, locale)}` : ''}`}
                secondary={p.comment}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
