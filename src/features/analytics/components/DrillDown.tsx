import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from '../../../components/Button';
import type { ListParams } from '../types';
import { MessagesTable } from './MessagesTable';
import { SenderDetailsTable } from './SenderDetailsTable';

const Stack = styled.div`
  display: grid;
  gap: 20px;
  /* minmax(0, 1fr): a wide table scrolls inside its panel instead of widening the page */
  grid-template-columns: minmax(0, 1fr);
  margin-top: 20px;
`;

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  align-items: center;
  justify-content: space-between;

  h2 {
    margin: 0;
  }
`;

type Props = {
  name: string;
  scope: ListParams;
  withDetails: boolean;
  onBack: () => void;
  children?: ReactNode;
};

/** One row of an aggregation opened: its messages, who reported them (with the reports), and extras. */
export function DrillDown({ name, scope, withDetails, onBack, children }: Props) {
  const { t } = useTranslation('analytics');
  return (
    <Stack>
      <Head>
        <h2>{name}</h2>
        <Button type="button" onClick={onBack}>
          {t('drill.back')}
        </Button>
      </Head>
      {children}
      <MessagesTable scope={scope} name={name} />
      {withDetails && <SenderDetailsTable scope={scope} name={name} />}
    </Stack>
  );
}
