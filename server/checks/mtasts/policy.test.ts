import { describe, expect, it } from 'vitest';
import { mxMatches, mxPatternProblem } from './mxPattern';
import { parsePolicy } from './policy';
import { parseStsRecord } from './record';

const codes = (list: { code: string }[]) => list.map((w) => w.code).sort();

describe('parsePolicy (RFC 8461 §3.2)', () => {
  it('reads LF and CRLF policies alike', () => {
    const lf = parsePolicy(
      'version: STSv1\nmode: enforce\nmx: mx1.example.com\nmx: *.example.net\nmax_age: 604800\n',
    );
    const crlf = parsePolicy(
      'version: STSv1\r\nmode: enforce\r\nmx: mx1.example.com\r\nmx: *.example.net\r\nmax_age: 604800\r\n',
    );
    expect(lf).toEqual(crlf);
    expect(lf.info).toEqual({
      version: 'STSv1',
      mode: 'enforce',
      maxAge: 604800,
      mx: ['mx1.example.com', '*.example.net'],
    });
    expect(lf.usable).toBe(true);
    expect(lf.warnings).toEqual([]);
  });

  it('rejects bare CR line endings', () => {
    expect(codes(parsePolicy('version: STSv1\rmode: enforce\r').warnings)).toContain('policy_line_endings');
  });

  it('enforces the max_age range of 0 to 31557600', () => {
    const base = 'version: STSv1\nmode: enforce\nmx: mx.example.com\n';
    expect(parsePolicy(`${base}max_age: 31557600\n`).usable).toBe(true);
    expect(parsePolicy(`${base}max_age: 31557601\n`).usable).toBe(false);
    expect(parsePolicy(`${base}max_age: -1\n`).usable).toBe(false);
    expect(codes(parsePolicy(`${base}max_age: 3600\n`).warnings)).toEqual(['short_max_age']);
  });

  it('requires version, mode and an mx unless mode is none', () => {
    const r = parsePolicy('version: STSv2\nmode: strict\nmax_age: 86400\n');
    expect(r.usable).toBe(false);
    expect(codes(r.warnings)).toEqual(['policy_mode', 'policy_no_mx', 'policy_version']);
    expect(parsePolicy('version: STSv1\nmode: none\nmax_age: 86400\n').usable).toBe(true);
  });

  it('notes testing mode, duplicate fields and unknown fields', () => {
    const r = parsePolicy(
      'version: STSv1\nmode: testing\nmode: enforce\nmx: a.example.com\nmax_age: 86400\nx-ext: 1\n',
    );
    expect(r.info.mode).toBe('testing');
    expect(codes(r.warnings)).toEqual(['mode_testing', 'policy_duplicate_field', 'policy_unknown_field']);
  });
});

describe('mx patterns (RFC 8461 §4.1)', () => {
  it('lets "*." stand for exactly one label', () => {
    expect(mxMatches('*.example.com', 'mx.example.com')).toBe(true);
    expect(mxMatches('*.example.com', 'example.com')).toBe(false);
    expect(mxMatches('*.example.com', 'a.b.example.com')).toBe(false);
    expect(mxMatches('MX1.Example.com.', 'mx1.example.com')).toBe(true);
  });

  it('refuses wildcards anywhere but the whole first label', () => {
    expect(mxPatternProblem('mx*.example.com')).not.toBeNull();
    expect(mxPatternProblem('*.*.example.com')).not.toBeNull();
    expect(mxPatternProblem('*.example.com')).toBeNull();
  });
});

describe('parseStsRecord (RFC 8461 §3.1)', () => {
  it('needs an id of 1 to 32 letters or digits', () => {
    const out: { code: string }[] = [];
    expect(parseStsRecord('v=STSv1; id=20240101T000000;', out as never)?.id).toBe('20240101T000000');
    expect(parseStsRecord('v=STSv1; id=2024-01-01;', out as never)).toBeNull();
    expect(parseStsRecord('v=STSv1;', out as never)).toBeNull();
    expect(codes(out)).toEqual(['record_bad_id', 'record_no_id']);
  });
});
