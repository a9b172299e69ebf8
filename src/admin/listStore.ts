import { localStorageStore, type Store } from 'react-admin';
import { dialogWords } from './applications/useShownApplication';

const isListParams = (key: string) => key.endsWith('.listParams');

/**
 * react-admin's remembered list settings (sort, filters, page), without the words that open an application's dialog.
 * A list remembers every word of the address it was opened with, and writes the remembered ones back on its next change
 * of filter or sort: a dialog opened by a link (`?show=…&tab=dialogue`) and closed would open again at the next search.
 */
export function listStore(base: Store = localStorageStore()): Store {
  return {
    ...base,
    setItem: (key, value) => {
      if (!isListParams(key) || !value || typeof value !== 'object') return base.setItem(key, value);
      const kept = { ...(value as Record<string, unknown>) };
      for (const word of dialogWords) delete kept[word];
      base.setItem(key, kept);
    },
  };
}
