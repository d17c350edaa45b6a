import { createSlice, type PayloadAction, type UnknownAction } from '@reduxjs/toolkit';
import { isCancel } from 'axios';
import { toast } from 'react-toastify';
import type { SagaIterator } from 'redux-saga';
import { call, cancelled, put, race, take, takeLatest, takeLeading } from 'redux-saga/effects';
import { errorBody, errorMessage } from '../../api/errors';
import { beginRequest } from '../navigation/progress';

export type ResourceKind = 'read' | 'write';
export type ResourceMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** What a failure keeps: the catalogue message, the HTTP status and the wire body (for field errors). */
export type ResourceError = { message: string; status: number | null; body: Record<string, unknown> | null };

export type ResourceState<D> = {
  data: D | null;
  isLoading: boolean;
  error: ResourceError | null;
  status?: 'success' | 'failure';
  method?: ResourceMethod;
};

export type RequestContext = { signal: AbortSignal };

type Message<A extends unknown[]> = string | ((...args: A) => string | undefined | null);

export type ResourceConfig<P, D> = {
  name: string;
  request: (payload: P, context: RequestContext) => Promise<D>;
  kind: ResourceKind;
  initialData?: D | null;
  /** Recorded in state for writes; may depend on the payload (one resource for create/update/delete). */
  method?: ResourceMethod | ((payload: P) => ResourceMethod);
  successMessage?: Message<[data: D, payload: P]>;
  /** The catalogue message for this failure (spec section 8); no toast when absent or empty. */
  failureMessage?: (error: unknown, payload: P) => string | undefined | null;
  /** Actions put after success, e.g. reloading a list at page 1. */
  onSuccess?: (data: D, payload: P) => UnknownAction | UnknownAction[] | void;
};

export type SuccessPayload<P, D> = { data: D; payload?: P };

function resolveMessage<A extends unknown[]>(message: Message<A> | undefined, ...args: A) {
  return typeof message === 'function' ? message(...args) : message;
}

function toResourceError(error: unknown, message: string): ResourceError {
  const status = (error as { response?: { status?: unknown } } | null)?.response?.status;
  return { message, status: typeof status === 'number' ? status : null, body: errorBody(error) };
}

export function createResource<P = void, D = unknown>(config: ResourceConfig<P, D>) {
  const { name, kind } = config;
  const initialState: ResourceState<D> = { data: config.initialData ?? null, isLoading: false, error: null };
  const isWrite = kind === 'write';
  const methodOf = (payload: P) =>
    typeof config.method === 'function' ? config.method(payload) : (config.method ?? undefined);

  const slice = createSlice({
    name,
    initialState,
    reducers: {
      request(state, action: PayloadAction<P>) {
        // takeLeading drops a write requested while one runs: the state must not claim otherwise.
        if (isWrite && state.isLoading) return;
        state.isLoading = true;
        state.error = null;
        if (isWrite) delete state.status;
        const method = methodOf(action.payload);
        if (method) state.method = method;
      },
      success(state, action: PayloadAction<SuccessPayload<P, D>>) {
        state.isLoading = false;
        state.error = null;
        (state as ResourceState<D>).data = action.payload.data;
        if (isWrite) state.status = 'success';
      },
      failure(state, action: PayloadAction<ResourceError>) {
        state.isLoading = false;
        state.error = action.payload;
        if (isWrite) state.status = 'failure';
      },
      reset: () => initialState,
      cancel(state) {
        state.isLoading = false;
      },
      /** Local edit of the data (e.g. a form) without a call. */
      change(state, action: PayloadAction<D | null>) {
        (state as ResourceState<D>).data = action.payload;
      },
    },
  });

  const actions = slice.actions;
  type RequestAction = ReturnType<typeof actions.request>;

  function* worker(action: RequestAction): SagaIterator {
    const controller = new AbortController();
    const payload = action.payload;
    // Reads hold a route change open until they settle (the loading overlay, navigation/progress.ts).
    const settled = isWrite ? undefined : beginRequest();
    try {
      const result: { data?: D; cancel?: unknown } = yield race({
        data: call(config.request, payload, { signal: controller.signal }),
        cancel: take(actions.cancel.type),
      });
      if (result.cancel) {
        controller.abort();
        return;
      }
      const data = result.data as D;
      yield put(actions.success({ data, payload }));
      const success = resolveMessage(config.successMessage, data, payload);
      if (success) yield call(toast.success, success);
      const follow = config.onSuccess?.(data, payload);
      for (const next of Array.isArray(follow) ? follow : follow ? [follow] : []) yield put(next);
    } catch (error) {
      const catalogue = config.failureMessage?.(error, payload);
      yield put(actions.failure(toResourceError(error, catalogue || errorMessage(error))));
      // A cancelled call (no token, session ended, aborted) is not a product message.
      if (catalogue && !isCancel(error)) yield call(toast.error, catalogue);
    } finally {
      if (yield cancelled()) controller.abort();
      settled?.();
    }
  }

  function* saga(): SagaIterator {
    yield (isWrite ? takeLeading : takeLatest)(actions.request.type, worker);
  }

  type Root = Record<string, unknown>;
  const selectState = (root: Root) => (root[name] ?? initialState) as ResourceState<D>;
  const selectors = {
    selectState,
    selectData: (root: Root) => selectState(root).data,
    selectIsLoading: (root: Root) => selectState(root).isLoading,
    selectError: (root: Root) => selectState(root).error,
    selectStatus: (root: Root) => selectState(root).status,
    selectMethod: (root: Root) => selectState(root).method,
  };

  return { name, slice, reducer: slice.reducer, actions, saga, selectors };
}

export type Resource<P, D> = ReturnType<typeof createResource<P, D>>;
