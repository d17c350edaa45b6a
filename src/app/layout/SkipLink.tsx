import { useTranslation } from 'react-i18next';
import styled from 'styled-components';

const Link = styled.a`
  position: absolute;
  left: 12px;
  top: -100px;
  z-index: 2000;
  padding: 10px 16px;
  color: ${({ theme }) => theme.colors.primaryContrast};
  background: ${({ theme }) => theme.colors.primary};
  border-radius: ${({ theme }) => theme.radii.md}px;

  &:focus {
    top: 12px;
  }
`;

export function SkipLink({ target }: { target: string }) {
  const { t } = useTranslation('common');
  return <Link href={`#${target}`}>{t('app.skipToContent')}</Link>;
}
