import { isCancel } from 'axios';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { errorMessage } from '../../api/errors';
import { PrimaryButton } from '../../components/Button';
import { fetchDemoState, loadDemoData, type DemoLoaded } from './demoApi';

const Box = styled.section`
  margin-top: 16px;
  padding: 16px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 8px;
  display: grid;
  gap: 10px;
  justify-items: start;
`;

type Step = 'hidden' | 'offered' | 'loading' | { done: DemoLoaded } | { failed: string };

/**
 * On the empty overview of an owner's new installation: loads the demo organization's data (12 domains,
 * 30 days of reports) into the caller's organization, then asks the page to reload.
 */
export function DemoOffer({ onLoaded }: { onLoaded: () => void }) {
  const { t } = useTranslation('analytics');
  const [step, setStep] = useState<Step>('hidden');

  useEffect(() => {
    const controller = new AbortController();
    fetchDemoState(controller.signal).then(
      (state) => setStep(state.available ? 'offered' : 'hidden'),
      (error: unknown) => {
        if (!isCancel(error)) setStep('hidden');
      },
    );
    return () => controller.abort();
  }, []);

  if (step === 'hidden') return null;
  const load = () => {
    setStep('loading');
    loadDemoData().then(
      (done) => {
        setStep({ done });
        onLoaded();
      },
      (error: unknown) => setStep({ failed: errorMessage(error, undefined, { from: 'detail' }) }),
    );
  };
  return (
    <Box aria-labelledby="demo-offer-title">
      <strong id="demo-offer-title">{t('demoData.title')}</strong>
      <span>{t('demoData.text')}</span>
      {typeof step === 'string' ? (
        <PrimaryButton type="button" onClick={load} disabled={step === 'loading'}>
          {step === 'loading' ? t('demoData.loading') : t('demoData.load')}
        </PrimaryButton>
      ) : null}
      <span role="status">
        {typeof step === 'object' && 'done' in step
          ? t('demoData.loaded', { domains: step.done.domains, reports: step.done.reports })
          : typeof step === 'object'
            ? step.failed
            : ''}
      </span>
    </Box>
  );
}
