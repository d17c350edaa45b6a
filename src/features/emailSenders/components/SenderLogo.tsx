import styled from 'styled-components';

const size = 32;

const Img = styled.img`
  width: ${size}px;
  height: ${size}px;
  object-fit: contain;
  border-radius: ${({ theme }) => theme.radii.sm}px;
  background: #ffffff;
`;

const Initials = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: ${size}px;
  height: ${size}px;
  border-radius: 50%;
  font: 600 0.8rem ${({ theme }) => theme.fonts.primary};
  color: ${({ theme }) => theme.colors.primaryContrast};
  background: ${({ theme }) => theme.colors.primary};
`;

/** "Amazon SES" → "AS", "mailchimp" → "MA", "" → "?". */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/[\s\-_.]+/)
    .filter(Boolean);
  if (words.length === 0) return '?';
  if (words.length === 1) return words[0].slice(0, 2).toUpperCase();
  return (words[0][0] + words[1][0]).toUpperCase();
}

/** The sender's logo, or its initials when it has none; the name beside it carries the meaning. */
export function SenderLogo({ name, logo }: { name: string; logo: string | null }) {
  if (logo) return <Img src={logo} alt="" width={size} height={size} loading="lazy" />;
  return <Initials aria-hidden="true">{initialsOf(name)}</Initials>;
}
