import { memoryStore } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { listStore } from './listStore';

describe('the remembered list settings', () => {
  it('keep the sort and filters of a list opened on an application’s dialog, not the dialog', () => {
    const store = listStore(memoryStore());
    store.setup();
    store.setItem('applications.listParams', { show: 'a-uuid', tab: 'dialogue', decide: 'approve', sort: 'reference', filter: { q: 'x' } });
    expect(store.getItem('applications.listParams')).toEqual({ sort: 'reference', filter: { q: 'x' } });
  });

  it('keep everything else as it was given', () => {
    const store = listStore(memoryStore());
    store.setup();
    store.setItem('sidebar.open', true);
    store.setItem('preferences.show', 'kept');
    expect(store.getItem('sidebar.open')).toBe(true);
    expect(store.getItem('preferences.show')).toBe('kept');
  });
});
