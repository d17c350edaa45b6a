import { screen, within } from '@testing-library/react';
import { renderWithTheme } from '../../../components/testing/renderWithTheme';
import '../../../i18n';
import type { Organization } from '../organizationsApi';
import { ReportAddressSection } from './ReportAddressSection';

const org = (attributes: Partial<Organization['attributes']>) =>
  ({
    type: 'organizations',
    id: 4,
    attributes: {
      name: 'Example',
      reportAddress: '0123456789abcdef0123@localhost',
      reportAddressReceivesMail: false,
      reportDomainRecords: [],
      ...attributes,
    },
  }) as unknown as Organization;

describe('the report address section', () => {
  it('warns while the address cannot receive mail, with no records to publish', () => {
    renderWithTheme(<ReportAddressSection org={org({})} />);
    const section = screen.getByRole('region', { name: 'Report address' });
    expect(section).toHaveTextContent('0123456789abcdef0123@localhost');
    expect(
      within(section).getByRole('note', { name: 'This address cannot receive reports yet' }),
    ).toBeVisible();
    expect(screen.queryByTestId('report-domain-records')).toBeNull();
  });

  it("lists the report domain's records once mail reaches it, without the warning", () => {
    const records = [
      { name: 'reports.msas-demo.net', type: 'MX' as const, content: '10 mx.msas-demo.net.' },
      { name: '*._report._dmarc.reports.msas-demo.net', type: 'TXT' as const, content: '"v=DMARC1"' },
    ];
    renderWithTheme(
      <ReportAddressSection
        org={org({
          reportAddress: '0123456789abcdef0123@reports.msas-demo.net',
          reportAddressReceivesMail: true,
          reportDomainRecords: records,
        })}
      />,
    );
    expect(screen.queryByRole('note')).toBeNull();
    const list = screen.getByTestId('report-domain-records');
    expect(within(list).getByRole('heading', { name: 'Records of the report domain' })).toBeVisible();
    expect(list).toHaveTextContent('*._report._dmarc.reports.msas-demo.net');
    expect(list).toHaveTextContent('10 mx.msas-demo.net.');
    expect(within(list).getByRole('button', { name: /the MX record's value/ })).toBeVisible();
  });
});
