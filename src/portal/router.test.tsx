import { act, lazy, Suspense, useState, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { pageText, waitFor } from '../components/testing/dom';
import {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from './router';

let root: Root | null = null;

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

async function render(node: ReactNode) {
  const container = document.body.appendChild(document.createElement('div'));
  root = createRoot(container);
  await act(async () => root!.render(node));
}

const click = (element: Element, init: MouseEventInit = {}) =>
  act(async () => {
    element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init }));
  });
const link = (text: string) => [...document.querySelectorAll('a')].find((a) => a.textContent === text)!;

function Where() {
  const { pathname, search, state } = useLocation();
  return <p>{`at ${pathname}${search}${state ? ` with ${JSON.stringify(state)}` : ''}`}</p>;
}

function Item() {
  const { id } = useParams();
  const [params] = useSearchParams();
  return <p>{`item ${id} tab ${params.get('tab') ?? '-'}`}</p>;
}

function Layout() {
  return (
    <section>
      <h1>Signed in</h1>
      <Outlet />
    </section>
  );
}

function Jump({ to, state }: { to: string; state?: unknown }) {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate(to, { state })}>
      jump
    </button>
  );
}

const routes = (
  <Routes>
    <Route path="/register" element={<p>register</p>} />
    <Route element={<Layout />}>
      <Route path="/" element={<p>home</p>} />
      <Route path="/items/:id" element={<Item />} />
    </Route>
    <Route path="/old" element={<Navigate to="/register" replace />} />
    <Route path="*" element={<p>not found</p>} />
  </Routes>
);

describe('the portal’s router', () => {
  it('shows the first route whose whole path matches, ignoring case and a trailing slash, with its params decoded', async () => {
    for (const [entry, shown] of [
      ['/register', 'register'],
      ['/REGISTER/', 'register'],
      ['/register/more', 'not found'],
      ['/', 'Signed inhome'],
      ['/items/a%20b?tab=2', 'Signed initem a b tab 2'],
      ['/items', 'not found'],
    ]) {
      await render(<MemoryRouter initialEntries={[entry]}>{routes}</MemoryRouter>);
      expect(pageText(), entry).toBe(shown);
      act(() => root!.unmount());
      document.body.innerHTML = '';
    }
  });

  it('follows a plain click on a link in the page, leaves a modified click to the browser, and passes state on', async () => {
    window.history.replaceState(null, '', '/');
    await render(
      <BrowserRouter>
        <Link to="/items/7?tab=1">open</Link>
        <Jump to="/register" state={{ accountDeleted: true }} />
        <Where />
      </BrowserRouter>,
    );
    expect(link('open').getAttribute('href')).toBe('/items/7?tab=1');
    await click(link('open'), { ctrlKey: true });
    expect(window.location.pathname).toBe('/');
    await click(link('open'));
    expect(window.location.pathname + window.location.search).toBe('/items/7?tab=1');
    expect(pageText()).toContain('at /items/7?tab=1');
    await click(document.querySelector('button')!);
    expect(pageText()).toContain('at /register with {"accountDeleted":true}');

    // Back to the link's page: the browser's history moves, and the page with it.
    await act(async () => window.history.back());
    await waitFor(() => pageText().includes('at /items/7?tab=1'), 'the previous address');
    expect(pageText()).not.toContain('accountDeleted');
  });

  it('replaces the entry when a link leads to the address shown, and Navigate replaces when told', async () => {
    window.history.replaceState(null, '', '/start');
    await render(
      <BrowserRouter>
        <Link to="/">home</Link>
        <Link to="/old">old</Link>
        <Where />
        {routes}
      </BrowserRouter>,
    );
    const back = async (to: string) => {
      await act(async () => window.history.back());
      await waitFor(() => pageText().includes(`at ${to}`), to);
    };
    await click(link('home'));
    await click(link('home'));
    // The second click replaced the first's entry: one step back is where the page started.
    await back('/start');
    await click(link('home'));
    await click(link('old'));
    expect(pageText()).toContain('at /register');
    // /old was replaced by /register: one step back is the page before it.
    await back('/');
  });

  it('keeps a layout from one of its routes to the next, and the page shown until the next one’s code is loaded', async () => {
    let load = (_module: { default: () => ReactNode }) => {};
    const Later = lazy(() => new Promise<{ default: () => ReactNode }>((resolve) => (load = resolve)));
    function Counted() {
      const [mounted] = useState(() => (made += 1));
      return (
        <section>
          {`layout ${mounted}`}
          <Outlet />
        </section>
      );
    }
    let made = 0;
    await render(
      <MemoryRouter initialEntries={['/a']}>
        <Jump to="/b" />
        <Suspense fallback={<p>loading</p>}>
          <Routes>
            <Route element={<Counted />}>
              <Route path="/a" element={<p>page a</p>} />
              <Route path="/b" element={<Later />} />
            </Route>
          </Routes>
        </Suspense>
      </MemoryRouter>,
    );
    expect(pageText()).toBe('jumplayout 1page a');
    await click(document.querySelector('button')!);
    expect(pageText()).toBe('jumplayout 1page a');
    await act(async () => load({ default: () => <p>page b</p> }));
    expect(pageText()).toBe('jumplayout 1page b');
  });
});
