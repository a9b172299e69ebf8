import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import {
  Alert,
  Box,
  Button,
  IconButton,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { enums } from '../../../../resources/enums';
import { formatDate, formatMoney } from '../../../../resources/format';
import type { PayoutPlan, PayoutPlanInstalment } from '../../../providers/staffMethods';
import { usePayoutStatusLabel } from '../../payouts/payoutStatuses';
import { useApplicationMutation } from '../../useStaffQuery';
import { AmountInput } from '../ProposalSection';
import { FormDialog } from './FormDialog';

const dues = Object.entries(enums.payout_due) as [string, number][];
const dueKey = (value: number) => dues.find(([, code]) => code === value)?.[0] ?? 'at_acceptance';

/** The payout plan: each instalment with its amount, when it falls due and where it stands; "Edit plan" for managers. */
export function PlanSection({ uuid, plan, canManage }: { uuid: string; plan: PayoutPlan; canManage: boolean }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const statusLabel = usePayoutStatusLabel();
  const [editing, setEditing] = useState(false);
  const t = (key: string, options?: object) => translate(`app.payouts_tab.${key}`, options);
  const state = (instalment: PayoutPlan['instalments'][number]) =>
    instalment.payout_status !== null
      ? statusLabel(instalment.payout_status)
      : instalment.lapsed_at
        ? t('lapsed_on', { date: formatDate(instalment.lapsed_at, locale) })
        : t('not_requested');

  return (
    <Box component="section" aria-labelledby="payouts-plan-heading">
      <Stack direction="row" justifyContent="space-between" alignItems="center" flexWrap="wrap" gap={1}>
        <Typography variant="subtitle1" component="h3" id="payouts-plan-heading" sx={{ fontWeight: 600 }}>
          {t('plan')}
        </Typography>
        {canManage && (
          <Button startIcon={<EditIcon />} onClick={() => setEditing(true)}>
            {t('edit_plan')}
          </Button>
        )}
      </Stack>
      <List dense aria-labelledby="payouts-plan-heading">
        {plan.instalments.map((instalment) => (
          <ListItem key={instalment.id} disableGutters divider>
            <ListItemText
              primary={`${t('instalment', { position: instalment.position })}: ${formatMoney(instalment.amount, locale)}`}
              secondary={`${translate(`enums.payout_due.${dueKey(instalment.due)}`)} · ${state(instalment)}`}
            />
          </ListItem>
        ))}
      </List>
      {editing && <PlanEditor uuid={uuid} plan={plan} onClose={() => setEditing(false)} />}
    </Box>
  );
}

/** A row of the editor: an existing instalment by its id, a new one without; the amount null while unreadable. */
interface Row {
  key: number;
  id?: number;
  amount: number | null;
  due: number;
  fixed: boolean;
}

/** The plan's editor: parts that add up to the approved amount; one with a live payout keeps its amount and due. */
function PlanEditor({ uuid, plan, onClose }: { uuid: string; plan: PayoutPlan; onClose: () => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const t = (key: string, options?: object) => translate(`app.payouts_tab.${key}`, options);
  const [rows, setRows] = useState<Row[]>(() =>
    plan.instalments.map((i) => ({ key: i.id, id: i.id, amount: i.amount, due: i.due, fixed: i.fixed })),
  );
  const [nextKey, setNextKey] = useState(-1);
  const save = useApplicationMutation(uuid, (dataProvider, instalments: PayoutPlanInstalment[]) =>
    dataProvider.setPayoutPlan(uuid, instalments),
  );
  const sum = rows.reduce((total, row) => total + (row.amount ?? 0), 0);
  const rest = plan.approved_money - sum;
  const change = (key: number, values: Partial<Row>) => setRows((all) => all.map((row) => (row.key === key ? { ...row, ...values } : row)));
  const add = () => {
    setRows((all) => [...all, { key: nextKey, amount: rest > 0 ? rest : null, due: enums.payout_due.after_followup, fixed: false }]);
    setNextKey((key) => key - 1);
  };

  return (
    <FormDialog
      open
      title={t('edit_plan')}
      submit={translate('ra.action.save')}
      onSubmit={async () => {
        await save.mutateAsync(
          rows.map(({ id, amount, due }): PayoutPlanInstalment => ({ ...(id ? { id } : {}), amount: amount ?? 0, due })),
        );
      }}
      onClose={onClose}
    >
      {(problems) => (
        <>
          <Typography>{t('plan_intro', { amount: formatMoney(plan.approved_money, locale) })}</Typography>
          {rows.map((row, index) => (
            <Stack key={row.key} direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'flex-start' }}>
              <AmountInput
                label={t('instalment', { position: index + 1 })}
                value={row.amount}
                onChange={(amount) => change(row.key, { amount })}
                disabled={row.fixed}
              />
              <TextField
                select
                label={t('due')}
                value={row.due}
                onChange={(event) => change(row.key, { due: Number(event.target.value) })}
                disabled={row.fixed}
                sx={{ minWidth: '14rem' }}
                helperText=" "
              >
                {dues.map(([key, code]) => (
                  <MenuItem key={code} value={code}>
                    {translate(`enums.payout_due.${key}`)}
                  </MenuItem>
                ))}
              </TextField>
              {row.fixed ? (
                <Typography color="text.secondary" sx={{ pt: { sm: 2 } }}>
                  {t('fixed')}
                </Typography>
              ) : (
                <Tooltip title={t('remove_instalment', { position: index + 1 })}>
                  <span>
                    <IconButton
                      aria-label={t('remove_instalment', { position: index + 1 })}
                      onClick={() => setRows((all) => all.filter((other) => other.key !== row.key))}
                      disabled={rows.length === 1}
                      sx={{ mt: { sm: 1 } }}
                    >
                      <DeleteIcon />
                    </IconButton>
                  </span>
                </Tooltip>
              )}
            </Stack>
          ))}
          <Box>
            <Button startIcon={<AddIcon />} onClick={add} disabled={rows.length >= 24}>
              {t('add_instalment')}
            </Button>
          </Box>
          <Alert severity={rest === 0 ? 'success' : 'warning'} role="status">
            {rest === 0 ? t('plan_adds_up') : t('plan_rest', { amount: formatMoney(rest, locale) })}
          </Alert>
          {problems.instalments && <Alert severity="error">{problems.instalments}</Alert>}
        </>
      )}
    </FormDialog>
  );
}
