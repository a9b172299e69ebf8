import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Ability } from '../../../resources/abilities';
import { pageText as text, waitFor } from '../../components/testing/dom';
import { ApiError, type HttpClient } from '../../providers/httpClient';
import { mountStaffAdmin, unmountAdmin } from '../testing/mountInAdmin';
import { setPhone, unsetPhone } from '../testing/phone';

// What the staff lists show of a row the server withholds from its reader: one they stood aside from (jäv), whose
// amounts and progress read "–" and "Jäv", and one they review with their own review not yet in, whose review
// figures read "Dold"; each with why, to screen readers and in a tooltip.

afterEach(() => {
  unmountAdmin();
  localStorage.clear();
  unsetPhone();
  vi.restoreAllMocks();
});

const period = { id: 7, uuid: 'p-7', name: 'Vår 2026' };
const progress = {
  unhandled: true,
  unread_messages: false,
  followup_at: null,
  followup_sent_in_at: null,
  distribution_mail_sent_at: null,
  decision_changed_after_mail: false,
  finished: false,
  payout: null,
};
const row = (id: number, fields: Record<string, unknown> = {}) => ({
  id,
  uuid: `u-${id}`,
  reference: `2026-000${id}`,
  status: 30,
  applicant: { id, name: `Sökande ${id}`, email: `s${id}@exempel.se` },
  org_name: null,
  period,
  period_name: period.name,
  application_type: null,
  money: 100_000_00,
  money_value: 100_000_00,
  approved_money: null,
  sent_in_at: '2026-03-01T10:00:00Z',
  finished: false,
  progress,
  review: { score: 8250, spread: 1250, reviews_in: 2, reviews_pending: 1 },
  withheld: null,
  ...fields,
});
/** A row whose reader stood aside from its application: its reference, applicant, status, period and dates alone. */
const stoodAside = (id: number) =>
  row(id, { money: null, money_value: null, approved_money: null, finished: null, progress: null, review: null, withheld: 'stood_aside' });
const refusal = 'Du har anmält jäv för ansökan och kan varken läsa den eller delta i beslut om den.';
const ok = <T,>(data: T) => ({ data: { data }, status: 200, headers: {} });

/** The staff app at `path` over an API whose list `endpoint` answers `rows`; an application the reader stood aside from is refused. */
async function render(path: string, endpoint: string, rows: unknown[], abilities: Ability[]) {
  const get = vi.fn(async (url: string) => {
    if (url === endpoint) return ok({ data: rows, total: rows.length });
    if (url === '/applications/u-1' || url === '/applications/u-1/reviews') throw new ApiError(refusal, 403, { message: refusal });
    if (url === '/periods/decisioning') return ok([{ ...period, start_date: '2026-03-01', end_date: '2026-04-30', state: 'closed' }]);
    return ok({ data: [], total: 0 });
  });
  await mountStaffAdmin(path, get as unknown as HttpClient['get'], { abilities });
}
const cells = (index: number) => [...[...document.querySelectorAll('tbody tr')][index].querySelectorAll('td')];
const cellText = (index: number) => cells(index).map((td) => (td.textContent ?? '').replace(/[\u00a0\u202f]/g, ' '));
const column = (name: string) => [...document.querySelectorAll('thead th')].findIndex((th) => th.textContent === name);
const marked = (element: Element, label: string) => element.querySelector(`[role="img"][aria-label="${label}"]`);

const manager: Ability[] = [{ name: 'manage-applications', entity_id: null, entity_type: null }];
const reviewer: Ability[] = [{ name: 'investigate-applications', entity_id: null, entity_type: null }];

// Each mounts the whole staff app: slow on a busy machine.
describe('a row withheld from its reader', { timeout: 60_000 }, () => {
  it('reads "–" and "Jäv" where its reader stood aside, with its status to read, and opens to the server’s reason', async () => {
    // The refused reads are logged by the query library; what the page says is what is tested.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await render('/applications', '/applications/all', [stoodAside(1), row(2)], manager);
    await waitFor(() => text().includes('2026-0002'), 'the list');
    const aside = cellText(0);
    expect(aside[column('Sökt belopp')]).toBe('–');
    // Its status is read, not changed: one who stood aside takes no part in the decision.
    expect(aside[column('Status')]).toBe('Under utredning');
    expect(cells(0)[column('Status')].querySelector('input')).toBeNull();
    expect(cells(1)[column('Status')].querySelector('input')).not.toBeNull();
    // In place of the progress, the marker, saying why.
    const marker = marked(cells(0)[column('Förlopp')], 'Du har anmält jäv för ansökan');
    expect(marker?.textContent).toBe('Jäv');
    expect(cellText(1)[column('Sökt belopp')]).toBe('100 000 kr');
    expect(marked(cells(1)[column('Förlopp')], 'Du har anmält jäv för ansökan')).toBeNull();

    // Opened, the dialog says what the server says, as what happened rather than as a failure to retry.
    await act(async () => cells(0)[0].click());
    await waitFor(() => !!document.querySelector('[role="dialog"] .MuiAlert-standardInfo'), 'the refusal');
    const dialog = document.querySelector('[role="dialog"]')!;
    expect(dialog.querySelector('.MuiAlert-standardInfo')!.textContent).toBe(refusal);
    expect(dialog.querySelector('[role="tab"]')).toBeNull();
    expect([...dialog.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['Stäng']);
  });

  it('says the same in a phone’s line', async () => {
    setPhone();
    await render('/applications', '/applications/all', [stoodAside(1), row(2)], manager);
    await waitFor(() => text().includes('2026-0002'), 'the list');
    const [aside, other] = [...document.querySelectorAll('ul li')].filter((li) => li.textContent?.includes('2026-000'));
    expect(aside.textContent).toContain('2026-0001 Sökande 1');
    expect(aside.textContent).toContain('Under utredning · Vår 2026');
    expect(marked(aside, 'Du har anmält jäv för ansökan')?.textContent).toBe('Jäv');
    // The amount: "–" rather than blank.
    expect(aside.querySelector('.RaSimpleList-tertiary')?.textContent).toBe('–');
    expect(marked(other, 'Du har anmält jäv för ansökan')).toBeNull();
    expect(other.textContent?.replace(/[\u00a0\u202f]/g, ' ')).toContain('Poäng 82,5 %, bedömningar 2 av 3');
  });

  it('hides the review figures from a reviewer whose own review is not in: "Dold", on a screen and a phone', async () => {
    const hidden = row(1, { review: null, withheld: 'own_review_first' });
    const path = `/decisioning/${period.uuid}/${encodeURIComponent(period.name)}`;
    await render(path, `/applications/decisioning/${period.uuid}`, [hidden, row(2)], reviewer);
    await waitFor(() => text().includes('2026-0002'), 'the list');
    const score = cells(0)[column('Poäng')];
    expect(marked(score, 'Visas när din bedömning är inskickad')?.textContent).toBe('Dold');
    // The rest of the row is theirs to read.
    expect(cellText(0)[column('Sökt belopp')]).toBe('100 000 kr');
    expect(cellText(1)[column('Poäng')]).toBe('82,5 %2 av 3');
    unmountAdmin();

    setPhone();
    await render(path, `/applications/decisioning/${period.uuid}`, [hidden, row(2)], reviewer);
    await waitFor(() => text().includes('2026-0002'), 'the list on a phone');
    const line = [...document.querySelectorAll('ul li')].find((li) => li.textContent?.includes('2026-0001'))!;
    expect(line.textContent).toContain('Bedömningar: Dold');
    expect(marked(line, 'Visas när din bedömning är inskickad')).not.toBeNull();
  });

  it('reads "–" for the decision’s amounts on the decided list, the marker beside the status', async () => {
    const decided = {
      org_city: null,
      targets_text: null,
      purposes_text: null,
      focuses_text: null,
      approved_money_value: null,
      approved_fou: null,
      approved_nok: null,
      global_goals: null,
      decision_global_goals: null,
      followup_at: null,
      followup_sent_in_at: null,
      distribution_mail_sent_at: null,
    };
    const approved = { status: 40 };
    await render(
      '/decision',
      '/applications/decided',
      [
        { ...stoodAside(1), ...decided, ...approved },
        { ...row(2), ...decided, ...approved, org_city: 'Ystad', approved_money: 50_000_00, approved_money_value: 50_000_00 },
      ],
      manager,
    );
    await waitFor(() => text().includes('2026-0002'), 'the list');
    expect(cellText(0)[column('Sökt belopp')]).toBe('–');
    expect(cellText(0)[column('Beviljat belopp')]).toBe('–');
    expect(marked(cells(0)[column('Status')], 'Du har anmält jäv för ansökan')?.textContent).toBe('Jäv');
    expect(cellText(1)[column('Beviljat belopp')]).toBe('50 000 kr');
  });
});
