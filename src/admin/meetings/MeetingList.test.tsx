import { act } from 'react';
import { HttpError } from 'react-admin';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Ability } from '../../../resources/abilities';
import { buttonNamed as button, pageText as text, typeInto, waitFor } from '../../components/testing/dom';
import type { StaffDataProvider } from '../../providers/dataProvider';
import type { MeetingRow } from '../../providers/staffMethods';
import { mountInAdmin, unmountAdmin } from '../testing/mountInAdmin';
import { setPhone, unsetPhone } from '../testing/phone';
import MeetingList from './MeetingList';
import MeetingPage from './MeetingPage';
import { anna, bertil, cecilia, meeting, meetingRow } from './testMeetings';

// The board meetings list (empty, as a table and on a phone) and the meeting's form: what is missing said before
// sending, the server's refusals beside their fields, nothing typed lost.

afterEach(() => {
  unmountAdmin();
  vi.restoreAllMocks();
  unsetPhone();
});

const manager: Ability[] = [{ name: 'manage-meetings', entity_type: null, entity_id: null }];
const boardMember: Ability[] = [{ name: 'attend-meetings', entity_type: null, entity_id: null }];
const periods = [
  { id: 7, name: 'Våren 2026' },
  { id: 8, name: 'Hösten 2026' },
];
const users = [anna, bertil, cecilia].map(({ id, name }) => {
  const [first_name, last_name] = name.split(' ');
  return { id, first_name, last_name };
});

function Where() {
  return <output id="where">{useLocation().pathname}</output>;
}

/** The list and a meeting's page, over a dataProvider listing `rows`, with the periods and staff users the form offers. */
const render = (rows: MeetingRow[], methods: Partial<StaffDataProvider> = {}, abilities = manager, entry = '/meetings') =>
  mountInAdmin(
    <>
      <Routes>
        <Route path="/meetings" element={<MeetingList />} />
        <Route path="/meetings/:id" element={<MeetingPage />} />
      </Routes>
      <Where />
    </>,
    {
      getList: vi.fn(async (resource: string) => {
        if (resource === 'meetings') return { data: rows, total: rows.length };
        if (resource === 'periods') return { data: periods, total: periods.length };
        return { data: users, total: users.length };
      }),
      getMeeting: async () => meeting(),
      ...methods,
    } as unknown as StaffDataProvider,
    entry,
    abilities,
    { id: 1, fullName: 'Anna Admin' },
  );

const rowsShown = () => [...document.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent));
/** The input a label names (MUI's labels end with a required field's asterisk). */
const field = (label: string) =>
  document.getElementById(
    [...document.querySelectorAll('label')].find((l) => l.textContent?.startsWith(label))!.htmlFor,
  ) as HTMLInputElement;
/** The text below the field the label names. */
const helper = (label: string) =>
  document.getElementById(`${[...document.querySelectorAll('label')].find((l) => l.textContent?.startsWith(label))!.htmlFor}-helper-text`)
    ?.textContent;
const lastButton = (name: string) => [...document.querySelectorAll('button')].filter((b) => b.textContent === name).at(-1)!;

describe('the board meetings list', { timeout: 20_000 }, () => {
  it('says when there are no meetings, and offers a new one only to those who prepare meetings', async () => {
    await render([]);
    await waitFor(() => text().includes('Inga styrelsemöten ännu.'), 'the empty state');
    expect(button('Nytt möte')).toBeDefined();

    unmountAdmin();
    await render([], {}, boardMember);
    await waitFor(() => text().includes('Inga styrelsemöten ännu.'), 'the empty state');
    expect(button('Nytt möte')).toBeUndefined();
  });

  it('shows each meeting with its date, place, period, members, agenda and decision, and opens it', async () => {
    await render([
      meetingRow(),
      meetingRow({ id: 4, held_on: '2026-03-12', place: 'Ystad', agenda_count: 5, decided_at: '2026-03-12T15:00:00Z' }),
    ]);
    await waitFor(() => rowsShown().length === 2, 'the rows');
    const clean = (cells: (string | null)[]) => cells.map((cell) => cell?.replace(/[\u00a0\u202f]/g, ' '));
    expect(clean(rowsShown()[0])).toEqual([
      '11 juni 2026',
      'Sparbankshuset, Ystad',
      'Våren 2026',
      'Anna Admin, Bertil Berg, Cecilia Ek',
      '2',
      'Inte beslutat',
    ]);
    expect(clean(rowsShown()[1])).toEqual([
      '12 mars 2026',
      'Ystad',
      'Våren 2026',
      'Anna Admin, Bertil Berg, Cecilia Ek',
      '5',
      'Beslutat 12 mars 2026',
    ]);
    await act(async () => document.querySelector<HTMLElement>('tbody tr')!.click());
    await waitFor(() => document.getElementById('where')!.textContent === '/meetings/5', 'the meeting');
  });

  it('is a compact list on a phone', async () => {
    setPhone();
    await render([meetingRow()]);
    await waitFor(() => text().includes('11 juni 2026 · Sparbankshuset, Ystad'), 'the line');
    expect(text()).toContain('Våren 2026 · 2 ansökningar på dagordningen');
    expect(document.querySelector('table')).toBeNull();
  });
});

describe('the meeting form', { timeout: 20_000 }, () => {
  it('says what is missing before sending a new meeting', async () => {
    const createMeeting = vi.fn();
    await render([], { createMeeting });
    await waitFor(() => !!button('Nytt möte'), 'the button');
    await act(async () => button('Nytt möte')!.click());
    await waitFor(() => !!button('Spara'), 'the form');
    await typeInto(field('Plats'), 'Ystad');
    await act(async () => button('Spara')!.click());
    expect(helper('Period')).toBe('Fältet period är obligatoriskt.');
    expect(helper('Datum')).toBe('Fältet datum är obligatoriskt.');
    expect(helper('Ledamöter')).toBe('Fältet ledamöter är obligatoriskt.');
    expect(helper('Ordförande')).toBe('Fältet ordförande är obligatoriskt.');
    expect(helper('Plats')).not.toContain('obligatoriskt');
    expect(createMeeting).not.toHaveBeenCalled();
  });

  it('shows the server’s refusals beside their fields and keeps what was typed', async () => {
    const updateMeeting = vi
      .fn()
      .mockRejectedValueOnce(
        new HttpError('Uppgifterna är ogiltiga.', 422, {
          message: 'Uppgifterna är ogiltiga.',
          errors: { adjuster_id: 'Justeraren får inte vara ordföranden.', held_on: 'Datumet är ogiltigt.' },
        }),
      )
      .mockResolvedValueOnce(meeting({ place: 'Tomelilla' }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await render([], { updateMeeting }, manager, '/meetings/5');
    await waitFor(() => !!button('Ändra mötet'), 'the meeting');
    await act(async () => button('Ändra mötet')!.click());
    await waitFor(() => !!button('Spara'), 'the form');
    expect(field('Plats').value).toBe('Sparbankshuset, Ystad');
    await typeInto(field('Plats'), 'Tomelilla');
    await act(async () => button('Spara')!.click());
    await waitFor(() => helper('Justerare') === 'Justeraren får inte vara ordföranden.', 'the refusal beside the adjuster');
    expect(helper('Datum')).toBe('Datumet är ogiltigt.');
    expect(text()).toContain('Uppgifterna är ogiltiga.');
    expect(field('Plats').value).toBe('Tomelilla');
    expect(updateMeeting).toHaveBeenCalledWith(5, {
      period_id: 7,
      held_on: '2026-06-11',
      place: 'Tomelilla',
      member_ids: [1, 9, 12],
      chair_id: 1,
      adjuster_id: 9,
      secretary_id: null,
      starts_at: '18:00',
      ends_at: null,
    });

    await act(async () => lastButton('Spara').click());
    await waitFor(() => text().includes('Mötet är sparat.'), 'the save');
  });
});
