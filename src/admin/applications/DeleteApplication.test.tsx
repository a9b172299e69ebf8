import { act } from 'react';
import { useGetList } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { enums } from '../../../resources/enums';
import { buttonNamed as button, pageText as text, waitFor } from '../../components/testing/dom';
import { createDataProvider } from '../../providers/dataProvider';
import { ApiError, type HttpClient } from '../../providers/httpClient';
import type { ApplicationDeletionPreview } from '../../providers/staffMethods';
import { mountInAdmin, unmountAdmin } from '../testing/mountInAdmin';
import { useStaffQuery } from '../useStaffQuery';
import { DeleteApplicationButton } from './DeleteApplication';

afterEach(() => {
  unmountAdmin();
  vi.restoreAllMocks();
});

const application = { uuid: 'u-42', reference: '2026-0042', period: { id: 3, uuid: 'p-3', name: 'Vårens bidrag 2026' } };
const preview: ApplicationDeletionPreview = {
  reference: '2026-0042',
  status: enums.application_status.rejected,
  files: 3,
  messages: 1,
  followup: true,
  investigations: 2,
};
const ok = <T,>(data: T) => ({ data: { data }, status: 200, headers: {} });
const dialog = () => document.querySelector('[role="dialog"]');

/** Beside the button, what the deletion changes: the list of applications and the statistics, read through the dataProvider. */
function ListAndStatistics() {
  const { total } = useGetList('applications', { pagination: { page: 1, perPage: 50 } });
  const statistics = useStaffQuery(['statistics'], 'getStatistics', [null]);
  return (
    <p>
      I listan: {total ?? '…'}, i statistiken:{' '}
      {statistics.data ? String((statistics.data as { totals: { applications: number } }).totals.applications) : '…'}
    </p>
  );
}

/** The button in Swedish over the real dataProvider, on an HTTP client given `get` and `del`, with the list and statistics. */
async function mount(get: (url: string) => Promise<unknown>, del: (url: string) => Promise<unknown> = vi.fn()) {
  const onDeleted = vi.fn();
  const http = { get, delete: del } as unknown as HttpClient;
  await mountInAdmin(
    <>
      <ListAndStatistics />
      <DeleteApplicationButton application={application} onDeleted={onDeleted} />
    </>,
    createDataProvider(http, (resource) => (resource === 'applications' ? 'applications/all' : resource)),
  );
  return onDeleted;
}

/** The API as it stands before the deletion (`deleted` false) and after. */
function api(state: { deleted: boolean }) {
  return vi.fn(async (url: string) => {
    if (url === '/applications/u-42/deletion') return ok(preview);
    if (url === '/applications/all') return ok({ data: [], total: state.deleted ? 4 : 5 });
    if (url === '/statistics') return ok({ totals: { applications: state.deleted ? 4 : 5 } });
    throw new Error(`unexpected GET ${url}`);
  });
}

describe('deleting an application', () => {
  it('names what goes, deletes only on confirmation, then the list and the statistics are read again', async () => {
    const state = { deleted: false };
    const get = api(state);
    const del = vi.fn(async () => {
      state.deleted = true;
      return ok({ id: 1, reference: '2026-0042' });
    });
    const onDeleted = await mount(get, del);
    await waitFor(() => text().includes('I listan: 5, i statistiken: 5'), 'the list and statistics');

    await act(async () => button('Radera ansökan…')!.click());
    await waitFor(() => text().includes('Det här raderas för gott'), 'what goes');
    expect(get).toHaveBeenCalledWith('/applications/u-42/deletion');
    const box = dialog()!;
    expect(box.textContent).toContain('Radera ansökan 2026-0042?');
    const items = [...box.querySelectorAll('li')].map((li) => li.textContent);
    expect(items).toEqual([
      'ansökan med alla svar och sökandens uppgifter i den',
      '3 filer (från formuläret, dialogen och uppföljningen)',
      '1 meddelande i dialogen',
      'uppföljningen, med rapporten om den är inskickad',
      '2 utredares förslag',
      'ansökans historik och de sparade kopiorna av mejl om den',
    ]);
    expect(box.textContent).toContain('Vem som raderade referensen och när sparas i loggen över raderade ansökningar.');
    // The safe choice has the focus.
    expect(document.activeElement?.textContent).toBe('Avbryt');

    // Cancel deletes nothing.
    await act(async () => button('Avbryt')!.click());
    await waitFor(() => !dialog(), 'the dialog to close');
    expect(del).not.toHaveBeenCalled();

    await act(async () => button('Radera ansökan…')!.click());
    await waitFor(() => !!button('Radera för gott'), 'the confirmation');
    await act(async () => button('Radera för gott')!.click());
    await waitFor(() => onDeleted.mock.calls.length === 1, 'the deletion');
    expect(del).toHaveBeenCalledTimes(1);
    expect(del).toHaveBeenCalledWith('/applications/u-42');
    await waitFor(() => text().includes('Ansökan 2026-0042 är raderad.'), 'the notice');
    await waitFor(() => text().includes('I listan: 4, i statistiken: 4'), 'the list and statistics read again');
  });

  it('shows why an approved application is kept, with nothing to confirm', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const reason =
      'En beviljad ansökan kan inte raderas: stiftelsen sparar den som underlag för bokföringen. Den anonymiseras från och med 1 jan. 2034.';
    const get = vi.fn(async (url: string) => {
      if (url === '/applications/u-42/deletion') throw new ApiError(reason, 409, { message: reason });
      return api({ deleted: false })(url);
    });
    const del = vi.fn();
    await mount(get, del);
    await act(async () => button('Radera ansökan…')!.click());
    await waitFor(() => text().includes(reason), 'the reason');
    expect(button('Radera för gott')).toBeUndefined();
    await act(async () => button('Stäng')!.click());
    await waitFor(() => !dialog(), 'the dialog to close');
    expect(del).not.toHaveBeenCalled();
  });
});
