import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { errorMessage } from '../../../api/errors';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { Modal } from '../../../components/Modal';
import { showMessage } from '../../../components/showMessage';
import { ListState } from '../../../components/ListState';
import { Button } from '../../../components/Button';
import { downloadPdf, type Digest, type DigestType } from '../digestsApi';
import { digestPreviewResource } from '../digestsResources';
import { formatDay } from '../format';
import '../locale';

const Meta = styled.dl`
  display: grid;
  grid-template-columns: max-content 1fr;
  gap: 4px 12px;
  margin: 0 0 12px;

  dt {
    font-weight: 600;
  }

  dd {
    margin: 0;
    overflow-wrap: anywhere;
  }
`;

// The mail is HTML of its own: it is shown in a frame that runs no script, opens nothing and reaches
// nothing of the console (sandbox without any allowance), on the white a mail client gives it.
const Frame = styled.iframe`
  width: 100%;
  height: 60vh;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md}px;
  background: #fff;
`;

const Text = styled.pre`
  max-height: 60vh;
  overflow: auto;
  margin: 0;
  padding: 12px;
  white-space: pre-wrap;
  background: ${({ theme }) => theme.colors.surfaceAlt};
  border-radius: ${({ theme }) => theme.radii.md}px;
`;

type Props = { digest: Digest; onSend: (digest: Digest) => void; onClose: () => void };

/** The report as it would go out now (GET .../preview/): its subject, period, HTML or text, and the PDF. */
export function PreviewModal({ digest, onSend, onClose }: Props) {
  const { t, i18n } = useTranslation('digests');
  const dispatch = useAppDispatch();
  const { data, isLoading, error } = useAppSelector(digestPreviewResource.selectors.selectState);
  const [asText, setAsText] = useState(false);
  const [saving, setSaving] = useState(false);
  const ref = { type: digest.attributes.reportType as DigestType, id: Number(digest.id) };
  const load = () => dispatch(digestPreviewResource.actions.request(ref));

  useEffect(() => {
    dispatch(digestPreviewResource.actions.reset());
    dispatch(digestPreviewResource.actions.request({ type: ref.type, id: ref.id }));
  }, [dispatch, ref.type, ref.id]);

  const pdf = async () => {
    setSaving(true);
    try {
      await downloadPdf(ref);
    } catch (e) {
      showMessage({ messageType: 'error', message: errorMessage(e, t('messages.tryAgain')) });
    } finally {
      setSaving(false);
    }
  };

  const title = t('preview.title', { name: digest.attributes.name });
  const footer = (
    <>
      <Button type="button" onClick={() => void pdf()} disabled={saving} aria-busy={saving}>
        {t('preview.pdf')}
      </Button>
      <Button type="button" onClick={() => onSend(digest)}>
        {t('list.sendNow')}
      </Button>
      <Button type="button" onClick={onClose}>
        {t('preview.close')}
      </Button>
    </>
  );
  return (
    <Modal isOpen onClose={onClose} title={title} width={860} footer={footer}>
      <ListState
        isLoading={isLoading}
        error={error}
        hasData={!!data && !isLoading}
        isEmpty={false}
        emptyText=""
        onRetry={load}
      >
        {data && (
          <>
            <Meta>
              <dt>{t('preview.subject')}</dt>
              <dd>{data.subject}</dd>
              <dt>{t('preview.period')}</dt>
              <dd>
                {t('preview.range', {
                  from: formatDay(data.periodBegin, i18n.language),
                  to: formatDay(data.periodEnd, i18n.language),
                })}
              </dd>
            </Meta>
            <p>
              <label className="check">
                <input type="checkbox" checked={asText} onChange={(e) => setAsText(e.target.checked)} />{' '}
                {t('preview.asText')}
              </label>
            </p>
            {asText ? (
              <Text tabIndex={0} aria-label={t('preview.textPart')}>
                {data.text}
              </Text>
            ) : (
              <Frame title={t('preview.frame')} sandbox="" srcDoc={data.html} />
            )}
          </>
        )}
      </ListState>
    </Modal>
  );
}
