import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { AdminContext, HttpError, Notification } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { enums } from '../../../../resources/enums';
import type { StaffDataProvider } from '../../../providers/dataProvider';
import { createI18nProvider } from '../../../providers/i18nProvider';
import type { Followup, StaffApplication } from '../../../providers/staffMethods';
import { ShownApplicationDialog } from '../ShownApplicationDialog';
import { FollowupTab } from './FollowupTab';

// No testing library in the project: react-dom and act directly.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const uuid = 'app-1';
const application = (status: number, finished = false) =>
  ({
    uuid,
    reference: '2026-0042',
    status,
    finished,
    applicant: { id: 3, name: 'Lina Öberg', email: 'lina@example.se' },
    period: { id: 1, uuid: 'p1', name: 'Våren 2026' },
    progress: {
      unhandled: false,
      unread_messages: false,
      followup_at: null,
      followup_sent_in_at: null,
      distribution_mail_sent_at: null,
      finished,
    },
  }) as unknown as StaffApplication;

const requested: Followup = {
  application_uuid: uuid,
  reference: '2026-0042',
  period_name: 'Våren 2026',
  requested_at: '2026-11-02T09:00:00Z',
  due_at: '2026-12-02',
  reminded_at: null,
  sent_in_at: null,
  according_to_plan: null,
  according_to_plan_comment: null,
  participants: null,
  events: null,
  marketing: null,
  files: [],
  upload_max_bytes: 10_485_760,
};
const sentIn: Followup = {
  ...requested,
  reminded_at: '2026-11-20T08:00:00Z',
  sent_in_at: '2026-11-22T15:30:00Z',
  according_to_plan: false,
  according_to_plan_comment: 'Lägret flyttades en vecka.',
  participants: 1250,
  events: 4,
  marketing: 'Affischer och lokaltidningen.',
  files: [{ uuid: 'f1', name: 'rapport.pdf', mime: 'application/pdf', size: 2048, created_at: '2026-11-22T15:00:00Z' }],
};
const notRequested = () => Promise.reject(new HttpError('Det vi letade efter kunde inte hittas.', 404, {}));

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

const text = () => document.body.textContent ?? '';
const button = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === name);

async function waitFor(condition: () => boolean, what: string) {
  for (let waited = 0; !condition(); waited += 20) {
    if (waited > 5000) throw new Error(`timed out waiting for ${what}: ${text()}`);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
  }
}

async function mount(methods: Partial<StaffDataProvider>, node: React.ReactNode, entry = '/') {
  const i18nProvider = await createI18nProvider({
    'sv-SE': async () => (await import('../../../../locales/ra-language-swedish')).default,
    'en-US': async () => (await import('ra-language-english')).default,
  });
  await i18nProvider.changeLocale('sv-SE');
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  await act(async () => {
    root!.render(
      <MemoryRouter initialEntries={[entry]}>
        <AdminContext dataProvider={methods as StaffDataProvider} i18nProvider={i18nProvider}>
          {node}
          <Notification />
        </AdminContext>
      </MemoryRouter>,
    );
  });
}

/** The tab in Swedish for `data`, over a dataProvider with only the follow-up's methods. */
const render = (methods: Partial<StaffDataProvider>, data: StaffApplication, mode: 'manage' | 'investigate' = 'manage') =>
  mount(methods, <FollowupTab application={data} mode={mode} />);

// Several steps each, on a machine that may be busy.
describe('the follow-up tab', { timeout: 15_000 }, () => {
  it('requests a follow-up of an approved application after a confirmation, then shows it as requested with its due date', async () => {
    let followup: Promise<Followup> | null = null;
    const requestFollowup = vi.fn(async (_id: string) => requested);
    await render(
      {
        getFollowup: () => followup ?? notRequested(),
        requestFollowup: async (id: string) => {
          followup = Promise.resolve(requested);
          return requestFollowup(id);
        },
      },
      application(enums.application_status.approved),
    );
    await waitFor(() => text().includes('Ingen uppföljning har begärts'), 'the empty state');
    await act(async () => button('Begär uppföljning')!.click());
    await waitFor(() => text().includes('Den sökande får ett mejl med en länk'), 'the confirmation');
    expect(requestFollowup).not.toHaveBeenCalled();

    const confirm = [...document.querySelectorAll('[role="dialog"] button')].find((b) => b.textContent === 'Begär uppföljning')!;
    await act(async () => (confirm as HTMLButtonElement).click());
    await waitFor(() => text().includes('Den sökande har inte skickat in uppföljningen ännu.'), 'the requested state');
    expect(requestFollowup).toHaveBeenCalledWith(uuid);
    expect(text()).toContain('Uppföljning begärd. Den ska vara inskickad senast 2 dec. 2026.');
    expect(text()).toContain('Begärd2 nov. 2026');
    expect(text()).toContain('Senast2 dec. 2026');
    expect(text()).toContain('PåminnelseIngen påminnelse har skickats');
  });

  it('says why a follow-up cannot be requested before the application is approved, and shows the server’s refusal', async () => {
    await render({ getFollowup: notRequested }, application(enums.application_status.received));
    await waitFor(() => text().includes('Ingen uppföljning har begärts'), 'the empty state');
    const request = button('Begär uppföljning')!;
    expect(request.disabled).toBe(true);
    expect(document.getElementById(request.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Uppföljning kan bara begäras för en beviljad ansökan.',
    );

    act(() => root!.unmount());
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await render(
      {
        getFollowup: notRequested,
        requestFollowup: () => Promise.reject(new HttpError('Det finns ingen e-postadress kopplad till den här ansökan.', 422, {})),
      },
      application(enums.application_status.approved),
    );
    await waitFor(() => !!button('Begär uppföljning'), 'the button');
    await act(async () => button('Begär uppföljning')!.click());
    const confirm = [...document.querySelectorAll('[role="dialog"] button')].find((b) => b.textContent === 'Begär uppföljning')!;
    await act(async () => (confirm as HTMLButtonElement).click());
    await waitFor(() => text().includes('Det finns ingen e-postadress kopplad till den här ansökan.'), 'the refusal');
    expect(text()).toContain('Ingen uppföljning har begärts');
  });

  it('shows the answers and files of a follow-up sent in, and marks the application finished', async () => {
    const setFinished = vi.fn(async () => undefined);
    const getApplicationFile = vi.fn(async () => ({ file: new Blob(['%PDF']), name: 'rapport.pdf' }));
    URL.createObjectURL = vi.fn(() => 'blob:rapport');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await render({ getFollowup: async () => sentIn, setFinished, getApplicationFile }, application(enums.application_status.approved));
    await waitFor(() => text().includes('Den sökandes svar'), 'the answers');
    expect(text()).toContain('Inskickad22 nov. 2026');
    expect(text()).toContain('Genomfördes projektet enligt plan?Nej');
    expect(text()).toContain('KommentarLägret flyttades en vecka.');
    expect(text()).toMatch(/Antal deltagare1\s250/);
    expect(text()).toContain('Antal arrangemang4');
    expect(text()).toContain('Hur stödet från stiftelsen gjordes käntAffischer och lokaltidningen.');
    expect(text()).toContain('rapport.pdf2 kB');

    await act(async () => button('rapport.pdf')!.click());
    await waitFor(() => getApplicationFile.mock.calls.length > 0, 'the download');
    expect(getApplicationFile).toHaveBeenCalledWith(uuid, 'f1');

    await act(async () => button('Markera som klar')!.click());
    await waitFor(() => text().includes('Ansökan är markerad som klar.'), 'the notice');
    expect(setFinished).toHaveBeenCalledWith(uuid, true);
  });

  it('lets an investigator read a follow-up without buttons', async () => {
    await render({ getFollowup: async () => sentIn }, application(enums.application_status.approved), 'investigate');
    await waitFor(() => text().includes('Den sökandes svar'), 'the answers');
    expect(button('Markera som klar')).toBeUndefined();

    act(() => root!.unmount());
    await render({ getFollowup: notRequested }, application(enums.application_status.approved), 'investigate');
    await waitFor(() => text().includes('Ingen uppföljning har begärts'), 'the empty state');
    expect(button('Begär uppföljning')).toBeUndefined();
  });

  it('opens on the follow-up tab when the address asks for it', async () => {
    await mount(
      { getApplication: async () => application(enums.application_status.approved), getFollowup: async () => requested },
      <ShownApplicationDialog />,
      `/applications?show=${uuid}&tab=followup`,
    );
    await waitFor(() => text().includes('Den sökande har inte skickat in uppföljningen ännu.'), 'the follow-up tab');
    const tab = document.getElementById('application-tab-followup')!;
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(tab.textContent).toBe('Uppföljning');
  });
});
