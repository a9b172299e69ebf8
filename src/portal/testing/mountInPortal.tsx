import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from '../router';
import { I18nContext } from '../../components/i18n';
import '../../components/testing/dom';
import type { I18nProvider } from 'ra-core';

let root: Root | null = null;
let container: HTMLElement | null = null;

/**
 * Renders `node` as the portal shows it, in the language of `i18nProvider`, at `entry` of a router of its own; one
 * at a time (unmountPortal after each test). The container it renders in. Imported only by tests.
 */
export async function mountInPortal(node: ReactNode, i18nProvider: I18nProvider, entry = '/'): Promise<HTMLElement> {
  const mounted = document.createElement('div');
  container = mounted;
  document.body.append(mounted);
  root = createRoot(mounted);
  await act(async () => {
    root!.render(
      <I18nContext provider={i18nProvider}>
        <MemoryRouter initialEntries={[entry]}>{node}</MemoryRouter>
      </I18nContext>,
    );
  });
  return mounted;
}

/** Unmounts what mountInPortal rendered and removes its container. */
export function unmountPortal() {
  act(() => root?.unmount());
  container?.remove();
  [root, container] = [null, null];
}
