import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { dnsOps } from '../../../contract/operations/dns';
import type { z } from 'zod';
import type { dnssecDocument } from '../../../contract/dns-dnssec';
import type { zoneImportPreviewDocument } from '../../../contract/dns-zone-file';
import { renderAnalytics } from '../analytics/testing/renderAnalytics';
import { userDocument } from '../../app/testing/session';
import { loadErrors, setLanguage } from '../../i18n';
import { DnsSection } from './components/DnsSection';
import { at, zoneFixture, zonePageHandlers } from './testing';
import { fileProblems } from './zoneFileResources';
import { urlOf } from '../../api/call';
import { userOps } from '../../../contract/operations/users';

// Import of a zone file on the zone's page: paste → preview per rrset → apply with the preview's version;
// problems by line; a 409 previews again. Wire documents typed by the contract.
const rrset = (name: string, content: string) => ({
  name,
  type: 'A',
  ttl: 300,
  records: [{ content, disabled: false }],
  comments: [],
});
const zone = zoneFixture({ records: 1, rrsets: [rrset('www.example.com.', '192.0.2.1')] });
const preview = (version: number): z.input<typeof zoneImportPreviewDocument> => ({
  version,
  unchanged: 1,
  changes: [
    {
      name: 'www.example.com.',
      type: 'A',
      action: 'changed',
      before: rrset('www.example.com.', '192.0.2.1'),
      after: rrset('www.example.com.', '192.0.2.2'),
    },
  ],
});

const unsigned: z.input<typeof dnssecDocument> = { zone: 'example.com.', enabled: false, keys: [], ds: [] };
const signed: z.input<typeof dnssecDocument> = {
  zone: 'example.com.',
  enabled: true,
  keys: [
    {
      id: 1,
      keytype: 'csk',
      active: true,
      algorithm: 'ECDSAP256SHA256',
      bits: 256,
      flags: 257,
      dnskey: '257 3 13 AAAA',
    },
  ],
  ds: ['29876 13 2 7e608b44ee0836426a239143f76ded67df3d8aa1a6aec6c9859616974951f73e'],
};

const world = {
  dnssec: unsigned,
  dnssecWrites: [] as unknown[],
  previews: [] as unknown[],
  imports: [] as unknown[],
  importFailures: [] as { status: number; body: object }[],
  previewFailure: null as { status: number; body: object } | null,
};
const server = setupServer(
  ...zonePageHandlers(zone),
  http.get(at(dnsOps.dnssec), () => HttpResponse.json(world.dnssec)),
  http.put(at(dnsOps.dnssec), async ({ request }) => {
    const body = (await request.json()) as { enabled: boolean };
    world.dnssecWrites.push(body);
    world.dnssec = body.enabled ? signed : unsigned;
    return HttpResponse.json(world.dnssec);
  }),
  http.post(at(dnsOps.previewImport), async ({ request }) => {
    world.previews.push(await request.json());
    if (world.previewFailure) return HttpResponse.json(world.previewFailure.body, world.previewFailure);
    return HttpResponse.json(preview(4 + world.previews.length - 1));
  }),
  http.post(at(dnsOps.importZone), async ({ request }) => {
    world.imports.push(await request.json());
    const failure = world.importFailures.shift();
    if (failure) return HttpResponse.json(failure.body, failure);
    return HttpResponse.json({ ...zone, version: 9 });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  await setLanguage('en');
  world.dnssec = unsigned;
  world.dnssecWrites = [];
  world.previews = [];
  world.imports = [];
  world.importFailures = [];
  world.previewFailure = null;
});
afterAll(() => server.close());

async function openImport() {
  const user = userEvent.setup();
  renderAnalytics(<DnsSection />, '/msas/dns/zones?zone=example.com.');
  await user.click(await screen.findByRole('button', { name: 'Import' }));
  const dialog = screen.getByRole('dialog', { name: 'Import a zone file into example.com.' });
  await user.type(within(dialog).getByLabelText('Or paste it here'), 'www 300 A 192.0.2.2');
  return { user, dialog };
}

describe('zone file import', { timeout: 30_000 }, () => {
  it('previews the file per rrset, then applies it with the version of the preview', async () => {
    const { user, dialog } = await openImport();
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    const list = await within(dialog).findByRole('list', { name: 'Changes from the file' });
    expect(list).toHaveTextContent('Changedwww A');
    expect(list).toHaveTextContent('192.0.2.2');
    expect(dialog).toHaveTextContent('1 record set of the file is already as written.');
    await user.click(within(dialog).getByRole('button', { name: 'Apply 1 change' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(world.previews).toEqual([{ text: 'www 300 A 192.0.2.2' }]);
    expect(world.imports).toEqual([{ text: 'www 300 A 192.0.2.2', version: 4 }]);
    expect(await screen.findByText('Zone file imported successfully.')).toBeInTheDocument();
  });

  it('shows the problems of the file by line and stays on the file', async () => {
    world.previewFailure = { status: 400, body: { text: ['Line 1: Enter a valid IPv4 address.'] } };
    const { user, dialog } = await openImport();
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByRole('alert', { name: 'Problems in the file' })).toHaveTextContent(
      'Line 1: Enter a valid IPv4 address.',
    );
    expect(within(dialog).getByLabelText('Or paste it here')).toHaveAttribute('aria-invalid', 'true');
    expect(world.imports).toEqual([]);
    // The dialog says what is wrong; no toast repeats it as "something went wrong".
    expect(screen.queryByText('Something went wrong to try import the zone file.')).not.toBeInTheDocument();
  });

  it('words the problems of the file in the reader’s language, from their codes', async () => {
    server.use(
      http.get(`*${urlOf(userOps.get, { params: { id: 7 } })}`, () =>
        HttpResponse.json(userDocument({ language: 'pt' })),
      ),
    );
    await setLanguage('pt');
    await loadErrors('pt');
    world.previewFailure = {
      status: 400,
      body: {
        text: [
          'Line 3: Enter a valid IPv4 address.',
          'Line 9: The directive $INCLUDE is not supported; use $ORIGIN and $TTL only.',
          "Line 12: PowerDNS's own words.",
          'Line 14: A problem this page has no words for.',
        ],
        error_codes: {
          text: [
            { code: 'record_ipv4', params: { line: 3 } },
            { code: 'zone_file_directive', params: { directive: '$INCLUDE', line: 9 } },
            { code: 'dns_server_message', params: { message: "PowerDNS's own words.", line: 12 } },
            { code: 'a_newer_code', params: { line: 14 } },
          ],
        },
      },
    };
    const user = userEvent.setup();
    renderAnalytics(<DnsSection />, '/msas/dns/zones?zone=example.com.');
    await user.click(await screen.findByRole('button', { name: 'Importar' }));
    const dialog = screen.getByRole('dialog', { name: 'Importar um arquivo de zona em example.com.' });
    await user.type(within(dialog).getByLabelText('Ou cole aqui'), 'ftp A 192.0.2.300');
    await user.click(within(dialog).getByRole('button', { name: 'Pré-visualizar' }));
    const problems = await within(dialog).findByRole('alert', { name: 'Problemas no arquivo' });
    expect([...problems.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Linha 3: Digite um endereço IPv4 válido.',
      'Linha 9: A diretiva $INCLUDE não é suportada; use só $ORIGIN e $TTL.',
      "Linha 12: PowerDNS's own words.",
      'Line 14: A problem this page has no words for.',
    ]);
  });

  it('reads a chosen file into the text, the file field worded in the reader’s language', async () => {
    server.use(
      http.get(`*${urlOf(userOps.get, { params: { id: 7 } })}`, () =>
        HttpResponse.json(userDocument({ language: 'pt' })),
      ),
    );
    await setLanguage('pt');
    const user = userEvent.setup();
    renderAnalytics(<DnsSection />, '/msas/dns/zones?zone=example.com.');
    await user.click(await screen.findByRole('button', { name: 'Importar' }));
    const dialog = screen.getByRole('dialog', { name: 'Importar um arquivo de zona em example.com.' });
    expect(dialog).toHaveTextContent('Escolher arquivo');
    expect(dialog).toHaveTextContent('Nenhum arquivo escolhido');
    const file = new File(['mail 300 A 192.0.2.25\n'], 'example.com.zone', { type: 'text/plain' });
    await user.upload(within(dialog).getByLabelText('Arquivo de zona', { selector: 'input' }), file);
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Ou cole aqui')).toHaveValue('mail 300 A 192.0.2.25\n'),
    );
    expect(dialog).toHaveTextContent('example.com.zone');
    expect(dialog).not.toHaveTextContent('Nenhum arquivo escolhido');
  });

  it('says how many record sets of the file are already as written only when some are', async () => {
    server.use(http.post(at(dnsOps.previewImport), () => HttpResponse.json({ ...preview(4), unchanged: 0 })));
    const { user, dialog } = await openImport();
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    await within(dialog).findByRole('list', { name: 'Changes from the file' });
    expect(dialog).not.toHaveTextContent('already as written');
  });

  it('on a 409 says so, previews again and applies against the new version', async () => {
    world.importFailures = [{ status: 409, body: { detail: 'stale', version: 5, changes: [] } }];
    const { user, dialog } = await openImport();
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    await user.click(await within(dialog).findByRole('button', { name: 'Apply 1 change' }));
    expect(await within(dialog).findByText(/Someone else changed these records/)).toBeInTheDocument();
    await waitFor(() => expect(world.previews).toHaveLength(2));
    await user.click(within(dialog).getByRole('button', { name: 'Apply 1 change' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(world.imports.map((b) => (b as { version: number }).version)).toEqual([4, 5]);
  });
});

describe('DNSSEC tab', { timeout: 30_000 }, () => {
  it('signs the zone after asking, then shows the DS records for the registrar', async () => {
    const user = userEvent.setup();
    renderAnalytics(<DnsSection />, '/msas/dns/zones?zone=example.com.');
    await user.click(await screen.findByRole('tab', { name: 'DNSSEC' }));
    await user.click(await screen.findByRole('button', { name: 'Sign the zone' }));
    const dialog = screen.getByRole('dialog', { name: 'Sign the zone' });
    expect(dialog).toHaveTextContent('give the DS records shown here to your registrar');
    await user.click(within(dialog).getByRole('button', { name: 'Sign the zone' }));
    const list = await screen.findByRole('list', { name: 'DS records for your registrar' });
    expect(list).toHaveTextContent('example.com. IN DS 29876 13 2 7e608b44');
    expect(world.dnssecWrites).toEqual([{ enabled: true }]);
    expect(await screen.findByText('The zone is now signed with DNSSEC.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop signing' })).toBeInTheDocument();
    // The fields registrars' forms ask for, named.
    expect(list).toHaveTextContent('Key tag29876');
    expect(list).toHaveTextContent('Algorithm13 (ECDSAP256SHA256)');
    expect(list).toHaveTextContent('Digest type2 (SHA-256)');
    expect(within(list).getByRole('button', { name: 'Copy the digest of type 2' })).toBeInTheDocument();
    // The button that asked is gone: focus stays in the panel, not at the start of the page.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('region', { name: 'DNSSEC' })));
  });
});

describe('fileProblems', () => {
  it('reads the messages of the text field only', () => {
    expect(fileProblems({ text: ['Line 2: x', 3] })).toEqual(['Line 2: x']);
    expect(fileProblems({ detail: 'no' })).toEqual([]);
    expect(fileProblems(null)).toEqual([]);
  });
});
