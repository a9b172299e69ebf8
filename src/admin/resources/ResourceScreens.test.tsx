import { act } from 'react';
import { ResourceContextProvider, useNavigate, type DataProvider } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { contacts } from '../../../resources/contacts';
import { periods } from '../../../resources/periods';
import { buttonNamed, typeInto, waitFor } from '../../components/testing/dom';
import { mountInAdmin, unmountAdmin } from '../testing/mountInAdmin';
import { resourceScreens } from './ResourceScreens';

afterEach(() => {
  unmountAdmin();
  vi.restoreAllMocks();
});

const field = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
/** The e-mail field's error, or '' (react-admin keeps the helper line's room with a blank). */
const emailMessage = () =>
  field('email').getAttribute('aria-invalid') === 'true'
    ? (field('email').closest('.ra-input')?.querySelector('.MuiFormHelperText-root')?.textContent ?? '')
    : '';

describe('a settings entity’s form', { timeout: 20_000 }, () => {
  it('checks an e-mail address by the server’s rule, with its message, and saves an internationalised one', async () => {
    const create = vi.fn(async (_resource: string, params: { data: Record<string, unknown> }) => ({ data: { id: 1, ...params.data } }));
    const Create = resourceScreens(contacts).create;
    await mountInAdmin(
      <ResourceContextProvider value="contacts">
        <Create />
      </ResourceContextProvider>,
      { create } as unknown as DataProvider,
    );
    await waitFor(() => !!field('email'), 'the form');
    await typeInto(field('first_name'), 'Åsa');
    await typeInto(field('last_name'), 'Test');
    for (const bad of ['a@b', 'x']) {
      await typeInto(field('email'), bad);
      await act(async () => buttonNamed('Spara')!.click());
      // What the API answers for the same value (server/settingsEngine/resources.test.ts), and the registration page says.
      await waitFor(() => emailMessage() === 'Fältet e-postadress måste vara en giltig e-postadress.', `the message for ${bad}`);
      await typeInto(field('email'), 'anna@example.se');
      await waitFor(() => emailMessage() === '', 'the message gone');
    }
    expect(create).not.toHaveBeenCalled();

    await typeInto(field('email'), 'test.åsa@example.se');
    await act(async () => buttonNamed('Spara')!.click());
    await waitFor(() => create.mock.calls.length > 0, 'the save');
    expect(create.mock.calls[0][1].data).toMatchObject({ first_name: 'Åsa', last_name: 'Test', email: 'test.åsa@example.se' });
  });
});

describe('a settings entity’s form left with unsaved changes', { timeout: 20_000 }, () => {
  function Leave() {
    const navigate = useNavigate();
    return <button onClick={() => void navigate('/applications')}>Till ansökningarna</button>;
  }

  it('asks before the page changes, and stays with what was typed when the answer is no', async () => {
    const Create = resourceScreens(contacts).create;
    await mountInAdmin(
      <>
        <ResourceContextProvider value="contacts">
          <Create />
        </ResourceContextProvider>
        <Leave />
      </>,
      {} as DataProvider,
      '/contacts/create',
    );
    await waitFor(() => !!field('first_name'), 'the form');
    await typeInto(field('first_name'), 'Åsa');
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    await act(async () => buttonNamed('Till ansökningarna')!.click());
    await waitFor(() => confirm.mock.calls.length > 0, 'the question');
    expect(confirm).toHaveBeenCalledWith('Vissa av dina ändringar har inte sparats. Är du säker på att du vill ignorera dem?');
    expect(field('first_name').value).toBe('Åsa');
  });
});

describe('a settings entity’s money field', { timeout: 20_000 }, () => {
  // Read by the shared money input's rules (resources/money.ts), in whole öre: no kronor through floating point.
  it.each([
    ['1 234,56', 123456],
    ['0,29', 29],
    ['1,234.56', 123456],
    ['25.000', 2500000],
    // Kronor times 100 in floating point gives 3959959789902903 here.
    ['39599597899029.02', 3959959789902902],
  ])('reads “%s” as %i öre, as every money input does', async (typed, ore) => {
    const create = vi.fn(async (_resource: string, params: { data: Record<string, unknown> }) => ({ data: { id: 1, ...params.data } }));
    const Create = resourceScreens(periods).create;
    await mountInAdmin(
      <ResourceContextProvider value="periods">
        <Create />
      </ResourceContextProvider>,
      { create, getList: async () => ({ data: [], total: 0 }), getMany: async () => ({ data: [] }) } as unknown as DataProvider,
    );
    await waitFor(() => !!field('available_money'), 'the form');
    // The default amount, shown as Swedish writes it.
    expect(field('available_money').value).toBe('0,00');
    await typeInto(field('name'), 'Vår 2026');
    await typeInto(field('start_date'), '2026-03-01');
    await typeInto(field('end_date'), '2026-04-30');
    await typeInto(field('available_money'), typed);
    await act(async () => buttonNamed('Spara')!.click());
    await waitFor(() => create.mock.calls.length > 0, 'the save');
    expect(create.mock.calls[0][1].data).toMatchObject({ name: 'Vår 2026', available_money: ore });
  });
});
