import { act, useEffect } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../providers/httpClient';
import '../../components/testing/dom';
import { useAutosave, type AutosaveOptions, type Changes } from './useAutosave';

interface Values {
  name: string;
  count: string;
}
const key = 'test-draft:1';
const kept = () => JSON.parse(localStorage.getItem(key) ?? 'null') as Changes | null;

/** What the form was given by the hook at its last render. */
let form: ReturnType<typeof useAutosave<Values>>;
function Form({ options }: { options: AutosaveOptions<Values> }) {
  const autosave = useAutosave(options);
  useEffect(() => {
    form = autosave;
  });
  return null;
}

/** The saves the server was asked for, and its answer to the next ones (saved, unless a test says otherwise). */
let saves: Changes[];
let refuse: (changes: Changes) => ApiError | undefined;
let root: Root;

function mount(options: Partial<AutosaveOptions<Values>> = {}) {
  const save = async (changes: Changes) => {
    saves.push(changes);
    const refusal = refuse(changes);
    if (refusal) throw refusal;
    return '2026-03-02T10:00:00Z';
  };
  root = createRoot(document.createElement('div'));
  act(() => root.render(<Form options={{ key, initial: { name: 'Från servern', count: '' }, savedAt: null, save, ...options }} />));
}
const change = (field: keyof Values, value: string) => act(() => form.change(field, value));
const flush = () => act(() => form.flush());
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  localStorage.clear();
  saves = [];
  refuse = () => undefined;
});
afterEach(() => {
  act(() => root.unmount());
  vi.useRealTimers();
});

describe('the autosave engine', () => {
  it('keeps each change in this browser at once, sends only the changed fields once typing stops, then forgets its copy', async () => {
    mount();
    change('name', 'Ny');
    expect(form.values).toEqual({ name: 'Ny', count: '' });
    expect(kept()).toEqual({ name: 'Ny' });
    await wait(1499);
    expect(saves).toEqual([]);
    await wait(1);
    expect(saves).toEqual([{ name: 'Ny' }]);
    expect(kept()).toBeNull();
    expect(form.state).toEqual({ kind: 'saved' });
    expect(form.savedAt).toBe('2026-03-02T10:00:00Z');
  });

  it('lays this browser’s copy over the values on load, without what the form does not know, and sends it', async () => {
    localStorage.setItem(key, JSON.stringify({ name: 'Skrivet före omladdningen', gone: 'x' }));
    mount({ known: (field) => field === 'name' || field === 'count' });
    expect(form.values).toEqual({ name: 'Skrivet före omladdningen', count: '' });
    await wait(0);
    expect(saves).toEqual([{ name: 'Skrivet före omladdningen' }]);
  });

  it('sends each value as the server takes it, and keeps one that cannot be sent yet until it is fixed', async () => {
    mount({ payload: (field, value) => (field !== 'count' ? value : /^\d*$/.test(value as string) ? Number(value) : undefined) });
    change('count', 'tolv');
    change('name', 'Ny');
    expect(await flush()).toBe(true);
    expect(saves).toEqual([{ name: 'Ny' }]);
    expect(kept()).toEqual({ count: 'tolv' });
    change('count', '12');
    await flush();
    expect(saves[1]).toEqual({ count: 12 });
    expect(kept()).toBeNull();
  });

  it('keeps the changes after a failure on the way and tries again 5 s later', async () => {
    mount();
    refuse = () => new ApiError('Ingen anslutning.', 0);
    change('name', 'Ny');
    expect(await flush()).toBe(false);
    expect(form.state).toEqual({ kind: 'retrying', message: 'Ingen anslutning.' });
    expect(kept()).toEqual({ name: 'Ny' });
    refuse = () => undefined;
    await wait(4999);
    expect(saves).toHaveLength(1);
    await wait(1);
    expect(saves).toEqual([{ name: 'Ny' }, { name: 'Ny' }]);
    expect(kept()).toBeNull();
  });

  it('tries once more when the form is left, then no more; this browser’s copy goes on the next visit', async () => {
    mount();
    refuse = () => new ApiError('Ingen anslutning.', 0);
    change('name', 'Ny');
    expect(await flush()).toBe(false);
    act(() => root.unmount());
    await wait(0);
    expect(saves).toHaveLength(2);
    await wait(60_000);
    expect(saves).toHaveLength(2);
    expect(kept()).toEqual({ name: 'Ny' });
    refuse = () => undefined;
    mount();
    await wait(0);
    expect(saves).toEqual([{ name: 'Ny' }, { name: 'Ny' }, { name: 'Ny' }]);
    expect(kept()).toBeNull();
  });

  it('shows the server’s reason for a field it refuses, keeps the field here unsent until changed, and sends the rest at once', async () => {
    mount();
    refuse = (changes) =>
      'count' in changes ? new ApiError('De angivna uppgifterna var ogiltiga.', 422, { errors: { count: 'Högst 10.' } }) : undefined;
    change('name', 'Ny');
    change('count', '11');
    expect(await flush()).toBe(false);
    expect(form.serverErrors).toEqual({ count: 'Högst 10.' });
    await wait(0);
    expect(saves).toEqual([{ name: 'Ny', count: '11' }, { name: 'Ny' }]);
    // A reload would bring it back.
    expect(kept()).toEqual({ count: '11' });
    expect(form.values.count).toBe('11');

    change('name', 'Nyare');
    await flush();
    expect(saves[2]).toEqual({ name: 'Nyare' });
    expect(form.serverErrors).toEqual({ count: 'Högst 10.' });
    change('count', '9');
    expect(form.serverErrors).toEqual({});
    refuse = () => undefined;
    await flush();
    expect(saves[3]).toEqual({ count: '9' });
    expect(kept()).toBeNull();
  });

  it('keeps every field of a save refused as a whole (a period closed) here, unsent until changed, while the others save', async () => {
    mount();
    refuse = (changes) => ('count' in changes ? new ApiError('Perioden är stängd.', 409) : undefined);
    change('count', '3');
    expect(await flush()).toBe(false);
    expect(form.state).toEqual({ kind: 'failed', message: 'Perioden är stängd.' });
    expect(kept()).toEqual({ count: '3' });
    change('name', 'Ny');
    await flush();
    expect(saves).toEqual([{ count: '3' }, { name: 'Ny' }]);
    expect(kept()).toEqual({ count: '3' });
  });

  it('keeps nothing once forgotten (sent in)', async () => {
    mount();
    refuse = () => new ApiError('Perioden är stängd.', 409);
    change('name', 'Ny');
    await flush();
    change('count', '3');
    act(() => form.forget());
    expect(kept()).toBeNull();
    await wait(1500);
    expect(saves).toHaveLength(1);
  });
});
