import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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

type Props = {
  zone: string;
  action: Action;
  name: string;
  type: string;
  before: Rrset | null;
  after: Rrset | null;
  children?: ReactNode;
};

/** One rrset's change in a review list: added / changed / removed, its name in the zone, − and + lines. */
export function RrsetChange({ zone, action, name, type, before, after, children }: Props) {
  const { t } = useTranslation('dns');
  return (
    <>
      <h3>
        <TonePill $tone={actionTone[action]}>{t(`actions.${action}`)}</TonePill>
        <span>
          {relativeName(name, zone)} {type}
        </span>
      </h3>
      <RrsetDiff before={before} after={after} />
      {children}
    </>
  );
}
