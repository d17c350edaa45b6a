import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { LanguageSwitch } from './LanguageSwitch';
import { SkipLink } from './SkipLink';
import { ThemeSwitch } from './ThemeSwitch';

const mainId = 'main-content';

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  padding: 12px 20px;
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

// The wordmark is drawn for light backgrounds: a light plate keeps it legible in the dark theme.
const LogoPlate = styled.div`
  padding: 6px 10px;
  background: #ffffff;
  border-radius: ${({ theme }) => theme.radii.md}px;
`;

const Logo = styled.img`
  display: block;
  width: 180px;
  height: auto;
`;

const Tools = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
`;

const Main = styled.main`
  display: flex;
  flex-direction: column;
  align-items: center;
  padding: 40px 16px 56px;

  &:focus {
    outline: none;
  }
`;

export const Card = styled.div`
  width: 100%;
  max-width: 460px;
  padding: 28px 28px 32px;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg}px;
  box-shadow: 0 8px 24px rgb(0 0 0 / 8%);
`;

/** Frame of the pages outside the console (login, contact, 404): logo, language and theme, content. */
export function PublicLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('common');
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);
  return (
    <>
      <SkipLink target={mainId} />
      <Header>
        <LogoPlate>
          <Logo src="/logo.svg" alt={t('app.logoAlt')} width={300} height={37} />
        </LogoPlate>
        <Tools>
          <LanguageSwitch />
          <ThemeSwitch />
        </Tools>
      </Header>
      <Main id={mainId} tabIndex={-1}>
        {children}
      </Main>
    </>
  );
}
