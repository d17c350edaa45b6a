import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// deploy/systemd: the units docs/DEPLOY.md installs. No systemd runs here, but `systemd-analyze verify` reads
// them as systemd would and names every key it does not know (and exits 0 all the same, hence the output check).

const dir = path.resolve(import.meta.dirname, '..', '..', 'deploy', 'systemd');
const units = ['msas-serve.service', 'msas-worker.service'];

function settings(unit: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const line of fs.readFileSync(path.join(dir, unit), 'utf8').split('\n')) {
    const m = /^(\w+)=(.*)$/.exec(line);
    if (m) map.set(m[1]!, [...(map.get(m[1]!) ?? []), m[2]!]);
  }
  return map;
}

describe('the systemd units', () => {
  it.each(units)('%s is valid for systemd-analyze verify', (unit) => {
    const r = spawnSync('systemd-analyze', ['verify', '--man=no', path.join(dir, unit)], {
      encoding: 'utf8',
    });
    expect(r.status).toBe(0);
    expect(`${r.stdout}${r.stderr}`.trim()).toBe('');
  });

  it.each(units)('%s runs the release hardened, with only DATA_DIR writable', (unit) => {
    const s = settings(unit);
    expect(s.get('User')).toEqual(['msas']);
    expect(s.get('ExecStart')?.[0]).toMatch(
      /^\/usr\/bin\/node \/opt\/msas\/bin\/msas\.js (serve --no-jobs|worker)$/,
    );
    expect(s.get('Environment')?.[0]).toContain('DATA_DIR=/var/lib/msas');
    expect(s.get('NoNewPrivileges')).toEqual(['yes']);
    expect(s.get('PrivateTmp')).toEqual(['yes']);
    expect(s.get('ProtectSystem')).toEqual(['strict']);
    expect(s.get('ProtectHome')).toEqual(['yes']);
    expect(s.get('ReadWritePaths')).toEqual(['/var/lib/msas']);
    expect(s.get('UMask')).toEqual(['0077']);
  });

  it('gives only the worker (the SMTP listener on port 25) a capability, and only that one', () => {
    expect(settings('msas-serve.service').get('CapabilityBoundingSet')).toEqual(['']);
    expect(settings('msas-worker.service').get('CapabilityBoundingSet')).toEqual(['CAP_NET_BIND_SERVICE']);
    expect(settings('msas-worker.service').get('AmbientCapabilities')).toEqual(['CAP_NET_BIND_SERVICE']);
  });
});
