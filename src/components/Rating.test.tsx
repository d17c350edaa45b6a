import { screen } from '@testing-library/react';
import { Rating, starFills } from './Rating';
import { renderWithTheme } from './testing/renderWithTheme';

const fillsShown = () =>
  Array.from(document.querySelectorAll('svg[data-star]')).map((svg) => svg.getAttribute('data-star'));

describe('Rating', () => {
  it('shows 5 stars by default with an accessible "value of max" label', () => {
    renderWithTheme(<Rating value={3} />);
    expect(screen.getByRole('img', { name: '3 of 5' })).toBeInTheDocument();
    expect(fillsShown()).toEqual(['full', 'full', 'full', 'empty', 'empty']);
  });

  it('a fraction of 0.75 or more is a full star, 0.25 or more a half star, less is empty', () => {
    expect(starFills(2.75)).toEqual(['full', 'full', 'full', 'empty', 'empty']);
    expect(starFills(2.74)).toEqual(['full', 'full', 'half', 'empty', 'empty']);
    expect(starFills(2.25)).toEqual(['full', 'full', 'half', 'empty', 'empty']);
    expect(starFills(2.24)).toEqual(['full', 'full', 'empty', 'empty', 'empty']);
    expect(starFills(0)).toEqual(['empty', 'empty', 'empty', 'empty', 'empty']);
    expect(starFills(7)).toEqual(['full', 'full', 'full', 'full', 'full']);
  });

  it('takes another max', () => {
    renderWithTheme(<Rating value={4.5} max={10} />);
    expect(screen.getByRole('img', { name: '4.5 of 10' })).toBeInTheDocument();
    expect(fillsShown()).toHaveLength(10);
    expect(fillsShown()[4]).toBe('half');
  });
});
