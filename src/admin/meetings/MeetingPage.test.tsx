import { act } from 'react';
import { HttpError } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Ability } from '../../../resources/abilities';
import { enums } from '../../../resources/enums';
import { buttonNamed as button, pageText as text, typeInto, waitFor } from '../../components/testing/dom';
import type { StaffDataProvider } from '../../providers/dataProvider';
import type { Meeting, StaffApplication } from '../../providers/staffMethods';
import { mountInAdmin, unmountAdmin } from '../testing/mountInAdmin';
import { setPhone, unsetPhone } from '../testing/phone';
import MeetingPage from './MeetingPage';
import { agendaItem, bertil, meeting } from './testMeetings';

// A meeting's page: deciding the whole agenda at the meeting (the period's remaining amount as amounts are typed, the
// warning over it, the confirmation, the server's refusals beside their lines), and a board member's page, where they
// declare conflicts of interest and read the applications they have not stood aside from.

afterEach(() => {
  unmountAdmin();
  vi.restoreAllMocks();
  unsetPhone();
});

const general = (name: string) => ({ name, entity_type: null, entity_id: null });
const decider: Ability[] = [general('manage-meetings'), general('manage-applications')];
const boardMember: Ability[] = [general('attend-meetings')];
const { approved, rejected } = enums.application_status;

const render = (methods: Partial<StaffDataProvider>, abilities: Ability[], identity = { id: 1, fullName: 'Anna Admin' }) =>
  mountInAdmin(
    <Routes>
      <Route path="/meetings/:id" element={<MeetingPage />} />
    </Routes>,
    { getMeeting: async () => meeting(), ...methods } as unknown as StaffDataProvider,
    '/meetings/5',
    abilities,
    identity,
  );

/** A third line nobody has proposed anything for, so the board must choose. */
const withUndecided = (): Meeting => {
  const base = meeting();
  return {
    ...base,
    agenda: [
      ...base.agenda,
      agendaItem(3, { uuid: 'a-3', reference: '2026-0003', applicant: 'Sara Nord', proposal: null, proposed_amount: null }),
    ],
  };
};
/** The fieldset of one agenda line in the decisions, by its reference. */
const line = (reference: string) =>
  [...document.querySelectorAll('fieldset')].find((f) => f.querySelector('legend')?.textContent?.startsWith(reference))!;
const amountOf = (reference: string) => line(reference).querySelector<HTMLInputElement>('input[data-live]')!;
/** What the line's amount field shows, its spaces left out. */
const amount = (reference: string) => amountOf(reference).value.replace(/\s/g, '');
const choose = async (reference: string, value: 'approve' | 'reject') =>
  act(async () => line(reference).querySelector<HTMLInputElement>(`input[value="${value}"]`)!.click());
const remaining = () => document.querySelector('[role="status"]')!;
const lastButton = (name: string) => [...document.querySelectorAll('button')].filter((b) => b.textContent === name).at(-1)!;

describe('deciding at the meeting', { timeout: 20_000 }, () => {
  it('shows what remains as amounts are typed, warns over the period’s amount, confirms the counts and sends all at once', async () => {
    const decideMeeting = vi
      .fn()
      .mockRejectedValueOnce(
        new HttpError('Uppgifterna är ogiltiga.', 422, {
          message: 'Uppgifterna är ogiltiga.',
          errors: { 'decisions.0.amount': 'Beloppet får inte vara större än det sökta.' },
        }),
      )
      .mockResolvedValueOnce(meeting({ decided_at: '2026-06-11T15:00:00Z' }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await render({ getMeeting: async () => withUndecided(), decideMeeting }, decider);
    await waitFor(() => !!button('Fatta beslut'), 'the meeting');
    await act(async () => button('Fatta beslut')!.click());
    await waitFor(() => text().includes('Beslut på mötet'), 'the decisions');

    // Each line starts from the reviews' proposal: 2026-0001 granted its proposed 60 000 kr, 2026-0002 rejected.
    expect(amount('2026-0001')).toBe('60000,00');
    expect(line('2026-0002').querySelector<HTMLInputElement>('input[value="reject"]')!.checked).toBe(true);
    expect(remaining().textContent.replace(/[\u00a0\u202f]/g, ' ')).toContain('Beviljat här: 60 000 kr. Kvar: 40 000 kr.');

    await typeInto(amountOf('2026-0001'), '120000');
    await waitFor(
      () =>
        remaining()
          .textContent.replace(/[\u00a0\u202f]/g, ' ')
          .includes('Kvar: −20 000 kr.'),
      'the live remaining',
    );
    expect(remaining().textContent.replace(/[\u00a0\u202f]/g, ' ')).toContain('Besluten överstiger periodens belopp med 20 000 kr.');
    expect(remaining().className).toMatch(/colorError/);
    await typeInto(amountOf('2026-0001'), '90000');
    await waitFor(
      () =>
        remaining()
          .textContent.replace(/[\u00a0\u202f]/g, ' ')
          .includes('Kvar: 10 000 kr.'),
      'under the amount again',
    );
    expect(remaining().className).not.toMatch(/colorError/);

    // Every member is present until ticked off: Cecilia was absent.
    const presence = (name: string) =>
      [...document.querySelectorAll('label')].find((l) => l.textContent === name)!.querySelector<HTMLInputElement>('input')!;
    expect(presence('Cecilia Ek').checked).toBe(true);
    await act(async () => presence('Cecilia Ek').click());
    expect(presence('Cecilia Ek').checked).toBe(false);

    // The line without a proposal must be decided first.
    await act(async () => button('Spara besluten')!.click());
    expect(line('2026-0003').textContent).toContain('Välj beviljad eller avslagen.');
    expect(decideMeeting).not.toHaveBeenCalled();
    await choose('2026-0003', 'approve');
    await typeInto(amountOf('2026-0003'), '5000');

    await act(async () => button('Spara besluten')!.click());
    await waitFor(() => !!document.querySelector('[role="dialog"]'), 'the confirmation');
    expect(document.querySelector('[role="dialog"]')!.textContent.replace(/[\u00a0\u202f]/g, ' ')).toContain(
      'Beviljas: 2. Avslås: 1. Sammanlagt beviljat belopp: 95 000 kr.',
    );
    await act(async () => lastButton('Spara besluten').click());
    await waitFor(
      () => line('2026-0001').textContent.includes('Beloppet får inte vara större än det sökta.'),
      'the refusal beside its line',
    );
    expect(decideMeeting).toHaveBeenCalledWith(
      5,
      [
        { application_uuid: 'a-1', status: approved, amount: 90_000_00, dissent_ids: [] },
        { application_uuid: 'a-2', status: rejected, amount: null, dissent_ids: [] },
        { application_uuid: 'a-3', status: approved, amount: 5_000_00, dissent_ids: [] },
      ],
      [12],
    );
    // Nothing typed is lost.
    expect(amount('2026-0001')).toMatch(/^90000(,00)?$/);
    expect(amount('2026-0003')).toMatch(/^5000(,00)?$/);
    expect(line('2026-0002').textContent).not.toContain('Beloppet');

    await typeInto(amountOf('2026-0001'), '70000');
    await act(async () => button('Spara besluten')!.click());
    await waitFor(() => !!document.querySelector('[role="dialog"]'), 'the confirmation again');
    await act(async () => lastButton('Spara besluten').click());
    await waitFor(() => text().includes('Mötets beslut är sparade.'), 'the decisions saved');
    expect(decideMeeting).toHaveBeenLastCalledWith(
      5,
      [
        { application_uuid: 'a-1', status: approved, amount: 70_000_00, dissent_ids: [] },
        { application_uuid: 'a-2', status: rejected, amount: null, dissent_ids: [] },
        { application_uuid: 'a-3', status: approved, amount: 5_000_00, dissent_ids: [] },
      ],
      [12],
    );
  });

  it('is not offered to those who prepare meetings without deciding on the period’s applications', async () => {
    await render({}, [general('manage-meetings')]);
    await waitFor(() => !!button('Lägg till periodens granskade'), 'the agenda');
    expect(button('Fatta beslut')).toBeUndefined();
  });
});

describe('the agenda', { timeout: 20_000 }, () => {
  it('moves a line down and takes one off, by buttons named after the application', async () => {
    const setAgenda = vi.fn(async () => meeting());
    await render({ setAgenda }, decider);
    const named = (label: string) => document.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`);
    await waitFor(() => !!named('Flytta 2026-0001 nedåt'), 'the agenda');
    expect(named('Flytta 2026-0001 uppåt')!.disabled).toBe(true);
    await act(async () => named('Flytta 2026-0001 nedåt')!.click());
    await waitFor(() => setAgenda.mock.calls.length === 1, 'the new order');
    expect(setAgenda).toHaveBeenCalledWith(5, ['a-2', 'a-1']);
    await waitFor(() => !named('Ta bort 2026-0002 från dagordningen')!.disabled, 'the agenda again');
    await act(async () => named('Ta bort 2026-0002 från dagordningen')!.click());
    await waitFor(() => setAgenda.mock.calls.length === 2, 'the shorter agenda');
    expect(setAgenda).toHaveBeenLastCalledWith(5, ['a-1']);
  });
  it('is a list on a phone, each item with its figures and its actions', async () => {
    setPhone();
    const base = meeting();
    const state: Meeting = {
      ...base,
      agenda: [base.agenda[0], { ...base.agenda[1], conflicts: [{ user_id: bertil.id, name: bertil.name }] }],
    };
    const setAgenda = vi.fn(async () => state);
    const declareConflict = vi.fn(async () => state);
    // Anna prepares the meeting and sits on the board: both kinds of actions.
    await render({ getMeeting: async () => state, setAgenda, declareConflict }, decider);
    await waitFor(() => !!document.querySelector('li [aria-label="Flytta 2026-0001 nedåt"]'), 'the agenda with its actions');
    expect(document.querySelector('table')).toBeNull();
    const items = [...document.querySelectorAll<HTMLElement>('ul[aria-labelledby="meeting-agenda"] > li')];
    expect(items).toHaveLength(2);
    const lines = (item: HTMLElement) => [...item.querySelectorAll('p')].map((p) => p.textContent.replace(/[\u00a0\u202f]/g, ' '));
    expect(lines(items[0])).toEqual([
      '2026-0001 · Åsa Öström, Ystads scoutkår',
      'Barn och unga · Sökt: 80 000 kr · Föreslaget: 60 000 kr',
      'Poäng: 82,5 % (spridning 5,0 %), 2 av 2 bedömningar · Förslag: Bevilja',
    ]);
    expect(lines(items[1])).toContain('Jäv: Bertil Berg');
    // Each item holds its own actions, named as in the table.
    const named = (item: HTMLElement, label: string) => item.querySelector<HTMLElement>(`[aria-label="${label}"]`);
    for (const [item, reference] of [
      [items[0], '2026-0001'],
      [items[1], '2026-0002'],
    ] as const)
      for (const label of [
        `Flytta ${reference} uppåt`,
        `Flytta ${reference} nedåt`,
        `Ta bort ${reference} från dagordningen`,
        `Jävig i ${reference}`,
        `Läs ansökan ${reference}`,
      ])
        expect(named(item, label), label).not.toBeNull();
    expect((named(items[0], 'Flytta 2026-0001 uppåt') as HTMLButtonElement).disabled).toBe(true);

    await act(async () => named(items[0], 'Flytta 2026-0001 nedåt')!.click());
    await waitFor(() => setAgenda.mock.calls.length === 1, 'the new order');
    expect(setAgenda).toHaveBeenCalledWith(5, ['a-2', 'a-1']);
    await act(async () => named(items[1], 'Jävig i 2026-0002')!.click());
    await waitFor(() => !!document.querySelector('[role="dialog"]'), 'the confirmation');
    await act(async () => lastButton('Anmäl jäv').click());
    await waitFor(() => declareConflict.mock.calls.length === 1, 'the declaration');
    expect(declareConflict).toHaveBeenCalledWith(5, 'a-2', true);
  });
});

describe('a board member’s meeting', { timeout: 20_000 }, () => {
  it('shows the agenda and the pack; a declared conflict of interest hides that application’s reading', async () => {
    let state = meeting();
    const declareConflict = vi.fn(async (_id: number, uuid: string, conflict: boolean) => {
      state = { ...state, my_conflicts: { ...state.my_conflicts, [uuid]: conflict } };
      return state;
    });
    const getMeetingApplication = vi.fn(
      async (_id: number, uuid: string) =>
        ({
          uuid,
          reference: '2026-0001',
          status: enums.application_status.ongoing,
          applicant: { id: 3, name: 'Åsa Öström', email: 'asa@example.se' },
          period: { id: 7, uuid: 'p7', name: 'Våren 2026' },
          money: 80_000_00,
          approved_money: null,
          sent_in_at: '2026-04-01T10:00:00Z',
          global_goals: [],
          org_name: 'Ystads scoutkår',
          org_number: '802000-0000',
          questions: [{ id: 1, label: 'Vad ska pengarna användas till?', type: enums.field_type.textarea }],
          definitions: { '1': 'Ett sommarläger för 40 barn.' },
          files: [],
        }) as unknown as StaffApplication,
    );
    const getMeetingPdf = vi.fn(async () => ({ file: new Blob(['%PDF']), name: 'styrelseunderlag-2026-06-11.pdf' }));
    URL.createObjectURL = vi.fn(() => 'blob:pack');
    URL.revokeObjectURL = vi.fn();
    const saved = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await render({ getMeeting: async () => state, declareConflict, getMeetingApplication, getMeetingPdf }, boardMember, {
      id: 9,
      fullName: 'Bertil Berg',
    });
    const named = (label: string) => document.querySelector<HTMLElement>(`[aria-label="${label}"]`);
    await waitFor(() => !!named('Läs ansökan 2026-0001'), 'the agenda');
    expect(text()).toContain('Åsa Öström, Ystads scoutkår');
    expect(text()).toContain('82,5 % (spridning 5,0 %)');
    // Nothing else is theirs to change.
    for (const name of ['Fatta beslut', 'Ändra mötet', 'Ta bort', 'Lägg till periodens granskade', 'Lägg till ansökningar'])
      expect(button(name)).toBeUndefined();
    expect(named('Flytta 2026-0001 nedåt')).toBeNull();

    await act(async () => button('Ladda ner underlaget (PDF)')!.click());
    await waitFor(() => saved.mock.calls.length > 0, 'the pack');
    expect(getMeetingPdf).toHaveBeenCalledWith(5, 'pack');

    await act(async () => named('Läs ansökan 2026-0001')!.click());
    await waitFor(() => text().includes('Ett sommarläger för 40 barn.'), 'the application');
    expect(getMeetingApplication).toHaveBeenCalledWith(5, 'a-1');
    await act(async () => button('Stäng')!.click());
    await waitFor(() => !document.querySelector('[role="dialog"]'), 'the dialog closed');

    // A conflict is final: asked first, and nothing is declared until confirmed.
    await act(async () => named('Jävig i 2026-0001')!.click());
    await waitFor(() => !!document.querySelector('[role="dialog"]'), 'the confirmation');
    expect(document.querySelector('[role="dialog"]')!.textContent).toContain(
      'Anmäla jäv för 2026-0001? Det går inte att ändra efteråt, och du kan sedan inte läsa ansökan.',
    );
    await act(async () => button('Avbryt')!.click());
    await waitFor(() => !document.querySelector('[role="dialog"]'), 'the confirmation cancelled');
    expect(declareConflict).not.toHaveBeenCalled();
    expect((named('Jävig i 2026-0001') as HTMLInputElement).checked).toBe(false);

    await act(async () => named('Jävig i 2026-0001')!.click());
    await waitFor(() => !!document.querySelector('[role="dialog"]'), 'the confirmation again');
    await act(async () => lastButton('Anmäl jäv').click());
    await waitFor(() => !named('Läs ansökan 2026-0001'), 'the reading hidden');
    expect(declareConflict).toHaveBeenCalledWith(5, 'a-1', true);
    // Declared for good: said, with nothing to take back.
    const first = document.querySelectorAll('tbody tr')[0];
    expect(first.textContent).toContain('Jäv anmält');
    expect(named('Jävig i 2026-0001')).toBeNull();
    expect(named('Läs ansökan 2026-0002')).not.toBeNull();
  });

  it('shows the lines withheld from the member marked, leaves them out of the sums and says so', async () => {
    const base = meeting();
    const aside = agendaItem(
      1,
      {
        uuid: 'a-1',
        reference: '2026-0001',
        category: null,
        money: null,
        proposed_amount: null,
        proposal: null,
        review: null,
      },
      { withheld: 'stood_aside', conflicts: [{ user_id: bertil.id, name: bertil.name }] },
    );
    const blind = agendaItem(
      2,
      {
        uuid: 'a-2',
        reference: '2026-0002',
        applicant: 'Erik Lund',
        organisation: null,
        proposed_amount: null,
        proposal: null,
        review: null,
      },
      { withheld: 'own_review_first' },
    );
    const state: Meeting = {
      ...base,
      agenda: [aside, blind],
      totals: { ...base.totals, applied: 0, proposed: 0, withheld_lines: 2 },
      my_conflicts: { 'a-1': true },
    };
    // Bertil is on the board and also decides on the period's applications.
    await render({ getMeeting: async () => state }, [...decider, ...boardMember], { id: 9, fullName: 'Bertil Berg' });
    await waitFor(() => !!document.querySelector('[aria-label="Jävig i 2026-0002"]'), 'the agenda with the member’s actions');
    const cellsOf = (row: number) =>
      [...document.querySelectorAll('tbody tr')[row].querySelectorAll('td')].map((td) => td.textContent.replace(/[\u00a0\u202f]/g, ' '));
    const marker = (row: number, label: string) =>
      document.querySelectorAll('tbody tr')[row].querySelector<HTMLElement>(`[role="img"][aria-label="${label}"]`);

    // Stood aside: no category, amounts, figures or proposal, but the marker; the declaration final, nothing to read.
    expect(cellsOf(0).slice(0, 8)).toEqual(['2026-0001', 'Åsa Öström, Ystads scoutkår', '–', '–', '–', 'Jäv', '–', 'Bertil Berg']);
    expect(marker(0, 'Du har anmält jäv för ansökan')!.textContent).toBe('Jäv');
    expect(cellsOf(0)[8]).toContain('Jäv anmält');
    expect(document.querySelector('[aria-label="Läs ansökan 2026-0001"]')).toBeNull();
    // Their own review first: the amount applied for, but "Dold" for the reviews.
    expect(cellsOf(1).slice(3, 7)).toEqual(['80 000 kr', '–', 'Dold', '–']);
    expect(marker(1, 'Visas när din bedömning är inskickad')!.textContent).toBe('Dold');

    // The sums leave both lines out, and what would remain is not known: "–", and no warning.
    const totals = document.querySelector('section[aria-labelledby="meeting-totals"]')!.textContent.replace(/[\u00a0\u202f]/g, ' ');
    expect(totals).toContain('Kvar efter förslagen–');
    expect(totals).toContain('2 ärenden där du anmält jäv eller ännu inte lämnat din bedömning ingår inte i summorna.');
    // The board's decisions are taken together: one who stood aside from any of them is told so rather than refused.
    expect(button('Fatta beslut')).toBeUndefined();
    expect(text()).toContain('Du har anmält jäv för 2026-0001, så det här får en kollega göra.');
  });

  it('marks the withheld lines on a phone, with the note under one line’s sums', async () => {
    setPhone();
    const base = meeting();
    const state: Meeting = {
      ...base,
      agenda: [
        agendaItem(
          1,
          { uuid: 'a-1', reference: '2026-0001', category: null, money: null, proposed_amount: null, proposal: null, review: null },
          { withheld: 'stood_aside' },
        ),
        base.agenda[1],
      ],
      totals: { ...base.totals, applied: 30_000_00, proposed: 0, withheld_lines: 1 },
      my_conflicts: { 'a-1': true },
    };
    await render({ getMeeting: async () => state }, boardMember, { id: 9, fullName: 'Bertil Berg' });
    await waitFor(() => !!document.querySelector('[aria-label="Jävig i 2026-0002"]'), 'the agenda with the member’s actions');
    const first = document.querySelector<HTMLElement>('ul[aria-labelledby="meeting-agenda"] > li')!;
    const lines = [...first.querySelectorAll('p')].map((p) => p.textContent.replace(/[\u00a0\u202f]/g, ' '));
    expect(lines).toEqual(['2026-0001 · Åsa Öström, Ystads scoutkår', 'Sökt: – · Föreslaget: –', 'Jäv']);
    expect(first.querySelector('[role="img"][aria-label="Du har anmält jäv för ansökan"]')).not.toBeNull();
    expect(first.textContent).toContain('Jäv anmält');
    expect(text()).toContain('1 ärende där du anmält jäv eller ännu inte lämnat din bedömning ingår inte i summorna.');
  });
});

describe('changing a board’s decision', { timeout: 20_000 }, () => {
  const decided = () => {
    const base = meeting({ decided_at: '2026-06-11T15:00:00Z' });
    return {
      ...base,
      agenda: base.agenda.map((item, index) =>
        index === 0 ? { ...item, decided_status: approved, decided_amount: 60_000_00 } : { ...item, decided_status: rejected },
      ),
    };
  };
  const rows = [
    { ...meeting(), id: 6, held_on: '2026-09-01', place: 'Stiftelsens kontor', decided_at: null },
    { ...meeting(), id: 4, held_on: '2026-03-01', place: 'Förra', decided_at: null },
    { ...meeting(), id: 5, decided_at: '2026-06-11T15:00:00Z' },
  ];
  const list = async () => ({ data: rows, total: rows.length, current_page: 1, per_page: 100, last_page: 1 });

  it('takes a line up at a later meeting of the period with the reason, and opens that meeting', async () => {
    const addChangeOfDecision = vi.fn(async () => meeting({ id: 6 }));
    await render({ getMeeting: async () => decided(), getMeetings: list, addChangeOfDecision }, decider);
    const open = () => document.querySelector<HTMLButtonElement>('button[aria-label="Ändra beslutet om 2026-0001 vid ett senare möte"]');
    await waitFor(() => !!open(), 'the decided agenda');
    await act(async () => open()!.click());
    await waitFor(() => text().includes('Styrelsens beslut ändras bara av ett senare möte.'), 'the dialog');
    // Only the later, undecided meeting is offered.
    const select = document.querySelector('[role="combobox"]')!;
    expect(select.textContent).toContain('Stiftelsens kontor');
    await act(async () => button('Ta upp på dagordningen')!.click());
    expect(text()).toContain('Skriv skälet till ändringen.');
    expect(addChangeOfDecision).not.toHaveBeenCalled();
    await typeInto(document.querySelector('textarea:not([aria-hidden])')!, 'Ny uppgift om lokalhyran.');
    await act(async () => button('Ta upp på dagordningen')!.click());
    expect(addChangeOfDecision).toHaveBeenCalledWith(6, 'a-1', 'Ny uppgift om lokalhyran.');
  });

  it('reads what a changed decision changes and why, and that a later meeting changed one', async () => {
    const base = decided();
    const agenda = [
      { ...base.agenda[0], changed_by: { meeting_id: 6, held_on: '2026-09-01' } },
      {
        ...base.agenda[1],
        changes: { meeting_id: 3, held_on: '2026-02-01', decided_status: approved, decided_amount: 10_000_00, reason: 'Fel belopp.' },
      },
    ];
    await render({ getMeeting: async () => ({ ...base, agenda }), getMeetings: list }, decider);
    await waitFor(() => text().includes('Fel belopp.'), 'the agenda');
    expect(text().replace(/\s+/g, ' ')).toContain('Ändrat beslut. Mötet 1 feb. 2026 beslutade: Beviljad 10 000 kr. Skäl: Fel belopp.');
    expect(text()).toContain('Beslutet ändrades vid mötet 1 sep. 2026.');
    // A decision already changed is not offered again from here.
    expect(document.querySelector('button[aria-label="Ändra beslutet om 2026-0001 vid ett senare möte"]')).toBeNull();
  });
});
