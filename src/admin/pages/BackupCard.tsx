import { Alert, Card, CardContent, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatDateTime } from '../../../resources/format';
import type { DashboardData } from '../../providers/staffMethods';

type Backup = NonNullable<DashboardData['backup']>;

/**
 * How the embedded database's backups stand, for those who manage users: when the last full (base) backup finished
 * and when changes were last archived, in Stockholm time, with what to look at when either is old or archiving fails.
 */
export function BackupCard({ backup }: { backup: Backup }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const when = (at: string | null) => (at ? formatDateTime(at, locale) : translate('app.dashboard.backup.never'));
  return (
    <Card sx={{ mb: 2 }} component="section" aria-labelledby="backups">
      <CardContent>
        <Typography variant="h6" component="h2" id="backups">
          {translate('app.dashboard.backup.title')}
        </Typography>
        <List dense>
          <ListItem disableGutters>
            <ListItemText primary={translate('app.dashboard.backup.base_backup')} secondary={when(backup.last_base_backup_at)} />
          </ListItem>
          <ListItem disableGutters>
            <ListItemText primary={translate('app.dashboard.backup.archived_wal')} secondary={when(backup.last_archived_wal_at)} />
          </ListItem>
        </List>
        {backup.warning ? (
          <Alert severity="warning">{translate(`app.dashboard.backup.${backup.warning}`)}</Alert>
        ) : (
          <Typography color="text.secondary">{translate('app.dashboard.backup.ok')}</Typography>
        )}
      </CardContent>
    </Card>
  );
}
