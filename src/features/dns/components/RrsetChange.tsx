import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { TonePill, type PillTone } from '../../../components/TonePill';
import type { Action } from '../changeSet';
import type { Rrset } from '../dnsApi';
import { relativeName } from '../validate';
import { RrsetDiff } from './RrsetDiff';
import '../locale';

export const actionTone: Record<Action, PillTone> = {
  added: 'success',
  changed: 'warning',
  removed: 'error',
};

const Title = styled.h3`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
  align-items: center;
  margin: 0;
  font-size: 0.95rem;
  overflow-wrap: anywhere;
`;

type Props = {
  zone: string;
  action: Action;
  name: string;
  type: string;
  before: Rrset | null;
  after: Rrset | null;
  /** Said between the title and the diff (why the change is proposed). */
  detail?: ReactNode;
  children?: ReactNode;
};

/** One rrset's change in a review list: added / changed / removed, its name in the zone, − and + lines. */
export function RrsetChange({ zone, action, name, type, before, after, detail, children }: Props) {
  const { t } = useTranslation('dns');
  return (
    <>
      <Title>
        <TonePill $tone={actionTone[action]}>{t(`actions.${action}`)}</TonePill>
        <span>
          {relativeName(name, zone)} {type}
        </span>
      </Title>
      {detail}
      <RrsetDiff before={before} after={after} />
      {children}
    </>
  );
}
