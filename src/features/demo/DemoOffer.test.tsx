import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { userDocument } from '../../app/testing/session';
import { renderAnalytics } from '../analytics/testing/renderAnalytics';
import { DemoOffer } from './DemoOffer';
import { patternOf, urlOf } from '../../api/call';
import { demoOps } from '../../../contract/operations/demo';
import { userOps } from '../../../contract/operations/users';

let available = true;
let posts = 0;
let seenStates = 0;
const loaded = { status: 201, body: { data: { domains: 12, groups: 4, reports: 550, records: 2972 } } };
let postAnswer: { status: number; body: object } = loaded;

const server = setupServer(
  http.get(`*${urlOf(userOps.get, { params: { id: 7 } })}`, () => HttpResponse.json(userDocument())),
  http.get(`*${patternOf(demoOps.status)}`, () => {
    seenStates += 1;
    return HttpResponse.json({
      data: { available, reason: available ? null : 'This organization has data.' },
    });
  }),
  http.post(`*${patternOf(demoOps.load)}`, () => {
    posts += 1;
    return HttpResponse.json(postAnswer.body, { status: postAnswer.status });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  available = true;
  posts = 0;
  seenStates = 0;
  postAnswer = loaded;
});
afterAll(() => server.close());

describe('DemoOffer on the empty overview', { timeout: 20_000 }, () => {
  it('loads the demo data when the owner asks, then has the page reload', async () => {
    const user = userEvent.setup();
    const onLoaded = vi.fn();
    renderAnalytics(<DemoOffer onLoaded={onLoaded} />, '/msas/analytics/overview');
    await user.click(await screen.findByRole('button', { name: 'Load demo data' }));
    await waitFor(() => expect(onLoaded).toHaveBeenCalledTimes(1));
    expect(posts).toBe(1);
    expect(screen.getByRole('status')).toHaveTextContent('Added 12 domains and 550 reports.');
  });

  it('says why loading failed, in the server’s words', async () => {
    postAnswer = {
      status: 409,
      body: { detail: 'The demo domains already belong to another organization.' },
    };
    const user = userEvent.setup();
    const onLoaded = vi.fn();
    renderAnalytics(<DemoOffer onLoaded={onLoaded} />, '/msas/analytics/overview');
    await user.click(await screen.findByRole('button', { name: 'Load demo data' }));
    expect(await screen.findByText('The demo domains already belong to another organization.')).toBeVisible();
    expect(onLoaded).not.toHaveBeenCalled();
  });

  it('offers nothing when the server says it is not available', async () => {
    available = false;
    renderAnalytics(<DemoOffer onLoaded={() => {}} />, '/msas/analytics/overview');
    await waitFor(() => expect(seenStates).toBe(1));
    expect(screen.queryByText(/see the console with demo data/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Load demo data' })).toBeNull();
  });
});
