import AddIcon from '@mui/icons-material/Add';
import DoneIcon from '@mui/icons-material/Done';
import { Box, Button, List, ListItem, ListItemText, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatDate, formatMoney } from '../../../../resources/format';
import type { Repayments } from '../../../providers/staffMethods';
import { useApplicationMutation } from '../../useStaffQuery';
import { AmountInput } from '../ProposalSection';
import { FormDialog } from './FormDialog';
import { ReasonField } from '../../ReasonField';

/** Today in Stockholm, 'YYYY-MM-DD': the day a repayment usually arrived. */
const today = () => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(new Date());

/**
 * What the applicant is to pay back: each repayment with why and whether it has arrived; "Register repayment" up to
 * what was paid and not already asked back, and "Mark received" with the day it arrived, for managers.
 */
export function RepaymentsSection({ uuid, repayments, canManage }: { uuid: string; repayments: Repayments; canManage: boolean }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [registering, setRegistering] = useState(false);
  const [receiving, setReceiving] = useState<Repayments['repayments'][number] | null>(null);
  const t = (key: string, options?: object) => translate(`app.payouts_tab.${key}`, options);

  return (
    <Box component="section" aria-labelledby="payouts-repayments-heading">
      <Stack direction="row" justifyContent="space-between" alignItems="center" flexWrap="wrap" gap={1}>
        <Typography variant="subtitle1" component="h3" id="payouts-repayments-heading" sx={{ fontWeight: 600 }}>
          {t('repayments')}
        </Typography>
        {canManage && (
          <Button startIcon={<AddIcon />} onClick={() => setRegistering(true)} disabled={repayments.repayable === 0}>
            {t('register_repayment')}
          </Button>
        )}
      </Stack>
      {repayments.repayments.length === 0 ? (
        <Typography color="text.secondary">{t('no_repayments')}</Typography>
      ) : (
        <List dense aria-labelledby="payouts-repayments-heading">
          {repayments.repayments.map((repayment) => (
            <ListItem
              key={repayment.id}
              disableGutters
              divider
              secondaryAction={
                canManage && !repayment.received_on ? (
                  <Button size="small" startIcon={<DoneIcon />} onClick={() => setReceiving(repayment)}>
                    {t('mark_received')}
                  </Button>
                ) : undefined
              }
              sx={{ pr: canManage && !repayment.received_on ? 16 : 0 }}
            >
              <ListItemText
                primary={`${formatMoney(repayment.amount, locale)} · ${
                  repayment.received_on ? t('received_on', { date: formatDate(repayment.received_on, locale) }) : t('to_be_received')
                }`}
                secondary={`${repayment.reason} · ${t('registered_by', {
                  name: repayment.registered_by,
                  date: formatDate(repayment.registered_at, locale),
                })}`}
              />
            </ListItem>
          ))}
        </List>
      )}
      {registering && <RegisterRepayment uuid={uuid} repayable={repayments.repayable} onClose={() => setRegistering(false)} />}
      {receiving && <MarkReceived uuid={uuid} repayment={receiving} onClose={() => setReceiving(null)} />}
    </Box>
  );
}

function RegisterRepayment({ uuid, repayable, onClose }: { uuid: string; repayable: number; onClose: () => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [amount, setAmount] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const register = useApplicationMutation(uuid, (dataProvider, value: { amount: number; reason: string }) =>
    dataProvider.registerRepayment(uuid, value),
  );
  const t = (key: string, options?: object) => translate(`app.payouts_tab.${key}`, options);
  return (
    <FormDialog
      open
      title={t('register_repayment')}
      submit={t('register')}
      onSubmit={async () => {
        await register.mutateAsync({ amount: amount ?? 0, reason: reason.trim() });
      }}
      onClose={onClose}
    >
      {(problems) => (
        <>
          <Typography>{t('register_intro', { amount: formatMoney(repayable, locale) })}</Typography>
          <AmountInput label={t('amount')} value={amount} onChange={setAmount} required problem={problems.amount} />
          <ReasonField label={t('reason')} value={reason} onChange={setReason} problem={problems.reason} />
        </>
      )}
    </FormDialog>
  );
}

function MarkReceived({ uuid, repayment, onClose }: { uuid: string; repayment: Repayments['repayments'][number]; onClose: () => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [day, setDay] = useState(today);
  const mark = useApplicationMutation(uuid, (dataProvider, receivedOn: string) =>
    dataProvider.markRepaymentReceived(repayment.id, receivedOn),
  );
  const t = (key: string, options?: object) => translate(`app.payouts_tab.${key}`, options);
  return (
    <FormDialog
      open
      title={t('mark_received')}
      submit={t('mark_received')}
      onSubmit={async () => {
        await mark.mutateAsync(day);
      }}
      onClose={onClose}
    >
      {(problems) => (
        <>
          <Typography>{t('received_question', { amount: formatMoney(repayment.amount, locale) })}</Typography>
          <TextField
            type="date"
            label={t('received_day')}
            value={day}
            onChange={(event) => setDay(event.target.value)}
            required
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today() } }}
            error={!!problems.received_on}
            helperText={problems.received_on ?? ' '}
          />
        </>
      )}
    </FormDialog>
  );
}
