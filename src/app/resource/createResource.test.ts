import { configureStore, type Middleware, type UnknownAction } from '@reduxjs/toolkit';
import { AxiosError, AxiosHeaders, CanceledError } from 'axios';
import { toast } from 'react-toastify';
import createSagaMiddleware from 'redux-saga';
import { createResource, type RequestContext, type ResourceConfig } from './createResource';
import { requestsInFlight } from '../navigation/progress';
import { rootReducer } from '../rootReducer';
import { onRegister, registerResource, resourceSagas } from './registry';

type Deferred<T> = { promise: Promise<T>; resolve: (v: T) => void; reject: (e: unknown) => void };
function deferred<T>(): Deferred<T> {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function badRequest(data: unknown): AxiosError {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError(
    'Request failed',
    'ERR_BAD_REQUEST',
    config,
    {},
    {
      status: 400,
      statusText: '',
      headers: {},
      config,
      data,
    },
  );
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup<P, D>(config: ResourceConfig<P, D>) {
  const resource = createResource(config);
  const seen: UnknownAction[] = [];
  const recorder: Middleware = () => (next) => (action) => {
    seen.push(action as UnknownAction);
    return next(action);
  };
  const sagas = createSagaMiddleware();
  const store = configureStore({
    reducer: { [resource.name]: resource.reducer },
    middleware: (defaults) => defaults({ serializableCheck: false }).concat(recorder, sagas),
  });
  sagas.run(resource.saga);
  const state = () => resource.selectors.selectState(store.getState());
  const types = () => seen.map((a) => a.type);
  return { resource, store, state, types, seen };
}

describe('createResource', () => {
  let success: ReturnType<typeof vi.spyOn>;
  let error: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    success = vi.spyOn(toast, 'success').mockImplementation(() => 'id');
    error = vi.spyOn(toast, 'error').mockImplementation(() => 'id');
  });
  afterEach(() => vi.restoreAllMocks());

  it('starts with data null, not loading, no error', () => {
    const { state } = setup({ name: 'things', kind: 'read', request: async () => [1] });
    expect(state()).toEqual({ data: null, isLoading: false, error: null });
  });

  it('read: request → loading → success with data', async () => {
    const gate = deferred<string[]>();
    const request = vi.fn((_: { page: number }) => gate.promise);
    const { resource, store, state, types } = setup({
      name: 'things',
      kind: 'read',
      request,
      initialData: [],
    });
    store.dispatch(resource.actions.request({ page: 1 }));
    expect(state()).toMatchObject({ isLoading: true, data: [] });
    expect(request).toHaveBeenCalledWith(
      { page: 1 },
      expect.objectContaining({ signal: expect.any(AbortSignal) }),
    );
    gate.resolve(['a', 'b']);
    await flush();
    expect(state()).toEqual({ data: ['a', 'b'], isLoading: false, error: null });
    expect(types()).toEqual(['things/request', 'things/success']);
    expect(state().status).toBeUndefined();
  });

  it('read: takeLatest, a second request supersedes the first and aborts it', async () => {
    const gates = [deferred<string>(), deferred<string>()];
    const signals: AbortSignal[] = [];
    const request = (n: number, { signal }: RequestContext) => {
      signals.push(signal);
      return gates[n].promise;
    };
    const { resource, store, state, types } = setup({ name: 'things', kind: 'read', request });
    store.dispatch(resource.actions.request(0));
    store.dispatch(resource.actions.request(1));
    expect(signals[0].aborted).toBe(true);
    gates[0].resolve('first');
    gates[1].resolve('second');
    await flush();
    expect(state().data).toBe('second');
    expect(types()).toEqual(['things/request', 'things/request', 'things/success']);
  });

  it('write: takeLeading, a request while one is running is ignored; status and method recorded', async () => {
    const gate = deferred<{ id: number }>();
    const request = vi.fn(() => gate.promise);
    const { resource, store, state } = setup({
      name: 'sender',
      kind: 'write',
      method: (p: { id?: number }) => (p.id ? 'patch' : 'post'),
      request,
      successMessage: 'Email Sender was saved',
    });
    store.dispatch(resource.actions.request({}));
    store.dispatch(resource.actions.request({ id: 3 }));
    expect(request).toHaveBeenCalledTimes(1);
    expect(state()).toMatchObject({ isLoading: true, method: 'post' });
    gate.resolve({ id: 9 });
    await flush();
    expect(state()).toMatchObject({ isLoading: false, status: 'success', data: { id: 9 }, method: 'post' });
    expect(success).toHaveBeenCalledWith('Email Sender was saved');
  });

  it('write failure: status failure, catalogue message toasted and kept with the wire body', async () => {
    const { resource, store, state, types } = setup({
      name: 'sender',
      kind: 'write',
      method: 'delete',
      request: async () => {
        throw badRequest({ name: ['In use.'] });
      },
      failureMessage: () => 'Unable to delete Email Sender',
    });
    store.dispatch(resource.actions.request(undefined));
    await flush();
    expect(types()).toEqual(['sender/request', 'sender/failure']);
    expect(state()).toMatchObject({
      isLoading: false,
      status: 'failure',
      method: 'delete',
      error: { message: 'Unable to delete Email Sender', status: 400, body: { name: ['In use.'] } },
    });
    expect(error).toHaveBeenCalledWith('Unable to delete Email Sender');
    expect(success).not.toHaveBeenCalled();
  });

  it('no toast on failure without a catalogue message, nor for a cancelled call', async () => {
    const silent = setup({
      name: 'quiet',
      kind: 'read',
      request: async () => {
        throw new Error('x');
      },
    });
    silent.store.dispatch(silent.resource.actions.request(undefined));
    const cancelled = setup({
      name: 'ended',
      kind: 'read',
      request: async () => {
        throw new CanceledError('Session expired');
      },
      failureMessage: () => 'Unable to get Email Senders',
    });
    cancelled.store.dispatch(cancelled.resource.actions.request(undefined));
    await flush();
    expect(silent.state()).toMatchObject({ isLoading: false, error: { message: 'Something went wrong.' } });
    expect(cancelled.state()).toMatchObject({
      isLoading: false,
      error: { message: 'Unable to get Email Senders' },
    });
    expect(error).not.toHaveBeenCalled();
  });

  it('cancel stops loading, aborts the call and ignores its late answer', async () => {
    const gate = deferred<string>();
    let signal: AbortSignal | undefined;
    const { resource, store, state, types } = setup({
      name: 'things',
      kind: 'read',
      request: (_: void, context: RequestContext) => {
        signal = context.signal;
        return gate.promise;
      },
    });
    store.dispatch(resource.actions.request());
    store.dispatch(resource.actions.cancel());
    expect(signal?.aborted).toBe(true);
    gate.resolve('late');
    await flush();
    expect(state()).toEqual({ data: null, isLoading: false, error: null });
    expect(types()).toEqual(['things/request', 'things/cancel']);
  });

  it('change edits data locally and reset returns to the initial state', async () => {
    const { resource, store, state } = setup({
      name: 'form',
      kind: 'write',
      request: async (p: { name: string }) => p,
      initialData: { name: '' },
    });
    store.dispatch(resource.actions.change({ name: 'draft' }));
    expect(state().data).toEqual({ name: 'draft' });
    store.dispatch(resource.actions.request({ name: 'saved' }));
    await flush();
    expect(state()).toMatchObject({ status: 'success', data: { name: 'saved' } });
    store.dispatch(resource.actions.reset());
    expect(state()).toEqual({ data: { name: '' }, isLoading: false, error: null });
  });

  it('puts the onSuccess follow-up actions (reload at page 1)', async () => {
    const { resource, store, seen } = setup({
      name: 'sender',
      kind: 'write',
      request: async () => ({ ok: true }),
      onSuccess: () => ({ type: 'senders/request', payload: { page: 1 } }),
    });
    store.dispatch(resource.actions.request(undefined));
    await flush();
    expect(seen.map((a) => a.type)).toEqual(['sender/request', 'sender/success', 'senders/request']);
    expect(seen[2]).toEqual({ type: 'senders/request', payload: { page: 1 } });
  });

  it('reports reads in flight to the route-change overlay until they settle; writes are not counted', async () => {
    const read = deferred<string>();
    const reads = setup<void, string>({ name: 'progressRead', kind: 'read', request: () => read.promise });
    const write = deferred<string>();
    const writes = setup<void, string>({
      name: 'progressWrite',
      kind: 'write',
      request: () => write.promise,
    });
    const before = requestsInFlight().size;
    reads.store.dispatch(reads.resource.actions.request());
    writes.store.dispatch(writes.resource.actions.request());
    expect(requestsInFlight().size).toBe(before + 1);
    read.reject(badRequest({}));
    write.resolve('done');
    await flush();
    expect(requestsInFlight().size).toBe(before);
    // a superseded read settles too (takeLatest cancels it)
    reads.store.dispatch(reads.resource.actions.request());
    reads.store.dispatch(reads.resource.actions.request());
    expect(requestsInFlight().size).toBe(before + 1);
  });

  it('selectors read the slice from the root state', async () => {
    const { resource, store } = setup({ name: 'things', kind: 'read', request: async () => 42 });
    store.dispatch(resource.actions.request(undefined));
    expect(resource.selectors.selectIsLoading(store.getState())).toBe(true);
    await flush();
    expect(resource.selectors.selectData(store.getState())).toBe(42);
    expect(resource.selectors.selectError(store.getState())).toBeNull();
  });
});

describe('registry', () => {
  it('collects reducers and sagas by name and tells listeners', () => {
    const heard: string[] = [];
    const stop = onRegister((entry) => heard.push(entry.name));
    const a = registerResource(
      createResource({ name: 'regA', kind: 'read', request: async () => 1, initialData: 1 }),
    );
    const again = registerResource(
      createResource({ name: 'regA', kind: 'read', request: async () => 2, initialData: 2 }),
    );
    stop();
    // The root reducer now answers for regA with the second reducer (its initial data is 2).
    expect(again.selectors.selectData(rootReducer(undefined, { type: 'any' }))).toBe(2);
    expect(resourceSagas).toContain(again.saga);
    expect(resourceSagas).not.toContain(a.saga);
    expect(heard).toEqual(['regA', 'regA']);
  });
});
