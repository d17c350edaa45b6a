import { act, screen } from '@testing-library/react';
import i18n from '../i18n';
import { carrierTheme } from '../theme/themes';
import { ReportAddressWarning } from './ReportAddressWarning';
import { renderWithTheme } from './testing/renderWithTheme';

describe('ReportAddressWarning', () => {
  afterEach(() => act(() => i18n.changeLanguage('en')));

  it('says the address cannot receive mail and what the operator must set, only when the server says so', () => {
    const { rerender } = renderWithTheme(<ReportAddressWarning receivesMail={false} />);
    const note = screen.getByRole('note', { name: 'This address cannot receive reports yet' });
    expect(note).toHaveTextContent('Mail from the internet cannot reach it');
    expect(note).toHaveTextContent('REPORT_ADDRESS_DOMAIN');
    rerender(<ReportAddressWarning receivesMail />);
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('says it in Portuguese', async () => {
    await act(() => i18n.changeLanguage('pt'));
    renderWithTheme(<ReportAddressWarning receivesMail={false} />, carrierTheme);
    const note = screen.getByRole('note', { name: 'Este endereço ainda não pode receber relatórios' });
    expect(note).toHaveTextContent('E-mails da internet não chegam a ele');
  });
});
