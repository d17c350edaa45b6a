import { useTranslation } from 'react-i18next';
import { Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { useTheme } from 'styled-components';
import { share } from '../format';
import { formatCount, formatPercent } from '../../../i18n/format';
import { ChartFigure } from './ChartFigure';

export type Slice = { key: string; label: string; value: number; percent?: number; color: string };

type Props = { id: string; title: string; slices: Slice[] };

/** A donut of parts of a whole (verification results, the DMARC-passed split) with its table. */
export function ShareChart({ id, title, slices }: Props) {
  const { t, i18n } = useTranslation('analytics');
  const { colors } = useTheme();
  const total = slices.reduce((sum, s) => sum + s.value, 0);
  const rows = slices.map((s) => ({
    label: s.label,
    cells: [
      formatCount(s.value, i18n.language),
      formatPercent(s.percent ?? share(s.value, total), i18n.language),
    ],
  }));
  const shown = slices.filter((s) => s.value > 0);
  return (
    <ChartFigure id={id} title={title} headers={[t('overview.part'), t('columns.messages'), '%']} rows={rows}>
      <ResponsiveContainer width="100%" height="100%">
        <PieChart>
          <Pie
            data={
              shown.length
                ? shown
                : [{ key: 'none', label: t('overview.noMessages'), value: 1, color: colors.border }]
            }
            dataKey="value"
            nameKey="label"
            innerRadius="55%"
            outerRadius="85%"
            stroke={colors.surface}
            isAnimationActive={false}
          >
            {(shown.length ? shown : [{ key: 'none', color: colors.border }]).map((s) => (
              <Cell key={s.key} fill={s.color} />
            ))}
          </Pie>
          {shown.length > 0 && <Tooltip contentStyle={{ background: colors.surface, color: colors.text }} />}
          <Legend />
        </PieChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}
