import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceError } from '../../../app/resource/createResource';
import { Button, ErrorText, StateText } from '../styles';

type Props = {
  isLoading: boolean;
  error: ResourceError | null;
  hasData: boolean;
  isEmpty: boolean;
  emptyText: string;
  /** The failure as the area words it; by default "could not be loaded" with the catalogue message. */
  errorText?: string;
  onRetry: () => void;
  children: ReactNode;
};

/** Loading, error (with a retry), empty, or the content. */
export function ListState({
  isLoading,
  error,
  hasData,
  isEmpty,
  emptyText,
  errorText,
  onRetry,
  children,
}: Props) {
  const { t } = useTranslation('processedData');
  if (error && !isLoading)
    return (
      <ErrorText role="alert">
        <span>{errorText ?? t('states.error', { message: error.message })}</span>
        <Button type="button" onClick={onRetry}>
          {t('states.retry')}
        </Button>
      </ErrorText>
    );
  if (!hasData) return <StateText role="status">{isLoading ? t('states.loading') : ''}</StateText>;
  if (isEmpty) return <StateText>{emptyText}</StateText>;
  return <>{children}</>;
}
