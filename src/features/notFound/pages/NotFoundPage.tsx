import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Card, PublicLayout } from '../../../app/layout/PublicLayout';
import { homePath } from '../../../app/router/routes';

export function NotFoundPage() {
  const { t } = useTranslation('pages');
  return (
    <PublicLayout title={t('notFound.title')}>
      <Card>
        <h1>{t('notFound.title')}</h1>
        <p>{t('notFound.text')}</p>
        <p>
          <Link to={homePath}>{t('notFound.back')}</Link>
        </p>
      </Card>
    </PublicLayout>
  );
}
