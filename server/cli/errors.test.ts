import { parseArgs } from 'node:util';
import { ConfigError } from '../config-fields';
import { ImportRefused } from '../db/portable/import';
import { DataDirInUse } from '../db/pglite-lock';
import { cliErrorLines, takeDebugFlag, UsageError } from './errors';

describe('cliErrorLines', () => {
  it('gives the operator one line for a bad argument, setting, file or option', () => {
    let parseError: unknown;
    try {
      parseArgs({ args: ['--bogus'], options: {} });
    } catch (e) {
      parseError = e;
    }
    for (const [error, line] of [
      [new UsageError('--role must be one of owner, admin'), 'msas: --role must be one of owner, admin'],
      [
        new ConfigError('Invalid setting PORT: expected a number'),
        'msas: Invalid setting PORT: expected a number',
      ],
      [new ImportRefused('the file is from a newer msas'), 'msas: the file is from a newer msas'],
      [
        new DataDirInUse('/srv/msas', { pid: 42, command: 'msas serve', since: 'then' }),
        'msas: DATA_DIR /srv/msas is in use: process 42 (msas serve, since then) has its embedded database open, and PGlite serves one process at a time. Stop that process first, or do this through the console or the API while it runs; to run commands beside a running server, use PostgreSQL (DATABASE_URL).',
      ],
      [parseError, "msas: Unknown option '--bogus'"],
    ] as const) {
      expect(cliErrorLines(error, false)).toEqual([line]);
      expect(cliErrorLines(error, true)).toEqual([line]);
    }
  });

  it('points an unexpected error at --debug, and prints its stack only then', () => {
    const error = new TypeError('Cannot read properties of undefined\nsecond line');
    expect(cliErrorLines(error, false)).toEqual([
      'msas: Cannot read properties of undefined',
      'msas: run with --debug for details',
    ]);
    const debug = cliErrorLines(error, true);
    expect(debug[0]).toBe('msas: Cannot read properties of undefined');
    expect(debug[1]).toMatch(/^TypeError: Cannot read properties[\s\S]*\n\s+at /);
    expect(cliErrorLines('plain', false)[0]).toBe('msas: plain');
  });

  it('takes --debug from anywhere in the arguments', () => {
    expect(takeDebugFlag(['check', '--debug', 'spf', 'x.test'])).toEqual({
      argv: ['check', 'spf', 'x.test'],
      debug: true,
    });
    expect(takeDebugFlag(['migrate'])).toEqual({ argv: ['migrate'], debug: false });
  });
});
