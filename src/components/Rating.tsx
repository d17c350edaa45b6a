import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import styled from 'styled-components';

export type RatingProps = { value: number; max?: number };
export type StarFill = 'full' | 'half' | 'empty';

// Spec section 9: of each star's share, 0.75 or more shows full, 0.25 or more half, less empty.
export function starFills(value: number, max = 5): StarFill[] {
  return Array.from({ length: max }, (_, index) => {
    const share = value - index;
    if (share >= 0.75) return 'full';
    if (share >= 0.25) return 'half';
    return 'empty';
  });
}

const Stars = styled.span`
  display: inline-flex;
  gap: 2px;
  color: ${(p) => p.theme.colors.yellow};
`;

const star = 'M12 2l2.9 6.9 7.1.6-5.4 4.7 1.7 7-6.3-3.9-6.3 3.9 1.7-7L2 9.5l7.1-.6z';

function Star({ fill, clipId }: { fill: StarFill; clipId: string }) {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" data-star={fill} aria-hidden="true" focusable="false">
      {fill === 'half' ? (
        <defs>
          <clipPath id={clipId}>
            <rect x="0" y="0" width="12" height="24" />
          </clipPath>
        </defs>
      ) : null}
      <path d={star} fill="none" stroke="currentColor" strokeWidth="1.5" />
      {fill !== 'empty' ? (
        <path d={star} fill="currentColor" clipPath={fill === 'half' ? `url(#${clipId})` : undefined} />
      ) : null}
    </svg>
  );
}

export function Rating({ value, max = 5 }: RatingProps) {
  const { t } = useTranslation('components');
  const fills = starFills(value, max);
  // useId may hold characters that url(#...) references do not like.
  const baseId = useId().replace(/[^a-zA-Z0-9_-]/g, '');
  return (
    <Stars role="img" aria-label={t('components.rating.label', { value, max })}>
      {fills.map((fill, index) => (
        <Star key={index} fill={fill} clipId={`rating-${baseId}-${index}`} />
      ))}
    </Stars>
  );
}
