import { act } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { enums } from '../../../resources/enums';
import type { StaffDataProvider } from '../../providers/dataProvider';
import type { StaffApplication } from '../../providers/staffMethods';
import { buttonNamed as button, typeInto, waitFor } from '../../components/testing/dom';
import { mountInAdmin, unmountAdmin } from '../testing/mountInAdmin';
import { ShownApplicationDialog } from './ShownApplicationDialog';

const application = {
  uuid: 'app-1',
  reference: '2026-0042',
  status: enums.application_status.received,
  applicant: { id: 3, name: 'Lina Öberg', email: 'lina@example.se' },
  period: { id: 1, uuid: 'p1', name: 'Våren 2026' },
  progress: { unread_messages: false },
} as unknown as StaffApplication;

/** Moves as the list and the browser do: react-admin writes its own words into the address, Back goes back. */
function Moves() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <>
      <output data-testid="address">{location.search}</output>
      <button onClick={() => void navigate('/applications?filter=%7B%22q%22%3A%222026-0042%22%7D')}>Sök</button>
      <button onClick={() => void navigate('/applications?show=app-1')}>Länk</button>
      <button onClick={() => void navigate(-1)}>Bakåt</button>
    </>
  );
}

const dialog = () => document.querySelector('[role="dialog"]');
const address = () => document.querySelector('[data-testid="address"]')!.textContent;
const click = (name: string) => act(async () => button(name)!.click());

afterEach(unmountAdmin);

describe('the application dialog the address names', { timeout: 15_000 }, () => {
  const mount = () =>
    mountInAdmin(
      <>
        <ShownApplicationDialog />
        <Moves />
      </>,
      { getApplication: async () => application } as unknown as StaffDataProvider,
      '/applications?show=app-1',
    );

  it('stays open when the list rewrites the address, which gets it back; closes with Close and stays closed', async () => {
    await mount();
    await waitFor(() => !!dialog()?.textContent?.includes('2026-0042'), 'the dialog');
    await click('Sök');
    await waitFor(() => address().includes('show=app-1'), 'the dialog back in the address');
    expect(address()).toContain('filter=');
    expect(dialog()).not.toBeNull();

    await click('Stäng');
    await waitFor(() => !dialog(), 'the dialog closed');
    expect(address()).not.toContain('show=');
    await click('Sök');
    expect(dialog()).toBeNull();
    expect(address()).not.toContain('show=');
  });

  it('opens from a link and closes when the browser goes back', async () => {
    await mount();
    await waitFor(() => !!dialog(), 'the dialog');
    await click('Stäng');
    await waitFor(() => !dialog(), 'the dialog closed');
    await click('Länk');
    await waitFor(() => !!dialog(), 'the dialog opened by the link');
    await click('Bakåt');
    await waitFor(() => !dialog(), 'the dialog closed by going back');
  });

  it('asks before a message typed and not sent is left by closing or changing tab; kept when the answer is no', async () => {
    await mountInAdmin(
      <ShownApplicationDialog />,
      {
        getApplication: async () => application,
        getMessages: async () => [],
        markMessagesRead: async () => undefined,
      } as unknown as StaffDataProvider,
      '/applications?show=app-1&tab=dialogue',
    );
    await waitFor(() => !!dialog()?.querySelector('textarea'), 'the message box');
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    try {
      await typeInto(dialog()!.querySelector('textarea')!, 'Hej! Vi behöver en budget.');
      await click('Stäng');
      expect(confirm).toHaveBeenCalledWith('Vissa av dina ändringar har inte sparats. Är du säker på att du vill ignorera dem?');
      expect(dialog()).not.toBeNull();
      await act(async () =>
        [...dialog()!.querySelectorAll<HTMLElement>('[role="tab"]')].find((tab) => tab.textContent === 'Uppföljning')!.click(),
      );
      expect(confirm).toHaveBeenCalledTimes(2);
      expect(dialog()!.querySelector('textarea')!.value).toBe('Hej! Vi behöver en budget.');
      confirm.mockReturnValue(true);
      await click('Stäng');
      await waitFor(() => !dialog(), 'the dialog closed once the user said yes');
    } finally {
      confirm.mockRestore();
    }
  });
});
