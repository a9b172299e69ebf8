import { Alert, Box, Divider, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useLocaleState, useRecordContext, useTranslate } from 'react-admin';
import { formatDateTime } from '../../../../resources/format';
import type { PayoutAbilityChange } from '../../../providers/staffMethods';
import { Loaded } from '../../LoadFailed';
import { useStaffQuery } from '../../useStaffQuery';

/**
 * Below a user's form: every time the account was given or lost a payout ability, and by whom — the record that lets
 * an auditor see that the two who attest a payout are two people, not one person's two accounts.
 */
export function PayoutAbilitySection() {
  const record = useRecordContext<{ id: number }>();
  const translate = useTranslate();
  const changes = useStaffQuery(['payout-ability-changes', record?.id], 'getPayoutAbilityChanges', [record?.id ?? 0], {
    enabled: record !== undefined,
  });
  if (!record) return null;
  return (
    <Box component="section" aria-labelledby="user-payout-abilities" sx={{ p: 2, maxWidth: 720 }}>
      <Divider sx={{ mb: 2 }} />
      <Typography variant="h6" component="h2" id="user-payout-abilities" gutterBottom>
        {translate('app.user_payout_abilities.heading')}
      </Typography>
      <Typography color="text.secondary">{translate('app.user_payout_abilities.intro')}</Typography>
      <Loaded query={changes}>{(rows) => <Changes rows={rows} />}</Loaded>
    </Box>
  );
}

function Changes({ rows }: { rows: PayoutAbilityChange[] }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const t = (key: string, options?: object) => translate(`app.user_payout_abilities.${key}`, options);
  if (rows.length === 0) return <Alert severity="info">{t('empty')}</Alert>;
  return (
    <List dense aria-label={t('heading')}>
      {rows.map((row) => (
        <ListItem key={row.id} disableGutters divider>
          <ListItemText
            primary={t('line', { change: t(row.change), ability: t(row.ability), scope: row.period?.name ?? t('every_period') })}
            secondary={`${formatDateTime(row.changed_at, locale)} · ${row.changed_by ?? t('start')}`}
          />
        </ListItem>
      ))}
    </List>
  );
}
