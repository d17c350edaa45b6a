// MX patterns of an MTA-STS policy (RFC 8461 §4.1): a host name, or "*." and a host name where the
// wildcard stands for exactly one label: "*.example.com" matches "mx.example.com", not "example.com"
// nor "a.b.example.com".

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

const norm = (n: string) => n.trim().toLowerCase().replace(/\.$/, '');

export function mxPatternProblem(pattern: string): string | null {
  const p = norm(pattern);
  const host = p.startsWith('*.') ? p.slice(2) : p;
  if (host.includes('*')) return 'a wildcard may only be the whole left-most label ("*.")';
  const labels = host.split('.');
  if (labels.length < 2 || !labels.every((l) => LABEL.test(l))) return 'not a host name';
  return null;
}

export function mxMatches(pattern: string, host: string): boolean {
  const p = norm(pattern);
  const h = norm(host);
  if (!p.startsWith('*.')) return p === h;
  const dot = h.indexOf('.');
  return dot > 0 && h.slice(dot + 1) === p.slice(2);
}
