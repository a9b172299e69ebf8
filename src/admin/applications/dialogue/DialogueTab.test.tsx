import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { AdminContext, HttpError } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffDataProvider } from '../../../providers/dataProvider';
import { createI18nProvider } from '../../../providers/i18nProvider';
import type { DialogueMessage } from '../../../providers/staffMethods';
import { DialogueTab } from './DialogueTab';
import { waitFor } from '../../../components/testing/dom';

const uuid = 'a1b2c3';
const welcome: DialogueMessage = {
  uuid: 'm1',
  from: 'foundation',
  user: { id: 1, name: 'Anna Admin' },
  body: 'Välkommen!\nHär är avtalet.',
  is_welcome_message: true,
  created_at: '2026-11-20T09:00:00Z',
  read_at: null,
  files: [{ uuid: 'f1', name: 'avtal.pdf', size: 2048, mime: 'application/pdf', is_agreement: true, created_at: '2026-11-20T09:00:00Z' }],
};
const answer: DialogueMessage = {
  uuid: 'm2',
  from: 'applicant',
  user: null,
  body: 'Tack!',
  is_welcome_message: false,
  created_at: '2026-11-21T10:00:00Z',
  read_at: null,
  files: [],
};

let root: Root | null = null;
let container: HTMLDivElement | null = null;
afterEach(() => {
  act(() => root?.unmount());
  container?.remove();
  vi.restoreAllMocks();
});

// react-admin logs every failed call; the refusals here are meant.
const quietErrors = () => vi.spyOn(console, 'error').mockImplementation(() => {});

/** The tab in Swedish over a dataProvider with only the dialogue's methods. */
async function render(methods: Partial<StaffDataProvider>, mode: 'manage' | 'investigate' = 'manage', unread: boolean | null = true) {
  const i18nProvider = await createI18nProvider({
    'sv-SE': async () => (await import('../../../../locales/ra-language-swedish')).default,
    'en-US': async () => (await import('ra-language-english')).default,
  });
  await i18nProvider.changeLocale('sv-SE');
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  // `unread` null: the application itself is still being read, so whether it has unread messages is not known yet.
  const show = (known: boolean | null) =>
    act(async () => {
      root!.render(
        <MemoryRouter>
          <AdminContext dataProvider={methods as StaffDataProvider} i18nProvider={i18nProvider}>
            <DialogueTab uuid={uuid} mode={mode} unread={known ?? undefined} applicantName="Lina Öberg" />
          </AdminContext>
        </MemoryRouter>,
      );
    });
  await show(unread);
  return show;
}

const text = () => container!.textContent ?? '';
const textarea = () => container!.querySelector('textarea:not([aria-hidden])') as HTMLTextAreaElement;

/** Types as a person would: React reads the value from the input event. */
function type(value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(textarea(), value);
    textarea().dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const send = () =>
  act(async () => {
    container!.querySelector('form')!.requestSubmit();
    await Promise.resolve();
  });

describe('the dialogue tab', () => {
  it('shows who wrote, the welcome and agreement marks, and marks the thread read up to the last message shown', async () => {
    const markMessagesRead = vi.fn(async () => undefined);
    await render({ getMessages: async () => [welcome, answer], markMessagesRead });
    await waitFor(() => text().includes('Tack!'), 'the thread');
    expect(text()).toContain('Anna Admin för stiftelsen');
    expect(text()).toContain('Lina Öberg');
    expect(text()).toContain('Välkomstmeddelande');
    expect(text()).toContain('avtal.pdf2 kBAvtal');
    await waitFor(() => markMessagesRead.mock.calls.length > 0, 'the thread marked read');
    expect(markMessagesRead).toHaveBeenCalledWith(uuid, 'm2');
    // Only one welcome message: the box cannot be ticked, and says why.
    const checkbox = container!.querySelector('input[type=checkbox]') as HTMLInputElement;
    expect(checkbox.disabled).toBe(true);
    expect(text()).toContain('Ansökan har redan ett välkomstmeddelande.');
  });

  it('marks nothing read until the application itself has been read, then marks it', async () => {
    // Marked while the application's first read is under way, that read would bring the old mark back with it.
    const markMessagesRead = vi.fn(async () => undefined);
    const show = await render({ getMessages: async () => [welcome, answer], markMessagesRead }, 'manage', null);
    await waitFor(() => text().includes('Tack!'), 'the thread');
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(markMessagesRead).not.toHaveBeenCalled();
    await show(true);
    await waitFor(() => markMessagesRead.mock.calls.length > 0, 'the thread marked read');
    expect(markMessagesRead).toHaveBeenCalledWith(uuid, 'm2');
  });

  it('lets an investigator read without writing or marking anything read, and shows a refusal as the server words it', async () => {
    const markMessagesRead = vi.fn(async () => undefined);
    await render({ getMessages: async () => [answer], markMessagesRead }, 'investigate');
    await waitFor(() => text().includes('Tack!'), 'the thread');
    expect(container!.querySelector('form')).toBeNull();
    expect(markMessagesRead).not.toHaveBeenCalled();

    act(() => root!.unmount());
    quietErrors();
    await render(
      {
        getMessages: () => Promise.reject(new HttpError('Du är inte utredare för den här ansökan.', 403, {})),
      },
      'investigate',
    );
    await waitFor(() => text().includes('Du är inte utredare för den här ansökan.'), 'the refusal');
  });

  it('says so when nothing has been written, and keeps what was typed when the server refuses it', async () => {
    quietErrors();
    const refusal = 'Ansökan har redan ett välkomstmeddelande. Skicka det här som ett vanligt meddelande.';
    const sendMessage = vi.fn(() =>
      Promise.reject(new HttpError('De angivna uppgifterna var ogiltiga.', 422, { errors: { is_welcome_message: refusal } })),
    );
    await render({ getMessages: async () => [], sendMessage }, 'manage', false);
    await waitFor(() => text().includes('Inga meddelanden har skickats ännu.'), 'the empty thread');

    await send();
    expect(text()).toContain('Skriv ett meddelande.');
    expect(sendMessage).not.toHaveBeenCalled();

    type('Välkommen till oss');
    act(() => (container!.querySelector('input[type=checkbox]') as HTMLInputElement).click());
    await send();
    await waitFor(() => text().includes(refusal), 'the refusal beside the box');
    expect(sendMessage).toHaveBeenCalledWith(
      uuid,
      { body: 'Välkommen till oss', is_welcome_message: true, files: [], agreements: [] },
      undefined,
    );
    expect(textarea().value).toBe('Välkommen till oss');
  });

  it('clears the box once the message is stored, and reads the thread again', async () => {
    const stored = { ...answer, uuid: 'm3', from: 'foundation' as const, user: { id: 1, name: 'Anna Admin' }, body: 'Hej igen' };
    let thread: DialogueMessage[] = [];
    const sendMessage = vi.fn(async () => ((thread = [stored]), stored));
    await render({ getMessages: async () => thread, sendMessage, markMessagesRead: async () => undefined }, 'manage', false);
    await waitFor(() => !!container!.querySelector('form'), 'the composer');
    type('Hej igen');
    await send();
    await waitFor(() => text().includes('Anna Admin för stiftelsen'), 'the new message in the thread');
    expect(textarea().value).toBe('');
  });
});
