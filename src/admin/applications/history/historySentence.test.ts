import { describe, expect, it } from 'vitest';
import { enums } from '../../../../resources/enums';
import { actorWithoutUser, historyActions, type HistoryAction } from '../../../../resources/history';
import type { HistoryEntry } from '../../../providers/staffMethods';
import { createI18nProvider } from '../../../providers/i18nProvider';
import { raMessages } from '../../raMessages';
import { historyTeller } from './historySentence';

const { approved, ongoing, received } = enums.application_status;
const { requested, prepared, approved: attested, in_batch, sent, paid, rejected, returned } = enums.payout_status;
const anna = { id: 4, name: 'Anna Berg' };
const payout = { payout_id: 31 };
const at = '2026-11-29T03:26:52.296Z';

/**
 * Every kind of entry with what the server records in it (server/ writes no other kind: recordHistory takes a
 * HistoryAction), after the history's route has named what it holds by id (server/applicationCore/historyNames.ts).
 */
const recorded: Record<HistoryAction, Pick<HistoryEntry, 'before' | 'after'> & { staff?: boolean }> = {
  status: { before: { status: received }, after: { status: ongoing } },
  finished: { before: { finished: true }, after: { finished: false } },
  sent_in: { before: null, after: null, staff: false },
  created: { before: null, after: { reference: '2026-0042' } },
  edited: {
    before: { money: 4_000_000, period: 'Vår 2026', categories: ['Barn och unga'], global_goals: [3], org_website: null },
    after: {
      money: 5_000_000,
      period: 'Höst 2026',
      categories: ['Barn och unga', null],
      global_goals: [3, 4],
      org_website: 'https://overkalixsk.se',
      answers: ['Din ålder', null],
    },
  },
  viewed: { before: null, after: null },
  file_added: { before: null, after: { name: 'budget.pdf' } },
  file_removed: { before: { name: 'budget.pdf' }, after: null },
  message_sent: { before: null, after: { is_welcome_message: false, files: ['avtal.pdf'] } },
  investigator_added: { before: null, after: { user_id: 7, name: 'Cecilia Ek' } },
  investigator_removed: { before: { user_id: 7, name: 'Cecilia Ek', amount: 4_000_000, status: 20, comment: 'Bra' }, after: null },
  reviewer_added: { before: null, after: { user_id: 7, name: 'Cecilia Ek' } },
  investigation: {
    before: { amount: null, status: 10, comment: null },
    after: { amount: 4_000_000, status: 20, comment: 'Rimlig budget' },
  },
  conflict_declared: { before: { conflict_of_interest: null }, after: { conflict_of_interest: false } },
  review: {
    before: null,
    after: {
      scores: [
        { criterion: 'Nytta', score: 5 },
        { criterion: null, score: 4 },
      ],
      amount: 4_000_000,
      status: 20,
      comment: 'Bra för bygden',
    },
  },
  decision: {
    before: { status: ongoing, approved_money: null, approved_fou: null, approved_nok: null, decision_global_goals: [] },
    after: {
      status: approved,
      approved_money: 12_000_000,
      approved_fou: null,
      approved_nok: null,
      decision_global_goals: [3],
      meeting_id: 2,
      held_on: '2026-12-13',
    },
  },
  decision_change_asked: {
    before: { status: approved, approved_money: 12_000_000 },
    after: { status: approved, approved_money: 50_000_000, reason: 'Fel belopp' },
  },
  decision_change_rejected: { before: null, after: { reason: 'Fel belopp' } },
  decision_change_withdrawn: { before: null, after: { reason: 'Fel belopp' } },
  decision_mail_sent: {
    before: { distribution_mail_sent_at: null },
    after: { distribution_mail_sent_at: at, decision: approved, approved_money: 12_000_000, resend: false },
  },
  decision_released: { before: null, after: { decision: approved, approved_money: 12_000_000 } },
  followup_requested: { before: null, after: { followup_at: '2027-03-31' } },
  followup_reminded: { before: null, after: { followup_at: '2027-03-31' }, staff: false },
  followup_sent_in: { before: null, after: { participants: 120, events: 4 }, staff: false },
  grant_accepted: {
    before: null,
    after: { signatory_name: 'Kerstin Kassör', signatory_role: 'Kassör', accepted_from: '127.0.0.1', conditions: 'Villkoren…' },
    staff: false,
  },
  payout_plan: {
    before: { instalments: [{ amount: 12_000_000, due: 10 }] },
    after: {
      instalments: [
        { amount: 6_000_000, due: 10 },
        { amount: 6_000_000, due: 20 },
      ],
    },
  },
  payout_deadline_extended: {
    before: { deadline: '2027-06-30' },
    after: { deadline: '2027-09-30', reason: 'Försenat bygge', revived_instalments: [3] },
  },
  payout_lapsed: { before: null, after: { deadline: '2027-06-30', instalments: [3, 4], amount: 6_000_000 }, staff: false },
  payout_requested: {
    before: null,
    after: { ...payout, instalment: 1, amount: 6_000_000, account_type: 'bankgiro', account: 'Bankgiro 5050-1055' },
    staff: false,
  },
  payout_receipt_added: { before: null, after: { ...payout, name: 'kvitto.pdf' }, staff: false },
  payout_receipt_removed: { before: { ...payout, name: 'kvitto.pdf' }, after: null, staff: false },
  payout_prepared: { before: { ...payout, payout_status: requested }, after: { ...payout, payout_status: prepared } },
  payout_approved: { before: { ...payout, payout_status: prepared }, after: { ...payout, payout_status: attested } },
  payout_rejected: { before: { ...payout, payout_status: prepared }, after: { ...payout, payout_status: rejected, reason: 'Fel konto' } },
  payout_batched: { before: { ...payout, payout_status: attested }, after: { ...payout, payout_status: in_batch, batch: 12 } },
  payout_unbatched: { before: { ...payout, batch: 12 }, after: { ...payout, payout_status: attested, reason: 'Banken avvisade filen' } },
  payout_sent: { before: { ...payout, payout_status: in_batch, batch: 12 }, after: { ...payout, payout_status: sent, batch: 12 } },
  payout_paid: {
    before: { ...payout, payout_status: sent },
    after: { ...payout, payout_status: paid, paid_on: '2026-12-01', bank_message: 'CAMT-77', bank_reference: 'REF123' },
  },
  payout_returned: {
    before: { ...payout, payout_status: paid },
    after: { ...payout, payout_status: returned, reason: 'Kontot avslutat', bank_reference: 'REF9', bank_code: 'AC04' },
  },
  payout_return_asked: { before: null, after: { ...payout, payout_status: paid, reason: 'Kontot avslutat', bank_reference: 'REF9' } },
  payout_return_withdrawn: { before: { ...payout, payout_status: paid, asked_by: 9, reason: 'Kontot avslutat' }, after: null },
  repayment_registered: { before: null, after: { repayment_id: 2, amount: 500_000, reason: 'Överskott' } },
  repayment_received: { before: null, after: { repayment_id: 2, received_on: '2026-12-02' } },
  repayment_cancelled: { before: null, after: { repayment_id: 2, amount: 500_000, reason: 'Fel' } },
  withdrawn: { before: { status: ongoing }, after: { status: enums.application_status.rejected }, staff: false },
  erasure_anonymised: { before: null, after: null, staff: false },
  account_deleted: { before: null, after: null, staff: false },
  anonymised: { before: null, after: null, staff: false },
  signal_checked: { before: null, after: { signal_id: 3, signal: 'organisation_accounts', reason: 'Två avdelningar av samma förening' } },
};

const entries = historyActions.map((action, i): HistoryEntry => ({
  id: i + 1,
  action,
  before: recorded[action].before,
  after: recorded[action].after,
  created_at: at,
  user: recorded[action].staff === false ? null : anna,
  withheld: false,
}));

async function tellerIn(locale: string) {
  const i18n = await createI18nProvider(raMessages);
  await i18n.changeLocale(locale);
  return historyTeller((key, options) => i18n.translate(key, options), locale);
}

describe.each(['sv-SE', 'en-US'])('the history in %s', (locale) => {
  it('tells every kind of entry as a sentence with no key, JSON, ISO time or missing text in it', async () => {
    const tell = await tellerIn(locale);
    for (const entry of entries) {
      const sentence = tell(entry);
      const where = `${entry.action}: ${sentence}`;
      expect(sentence, where).not.toMatch(/\b[a-z]+_[a-z_]+\b/); // a key such as accepted_from or payout_status
      expect(sentence, where).not.toMatch(/[{}[\]"]/); // JSON
      expect(sentence, where).not.toMatch(/\d{4}-\d{2}-\d{2}/); // an ISO date or time
      expect(sentence, where).not.toMatch(/\b(app|enums|resources)\.|undefined|null|NaN|\[object/);
      // Someone did it: the staff user, the applicant or the named job.
      const actor = entry.user?.name ?? (locale === 'sv-SE' ? /^(Sökanden|Den )/ : /^(The applicant|The )/);
      expect(sentence, where).toMatch(typeof actor === 'string' ? new RegExp(`^${actor}`) : actor);
    }
  });
});

describe('the history in Swedish', () => {
  // Intl writes "40 000 kr" with no-break spaces.
  const of = async (action: HistoryAction) =>
    (await tellerIn('sv-SE'))(entries.find((e) => e.action === action)!).replace(/[\u00a0\u202f]/g, ' ');

  it('names the criteria with their scores, the statuses, amounts and dates as the admin writes them', async () => {
    expect(await of('review')).toBe(
      'Anna Berg lämnade en bedömning: poäng: Nytta 5, (borttagen) 4; belopp: 40 000 kr; förslag: Bevilja; kommentar: Bra för bygden',
    );
    expect(await of('decision_mail_sent')).toBe(
      'Anna Berg skickade beslutsbrevet: beslut: Beviljad; beviljat belopp: 120 000 kr; skickat på nytt: Nej',
    );
    expect(await of('grant_accepted')).toBe(
      'Sökanden godkände villkoren för bidraget: undertecknad av: Kerstin Kassör; roll: Kassör; från IP-adress: 127.0.0.1',
    );
    expect(await of('decision')).toMatch(
      /^Anna Berg registrerade beslutet vid styrelsemötet 13 dec. 2026: beslut: Under utredning → Beviljad/,
    );
  });

  it('names the scheduled job that did what no staff user did', async () => {
    expect(actorWithoutUser.payout_lapsed).toBe('payout-deadlines');
    expect(await of('payout_lapsed')).toBe(
      'Den nattliga bevakningen av utbetalningstider markerade bidraget som förfallet: sista dag för utbetalning: 30 juni 2027; belopp: 60 000 kr',
    );
    expect(await of('anonymised')).toBe('Den nattliga gallringen anonymiserade ansökan enligt gallringsreglerna');
    expect(await of('account_deleted')).toBe('Sökanden raderade sitt konto');
  });

  it('tells a correction by the questions, period and categories it changed', async () => {
    expect(await of('edited')).toBe(
      'Anna Berg rättade ansökan: sökt belopp: 40 000 kr → 50 000 kr; ansökningsperiod: Vår 2026 → Höst 2026; kategorier: Barn och unga → Barn och unga, (borttagen); ' +
        'globala mål: 3. God hälsa och välbefinnande → 3. God hälsa och välbefinnande, 4. God utbildning för alla; webbplats: – → https://overkalixsk.se; svar på: Din ålder, (borttagen)',
    );
  });
});
