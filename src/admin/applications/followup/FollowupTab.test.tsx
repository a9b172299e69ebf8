import { act } from 'react';
import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { enums } from '../../../../resources/enums';
import type { StaffDataProvider } from '../../../providers/dataProvider';
import type { Followup, StaffApplication } from '../../../providers/staffMethods';
import { buttonNamed as button, pageText as text, waitFor } from '../../../components/testing/dom';
import { mountInAdmin, unmountAdmin } from '../../testing/mountInAdmin';
import { ShownApplicationDialog } from '../ShownApplicationDialog';

const uuid = 'app-1';
const application = (
  status: number,
  {
    finished = false,
    followupAt = null as string | null,
    releasedAt = '2026-10-01T09:00:00Z',
  }: { finished?: boolean; followupAt?: string | null; releasedAt?: string | null } = {},
) =>
  ({
    uuid,
    reference: '2026-0042',
    status,
    finished,
    decision_released_at: releasedAt,
    applicant: { id: 3, name: 'Lina Öberg', email: 'lina@example.se' },
    period: { id: 1, uuid: 'p1', name: 'Våren 2026' },
    progress: {
      unhandled: false,
      unread_messages: false,
      followup_at: followupAt,
      followup_sent_in_at: null,
      distribution_mail_sent_at: null,
      finished,
    },
  }) as unknown as StaffApplication;

const requested: Followup = {
  application_uuid: uuid,
  reference: '2026-0042',
  period_name: 'Våren 2026',
  untranslated: [],
  requested_at: '2026-11-02T09:00:00Z',
  due_at: '2026-12-02',
  reminded_at: null,
  sent_in_at: null,
  sent_in_by: null,
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

afterEach(() => {
  unmountAdmin();
  vi.restoreAllMocks();
});

const mount = (methods: Partial<StaffDataProvider>, node: React.ReactNode, entry = '/') =>
  mountInAdmin(node, methods as StaffDataProvider, entry);

/**
 * The application dialog opened on its follow-up tab by the address, in Swedish, over a dataProvider with the
 * application (read afresh on each call, so a change shows) and the follow-up's methods.
 */
const render = (methods: Partial<StaffDataProvider>, data: () => StaffApplication, mode: 'manage' | 'investigate' = 'manage') =>
  mount(
    { getApplication: async () => data(), ...methods },
    <ShownApplicationDialog mode={mode} />,
    `/applications?show=${uuid}&tab=followup`,
  );

/** The last button of that name: the confirmation's, over the dialog. */
const lastButton = (name: string) => [...document.querySelectorAll('button')].filter((b) => b.textContent === name).at(-1);

// Several steps each, on a machine that may be busy.
describe('the follow-up tab', { timeout: 15_000 }, () => {
  const { approved, received } = enums.application_status;

  it('requests a follow-up of an approved application after a confirmation, then shows it as requested with its due date', async () => {
    let data = application(approved);
    const getFollowup = vi.fn(async () => requested);
    const requestFollowup = vi.fn(async (_id: string) => {
      data = application(approved, { followupAt: requested.due_at });
      return requested;
    });
    await render({ getFollowup, requestFollowup }, () => data);
    await waitFor(() => text().includes('Ingen uppföljning har begärts'), 'the empty state');
    // Nothing asked of the server while the application has no follow-up date.
    expect(getFollowup).not.toHaveBeenCalled();
    await act(async () => button('Begär uppföljning')!.click());
    await waitFor(() => text().includes('Den sökande får ett mejl med en länk'), 'the confirmation');
    expect(requestFollowup).not.toHaveBeenCalled();

    await act(async () => lastButton('Begär uppföljning')!.click());
    await waitFor(() => text().includes('Den sökande har inte skickat in uppföljningen ännu.'), 'the requested state');
    expect(requestFollowup).toHaveBeenCalledWith(uuid);
    expect(text()).toContain('Uppföljning begärd. Den ska vara inskickad senast 2 dec. 2026.');
    expect(text()).toContain('Begärd2 nov. 2026');
    expect(text()).toContain('Senast2 dec. 2026');
    expect(text()).toContain('PåminnelseIngen påminnelse har skickats');
  });

  it('says why a follow-up cannot be requested before the application is approved, and shows the server’s refusal', async () => {
    await render({}, () => application(received));
    await waitFor(() => text().includes('Ingen uppföljning har begärts'), 'the empty state');
    const request = button('Begär uppföljning')!;
    expect(request.disabled).toBe(true);
    expect(document.getElementById(request.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Uppföljning kan bara begäras för en beviljad ansökan.',
    );

    // Approved, but the applicant has not been told: the request's mail would speak of a grant they do not know of.
    unmountAdmin();
    await render({}, () => application(approved, { releasedAt: null }));
    await waitFor(() => !!button('Begär uppföljning'), 'the button');
    expect(button('Begär uppföljning')!.disabled).toBe(true);
    expect(document.getElementById(button('Begär uppföljning')!.getAttribute('aria-describedby')!)!.textContent).toMatch(
      /^Sökanden har inte fått beslutet ännu/,
    );

    unmountAdmin();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await render(
      { requestFollowup: () => Promise.reject(new HttpError('Det finns ingen e-postadress kopplad till den här ansökan.', 422, {})) },
      () => application(approved),
    );
    await waitFor(() => !!button('Begär uppföljning'), 'the button');
    await act(async () => button('Begär uppföljning')!.click());
    await act(async () => lastButton('Begär uppföljning')!.click());
    await waitFor(() => text().includes('Det finns ingen e-postadress kopplad till den här ansökan.'), 'the refusal');
    expect(text()).toContain('Ingen uppföljning har begärts');
  });

  it('shows a follow-up someone else requested meanwhile, with the server’s word for it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let data = application(approved);
    await render(
      {
        getFollowup: async () => requested,
        requestFollowup: () => {
          data = application(approved, { followupAt: requested.due_at });
          return Promise.reject(new HttpError('Uppföljning är redan begärd för den här ansökan.', 409, {}));
        },
      },
      () => data,
    );
    await waitFor(() => !!button('Begär uppföljning'), 'the button');
    await act(async () => button('Begär uppföljning')!.click());
    await act(async () => lastButton('Begär uppföljning')!.click());
    await waitFor(() => text().includes('Den sökande har inte skickat in uppföljningen ännu.'), 'the requested state');
    expect(text()).toContain('Uppföljning är redan begärd för den här ansökan.');
  });

  it('shows the answers and files of a follow-up sent in, and marks the application finished', async () => {
    let finished = false;
    const setFinished = vi.fn(async (_id: string, value: boolean) => void (finished = value));
    const getApplicationFile = vi.fn(async () => ({ file: new Blob(['%PDF']), name: 'rapport.pdf' }));
    URL.createObjectURL = vi.fn(() => 'blob:rapport');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await render({ getFollowup: async () => sentIn, setFinished, getApplicationFile }, () =>
      application(approved, { finished, followupAt: sentIn.due_at }),
    );
    await waitFor(() => text().includes('Den sökandes svar'), 'the answers');
    expect(text()).toContain('Inskickad22 nov. 2026');
    expect(text()).toContain('Genomfördes projektet enligt plan?Nej');
    expect(text()).toContain('KommentarLägret flyttades en vecka.');
    expect(text()).toMatch(/Antal deltagare1\s250/);
    expect(text()).toContain('Antal genomförda evenemang4');
    expect(text()).toContain('Hur stödet från stiftelsen gjordes käntAffischer och lokaltidningen.');
    expect(text()).toContain('rapport.pdf2 kB');

    await act(async () => button('rapport.pdf')!.click());
    await waitFor(() => getApplicationFile.mock.calls.length > 0, 'the download');
    expect(getApplicationFile).toHaveBeenCalledWith(uuid, 'f1');

    await act(async () => button('Markera som klar')!.click());
    await waitFor(() => !!button('Markera som inte klar'), 'the application read again as finished');
    expect(setFinished).toHaveBeenCalledWith(uuid, true);
    expect(text()).toContain('Ansökan är markerad som klar.');
  });

  it('lets an investigator read a follow-up without buttons', async () => {
    await render({ getFollowup: async () => sentIn }, () => application(approved, { followupAt: sentIn.due_at }), 'investigate');
    await waitFor(() => text().includes('Den sökandes svar'), 'the answers');
    expect(button('Markera som klar')).toBeUndefined();

    unmountAdmin();
    await render({}, () => application(approved), 'investigate');
    await waitFor(() => text().includes('Ingen uppföljning har begärts'), 'the empty state');
    expect(button('Begär uppföljning')).toBeUndefined();
  });

  it('treats a follow-up date without a report (404) as none requested, and shows any other failure', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await render({ getFollowup: notRequested }, () => application(approved, { followupAt: '2026-12-02' }));
    await waitFor(() => text().includes('Ingen uppföljning har begärts'), 'the empty state');
    expect(document.getElementById('application-tab-followup')!.getAttribute('aria-selected')).toBe('true');

    unmountAdmin();
    await render({ getFollowup: () => Promise.reject(new HttpError('Något gick fel.', 500, {})) }, () =>
      application(approved, { followupAt: '2026-12-02' }),
    );
    await waitFor(() => text().includes('Något gick fel.'), 'the failure');
    expect(text()).not.toContain('Ingen uppföljning har begärts');
  });
});
