import { useTranslation } from 'react-i18next';
import styled from 'styled-components';

const Box = styled.div`
  display: grid;
  gap: 4px;
  min-width: 0;
  padding: 10px 14px;
  border-left: 4px solid ${({ theme }) => theme.colors.warning};
  border-radius: ${({ theme }) => theme.radii.md}px;
  background: ${({ theme }) => theme.colors.surfaceAlt};
  color: ${({ theme }) => theme.colors.text};
  overflow-wrap: anywhere;

  p {
    margin: 0;
  }
`;

/**
 * Shown beside the organization's report address wherever it appears, while the server says mail from the
 * internet cannot reach it (no report domain set: the address is <random>@localhost or the like): reports
 * sent there never arrive, so the owner must know, and what the operator has to do.
 */
export function ReportAddressWarning({ receivesMail }: { receivesMail: boolean | undefined }) {
  const { t } = useTranslation('components');
  if (receivesMail !== false) return null;
  return (
    <Box
      role="note"
      aria-label={t('components.reportAddressWarning.title')}
      data-testid="report-address-warning"
    >
      <p>
        <strong>{t('components.reportAddressWarning.title')}</strong>
      </p>
      <p>{t('components.reportAddressWarning.body')}</p>
      <p>{t('components.reportAddressWarning.todo')}</p>
    </Box>
  );
}
