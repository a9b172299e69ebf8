import { afterAll, vi } from 'vitest';
import { clearEnums } from '../../providers/enums';
import { setLocale } from '../../providers/locale';

/**
 * The unit files share their worker's window (vitest.config.ts: `isolate: false`), so each file leaves it as it found
 * it: no phone-sized matchMedia, stubbed fetch, chosen language, cached enumerations, storage or leftover page carried
 * into the next file.
 */
afterAll(() => {
  setLocale('sv-SE');
  clearEnums();
  delete (window as { matchMedia?: unknown }).matchMedia;
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('lang');
  window.history.replaceState(null, '', '/');
});
