import { act, render, screen } from '@testing-library/react';
import { lazy, Suspense, useEffect } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router-dom';
import { ThemeProvider } from 'styled-components';
import { primaryTheme } from '../../theme/themes';
import { selectNavigationPending } from '../menu/menuSlice';
import { beginRequest } from '../navigation/progress';
import { createAppStore } from '../store';
import { overlayCapMs, overlayDelayMs, RouteChangeOverlay } from './RouteChangeOverlay';
import { RoutePending } from './RoutePending';

// The overlay over route changes (spec section 2), with fake timers: each page below sends its first read
// request on mount (as pages do through createResource) and the test settles it when it likes.

const settle = new Map<string, () => void>();

function Page({ name }: { name: string }) {
  useEffect(() => {
    settle.set(name, beginRequest());
  }, [name]);
  return <h1>{name}</h1>;
}

/** A page of its own that sends nothing. */
function Still() {
  return <h1>still</h1>;
}

let navigate: (to: string) => void = () => undefined;
function Navigator() {
  const routerNavigate = useNavigate();
  useEffect(() => {
    navigate = (to) => void routerNavigate(to);
  }, [routerNavigate]);
  return null;
}

let resolveChunk: () => void = () => undefined;
const Lazy = lazy(
  () =>
    new Promise<{ default: () => React.JSX.Element }>((resolve) => {
      resolveChunk = () => resolve({ default: () => <Page name="lazy" /> });
    }),
);

function renderRoutes(path: string) {
  const store = createAppStore();
  render(
    <Provider store={store}>
      <ThemeProvider theme={primaryTheme}>
        <MemoryRouter initialEntries={[path]} useTransitions={false}>
          <Navigator />
          <RouteChangeOverlay />
          <Suspense fallback={<RoutePending />}>
            <Routes>
              <Route path="/still" element={<Still />} />
              <Route path="/a" element={<Page name="a" />} />
              <Route path="/b" element={<Page name="b" />} />
              <Route path="/lazy" element={<Lazy />} />
            </Routes>
          </Suspense>
        </MemoryRouter>
      </ThemeProvider>
    </Provider>,
  );
  return { pending: () => selectNavigationPending(store.getState()) };
}

const overlay = () => screen.queryByTestId('loading-overlay');
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

beforeEach(() => {
  vi.useFakeTimers();
  settle.clear();
});

afterEach(() => {
  for (const done of settle.values()) done();
  vi.useRealTimers();
});

describe('RouteChangeOverlay', () => {
  it('skips the overlay for a change that completes within the delay', async () => {
    const view = renderRoutes('/a');
    expect(view.pending()).toBe(true);
    await advance(overlayDelayMs - 50);
    act(() => settle.get('a')!());
    expect(view.pending()).toBe(false);
    await advance(overlayDelayMs);
    expect(overlay()).toBeNull();
  });

  it('covers a slow change until the new page’s first request settles', async () => {
    const view = renderRoutes('/still');
    await advance(1);
    expect(view.pending()).toBe(false);
    act(() => navigate('/b'));
    expect(view.pending()).toBe(true);
    await advance(overlayDelayMs - 1);
    expect(overlay()).toBeNull();
    await advance(1);
    expect(overlay()).not.toBeNull();
    await advance(2_000);
    expect(overlay()).not.toBeNull();
    act(() => settle.get('b')!());
    expect(overlay()).toBeNull();
    expect(view.pending()).toBe(false);
  });

  it('covers the lazy chunk and then the page’s data, as one change', async () => {
    const view = renderRoutes('/still');
    await advance(1);
    act(() => navigate('/lazy'));
    await advance(overlayDelayMs);
    expect(overlay()).not.toBeNull();
    await act(async () => {
      resolveChunk();
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(screen.getByRole('heading', { name: 'lazy' })).toBeInTheDocument();
    await advance(1);
    expect(overlay()).not.toBeNull();
    act(() => settle.get('lazy')!());
    expect(overlay()).toBeNull();
    expect(view.pending()).toBe(false);
  });

  it('does not wait for requests sent after the page’s first ones, nor past the cap', async () => {
    const view = renderRoutes('/still');
    await advance(1);
    act(() => navigate('/a'));
    await advance(overlayDelayMs);
    const later = beginRequest();
    act(() => settle.get('a')!());
    expect(overlay()).toBeNull();
    later();

    act(() => navigate('/b'));
    await advance(overlayCapMs - 1);
    expect(overlay()).not.toBeNull();
    await advance(1);
    expect(overlay()).toBeNull();
    expect(view.pending()).toBe(false);
  });

  it('keeps a visible overlay up across a second change until that one completes', async () => {
    renderRoutes('/still');
    await advance(1);
    act(() => navigate('/a'));
    await advance(overlayDelayMs);
    act(() => navigate('/b'));
    await advance(1);
    act(() => settle.get('a')!());
    expect(overlay()).not.toBeNull();
    act(() => settle.get('b')!());
    expect(overlay()).toBeNull();
  });
});
