import { useTranslation } from 'react-i18next';
import { Modal } from '../../../components/Modal';
import { Button, PrimaryButton } from '../../../components/Button';

type Props = { name: string; zones: string[]; onKeep: () => void; onDelete: () => void };

/**
 * Deleting a domain that hosted DNS zones depend on (the server's 409 domain_has_zone): delete them with it,
 * or keep the domain (docs/DNS.md "Who controls a zone"). Keeping is first: it loses nothing.
 */
export function DeleteDomainZonesModal({ name, zones, onKeep, onDelete }: Props) {
  const { t } = useTranslation('domains');
  const footer = (
    <>
      <Button type="button" onClick={onKeep}>
        {t('zones.keep')}
      </Button>
      <PrimaryButton type="button" onClick={onDelete}>
        {t('zones.delete')}
      </PrimaryButton>
    </>
  );
  return (
    <Modal isOpen onClose={onKeep} title={t('zones.title', { name })} footer={footer}>
      <p>{t('zones.intro')}</p>
      <ul aria-label={t('zones.list')}>
        {zones.map((z) => (
          <li key={z}>{z}</li>
        ))}
      </ul>
    </Modal>
  );
}
