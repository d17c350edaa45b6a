// Types of server-build.js for the TypeScript that imports it (tests, scripts).
export const repoRoot: string;
export function sourceFingerprint(root?: string): string;
export function buildsDir(root?: string): string;
export function freshBuild(root?: string): string | null;
export function buildServer(root?: string, log?: (line: string) => void): Promise<string>;
