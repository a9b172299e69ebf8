import { applications } from '../../../../resources/applications';
import { type EnumName, enumLabel } from '../../../../resources/enums';
import { formatDate, formatDateTime, formatMoney } from '../../../../resources/format';
import { actorWithoutUser, type HistoryAction } from '../../../../resources/history';
import type { HistoryEntry as Entry } from '../../../providers/staffMethods';

// An application's history entry told as a sentence in the reader's language: who (a staff user, the applicant, or
// the scheduled job that alone writes it) did what, then what changed, each value as the rest of the admin writes it
// (statuses by name, amounts in kronor, dates and times in Stockholm time, criteria and questions by name). Nothing of
// the stored form shows: no key, no JSON, no ISO time (historySentence.test.tsx walks every kind in both languages).

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Kept for the machine, or told by the sentence itself: never listed among the changes. */
const unlisted = new Set(['conditions', 'account_type', 'revived_instalments', 'held_on', 'asked_by']);
const moneyKeys = new Set(['money', 'approved_money', 'approved_fou', 'approved_nok', 'amount']);
const enumKeys: Record<string, EnumName> = {
  decision: 'application_status',
  payout_status: 'payout_status',
  decision_global_goals: 'global_goal',
};
/** Whose `name` (a file's, a colleague's) the sentence itself says. */
const namedInSentence = new Set([
  'file_added',
  'file_removed',
  'payout_receipt_added',
  'payout_receipt_removed',
  'investigator_added',
  'investigator_removed',
  'reviewer_added',
]);
/** The one key an action's sentence names, told by its values alone ("ändrade status: Mottagen → Under utredning"). */
const implied: Record<string, string> = { status: 'status', finished: 'finished' };
/** Where `status` is a proposal's (an investigation's or a review's), not the application's. */
const proposalActions = new Set(['investigation', 'review', 'investigator_removed']);

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A name or text the entry keeps, as text ('–' when it holds none). */
const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '–');

export function historyTeller(translate: Translate, locale: string) {
  const codeLabel = (name: EnumName, value: unknown) => enumLabel(translate, name, value as number) || '–';
  const removed = translate('app.history.removed');

  /** A value as the admin writes it elsewhere. */
  const value = (action: string, key: string, v: unknown): string => {
    if (v === null || v === undefined || v === '' || (Array.isArray(v) && !v.length)) return '–';
    if (key === 'status') return codeLabel(proposalActions.has(action) ? 'investigation_status' : 'application_status', v);
    // A signal by what it says matched ("samma organisationsnummer från ett annat konto").
    if (key === 'signal') return translate(`signals.kinds.${text(v)}`);
    if (enumKeys[key]) return Array.isArray(v) ? list(v.map((x) => codeLabel(enumKeys[key], x))) : codeLabel(enumKeys[key], v);
    const field = applications.fields.find((f) => f.name === key);
    if (field && (field.kind === 'enum' || field.kind === 'enumSet')) {
      return Array.isArray(v) ? list(v.map((x) => codeLabel(field.enumName, x))) : codeLabel(field.enumName, v);
    }
    if (typeof v === 'number' && moneyKeys.has(key)) return formatMoney(v, locale);
    if (typeof v === 'boolean') return translate(v ? 'app.yes' : 'app.no');
    if (key === 'scores' && Array.isArray(v)) {
      return list(v.map((s: { criterion: string | null; score: number }) => `${s.criterion ?? removed} ${s.score}`));
    }
    if (key === 'instalments' && Array.isArray(v)) {
      return list(
        v.map((part: { amount: number; due: number }) => `${formatMoney(part.amount, locale)} (${codeLabel('payout_due', part.due)})`),
      );
    }
    if (Array.isArray(v)) return v.length ? list(v.map((x) => (x === null ? removed : value(action, key, x)))) : '–';
    if (typeof v === 'string' && ISO_TIME.test(v)) return formatDateTime(v, locale);
    if (typeof v === 'string' && ISO_DATE.test(v)) return formatDate(v, locale);
    return text(v);
  };
  const list = (items: string[]) => items.join(', ');
  /** A field's name within a sentence: the history's own, else the form's ("Sökt belopp" as "sökt belopp"). */
  const label = (key: string) => {
    const own = translate(`app.history.fields.${key}`, { _: '' });
    if (own) return own;
    const form = translate(`resources.applications.fields.${key}`, { _: key });
    return /^\p{Lu}\p{Ll}/u.test(form) ? form[0].toLocaleLowerCase(locale) + form.slice(1) : form;
  };
  /** A key's name in `action`: a proposal's status is the proposal, a decision's the decision. */
  const labelIn = (action: string, key: string) =>
    key === 'status' && proposalActions.has(action)
      ? label('proposal')
      : key === 'status' && action === 'decision'
        ? label('decision')
        : label(key);

  /** What changed ("beviljat belopp: 40 000 kr → 50 000 kr"), or, of an entry with one side, what it records. */
  const changes = (entry: Entry): string[] => {
    const before = entry.before ?? {};
    const after = entry.after ?? {};
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
      (key) =>
        !key.endsWith('_id') &&
        !unlisted.has(key) &&
        !(namedInSentence.has(entry.action) && key === 'name') &&
        // A payout's step is the sentence's verb; a decision mail's time is the entry's.
        !(entry.action.startsWith('payout_') && key === 'payout_status') &&
        !(entry.action === 'decision_mail_sent' && key === 'distribution_mail_sent_at') &&
        // A lapse names its instalments by id; its amount says what lapsed.
        !(entry.action === 'payout_lapsed' && key === 'instalments'),
    );
    // The key the sentence itself names ("ändrade status") is told by its values alone.
    const line = (key: string, v: unknown) =>
      implied[entry.action] === key ? value(entry.action, key, v) : `${labelIn(entry.action, key)}: ${value(entry.action, key, v)}`;
    if (!entry.before || !entry.after) return keys.map((key) => line(key, key in after ? after[key] : before[key]));
    return keys
      .filter((key) => JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null))
      .map((key) => (key in before ? `${line(key, before[key])} → ${value(entry.action, key, after[key])}` : line(key, after[key])));
  };

  /** Who did it: the staff user, else the applicant or the job that alone writes such an entry. */
  const actor = (entry: Entry) => {
    if (entry.user) return entry.user.name;
    const without = actorWithoutUser[entry.action as HistoryAction];
    return translate(`app.history.actors.${without ?? 'applicant'}`);
  };

  /** A board's meeting, or the colleague who asked for the change of a told decision. */
  const context = (entry: Entry) => {
    if (entry.action !== 'decision') return null;
    const after = entry.after ?? {};
    if (typeof after.asked_by === 'string') return translate('app.history.board.second_person', { name: after.asked_by });
    if (typeof after.held_on !== 'string') return null;
    const date = formatDate(after.held_on, locale);
    return translate(
      typeof after.reason === 'string' && 'changes_meeting_id' in after ? 'app.history.board.changed' : 'app.history.board.decided',
      {
        date,
      },
    );
  };

  /**
   * A colleague's review told without its content, as the server tells it to a reviewer whose own review is not in yet
   * (`withheld`): that it happened, by whom, or (an investigator taken off) only whom it was; and a conflict declaration.
   */
  const told = (entry: Entry) => {
    const name = actor(entry);
    if (entry.withheld) return translate(`app.withheld.history.${entry.action}`, { name, removed: text(entry.before?.name) });
    const conflict = entry.action === 'conflict_declared' ? entry.after?.conflict_of_interest : undefined;
    if (typeof conflict !== 'boolean') return null;
    const atMeeting = entry.after?.meeting_id !== undefined && entry.after.meeting_id !== null;
    const declared = translate(`app.withheld.conflict.${conflict ? 'declared' : 'none'}${atMeeting ? '_at_meeting' : ''}`, { name });
    // Standing aside removes a review sent in (the server keeps it in the entry): said, not spelled out.
    return entry.before && 'scores' in entry.before ? `${declared}; ${translate('app.withheld.conflict.review_removed')}` : declared;
  };

  /** The entry as one sentence: "Anna Berg registrerade beslutet vid styrelsemötet 13 dec. 2026: …". */
  return (entry: Entry): string => {
    const said = told(entry);
    if (said) return said;
    const before = entry.before ?? {};
    const after = entry.after ?? {};
    const name = actor(entry);
    const other = text(after.name ?? before.name);
    const byApplicant = !entry.user && actorWithoutUser[entry.action as HistoryAction] === 'applicant';
    const did = translate(`app.history.${byApplicant ? 'by_applicant' : 'did'}.${entry.action}`, {
      _: translate(`app.history.did.${entry.action}`, { name, other, _: translate('app.history.did.unknown', { name }) }),
      name,
      other,
    });
    const lead = [did, context(entry)].filter(Boolean).join(' ');
    const details = changes(entry);
    return details.length ? `${lead}: ${details.join('; ')}` : lead;
  };
}
