import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { Button } from '../../../components/Button';
import type { Digest } from '../digestsApi';
import '../locale';

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 6px;
`;

export type DigestHandlers = {
  onEdit: (digest: Digest) => void;
  onPreview: (digest: Digest) => void;
  onSend: (digest: Digest) => void;
  onHistory: (digest: Digest) => void;
  onDelete: (digest: Digest) => void;
};

/** `turnOff`: the organization's digests are turned off, which deletes them, and their button says so. */
type Props = { digest: Digest; turnOff?: boolean } & DigestHandlers;

/** What can be done with one report; each button names the report for assistive technology. */
export function DigestActions({ digest, turnOff = false, ...on }: Props) {
  const { t } = useTranslation('digests');
  const name = digest.attributes.name;
  const button = (label: string, of: string, act: (d: Digest) => void) => (
    <Button type="button" onClick={() => act(digest)} aria-label={t(of, { name })}>
      {label}
    </Button>
  );
  return (
    <Actions>
      {button(t('list.edit'), 'list.editOf', on.onEdit)}
      {button(t('list.preview'), 'list.previewOf', on.onPreview)}
      {button(t('list.sendNow'), 'list.sendNowOf', on.onSend)}
      {button(t('list.history'), 'list.historyOf', on.onHistory)}
      {turnOff
        ? button(t('organization.turnOff'), 'organization.turnOffOf', on.onDelete)
        : button(t('list.delete'), 'list.deleteOf', on.onDelete)}
    </Actions>
  );
}
