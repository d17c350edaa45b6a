import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';

/** Copies a value to the clipboard; the outcome is announced in a polite live region next to it. */
export function CopyButton({ value, what }: { value: string; what: string }) {
  const { t } = useTranslation('components');
  const [state, setState] = useState<'idle' | 'done' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState('done');
    } catch {
      // No clipboard (insecure origin, denied permission): the value stays on screen to select by hand.
      setState('failed');
    }
  };
  return (
    <>
      <Button type="button" aria-label={t('components.copy.labelOf', { what })} onClick={() => void copy()}>
        {t('components.copy.label')}
      </Button>{' '}
      <span role="status">
        {state === 'done' && t('components.copy.done')}
        {state === 'failed' && t('components.copy.failed')}
      </span>
    </>
  );
}
