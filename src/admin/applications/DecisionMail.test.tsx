import { act } from 'react';
import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { enums } from '../../../resources/enums';
import type { StaffDataProvider } from '../../providers/dataProvider';
import type { ApplicationProgress, Decision, StaffApplication } from '../../providers/staffMethods';
import { buttonNamed as button, pageText as text, typeInto, waitFor } from '../../components/testing/dom';
import { mountInAdmin, unmountAdmin } from '../testing/mountInAdmin';
import { ProgressIndicators } from './ProgressIndicators';
import { ShownApplicationDialog } from './ShownApplicationDialog';

const { approved } = enums.application_status;
const uuid = 'app-1';

const progress = (changes: Partial<ApplicationProgress> = {}): ApplicationProgress => ({
  unhandled: false,
  unread_messages: false,
  followup_at: null,
  followup_sent_in_at: null,
  distribution_mail_sent_at: null,
  decision_changed_after_mail: false,
  finished: false,
  payout: null,
  ...changes,
});

/** An approved application of 12 000 kr: its mail and release as given. */
const application = (values: { sentAt?: string | null; changed?: boolean; releasedAt?: string | null } = {}) =>
  ({
    uuid,
    reference: '2026-0042',
    status: approved,
    finished: false,
    money: 20_000_00,
    approved_money: 12_000_00,
    applicant: { id: 3, name: 'Lina Öberg', email: 'lina@example.se' },
    period: { id: 1, uuid: 'p1', name: 'Våren 2026' },
    distribution_mail_sent_at: values.sentAt ?? null,
    decision_released_at: values.releasedAt ?? null,
    progress: progress({ distribution_mail_sent_at: values.sentAt ?? null, decision_changed_after_mail: values.changed ?? false }),
  }) as unknown as StaffApplication;

const decision: Decision = {
  status: approved,
  approved_money: 12_000_00,
  approved_fou: null,
  approved_nok: null,
  global_goals: [],
  applicant_global_goals: [3],
  decided_at: '2026-05-02T09:00:00Z',
  board: null,
  told: false,
  pending_change: null,
  uses_money_distribution_cap: false,
  cap: null,
};

/**
 * The application dialog, in Swedish, over a dataProvider whose application is read afresh on each call (so a change
 * shows) and whose other methods answer as given, or with an empty list for the sections not read here.
 */
async function render(
  data: () => StaffApplication,
  methods: Partial<Record<keyof StaffDataProvider, unknown>>,
  /** Signed in as this staff user (id), who manages applications. */
  userId?: number,
) {
  const answers: Record<string, unknown> = {
    getApplication: data,
    getDecision: () => decision,
    // A type without review criteria: no review tab.
    getReviews: { criteria: [], applicant: { reference: null, name: '', organisation: null }, mine: null, reviews: null, summary: null },
    ...methods,
  };
  const dataProvider = new Proxy(
    {},
    {
      get: (_target, name) =>
        typeof name !== 'string' || name === 'then'
          ? undefined
          : async (...args: unknown[]) => {
              const answer = answers[name];
              return typeof answer === 'function' ? (answer as (...a: unknown[]) => unknown)(...args) : (answer ?? []);
            },
    },
  ) as StaffDataProvider;
  const manager = [{ name: 'manage-applications', entity_type: null, entity_id: null }];
  await mountInAdmin(
    <ShownApplicationDialog />,
    dataProvider,
    `/applications?show=${uuid}`,
    userId === undefined ? undefined : manager,
    userId === undefined ? undefined : { id: userId, fullName: 'Bengt Berg' },
  );
}

/** The last button of that name: the confirmation's, over the dialog. */
const lastButton = (name: string) => [...document.querySelectorAll('button')].filter((b) => b.textContent === name).at(-1);

afterEach(() => {
  unmountAdmin();
  vi.restoreAllMocks();
});

describe('the progress indicator of the decision mail', () => {
  it('says when the decision changed after its mail was sent', async () => {
    await mountInAdmin(
      <>
        <ProgressIndicators progress={progress({ distribution_mail_sent_at: '2026-05-03T09:00:00Z', decision_changed_after_mail: true })} />
        <ProgressIndicators progress={progress({ distribution_mail_sent_at: '2026-05-03T09:00:00Z' })} />
      </>,
      {} as StaffDataProvider,
    );
    const labels = [...document.querySelectorAll('[role="img"]')].map((i) => i.getAttribute('aria-label'));
    expect(labels).toContain('Beslutet ändrat efter utskick (brevet skickades 3 maj 2026)');
    expect(labels).toContain('Beslutsbrev skickat 3 maj 2026');
  });
});

// Several steps each, on a machine that may be busy.
describe('the decision mail section', { timeout: 15_000 }, () => {
  it('says a decision changed after its mail, shows the new mail as the applicant will read it, and sends it once confirmed', async () => {
    let data = application({ sentAt: '2026-05-03T09:00:00Z', changed: true, releasedAt: null });
    const sendDecisionMail = vi.fn((_uuid: string, _resend: boolean) => {
      data = application({ sentAt: '2026-05-10T09:00:00Z', releasedAt: '2026-05-10T09:00:00Z' });
      return { distribution_mail_sent_at: '2026-05-10T09:00:00Z' };
    });
    const previewDecisionMail = async () => ({
      to: 'lina@example.se',
      subject: 'Beslut om din ansökan 2026-0042',
      body: 'Hej Lina!\n\nStiftelsen har beviljat 12 000 kr.',
      sent_at: '2026-05-03T09:00:00Z',
    });
    await render(() => data, { sendDecisionMail, previewDecisionMail });
    await waitFor(() => text().includes('Beslutet ändrat efter utskick'), 'the changed decision');
    expect(text()).toContain('brevet som skickades 3 maj 2026 säger något annat än beslutet nu');
    expect(button('Skicka igen')).toBeUndefined();

    await act(async () => button('Skicka det nya beslutet')!.click());
    await waitFor(() => text().includes('Stiftelsen har beviljat 12 000 kr.'), 'the mail as the applicant will read it');
    expect(text()).toContain('Till: lina@example.se');
    expect(text()).toContain('Beslut om din ansökan 2026-0042');
    expect(text()).toContain('Skicka beslutsbrevet?');
    expect(sendDecisionMail).not.toHaveBeenCalled();
    await act(async () => lastButton('Skicka beslutsbrev')!.click());
    await waitFor(() => text().includes('Beslutsbrev skickat 10 maj 2026'), 'the new mail');
    expect(sendDecisionMail).toHaveBeenCalledWith(uuid, false);
    expect(text()).not.toContain('Skicka igen?');
    expect(text()).toContain('Sökanden ser beslutet i portalen sedan 10 maj 2026.');
    expect(button('Skicka igen')).toBeDefined();
  });

  it('shows the decision to the applicant without a mail after a confirmation naming it', async () => {
    let data = application();
    const releaseDecision = vi.fn((_uuid: string) => {
      data = application({ releasedAt: '2026-05-12T09:00:00Z' });
      return { released_at: '2026-05-12T09:00:00Z' };
    });
    const sendDecisionMail = vi.fn();
    await render(() => data, { releaseDecision, sendDecisionMail });
    await waitFor(() => text().includes('Sökanden ser ännu inte beslutet'), 'the decision not yet released');
    expect(text()).toContain('Beslutsbrevet har inte skickats till den sökande.');

    await act(async () => button('Visa beslutet utan brev')!.click());
    await waitFor(() => text().includes('Visa beslutet för sökanden utan beslutsbrev?'), 'the confirmation');
    expect(text()).toMatch(/Sökanden ser beslutet \(Beviljad, 12 000 kr\) i portalen från och med nu men får inget mejl\./);
    expect(releaseDecision).not.toHaveBeenCalled();

    await act(async () => lastButton('Visa beslutet utan brev')!.click());
    await waitFor(() => text().includes('Sökanden ser beslutet i portalen sedan 12 maj 2026.'), 'the released decision');
    expect(releaseDecision).toHaveBeenCalledWith(uuid);
    expect(sendDecisionMail).not.toHaveBeenCalled();
    expect(text()).toContain('Beslutet visas nu för sökanden.');
    // The confirmation closes (its button goes with it) and the section offers the release no more.
    await waitFor(() => button('Visa beslutet utan brev') === undefined, 'no release offered');
    // The decision mail can still be sent.
    expect(button('Skicka beslutsbrev')).toBeDefined();
  });

  it('is not left out when the decision fails to load once: the failure says so, and trying again shows it', async () => {
    let failing = true;
    const getDecision = vi.fn(() => {
      if (failing) throw new Error('Tjänsten är tillfälligt otillgänglig.');
      return decision;
    });
    await render(() => application(), { getDecision });
    await waitFor(() => text().includes('Tjänsten är tillfälligt otillgänglig.'), 'the failure');
    expect(button('Skicka beslutsbrev')).toBeUndefined();

    failing = false;
    await act(async () => button('Försök igen')!.click());
    await waitFor(() => button('Skicka beslutsbrev') !== undefined, 'the decision mail section');
    expect(text()).not.toContain('Tjänsten är tillfälligt otillgänglig.');
  });
});

describe('a decision the board took', () => {
  it('reads as the board’s, with no form to change it, and leads to its meeting; its mail is sent as any other', async () => {
    const board = { ...decision, board: { meeting_id: 8, held_on: '2026-06-11' } };
    await render(() => application(), { getDecision: () => board });
    await waitFor(() => text().includes('Styrelsen fattade beslutet'), 'the board’s decision');
    expect(text()).toContain('Styrelsen fattade beslutet vid mötet 11 juni 2026. Det kan bara ändras av ett senare möte');
    expect(text().replace(/\s+/g, ' ')).toContain('Beviljad, 12 000 kr');
    expect(button('Spara beslut')).toBeUndefined();
    expect(document.querySelector('a[href$="/meetings/8"]')?.textContent).toBe('Öppna mötet');
    expect(button('Skicka beslutsbrev')).toBeDefined();
  });
});

describe('a change of a decision the applicant was told', { timeout: 15_000 }, () => {
  const pending = (askedBy: number) => ({
    ...decision,
    told: true,
    pending_change: {
      status: approved,
      approved_money: 10_000_00,
      approved_fou: null,
      approved_nok: null,
      global_goals: [],
      reason: 'Budgeten var dubbelräknad.',
      asked_by: { id: askedBy, name: 'Anna Admin' },
      asked_at: '2026-05-04T09:00:00Z',
    },
  });

  it('asks for the reason, and says the change waits for another person', async () => {
    const decide = vi
      .fn()
      .mockRejectedValueOnce(
        new HttpError('Uppgifterna är ogiltiga.', 422, {
          message: 'Uppgifterna är ogiltiga.',
          errors: { reason: 'Sökanden har fått beslutet. Skriv skälet till ändringen, så godkänner en annan person den.' },
        }),
      )
      .mockResolvedValueOnce(pending(7));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await render(() => application({ releasedAt: '2026-05-03T09:00:00Z' }), { getDecision: () => ({ ...decision, told: true }), decide });
    await waitFor(() => text().includes('En ändring gäller först när en annan person har godkänt den.'), 'the told decision');
    await act(async () => button('Spara beslut')!.click());
    await waitFor(() => text().includes('Skriv skälet till ändringen, så godkänner'), 'the refusal');
    const reason = [...document.querySelectorAll('textarea')].find((a) => !a.getAttribute('aria-hidden'))!;
    await typeInto(reason, 'Budgeten var dubbelräknad.');
    await act(async () => button('Spara beslut')!.click());
    await waitFor(() => text().includes('Ändringen väntar på att en annan person godkänner den.'), 'the notice');
    expect(decide).toHaveBeenLastCalledWith(uuid, expect.objectContaining({ reason: 'Budgeten var dubbelräknad.' }));
  });

  it('is approved by another after a confirmation naming the new decision', async () => {
    const settleDecisionChange = vi.fn(async () => decision);
    await render(() => application(), { getDecision: () => pending(7), settleDecisionChange }, 8);
    await waitFor(() => text().includes('Ändring som väntar på godkännande'), 'the change');
    expect(text().replace(/\s+/g, ' ')).toContain('Anna Admin begärde 4 maj 2026: Beviljad, 10 000 kr. Skäl: Budgeten var dubbelräknad.');
    expect(button('Spara beslut')).toBeUndefined();
    await act(async () => button('Godkänn ändringen')!.click());
    await waitFor(() => text().includes('Godkänna ändringen?'), 'the confirmation');
    await act(async () => lastButton('Godkänn ändringen')!.click());
    await waitFor(() => settleDecisionChange.mock.calls.length > 0, 'the approval');
    expect(settleDecisionChange).toHaveBeenCalledWith(uuid, 'approve');
  });

  it('is only withdrawn by the one who asked for it', async () => {
    const settleDecisionChange = vi.fn(async () => decision);
    await render(() => application(), { getDecision: () => pending(7), settleDecisionChange }, 7);
    await waitFor(() => text().includes('Du begärde ändringen, så en annan person godkänner den.'), 'the own change');
    expect(button('Godkänn ändringen')).toBeUndefined();
    await act(async () => button('Dra tillbaka ändringen')!.click());
    await waitFor(() => settleDecisionChange.mock.calls.length > 0, 'the withdrawal');
    expect(settleDecisionChange).toHaveBeenCalledWith(uuid, 'reject');
  });
});
