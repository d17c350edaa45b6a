import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceError } from '../app/resource/createResource';
import { Button } from './Button';
import { ErrorText, StateText } from './Text';

type Props = {
  isLoading: boolean;
  error: ResourceError | null;
  hasData: boolean;
  isEmpty: boolean;
  emptyText: string;
  /** Shown instead of emptyText when there is nothing (the overview offers the period that has data). */
  empty?: ReactNode;
  /** The failure as the area words it; by default "could not be loaded" with the catalogue message. */
  errorText?: string;
  onRetry: () => void;
  children: ReactNode;
};

/** A 400's field messages say what to change (e.g. a period over ten years); other errors keep theirs. */
function shownMessage(error: ResourceError): string {
  if (error.status !== 400 || !error.body) return error.message;
  const fields = Object.values(error.body)
    .flat()
    .filter((m): m is string => typeof m === 'string');
  return fields.length > 0 ? fields.join(' ') : error.message;
}

/** Loading, error (with a retry), empty, or the content. */
export function ListState({
  isLoading,
  error,
  hasData,
  isEmpty,
  emptyText,
  empty,
  errorText,
  onRetry,
  children,
}: Props) {
  const { t } = useTranslation('components');
  if (error && !isLoading)
    return (
      <ErrorText role="alert">
        <span>{errorText ?? t('components.listState.error', { message: shownMessage(error) })}</span>
        <Button type="button" onClick={onRetry}>
          {t('components.listState.retry')}
        </Button>
      </ErrorText>
    );
  if (!hasData)
    return <StateText role="status">{isLoading ? t('components.listState.loading') : ''}</StateText>;
  if (isEmpty) return empty ?? <StateText>{emptyText}</StateText>;
  return <>{children}</>;
}
