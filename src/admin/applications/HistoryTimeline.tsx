import { Alert, List, ListItem, ListItemText } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { enums } from '../../../resources/enums';
import { formatDate, formatMoney } from '../../../resources/format';
import type { HistoryEntry as Entry } from '../../providers/staffMethods';
import { Loaded } from '../LoadFailed';
import { useApplicationQuery } from '../useStaffQuery';

/** A value the history records, as text: an object (not expected) as its JSON rather than "[object Object]". */
const plain = (value: unknown) => (typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value));

const statusLabel = (translate: (key: string) => string, value: unknown) => {
  const key = Object.entries(enums.application_status).find(([, v]) => v === value)?.[0];
  return key ? translate(`enums.application_status.${key}`) : plain(value ?? '–');
};

const payoutStatusLabel = (translate: (key: string) => string, value: unknown) => {
  const key = Object.entries(enums.payout_status).find(([, v]) => v === value)?.[0];
  return key ? translate(`enums.payout_status.${key}`) : plain(value ?? '–');
};

/**
 * An entry about a colleague's review told without its content, as the server tells it to a reviewer whose own review
 * is not in yet (`withheld`): that it happened, by whom, or (an investigator taken off) only whom it was.
 */
const toldWithout = (entry: Entry) => entry.withheld;

/** What happened to an application, newest first: who, when, and what it was before and after. Read-only. */
export function HistoryTimeline({ uuid }: { uuid: string }) {
  return <Loaded query={useApplicationQuery('getHistory', uuid)}>{(entries) => <HistoryEntries entries={entries} />}</Loaded>;
}

function HistoryEntries({ entries }: { entries: Entry[] }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (entries.length === 0) return <Alert severity="info">{translate('app.applications.no_history')}</Alert>;

  const value = (key: string, v: unknown) => {
    if (key === 'status' || key === 'decision') return statusLabel(translate, v);
    if (key === 'payout_status') return payoutStatusLabel(translate, v);
    if (typeof v === 'number' && /money|amount|fou|nok/.test(key)) return formatMoney(v, locale);
    if (typeof v === 'boolean') return translate(v ? 'app.yes' : 'app.no');
    if (v === null || v === undefined) return '–';
    return Array.isArray(v) ? v.join(', ') : plain(v);
  };
  // A field of the form (a staff edit) is named as the form names it.
  const label = (key: string) =>
    translate(`app.applications.history_fields.${key}`, { _: translate(`resources.applications.fields.${key}`, { _: key }) });
  const change = (entry: Entry) => {
    // Ids are for the machine; the name beside them says who.
    // A board's decision names its meeting in a sentence of its own (atMeeting), not as fields.
    const keys = [...new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})])].filter(
      (key) => !key.endsWith('_id') && !(entry.action === 'decision' && ['held_on', 'reason', 'asked_by'].includes(key)),
    );
    if (!entry.before || !entry.after) {
      const only = (entry.after ?? entry.before)!;
      return keys.map((key) => (key === 'name' ? value(key, only[key]) : `${label(key)}: ${value(key, only[key])}`)).join('; ');
    }
    return keys
      .filter((key) => JSON.stringify(entry.before?.[key]) !== JSON.stringify(entry.after?.[key]))
      .map((key) => `${label(key)}: ${value(key, entry.before?.[key])} → ${value(key, entry.after?.[key])}`)
      .join('; ');
  };
  /** "Styrelsens beslut vid sammanträdet 13 dec. 2026", a changed decision's reason, or who asked for a change. */
  const atMeeting = (entry: Entry) => {
    const askedBy = entry.action === 'decision' ? entry.after?.asked_by : undefined;
    // A change of a told decision: approved by the entry's author, asked for by another.
    if (typeof askedBy === 'string')
      return translate('app.applications.history_board.second_person', { name: askedBy, reason: plain(entry.after?.reason) });
    const heldOn = entry.action === 'decision' ? entry.after?.held_on : undefined;
    if (typeof heldOn !== 'string') return null;
    const date = formatDate(heldOn, locale);
    const reason = entry.after?.reason;
    return typeof reason === 'string'
      ? translate('app.applications.history_board.changed', { date, reason })
      : translate('app.applications.history_board.decided', { date });
  };
  const who = (entry: Entry) => entry.user?.name ?? translate('app.applications.by_applicant');
  /** An entry told as a sentence of who did what ("Anna Berg lämnade en bedömning"), or null for one told by its fields. */
  const told = (entry: Entry) => {
    const name = who(entry);
    if (toldWithout(entry)) return translate(`app.withheld.history.${entry.action}`, { name, removed: plain(entry.before?.name ?? '–') });
    const conflict = entry.action === 'conflict_declared' ? entry.after?.conflict_of_interest : undefined;
    if (typeof conflict !== 'boolean') return null;
    const atMeeting = entry.after?.meeting_id !== undefined && entry.after.meeting_id !== null;
    const declared = translate(`app.withheld.conflict.${conflict ? 'declared' : 'none'}${atMeeting ? '_at_meeting' : ''}`, { name });
    // Standing aside removes a review sent in (the server keeps it in the entry): said, not spelled out.
    return entry.before && 'scores' in entry.before ? `${declared}; ${translate('app.withheld.conflict.review_removed')}` : declared;
  };
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/Stockholm' });
  return (
    <List dense aria-label={translate('app.applications.history')}>
      {entries.map((entry) => {
        const sentence = told(entry);
        const time = when.format(new Date(entry.created_at));
        return (
          <ListItem key={entry.id} disableGutters divider>
            {sentence ? (
              <ListItemText
                primary={sentence}
                secondary={toldWithout(entry) ? `${time} · ${translate('app.withheld.history.hint')}` : time}
              />
            ) : (
              <ListItemText
                primary={[translate(`app.applications.actions.${entry.action}`, { _: entry.action }), atMeeting(entry), change(entry)]
                  .filter(Boolean)
                  .join(': ')}
                secondary={`${time} · ${who(entry)}`}
              />
            )}
          </ListItem>
        );
      })}
    </List>
  );
}
