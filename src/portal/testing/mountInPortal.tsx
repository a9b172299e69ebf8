import { act, StrictMode, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from '../router';
import { I18nContext } from '../../components/i18n';
import '../../components/testing/dom';
import type { I18nProvider } from 'ra-core';

let root: Root | null = null;
let container: HTMLElement | null = null;

/**
 * Renders `node` as the portal shows it, in the language of `i18nProvider`, at `entry` of a router of its own; one
 * at a time (unmountPortal after each test). The container it renders in. Imported only by tests. `strict` renders in
 * React's strict mode, which runs each effect twice on mounting (only a strict mode around the whole tree does).
 */
export async function mountInPortal(
  node: ReactNode,
  i18nProvider: I18nProvider,
  entry = '/',
  { strict = false } = {},
): Promise<HTMLElement> {
  const mounted = document.createElement('div');
  container = mounted;
  document.body.append(mounted);
  root = createRoot(mounted);
  const tree = (
    <I18nContext provider={i18nProvider}>
      <MemoryRouter initialEntries={[entry]}>{node}</MemoryRouter>
    </I18nContext>
  );
  await act(async () => {
    root!.render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  });
  return mounted;
}

/** Unmounts what mountInPortal rendered and removes its container. */
export function unmountPortal() {
  act(() => root?.unmount());
  container?.remove();
  [root, container] = [null, null];
}
