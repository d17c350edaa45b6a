import { useId, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';
import { focusRing } from './focusRing';

export type RangeSliderProps = {
  value: number;
  onChange: (value: number) => void;
  min?: number;
  max?: number;
  step?: number;
  label: string;
};

/** Spec section 5: a change outside [min, max] (or not a number) is ignored, not clamped. */
export function acceptsRangeValue(raw: string, min: number, max: number): number | null {
  if (raw.trim() === '') return null;
  const value = Number(raw);
  return Number.isFinite(value) && value >= min && value <= max ? value : null;
}

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: 6px;
`;

const Label = styled.label`
  font: 500 0.9rem ${(p) => p.theme.fonts.primary};
  color: ${(p) => p.theme.colors.text};
`;

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
`;

const Range = styled.input`
  flex: 1;
  accent-color: ${(p) => p.theme.colors.primary};
  ${focusRing}
`;

const NumberBox = styled.input`
  width: 72px;
  padding: 6px 8px;
  border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: ${(p) => p.theme.radii.md}px;
  background: ${(p) => p.theme.colors.surface};
  color: ${(p) => p.theme.colors.text};
  ${focusRing}
`;

export function RangeSlider({ value, onChange, min = 0, max = 50, step = 1, label }: RangeSliderProps) {
  const { t } = useTranslation('components');
  const id = useId();
  const change = (event: ChangeEvent<HTMLInputElement>) => {
    const accepted = acceptsRangeValue(event.target.value, min, max);
    if (accepted !== null && accepted !== value) onChange(accepted);
  };
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      <Row>
        <Range id={id} type="range" min={min} max={max} step={step} value={value} onChange={change} />
        <NumberBox
          type="number"
          aria-label={t('components.rangeSlider.value', { label })}
          min={min}
          max={max}
          step={step}
          value={value}
          onChange={change}
        />
      </Row>
    </Field>
  );
}
