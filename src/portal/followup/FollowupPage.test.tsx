import { act } from 'react';
import { Route, Routes } from '../router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../providers/httpClient';
import { createI18nProvider } from '../../providers/i18nProvider';
import FollowupPage from '../pages/FollowupPage';
import { http } from '../providers';
import type { Followup } from './types';
import { pageText as text, waitFor } from '../../components/testing/dom';
import { mountInPortal, unmountPortal } from '../testing/mountInPortal';

const uuid = 'b7e1c9d2';
const requested: Followup = {
  application_uuid: uuid,
  reference: '2026-0042',
  period_name: 'Höstens bidrag 2026',
  untranslated: [],
  requested_at: '2026-11-20T09:00:00Z',
  due_at: '2026-12-20',
  reminded_at: null,
  sent_in_at: null,
  sent_in_by: null,
  according_to_plan: null,
  according_to_plan_comment: null,
  participants: null,
  events: null,
  marketing: null,
  files: [],
  upload_max_bytes: 10 * 1024 * 1024,
};
const answered: Partial<Followup> = { according_to_plan: true, participants: 120, events: 4, marketing: 'Affischer och Instagram' };

/** What the stubbed API was asked, and its answers: the contract's follow-up routes over one report. */
let server: {
  followup: Followup;
  puts: unknown[];
  submits: number;
  fail?: (method: string, path: string, body?: unknown) => ApiError | undefined;
};
const path = `/portal/applications/${uuid}/followup`;

function stubApi(followup: Followup) {
  server = { followup: { ...followup }, puts: [], submits: 0 };
  const answer = <T,>(data: T) => ({ data: { data } as never, status: 200, headers: {} });
  const refusal = (method: string, url: string, body?: unknown) => server.fail?.(method, url, body);
  vi.spyOn(http, 'get').mockImplementation(async (url) => {
    if (url !== path) throw new ApiError('Det du letade efter finns inte.', 404);
    return answer(server.followup);
  });
  vi.spyOn(http, 'put').mockImplementation(async (url, body) => {
    // Only the follow-up's own saves count: another page's autosave finishing late is none of its business.
    if (url !== path) throw new ApiError('Det du letade efter finns inte.', 404);
    const failure = refusal('PUT', url, body);
    if (failure) throw failure;
    const changes = (body as { data: Partial<Followup> }).data;
    server.puts.push(changes);
    server.followup = { ...server.followup, ...changes };
    return answer(server.followup);
  });
  vi.spyOn(http, 'post').mockImplementation(async (url, body) => {
    const failure = refusal('POST', url);
    if (failure) throw failure;
    if (url === `${path}/submit`) {
      server.submits++;
      server.followup = { ...server.followup, sent_in_at: '2026-11-23T10:00:00Z' };
      return answer(server.followup);
    }
    const file = (body as FormData).get('file') as File;
    const stored = { uuid: `f-${file.name}`, name: file.name, mime: file.type, size: file.size, created_at: '2026-11-23T10:00:00Z' };
    server.followup = { ...server.followup, files: [...server.followup.files, stored] };
    return { data: { data: stored }, status: 201, headers: {} };
  });
  vi.spyOn(http, 'delete').mockImplementation(async (url) => {
    server.followup = { ...server.followup, files: server.followup.files.filter((f) => !url.endsWith(f.uuid)) };
    return { data: '', status: 204, headers: {} };
  });
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  expect(missing).toEqual([]);
  unmountPortal();
  vi.restoreAllMocks();
});

/** The page in Swedish at /followup/<uuid>, over the stubbed API. */
/** Keys the page asked for that the language has no text for. */
let missing: string[] = [];

async function render(followup: Followup = requested, { found = true, locale = 'sv-SE' } = {}) {
  stubApi(followup);
  if (!found) vi.spyOn(http, 'get').mockRejectedValue(new ApiError('Det du letade efter finns inte.', 404));
  missing = [];
  const i18nProvider = await createI18nProvider(undefined, { onMissingKey: (key, language) => missing.push(`${language}:${key}`) });
  await i18nProvider.changeLocale(locale);
  await mountInPortal(
    <Routes>
      <Route path="/followup/:applicationUuid" element={<FollowupPage />} />
      <Route path="/finns-inte" element={<p>Sidan finns inte</p>} />
    </Routes>,
    i18nProvider,
    `/followup/${uuid}`,
  );
  await waitFor(() => text().includes('2026-0042') || text().includes('Sidan finns inte'), 'the page');
}

// Numbers are grouped by a no-break space in Swedish; compared as plain spaces.
const field = (id: string) => document.getElementById(`field-${id}`) as HTMLInputElement;
const button = (name: string) =>
  [...document.querySelectorAll('button')].find(
    (b) => b.textContent === name || b.getAttribute('aria-label') === name,
  ) as HTMLButtonElement;
const helper = (id: string) => (document.getElementById(`field-${id}-helper`)?.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ');

/** Types as a person would: React reads the value from the input event. */
function type(id: string, value: string) {
  const input = field(id);
  const prototype = input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  act(() => {
    input.focus();
    Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}
// Leaving a field (and choosing an answer) saves at once: the save's answer is awaited within act.
const leave = (id: string) => act(async () => field(id).blur());
const click = (element: HTMLElement) => act(async () => element.click());

async function answerAll() {
  await click(document.querySelector('input[value="yes"]')!);
  type('participants', '120');
  type('events', '4');
  type('marketing', 'Affischer och Instagram');
  await leave('marketing');
  await waitFor(() => text().includes('Sparat'), 'the answers saved');
}

// The page, MUI and both languages load in each test; on a busy machine that alone can take seconds.
describe('the follow-up page', { timeout: 20_000 }, () => {
  it('names the application, its period and due date, and saves only what changed, keeping it in the browser at once', async () => {
    await render({ ...requested, marketing: 'Från servern' });
    expect(text()).toContain('Uppföljning av ansökan 2026-0042');
    expect(text()).toContain('Höstens bidrag 2026');
    expect(text()).toContain('Lämnas senast 20 dec. 2026');
    expect(field('marketing').value).toBe('Från servern');
    expect(field('participants').getAttribute('inputmode')).toBe('numeric');

    type('participants', '35');
    expect(JSON.parse(localStorage.getItem(`followup-draft:${uuid}`)!)).toEqual({ participants: '35' });
    await leave('participants');
    await waitFor(() => server.puts.length === 1, 'the save');
    expect(server.puts[0]).toEqual({ participants: 35 });
    await waitFor(() => text().includes('Sparat'), 'the save status');
    expect(localStorage.getItem(`followup-draft:${uuid}`)).toBeNull();

    // Typing stops: saved shortly after, without leaving the field; texts trimmed.
    type('according_to_plan_comment', '  Det gick bra  ');
    await waitFor(() => server.puts.length === 2, 'the save after typing stopped');
    expect(server.puts[1]).toEqual({ according_to_plan_comment: 'Det gick bra' });
    expect(text()).toContain('12 av 2 000 tecken');
  });

  it('lays this browser’s unsaved answers over the server’s on load and sends them', async () => {
    localStorage.setItem(`followup-draft:${uuid}`, JSON.stringify({ events: '7', marketing: 'Skrivet före omladdningen' }));
    await render({ ...requested, marketing: 'Äldre text', participants: 10 });
    expect(field('marketing').value).toBe('Skrivet före omladdningen');
    expect(field('participants').value).toBe('10');
    await waitFor(() => server.puts.length === 1, 'the kept answers sent');
    expect(server.puts[0]).toEqual({ events: 7, marketing: 'Skrivet före omladdningen' });
  });

  it('says beside a number field when the text is not a whole number ≥ 0, keeps the text and sends nothing of it', async () => {
    await render();
    for (const bad of ['-1', '1,5', 'abc', '2000000']) {
      type('participants', bad);
      await leave('participants');
      expect(field('participants').value).toBe(bad);
      expect(helper('participants')).toContain('Skriv ett heltal från 0 till 1 000 000');
      expect(field('participants').getAttribute('aria-invalid')).toBe('true');
    }
    type('events', '3');
    await leave('events');
    await waitFor(() => server.puts.length === 1, 'the other field saved');
    expect(server.puts).toEqual([{ events: 3 }]);
    // Kept in the browser until it is fixed.
    expect(JSON.parse(localStorage.getItem(`followup-draft:${uuid}`)!)).toEqual({ participants: '2000000' });
    type('participants', '1 200');
    await leave('participants');
    await waitFor(() => server.puts.length === 2, 'the fixed number saved');
    expect(server.puts[1]).toEqual({ participants: 1200 });
  });

  it('shows the server’s reason beside the field when it refuses a save', async () => {
    await render();
    server.fail = (method) =>
      method === 'PUT'
        ? new ApiError('De angivna uppgifterna var ogiltiga.', 422, { errors: { marketing: 'Texten är för lång.' } })
        : undefined;
    type('marketing', 'Något');
    await leave('marketing');
    await waitFor(() => helper('marketing').includes('Texten är för lång.'), 'the reason beside the field');
    expect(field('marketing').value).toBe('Något');
  });

  it('keeps an answer the server refused in the browser, unsent until changed, and lists it rather than send the old one in', async () => {
    await render();
    await answerAll();
    server.fail = (method, _url, body) =>
      method === 'PUT' && 'marketing' in (body as { data: object }).data
        ? new ApiError('De angivna uppgifterna var ogiltiga.', 422, { errors: { marketing: 'Texten är för lång.' } })
        : undefined;
    const saved = server.puts.length;
    type('marketing', 'Något');
    type('events', '5');
    await leave('marketing');
    await waitFor(() => helper('marketing').includes('Texten är för lång.'), 'the reason beside the field');
    await waitFor(() => server.puts.length === saved + 1, 'the other answer saved');
    expect(server.puts[saved]).toEqual({ events: 5 });
    expect(JSON.parse(localStorage.getItem(`followup-draft:${uuid}`)!)).toEqual({ marketing: 'Något' });
    type('participants', '121');
    await leave('participants');
    await waitFor(() => server.puts.length === saved + 2, 'the next save');
    expect(server.puts[saved + 1]).toEqual({ participants: 121 });

    await click(button('Skicka in uppföljningen'));
    await waitFor(() => text().includes('Fyll i följande uppgifter:'), 'the refused answer listed');
    expect(text()).toContain('Hur har ni berättat om stiftelsens stöd?: Texten är för lång.');
    expect(document.querySelector('[role=dialog]')).toBeNull();
    expect(server.submits).toBe(0);
  });

  it('lists the missing answers as links to their fields and sends nothing', async () => {
    await render();
    type('events', '2');
    await click(button('Skicka in uppföljningen'));
    await waitFor(() => text().includes('Fyll i följande uppgifter:'), 'the list of missing answers');
    const links = [...document.querySelectorAll('[role=alert] a, .MuiAlert-root a')].map((a) => a.textContent);
    expect(links).toEqual(['Genomfördes projektet enligt plan?', 'Antal deltagare', 'Hur har ni berättat om stiftelsens stöd?']);
    expect(server.submits).toBe(0);
    expect(document.querySelector('[role=dialog]')).toBeNull();
    expect(helper('marketing')).toContain('Svara på frågan innan du skickar in.');

    const link = [...document.querySelectorAll('a')].find((a) => a.textContent === 'Antal deltagare')!;
    await click(link);
    expect(document.activeElement).toBe(field('participants'));
    // Answered: off the list.
    type('participants', '5');
    expect([...document.querySelectorAll('a')].some((a) => a.textContent === 'Antal deltagare')).toBe(false);
  });

  it('asks to confirm, sends the report in and then shows it read-only', async () => {
    await render();
    await answerAll();
    await click(button('Skicka in uppföljningen'));
    await waitFor(() => !!document.querySelector('[role=dialog]'), 'the confirmation');
    expect(text()).toContain('När uppföljningen är inskickad kan du inte längre ändra');
    await click(button('Avbryt'));
    expect(server.submits).toBe(0);

    await click(button('Skicka in uppföljningen'));
    await waitFor(() => !!button('Skicka in'), 'the confirmation again');
    await click(button('Skicka in'));
    await waitFor(() => text().includes('Tack! Uppföljningen är inskickad'), 'the confirmation of sending');
    expect(server.submits).toBe(1);
    expect(document.querySelector('textarea, input:not([type=hidden])')).toBeNull();
    expect(text()).toContain('Affischer och Instagram');
    expect(text()).toContain('120');
  });

  it('lists the server’s problems on a 422 and keeps everything on any other failure', async () => {
    await render();
    await answerAll();
    server.fail = (method, url) =>
      url.endsWith('/submit')
        ? new ApiError('De angivna uppgifterna var ogiltiga.', 422, { errors: { events: 'Fältet antal evenemang är obligatoriskt.' } })
        : undefined;
    await click(button('Skicka in uppföljningen'));
    await waitFor(() => !!button('Skicka in'), 'the confirmation');
    await click(button('Skicka in'));
    await waitFor(() => text().includes('Fyll i följande uppgifter:'), 'the server’s problems');
    expect(text()).toContain('Antal genomförda evenemang: Fältet antal evenemang är obligatoriskt.');

    server.fail = (method, url) => (url.endsWith('/submit') ? new ApiError('Internal Server Error', 500) : undefined);
    await click(button('Skicka in uppföljningen'));
    await waitFor(() => !!button('Skicka in'), 'the confirmation');
    await click(button('Skicka in'));
    await waitFor(() => text().includes('Något gick fel med uppföljningen. Försök igen.'), 'the follow-up error');
    expect(field('marketing').value).toBe('Affischer och Instagram');
    expect(server.followup.sent_in_at).toBeNull();
  });

  it('shows a report already sent in read-only, with its date, answers and files', async () => {
    const file = { uuid: 'f1', name: 'rapport.pdf', mime: 'application/pdf', size: 2048, created_at: '2026-11-21T10:00:00Z' };
    await render({ ...requested, ...answered, sent_in_at: '2026-11-21T10:00:00Z', files: [file] });
    expect(text()).toContain('Uppföljningen skickades in 21 nov. 2026 och kan inte längre ändras.');
    expect(text()).toContain('Ja');
    expect(text()).toContain('Affischer och Instagram');
    const link = [...document.querySelectorAll('a')].find((a) => a.textContent === 'rapport.pdf')!;
    expect(link.getAttribute('href')).toBe(`/api/v1/portal/applications/${uuid}/files/f1`);
    expect(document.querySelector('textarea, input')).toBeNull();
    expect(button('Skicka in uppföljningen')).toBeUndefined();
  });

  it('speaks English when the applicant has chosen it', async () => {
    await render(requested, { locale: 'en-US' });
    expect(text()).toContain('Follow-up of application 2026-0042');
    expect(text()).toContain('Due by Dec 20, 2026');
    expect(text()).toContain('Did the project go according to plan?');
    await click(button('Send the follow-up report'));
    await waitFor(() => text().includes('Please fill in the following:'), 'the list of missing answers');
    expect(text()).toContain('Number of events held');
  });

  it('is not found for another applicant’s application or one with no follow-up asked for', async () => {
    await render(requested, { found: false });
    expect(text()).toContain('Sidan finns inte');
  });

  it('uploads attachments, refuses a too large file before uploading, and removes one after a question', async () => {
    await render({ ...requested, upload_max_bytes: 1024 * 1024 });
    const picker = document.querySelector('input[type=file]') as HTMLInputElement;
    const choose = (...files: File[]) =>
      act(() => {
        Object.defineProperty(picker, 'files', { value: files, configurable: true });
        picker.dispatchEvent(new Event('change', { bubbles: true }));
      });
    choose(new File(['x'.repeat(3000)], 'bild.jpg', { type: 'image/jpeg' }), new File([new Uint8Array(2 * 1024 * 1024)], 'stor.pdf'));
    await waitFor(() => text().includes('bild.jpg3 kB'), 'the uploaded file listed');
    expect(text()).toContain('stor.pdf är för stor. En fil får vara högst 1 MB.');
    expect(vi.mocked(http.post).mock.calls.map((call) => call[0])).toEqual([`${path}/files`]);
    expect(((vi.mocked(http.post).mock.calls[0][1] as FormData).get('file') as File).name).toBe('bild.jpg');

    await click(button('Ta bort bild.jpg'));
    expect(text()).toContain('Ta bort bild.jpg?');
    await click(button('Ta bort'));
    await waitFor(() => !text().includes('bild.jpg'), 'the file removed');
    expect(vi.mocked(http.delete)).toHaveBeenCalledWith(`${path}/files/f-bild.jpg`);
  });
});
