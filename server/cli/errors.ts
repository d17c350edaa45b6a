// How `msas` reports a failed command: always one plain line on stderr and exit code 1. Mistakes the
// operator can fix (a bad argument, setting or file) say only what is wrong; anything else adds where to
// find more, and prints its stack only under --debug.

/** A bad command line or input: the message names the argument and what it must be. */
export class UsageError extends Error {
  override name = 'UsageError';
}

// By their name property, so this file imports none of the modules that define them (cheap at start-up).
const operatorErrors = new Set(['UsageError', 'ConfigError', 'ImportRefused', 'DataDirInUse']);

const isOperatorError = (error: unknown): boolean =>
  error instanceof Error &&
  (operatorErrors.has(error.name) ||
    String((error as { code?: unknown }).code ?? '').startsWith('ERR_PARSE_ARGS_'));

/** The lines to print for an error that ended a command. */
export function cliErrorLines(error: unknown, debug: boolean): string[] {
  const message = (error instanceof Error ? error.message : String(error)).split('\n')[0]!.trim();
  const lines = [`msas: ${message || 'failed'}`];
  if (isOperatorError(error)) return lines;
  if (debug) return [...lines, error instanceof Error ? (error.stack ?? message) : message];
  return [...lines, 'msas: run with --debug for details'];
}

/** Takes --debug out of the arguments, wherever it stands. */
export function takeDebugFlag(argv: string[]): { argv: string[]; debug: boolean } {
  const rest = argv.filter((a) => a !== '--debug');
  return { argv: rest, debug: rest.length !== argv.length };
}
