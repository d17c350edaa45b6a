import { controlCharErrors } from './control-chars';

const nullMessage = { code: 'null_characters' };
const controlMessage = { code: 'control_characters' };

describe('controlCharErrors', () => {
  it('passes ordinary input, and tab and line breaks in body text', () => {
    expect(
      controlCharErrors({
        params: { id: '7' },
        query: { search: 'example.com', domain_groups: ['1', '2'] },
        body: { message: 'two\r\nlines\tand a tab', networks: [{ range: '192.0.2.0/24' }], n: 3 },
      }),
    ).toBeNull();
  });

  it('names each field that holds NUL or another control, nested fields dotted', () => {
    expect(
      controlCharErrors({
        params: { domain: 'a\u0000b' },
        query: { search: 'x\ty', domain_groups: ['1', '2\u0000'] },
        body: { name: 'ok', networks: [{ range: 'x' }, { range: '\u0000' }], note: 'bell\u0007' },
      }),
    ).toEqual({
      domain: [nullMessage],
      search: [controlMessage],
      domain_groups: [nullMessage],
      'networks.1.range': [nullMessage],
      note: [controlMessage],
    });
  });

  it('reports a bad key on the object holding it, and a bare string body as a whole', () => {
    expect(controlCharErrors({ query: { 'a\u0000': 'x' } })).toEqual({ non_field_errors: [nullMessage] });
    expect(controlCharErrors({ body: { alert_defaults: { 'k\u0001': true } } })).toEqual({
      alert_defaults: [controlMessage],
    });
    expect(controlCharErrors({ body: '\u0000' })).toEqual({ non_field_errors: [nullMessage] });
  });

  it('leaves uploaded file bytes alone and walks a deeply nested body without recursion', () => {
    expect(controlCharErrors({ body: { file: Buffer.from([0, 1, 2]) } })).toBeNull();
    let deep: unknown = '\u0000';
    for (let i = 0; i < 200_000; i += 1) deep = [deep];
    const errors = controlCharErrors({ body: deep });
    expect(Object.values(errors ?? {})).toEqual([[nullMessage]]);
  });
});
