import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { userDocument } from '../../../app/testing/session';
import { setLanguage } from '../../../i18n';
import { renderPage } from '../testing/renderPage';
import { UploadModal } from './UploadModal';
import { patternOf, urlOf } from '../../../api/call';
import { reportOps } from '../../../../contract/operations/reports';
import { domainGroupOps } from '../../../../contract/operations/domain-groups';
import { domainOps } from '../../../../contract/operations/domains';
import { userOps } from '../../../../contract/operations/users';

// The upload dialog of the first hour: totals, plurals, what retention does, and "add these
// domains" for files refused because their domain is not the organization's yet.

let language: 'en' | 'pt' = 'en';
const domains = new Set<string>(['mine.example']);
const created: string[] = [];
const sent: string[] = [];

const outcome = (file: string, extra: Record<string, unknown>) => ({
  file,
  status: 'imported',
  kind: 'aggregate',
  reason: null,
  org_name: 'Google',
  report_id: 'r',
  domain: 'mine.example',
  records: 1,
  messages: 1,
  warnings: [],
  retention: null,
  ...extra,
});

const server = setupServer(
  http.get(`*${urlOf(userOps.get, { params: { id: 7 } })}`, () =>
    HttpResponse.json(userDocument({ language })),
  ),
  http.post(`*${patternOf(domainOps.create)}`, async ({ request }) => {
    const name = new URLSearchParams(await request.text()).get('name') ?? '';
    created.push(name);
    if (name === 'taken.example')
      return HttpResponse.json({ name: ['This domain belongs to another organization.'] }, { status: 400 });
    domains.add(name);
    return HttpResponse.json(
      { data: { type: 'domains', id: created.length, attributes: { name } } },
      { status: 201 },
    );
  }),
  http.get(`*${patternOf(domainOps.listV2)}`, () => HttpResponse.json({ data: [], links: {}, meta: {} })),
  http.get(`*${patternOf(domainGroupOps.listV2)}`, () =>
    HttpResponse.json({ data: [], links: {}, meta: {} }),
  ),
  http.post(`*${patternOf(reportOps.upload)}`, async ({ request }) => {
    const name = String((await request.formData()).get('filenames'));
    sent.push(name);
    const domain = name.replace(/\.xml$/, '');
    if (name === 'notes.txt')
      return HttpResponse.json({
        data: [outcome(name, { status: 'rejected', kind: null, domain: null, reason: 'Not a report.' })],
      });
    if (!domains.has(domain))
      return HttpResponse.json({
        data: [
          outcome(name, {
            status: 'rejected',
            domain,
            reason: `The report is for ${domain}, which is not a domain of your organization`,
          }),
        ],
      });
    const retention =
      domain === 'mine.example'
        ? { days: 30, kept_until: '2023-12-14', expired: true, held: false }
        : { days: 30, kept_until: '2026-12-20', expired: false, held: false };
    return HttpResponse.json({
      data: [outcome(name, { domain, retention, records: domain === 'mine.example' ? 1 : 3 })],
    });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  created.length = 0;
  sent.length = 0;
  domains.clear();
  domains.add('mine.example');
  language = 'en';
  await setLanguage('en');
});
afterAll(() => server.close());

const file = (name: string) => new File(['x'], name, { type: 'text/xml' });

async function openWith(names: string[]) {
  const user = userEvent.setup();
  const onUploaded = vi.fn();
  renderPage(
    <UploadModal isOpen onClose={() => {}} onUploaded={onUploaded} />,
    '/msas/processed_data/dmarc_reports',
  );
  const dialog = await screen.findByRole('dialog');
  await user.upload(
    within(dialog).getByLabelText(/^(Report files|Arquivos de relatório)$/, { selector: 'input' }),
    names.map(file),
  );
  return { user, dialog, onUploaded };
}

describe('UploadModal', { timeout: 20_000 }, () => {
  it('removes a waiting file with its compact control', async () => {
    const { user, dialog } = await openWith(['mine.example.xml', 'other.xml']);
    const remove = within(dialog).getByRole('button', { name: 'Remove other.xml' });
    expect(remove).toHaveTextContent('×');
    await user.click(remove);
    expect(dialog.querySelector('[data-file="other.xml"]')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Upload 1 file' })).toBeEnabled();
  });

  it('shows totals, one record in the singular and what retention does', async () => {
    const { user, dialog } = await openWith(['mine.example.xml', 'notes.txt']);
    await user.click(within(dialog).getByRole('button', { name: 'Upload 2 files' }));
    const totals = await within(dialog).findByRole('status', { name: 'Upload totals' });
    expect(totals).toHaveTextContent('1 imported');
    expect(totals).toHaveTextContent('0 duplicates');
    expect(totals).toHaveTextContent('1 rejected');
    const row = dialog.querySelector('[data-file="mine.example.xml"]')!;
    expect(row).toHaveTextContent('Imported: DMARC aggregate report for mine.example, 1 record.');
    expect(row).toHaveTextContent('Not kept: older than your 30-day retention; removed within the hour.');
    // A file that is not a report names no domain: nothing to add.
    expect(within(dialog).queryByRole('button', { name: /Add th/ })).toBeNull();
  });

  it('adds the refused domains in one click, says so once and sends their files again', async () => {
    const { user, dialog, onUploaded } = await openWith([
      'new.example.xml',
      'taken.example.xml',
      'mine.example.xml',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Upload 3 files' }));
    expect(await within(dialog).findByText(/new.example, taken.example are not domains/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Add these 2 domains and retry' }));
    await waitFor(() =>
      expect(dialog.querySelector('[data-file="new.example.xml"]')).toHaveTextContent(
        'Imported: DMARC aggregate report for new.example, 3 records.',
      ),
    );
    expect(created).toEqual(['new.example', 'taken.example']);
    expect(sent).toEqual(['new.example.xml', 'taken.example.xml', 'mine.example.xml', 'new.example.xml']);
    expect(dialog.querySelector('[data-file="new.example.xml"]')).toHaveTextContent('Kept until 2026-12-20');
    const toast = await screen.findByText(/Added 1 domain\. Not added taken.example: This domain belongs/);
    expect(toast).toBeInTheDocument();
    expect(onUploaded).toHaveBeenCalledTimes(2);
  });

  it('speaks Portuguese with its plurals', async () => {
    language = 'pt';
    await setLanguage('pt');
    const { user, dialog } = await openWith(['mine.example.xml']);
    await user.click(within(dialog).getByRole('button', { name: 'Enviar 1 arquivo' }));
    const totals = await within(dialog).findByRole('status', { name: 'Totais do envio' });
    expect(totals).toHaveTextContent('1 importado');
    expect(totals).toHaveTextContent('0 rejeitado');
    expect(dialog.querySelector('[data-file="mine.example.xml"]')).toHaveTextContent('1 registro.');
  });

  it('says in Portuguese why a report of a domain not added yet is refused (the server says it in English)', async () => {
    language = 'pt';
    await setLanguage('pt');
    const { user, dialog } = await openWith(['novo.example.xml']);
    await user.click(within(dialog).getByRole('button', { name: 'Enviar 1 arquivo' }));
    await waitFor(() =>
      expect(
        dialog.querySelector('[data-file="novo.example.xml"] [data-status="rejected"]'),
      ).toHaveTextContent(
        'Rejeitado: O relatório é de novo.example, que não é um domínio da sua organização.',
      ),
    );
  });
});
