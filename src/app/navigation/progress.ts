// What a route change waits for (spec section 2, the loading overlay): the route's own pieces (a lazy
// chunk, the session check), held while a RoutePending fallback is mounted, and the resource layer's read
// requests in flight. A small store outside Redux: counting requests in the store would re-render every
// connected component twice per request.

type Listener = () => void;

let holds = 0;
let nextRequest = 0;
const requests = new Set<number>();
const listeners = new Set<Listener>();

const changed = () => listeners.forEach((listener) => listener());

/** Marks the route as still loading (a Suspense fallback is shown); the returned function releases it. */
export function holdRoute(): () => void {
  holds += 1;
  changed();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds -= 1;
    changed();
  };
}

/** Marks one read request as in flight; the returned function marks it settled. */
export function beginRequest(): () => void {
  const id = (nextRequest += 1);
  requests.add(id);
  changed();
  return () => {
    if (requests.delete(id)) changed();
  };
}

export const routeHeld = (): boolean => holds > 0;

/** The ids of the read requests in flight now. */
export const requestsInFlight = (): ReadonlySet<number> => new Set(requests);

export const isInFlight = (id: number): boolean => requests.has(id);

export function onProgress(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Calls `done` once the route change that starts now has completed: no route piece is loading, and the
 * read requests in flight one task after that (the new page's first requests, sent by its mount effects)
 * have settled. Requests sent later (a poll, a click) do not hold the change. After `capMs` it completes
 * anyway, so one hung request cannot cover the screen for good. Returns a function that stops watching.
 */
export function watchRouteChange(done: () => void, capMs: number): () => void {
  let awaited: Set<number> | null = null;
  let capture: ReturnType<typeof setTimeout> | undefined;
  let finished = false;

  const finish = () => {
    if (finished) return;
    finished = true;
    stop();
    done();
  };

  const evaluate = () => {
    if (finished) return;
    if (routeHeld()) {
      // A chunk (possibly a nested one) is still loading: its page's requests come after it.
      awaited = null;
      clearTimeout(capture);
      capture = undefined;
      return;
    }
    if (awaited === null) {
      capture ??= setTimeout(() => {
        capture = undefined;
        if (routeHeld()) return;
        awaited = new Set(requestsInFlight());
        evaluate();
      }, 0);
      return;
    }
    for (const id of awaited) if (!isInFlight(id)) awaited.delete(id);
    if (awaited.size === 0) finish();
  };

  const unsubscribe = onProgress(evaluate);
  const cap = setTimeout(finish, capMs);
  function stop() {
    unsubscribe();
    clearTimeout(cap);
    clearTimeout(capture);
  }
  evaluate();
  return () => {
    finished = true;
    stop();
  };
}
