import { afterEach, describe, expect, it } from 'vitest';
import { enums } from '../../../resources/enums';
import { pageText as text, waitFor } from '../../components/testing/dom';
import type { StaffDataProvider } from '../../providers/dataProvider';
import type { HistoryEntry, Investigator, Proposal } from '../../providers/staffMethods';
import { mountInAdmin, unmountAdmin } from '../testing/mountInAdmin';
import { HistoryTimeline } from './HistoryTimeline';
import { InvestigationSection } from './InvestigationSection';
import { InvestigatorsSection } from './InvestigatorsSection';

// What a reviewer whose own review is not in yet reads of the others' reviews, as the server withholds them: who
// proposed or reviewed, not what; and the history's conflict declarations, told as what happened.

afterEach(() => {
  unmountAdmin();
});

const uuid = 'app-1';
const anna = { id: 1, fullName: 'Anna Admin' };
const { grant, reject } = enums.investigation_status;

const proposal = (fields: Partial<Proposal>): Proposal => ({
  id: 1,
  user_id: 1,
  investigator: 'Anna Admin',
  name: 'Anna Admin',
  amount: 40_000_00,
  status: grant,
  comment: 'Ett bra projekt.',
  updated_at: '2026-03-02T10:00:00Z',
  mine: false,
  withheld: false,
  ...fields,
});
const entry = (fields: Partial<HistoryEntry>): HistoryEntry => ({
  id: 1,
  action: 'review',
  before: null,
  after: null,
  created_at: '2026-03-02T10:00:00Z',
  user: { id: 9, name: 'Bertil Berg' },
  withheld: false,
  ...fields,
});

describe('the others’ reviews before one’s own is in', { timeout: 20_000 }, () => {
  it('names a withheld proposal beside the investigator’s own form, without its content', async () => {
    const getInvestigations = async () => [
      proposal({ mine: true, status: reject, amount: null, comment: null }),
      proposal({
        id: 2,
        user_id: 9,
        investigator: 'Bertil Berg',
        name: 'Bertil Berg',
        amount: null,
        status: null,
        comment: null,
        withheld: true,
      }),
      proposal({ id: 3, user_id: 12, investigator: 'Cecilia Ek', name: 'Cecilia Ek' }),
    ];
    await mountInAdmin(<InvestigationSection uuid={uuid} />, { getInvestigations } as unknown as StaffDataProvider, '/', [], anna);
    await waitFor(() => text().includes('Andra utredares förslag'), 'the proposals');
    expect(text()).toContain('Bertil Berg: visas när din bedömning är inskickad');
    expect(text()).toContain('Cecilia Ek: Bevilja, 40 000 kr');
  });

  it('names a withheld investigator’s proposal in the investigators’ list', async () => {
    const investigator = (fields: Partial<Investigator>): Investigator => ({
      user_id: 9,
      name: 'Bertil Berg',
      email: 'bertil@example.se',
      investigation: {
        id: 2,
        amount: null,
        status: null,
        comment: null,
        created_at: '2026-03-01T10:00:00Z',
        updated_at: '2026-03-02T10:00:00Z',
      },
      withheld: true,
      ...fields,
    });
    const getInvestigators = async () => [investigator({})];
    const getList = async () => ({ data: [], total: 0 });
    await mountInAdmin(<InvestigatorsSection uuid={uuid} />, { getInvestigators, getList } as unknown as StaffDataProvider);
    await waitFor(() => text().includes('Bertil Berg'), 'the investigators');
    expect(text()).toContain('Bertil Berg: visas när din bedömning är inskickad');
    expect(text()).not.toContain('Inget förslag');
  });

  it('tells the history’s withheld entries as who did what, and the conflict declarations as sentences', async () => {
    const getHistory = async () => [
      entry({ id: 6, action: 'review', withheld: true }),
      entry({ id: 5, action: 'investigation', withheld: true }),
      entry({
        id: 4,
        action: 'investigator_removed',
        before: { user_id: 12, name: 'Cecilia Ek' },
        user: { id: 1, name: 'Anna Admin' },
        withheld: true,
      }),
      entry({
        id: 3,
        action: 'conflict_declared',
        after: { conflict_of_interest: true, meeting_id: 3 },
        user: { id: 1, name: 'Anna Admin' },
      }),
      entry({ id: 2, action: 'conflict_declared', before: null, after: { conflict_of_interest: false, meeting_id: 3 } }),
      entry({ id: 1, action: 'conflict_declared', before: { conflict_of_interest: null }, after: { conflict_of_interest: false } }),
    ];
    await mountInAdmin(<HistoryTimeline uuid={uuid} />, { getHistory } as unknown as StaffDataProvider);
    await waitFor(() => !!document.querySelector('ul[aria-label="Historik"]'), 'the history');
    const items = [...document.querySelectorAll('ul[aria-label="Historik"] li')].map((li) => [
      li.querySelector('.MuiListItemText-primary')?.textContent,
      li.querySelector('.MuiListItemText-secondary')?.textContent?.replace(/^.*? · /, ''),
    ]);
    const hint = 'Innehållet visas när din bedömning är inskickad';
    expect(items).toEqual([
      ['Bertil Berg lämnade en bedömning', hint],
      ['Bertil Berg lämnade ett förslag', hint],
      ['Anna Admin tog bort Cecilia Ek som utredare', hint],
      ['Anna Admin anmälde jäv vid mötet', expect.not.stringContaining(hint)],
      ['Bertil Berg anmälde att jäv inte föreligger vid mötet', expect.not.stringContaining(hint)],
      ['Bertil Berg angav att jäv inte föreligger', expect.not.stringContaining(hint)],
    ]);
  });
});
