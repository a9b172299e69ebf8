import { Alert, List, ListItem, ListItemText } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatDateTime } from '../../../resources/format';
import type { HistoryEntry as Entry } from '../../providers/staffMethods';
import { Loaded } from '../LoadFailed';
import { useApplicationQuery } from '../useStaffQuery';
import { historyTeller } from './history/historySentence';

/** What happened to an application, newest first, each as a sentence of who did what, and when. Read-only. */
export function HistoryTimeline({ uuid }: { uuid: string }) {
  return <Loaded query={useApplicationQuery('getHistory', uuid)}>{(entries) => <HistoryEntries entries={entries} />}</Loaded>;
}

function HistoryEntries({ entries }: { entries: Entry[] }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (entries.length === 0) return <Alert severity="info">{translate('app.applications.no_history')}</Alert>;

  const tell = historyTeller(translate, locale);
  return (
    <List dense aria-label={translate('app.applications.history')}>
      {entries.map((entry) => {
        const time = formatDateTime(entry.created_at, locale);
        return (
          <ListItem key={entry.id} disableGutters divider>
            <ListItemText primary={tell(entry)} secondary={entry.withheld ? `${time} · ${translate('app.withheld.history.hint')}` : time} />
          </ListItem>
        );
      })}
    </List>
  );
}
