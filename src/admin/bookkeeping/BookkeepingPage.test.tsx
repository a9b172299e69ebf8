import { act } from 'react';
import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Ability } from '../../../resources/abilities';
import { buttonNamed as button, pageText as text, waitFor } from '../../components/testing/dom';
import type { StaffDataProvider } from '../../providers/dataProvider';
import { mountInAdmin, unmountAdmin } from '../testing/mountInAdmin';
import BookkeepingPage from './BookkeepingPage';

// The bookkeeping download: the SIE file of this financial year so far unless other days are chosen; days exported
// before named and downloaded again only when confirmed; the exports so far listed; the server's refusal beside the
// field; for those who manage payouts of every period only.

afterEach(() => {
  unmountAdmin();
  vi.restoreAllMocks();
});

const general: Ability[] = [{ name: 'manage-payouts', entity_type: null, entity_id: null }];
const render = (methods: Partial<StaffDataProvider>, abilities = general) =>
  mountInAdmin(
    <BookkeepingPage />,
    {
      getSingleton: vi.fn().mockResolvedValue({ financial_year_first_month: 1 }),
      getBookkeepingExports: vi.fn().mockResolvedValue([]),
      ...methods,
    } as unknown as StaffDataProvider,
    '/bookkeeping',
    abilities,
  );
const earlier = {
  id: 4,
  from_day: '2026-01-01',
  to_day: '2026-03-31',
  vouchers: 12,
  exported_by: 'Anna Lindqvist',
  exported_at: '2026-04-02T08:00:00Z',
};

describe('the bookkeeping page', () => {
  it('downloads the file of this year so far, and shows why the server refused other days', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:sie');
    URL.revokeObjectURL = vi.fn();
    const saved = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const getBookkeepingFile = vi
      .fn()
      .mockResolvedValueOnce({ file: new Blob(['#FLAGGA 0']), name: 'bokforing_2026-01-01_2026-11-27.se' })
      .mockRejectedValueOnce(
        new HttpError('Uppgifterna är ogiltiga.', 422, {
          message: 'Uppgifterna är ogiltiga.',
          errors: { to: 'Slutdagen får inte vara före startdagen.' },
        }),
      );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await render({ getBookkeepingFile });
    await waitFor(() => !!button('Hämta SIE-fil'), 'the form');
    const year = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(new Date()).slice(0, 4);

    await act(async () => button('Hämta SIE-fil')!.click());
    await waitFor(() => saved.mock.calls.length > 0, 'the download');
    expect(getBookkeepingFile).toHaveBeenCalledWith(`${year}-01-01`, expect.stringMatching(new RegExp(`^${year}-\\d{2}-\\d{2}$`)));

    await act(async () => button('Hämta SIE-fil')!.click());
    await waitFor(() => text().includes('Slutdagen får inte vara före startdagen.'), 'the refusal');
  });

  it('starts at the financial year’s first day, names days exported before and downloads them only when confirmed', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:sie');
    URL.revokeObjectURL = vi.fn();
    const saved = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const getBookkeepingFile = vi.fn().mockResolvedValue({ file: new Blob(['#FLAGGA 0']), name: 'bokforing.se' });
    const getBookkeepingExports = vi.fn().mockResolvedValue([earlier]);
    await render({
      getBookkeepingFile,
      getBookkeepingExports,
      getSingleton: vi.fn().mockResolvedValue({ financial_year_first_month: 7 }),
    });
    await waitFor(() => text().includes('Anna Lindqvist'), 'the exports so far');
    expect(text()).toContain('2026-01-01 – 2026-03-31');
    const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Stockholm' }).format(new Date());
    const start = `${Number(today.slice(0, 4)) - (Number(today.slice(5, 7)) < 7 ? 1 : 0)}-07-01`;
    await waitFor(() => (document.querySelector('input[type="date"]') as HTMLInputElement).value === start, 'the year’s first day');

    await act(async () => button('Hämta SIE-fil')!.click());
    await waitFor(() => text().includes('Dagarna har exporterats förut'), 'the question');
    expect(getBookkeepingExports).toHaveBeenCalledWith({ from: start, to: today });
    expect(getBookkeepingFile).not.toHaveBeenCalled();
    await act(async () => button('Avbryt')!.click());
    expect(getBookkeepingFile).not.toHaveBeenCalled();

    await act(async () => button('Hämta SIE-fil')!.click());
    await waitFor(() => !!button('Hämta ändå'), 'the question again');
    await act(async () => button('Hämta ändå')!.click());
    await waitFor(() => saved.mock.calls.length > 0, 'the download');
    expect(getBookkeepingFile).toHaveBeenCalledWith(start, today);
  });

  it('tells those who manage payouts of some periods only that the file is not theirs to download', async () => {
    await render({}, [{ name: 'manage-payouts', entity_type: 'periods', entity_id: 3 }]);
    await waitFor(() => text().includes('kan bara hämtas av den som hanterar utbetalningar för alla perioder'), 'the notice');
    expect(button('Hämta SIE-fil')).toBeUndefined();
  });
});
