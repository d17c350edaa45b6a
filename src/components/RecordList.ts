import styled, { css } from 'styled-components';

/** A DNS record's name or value: wraps anywhere (a long rua address), on the alternate surface. */
export const recordCode = css`
  display: inline-block;
  max-width: 100%;
  padding: 2px 6px;
  overflow-wrap: anywhere;
  background: ${(p) => p.theme.colors.surfaceAlt};
  border-radius: ${(p) => p.theme.radii.sm}px;
`;

/** A record to publish as term/value pairs (name, type, value): the terms size to their words. */
export const RecordList = styled.dl`
  display: grid;
  grid-template-columns: max-content minmax(0, 1fr);
  gap: 6px 16px;
  margin: 0;

  dt {
    font-weight: 500;
  }

  dd {
    margin: 0;
    min-width: 0;
  }

  code {
    ${recordCode}
  }
`;
