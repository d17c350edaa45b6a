import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/Button';
import { errorMessage } from '../../../api/errors';
import { formatDateTime } from '../../../i18n/format';
import { acknowledgeFiring, type Firing, snoozeFiring, type SnoozeDuration } from '../alertsApi';
import '../locale';

type Props = { alertId: number; firing: Firing; now?: Date; onDone: () => void };
const durations: SnoozeDuration[] = ['1h', '1d', '1w'];

/**
 * A firing's acknowledge and snooze buttons (docs/ALERTS.md "Acknowledge and snooze"), and what was done:
 * acknowledged (by whom), or snoozed until when. Recoveries have none.
 */
export function FiringActions({ alertId, firing, now = new Date(), onDone }: Props) {
  const { t, i18n } = useTranslation('alerts');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const a = firing.attributes;
  if (a.kind !== 'firing') return null;
  const id = Number(firing.id);
  const run = async (act: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await act();
      onDone();
    } catch (err) {
      setError(errorMessage(err, t('actions.failed'), { from: ['detail', 'allFields'] }));
    } finally {
      setBusy(false);
    }
  };
  const snoozed = a.snoozedUntil && new Date(a.snoozedUntil) > now;
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.25rem', alignItems: 'center' }}>
      {a.acknowledgedAt ? (
        <span>{t('actions.acknowledgedBy', { who: a.acknowledgedBy ?? '' })}</span>
      ) : (
        <Button
          type="button"
          disabled={busy}
          aria-label={t('actions.acknowledgeOf', { subject: a.subject })}
          onClick={() => run(() => acknowledgeFiring(alertId, id))}
        >
          {t('actions.acknowledge')}
        </Button>
      )}
      {snoozed && (
        <span>{t('actions.snoozedUntil', { when: formatDateTime(a.snoozedUntil!, i18n.language) })}</span>
      )}
      {!a.acknowledgedAt &&
        durations.map((d) => (
          <Button
            key={d}
            type="button"
            disabled={busy}
            aria-label={t(`actions.snoozeOf_${d}`, { subject: a.subject })}
            onClick={() => run(() => snoozeFiring(alertId, id, d))}
          >
            {t(`actions.snooze_${d}`)}
          </Button>
        ))}
      {error && <span role="alert">{error}</span>}
    </div>
  );
}
