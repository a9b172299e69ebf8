import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import { Box, Button, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatDate, formatDateTime, formatMoney } from '../../../../resources/format';
import type { PayoutPlan } from '../../../providers/staffMethods';
import { useApplicationMutation } from '../../useStaffQuery';
import { FormDialog } from './FormDialog';
import { ReasonField } from '../../ReasonField';

/** Label and value pairs as a description list, one pair a row (two columns on a screen, stacked on a phone). */
export function Facts({ facts }: { facts: [string, string][] }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'minmax(10rem, auto) 1fr' }, columnGap: 2, m: 0 }}>
      {facts.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0.5 } }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The grant: the amount, who accepted its conditions for the organisation and when, and the deadline with "Extend". */
export function GrantSection({ uuid, plan, canManage }: { uuid: string; plan: PayoutPlan; canManage: boolean }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [extending, setExtending] = useState(false);
  const t = (key: string, options?: object) => translate(`app.payouts_tab.${key}`, options);
  const facts: [string, string][] = [
    [t('approved'), formatMoney(plan.approved_money, locale)],
    [
      t('accepted'),
      plan.accepted_at
        ? t('accepted_by', {
            name: plan.signatory_name ?? '',
            role: plan.signatory_role ?? '',
            date: formatDateTime(plan.accepted_at, locale),
          })
        : t('not_accepted'),
    ],
    ...(plan.accepted_with
      ? [
          [
            t('signed_in_with'),
            plan.accepted_with === 'eid'
              ? t('signed_in_with_eid', { name: plan.eid_name ?? '' })
              : t('signed_in_with_link', { name: plan.accepted_by ?? t('former_member') }),
          ] as [string, string],
        ]
      : []),
    [t('deadline'), plan.deadline ? formatDate(plan.deadline, locale) : t('no_deadline')],
  ];
  if (plan.deadline_extended_to) facts.push([t('extension_reason'), plan.deadline_reason ?? '']);
  if (plan.reminded_at) facts.push([t('reminded'), formatDateTime(plan.reminded_at, locale)]);

  return (
    <Box component="section" aria-labelledby="payouts-grant-heading">
      <Typography variant="subtitle1" component="h3" id="payouts-grant-heading" sx={{ fontWeight: 600, mb: 1 }}>
        {t('grant')}
      </Typography>
      <Facts facts={facts} />
      {canManage && plan.deadline && (
        <Button sx={{ mt: 1 }} startIcon={<EventRepeatIcon />} onClick={() => setExtending(true)}>
          {t('extend')}
        </Button>
      )}
      {extending && <ExtendDeadline uuid={uuid} current={plan.deadline!} onClose={() => setExtending(false)} />}
    </Box>
  );
}

function ExtendDeadline({ uuid, current, onClose }: { uuid: string; current: string; onClose: () => void }) {
  const translate = useTranslate();
  const [day, setDay] = useState('');
  const [reason, setReason] = useState('');
  const extend = useApplicationMutation(uuid, (dataProvider, value: { extended_to: string; reason: string }) =>
    dataProvider.extendPayoutDeadline(uuid, value),
  );
  return (
    <FormDialog
      open
      title={translate('app.payouts_tab.extend_title')}
      submit={translate('app.payouts_tab.extend')}
      onSubmit={async () => {
        await extend.mutateAsync({ extended_to: day, reason: reason.trim() });
      }}
      onClose={onClose}
    >
      {(problems) => (
        <>
          <TextField
            type="date"
            label={translate('app.payouts_tab.extended_to')}
            value={day}
            onChange={(event) => setDay(event.target.value)}
            required
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: current } }}
            error={!!problems.extended_to}
            helperText={problems.extended_to ?? ' '}
          />
          <ReasonField label={translate('app.payouts_tab.reason')} value={reason} onChange={setReason} problem={problems.reason} />
        </>
      )}
    </FormDialog>
  );
}
