import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { acceptsRangeValue, RangeSlider } from './RangeSlider';
import { renderWithTheme } from './testing/renderWithTheme';

function Harness(props: { min?: number; max?: number; step?: number; onChange?: (v: number) => void }) {
  const [value, setValue] = useState(10);
  return (
    <RangeSlider
      label="Threshold"
      value={value}
      onChange={(v) => {
        props.onChange?.(v);
        setValue(v);
      }}
      min={props.min}
      max={props.max}
      step={props.step}
    />
  );
}

describe('RangeSlider', () => {
  it('defaults to min 0, max 50, step 1', () => {
    renderWithTheme(<Harness />);
    const slider = screen.getByRole('slider', { name: 'Threshold' });
    expect(slider).toHaveAttribute('min', '0');
    expect(slider).toHaveAttribute('max', '50');
    expect(slider).toHaveAttribute('step', '1');
    expect(slider).toHaveValue('10');
  });

  it('accepts changes inside the range', () => {
    const onChange = vi.fn();
    renderWithTheme(<Harness onChange={onChange} />);
    fireEvent.change(screen.getByRole('slider', { name: 'Threshold' }), { target: { value: '25' } });
    expect(onChange).toHaveBeenLastCalledWith(25);
    fireEvent.change(screen.getByRole('spinbutton', { name: 'Threshold (value)' }), {
      target: { value: '0' },
    });
    expect(onChange).toHaveBeenLastCalledWith(0);
    expect(screen.getByRole('slider')).toHaveValue('0');
  });

  it('ignores typed values outside min and max', () => {
    const onChange = vi.fn();
    renderWithTheme(<Harness onChange={onChange} min={5} max={20} />);
    const box = screen.getByRole('spinbutton', { name: 'Threshold (value)' });
    fireEvent.change(box, { target: { value: '21' } });
    fireEvent.change(box, { target: { value: '4' } });
    fireEvent.change(box, { target: { value: '-1' } });
    expect(onChange).not.toHaveBeenCalled();
    expect(screen.getByRole('slider')).toHaveValue('10');
  });

  it('acceptsRangeValue keeps in-range numbers only', () => {
    expect(acceptsRangeValue('0', 0, 50)).toBe(0);
    expect(acceptsRangeValue('50', 0, 50)).toBe(50);
    expect(acceptsRangeValue('50.5', 0, 50)).toBeNull();
    expect(acceptsRangeValue('-0.1', 0, 50)).toBeNull();
    expect(acceptsRangeValue('', 0, 50)).toBeNull();
    expect(acceptsRangeValue('abc', 0, 50)).toBeNull();
  });
});
