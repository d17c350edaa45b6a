// A finding of a repository check, printed as `file:line: message`.
export type Problem = { file: string; line?: number; message: string };

export function formatProblem(p: Problem): string {
  return p.line === undefined ? `${p.file}: ${p.message}` : `${p.file}:${p.line}: ${p.message}`;
}
