import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dnsOps } from '../../../contract/operations/dns';
import type { z } from 'zod';
import type { historyItemSchema } from '../../../contract/dns';
import { renderAnalytics } from '../analytics/testing/renderAnalytics';
import { setLanguage } from '../../i18n';
import { DnsSection } from './components/DnsSection';
import { at, zoneFixture, zonePageHandlers } from './testing';

// The zone's "History" tab names who made each change as the server sends it: a member by name, support
// staff by id, a deleted account and a former member without a name, PowerDNS changed outside msas.
type Item = z.input<typeof historyItemSchema>;
const item = (id: number, over: Partial<Item>): Item => ({
  id,
  change_set: id,
  kind: 'edit',
  version: id,
  date: '2026-11-22T09:05:00.000Z',
  user: 8,
  author: { kind: 'member', name: 'Rita Alves' },
  name: `h${id}.example.com.`,
  type: 'A',
  action: 'added',
  ttl: 300,
  content: ['192.0.2.1'],
  before: null,
  after: null,
  ...over,
});
const items: Item[] = [
  item(6, {}),
  item(5, { user: 2, author: { kind: 'support', name: null } }),
  item(4, { user: 9, author: { kind: 'deleted', name: null } }),
  item(3, { user: 11, author: { kind: 'former', name: null } }),
  item(2, { kind: 'outside', user: null, author: null }),
];

// Before the zone page's own handlers, whose history is empty: msw answers with the first that matches.
const server = setupServer(
  http.get(at(dnsOps.history), () =>
    HttpResponse.json({
      data: items,
      links: { current: null, first: null, last: null, next: null, prev: null },
      meta: { count: items.length, page: 1, page_size: 20 },
    }),
  ),
  ...zonePageHandlers(zoneFixture()),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  await setLanguage('en');
});
afterAll(() => server.close());

async function openHistory() {
  const user = userEvent.setup();
  renderAnalytics(<DnsSection />, '/msas/dns/zones?zone=example.com.');
  await user.click(await screen.findByRole('tab', { name: 'History' }));
  return screen.findByRole('table', { name: 'History of example.com.' });
}
const authors = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[5]!.textContent);

describe('history tab', { timeout: 30_000 }, () => {
  it('names who made each change, in English and in Portuguese', async () => {
    const table = await openHistory();
    expect(authors(table)).toEqual([
      'Rita Alves',
      'Support (user #2)',
      'Deleted user',
      'Former member',
      'Outside msas',
    ]);
    expect(table).toHaveTextContent('Nov 22, 2026');

    await setLanguage('pt');
    const pt = await screen.findByRole('table', { name: 'Histórico de example.com.' });
    await waitFor(() =>
      expect(authors(pt)).toEqual([
        'Rita Alves',
        'Suporte (usuário nº 2)',
        'Usuário excluído',
        'Ex-membro',
        'Fora do msas',
      ]),
    );
    expect(pt).toHaveTextContent('22 de nov. de 2026');
  });
});
