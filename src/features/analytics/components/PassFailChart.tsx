import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useTheme } from 'styled-components';
import { share } from '../format';
import { formatCount, formatPercent } from '../../../i18n/format';
import type { Metrics } from '../types';
import { ChartFigure } from './ChartFigure';

/** DKIM, SPF and DMARC results, passed and failed messages, as stacked bars with their table. */
export function PassFailChart({ metrics }: { metrics: Metrics }) {
  const { t, i18n } = useTranslation('analytics');
  const { colors } = useTheme();
  const lang = i18n.language;
  const count = (v: unknown) => formatCount(Number(v), lang);
  const data = (['dmarc', 'dkim', 'spf'] as const).map((k) => ({
    name: t(`overview.${k}`),
    passed: metrics[k].passed,
    failed: metrics[k].failed,
  }));
  // Count and share stacked in one cell: five columns did not fit a third of the screen in Portuguese.
  const cell = (count: number, total: number) => (
    <>
      {formatCount(count, lang)} <span className="share">{formatPercent(share(count, total), lang)}</span>
    </>
  );
  const rows = data.map((d) => {
    const total = d.passed + d.failed;
    return { label: d.name, cells: [cell(d.passed, total), cell(d.failed, total)] };
  });
  const headers = [t('overview.result'), t('overview.passed'), t('overview.failed')];
  return (
    <ChartFigure id="pass-fail" title={t('overview.passFail')} headers={headers} rows={rows}>
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} layout="vertical" margin={{ left: 8, right: 16 }}>
          <CartesianGrid stroke={colors.border} strokeDasharray="3 3" />
          <XAxis type="number" stroke={colors.textMuted} tickFormatter={count} />
          <YAxis type="category" dataKey="name" stroke={colors.textMuted} width={60} />
          <Tooltip contentStyle={{ background: colors.surface, color: colors.text }} formatter={count} />
          <Legend />
          <Bar
            dataKey="passed"
            name={t('overview.passed')}
            stackId="a"
            fill={colors.success}
            isAnimationActive={false}
          />
          <Bar
            dataKey="failed"
            name={t('overview.failed')}
            stackId="a"
            fill={colors.error}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}
