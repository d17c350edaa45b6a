import { pdfCell } from './pdf';

describe('pdfCell', () => {
  it('leaves out the change arrows, which the PDF font cannot print; the sign stays', () => {
    expect(pdfCell('▲ +20')).toBe('+20');
    expect(pdfCell('▼ -33.33 pp')).toBe('-33.33 pp');
    expect(pdfCell('= 0')).toBe('= 0');
    expect(pdfCell('example.net')).toBe('example.net');
  });
});
