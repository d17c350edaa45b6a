import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { LoadingButton } from '../../../components/LoadingButton';
import { Modal } from '../../../components/Modal';
import { TextField } from '../../../components/TextField';
import { organizationChangeResource } from '../adminResources';
import { Button } from '../../../components/Button';

const Section = styled.section`
  margin-top: 28px;
  padding-top: 16px;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

type Props = { org: number; name: string; canDelete: boolean };

/** Rename (owner, admin) and delete (owner) the organization: PATCH and DELETE /organizations/{id}/. */
export function OrganizationEditSection({ org, name: current, canDelete }: Props) {
  const { t } = useTranslation('organizations');
  const dispatch = useAppDispatch();
  const change = useAppSelector(organizationChangeResource.selectors.selectState);
  const [name, setName] = useState(current);
  const [confirming, setConfirming] = useState(false);
  const rename = (event: FormEvent) => {
    event.preventDefault();
    dispatch(organizationChangeResource.actions.request({ kind: 'rename', id: org, name: name.trim() }));
  };
  const remove = () => {
    setConfirming(false);
    dispatch(organizationChangeResource.actions.request({ kind: 'delete', id: org }));
  };
  return (
    <Section aria-labelledby="org-edit-title">
      <h3 id="org-edit-title">{t('edit.title')}</h3>
      <form onSubmit={rename} noValidate>
        <TextField
          id="org-edit-name"
          label={t('edit.name')}
          value={name}
          onChange={setName}
          autoComplete="off"
          errors={change.method === 'patch' ? change.error?.body?.name : undefined}
          required
        />
        <LoadingButton type="submit" isLoading={change.isLoading && change.method === 'patch'}>
          {t('edit.save')}
        </LoadingButton>
      </form>
      {canDelete && (
        <>
          <p>{t('edit.deleteHint')}</p>
          <Button type="button" onClick={() => setConfirming(true)}>
            {t('edit.delete')}
          </Button>
          <Modal
            isOpen={confirming}
            onClose={() => setConfirming(false)}
            title={t('edit.deleteTitle')}
            footer={
              <>
                <Button type="button" onClick={() => setConfirming(false)}>
                  {t('edit.cancel')}
                </Button>
                <Button type="button" onClick={remove}>
                  {t('edit.confirmDelete')}
                </Button>
              </>
            }
          >
            <p>{t('edit.deleteWarning', { name: current })}</p>
          </Modal>
        </>
      )}
    </Section>
  );
}
