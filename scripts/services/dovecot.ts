import { chownSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  exited,
  isRoot,
  makeTempDir,
  once,
  pickPort,
  removeDir,
  run,
  spawnDaemon,
  stopChild,
  tail,
  tcpOpen,
  waitFor,
  type Stoppable,
} from './process';

export type Dovecot = Stoppable & {
  host: string;
  port: number;
  user: string;
  password: string;
  /** imap://user:password@127.0.0.1:port/INBOX (plain IMAP on loopback, no TLS). */
  url: string;
};

// Mail is stored as `nobody`: Dovecot refuses mail access as uid 0.
function mailOwner(): { uid: number; gid: number; group: string } {
  const [, , uid, gid] = run('getent', ['passwd', 'nobody']).split(':');
  const group = run('getent', ['group', gid]).split(':')[0];
  return { uid: Number(uid), gid: Number(gid), group };
}

function config(dir: string, port: number, owner: ReturnType<typeof mailOwner>): string {
  const userdb = `uid=nobody gid=${owner.group} home=${dir}/mail/%u`;
  return `base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_login_user = dovenull
default_internal_user = dovecot
mail_location = maildir:${dir}/mail/%u
first_valid_uid = 1
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/passwd
}
userdb {
  driver = static
  args = ${userdb}
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service stats {
  unix_listener stats-reader {
    mode = 0666
  }
  unix_listener stats-writer {
    mode = 0666
  }
}
`;
}

// Dovecot IMAP on loopback with one passwd-file user and maildir storage in a temp dir, run in the
// foreground (`dovecot -F -c conf`). Needs root: the master switches its processes to dovenull/dovecot/nobody.
export async function startDovecot(
  opts: { port?: number; user?: string; password?: string } = {},
): Promise<Dovecot> {
  if (!isRoot())
    throw new Error('Dovecot test server needs root (it switches to the dovenull and dovecot users)');
  const dir = makeTempDir('dovecot');
  const port = await pickPort(opts.port ?? 1143);
  const user = opts.user ?? 'reports@example.test';
  const password = opts.password ?? 'imap-test-password';
  const owner = mailOwner();
  for (const sub of ['run', 'state', 'mail']) mkdirSync(path.join(dir, sub));
  chownSync(path.join(dir, 'mail'), owner.uid, owner.gid);
  writeFileSync(path.join(dir, 'passwd'), `${user}:{PLAIN}${password}\n`, { mode: 0o644 });
  const conf = path.join(dir, 'dovecot.conf');
  writeFileSync(conf, config(dir, port, owner));
  const child = spawnDaemon('dovecot', ['-F', '-c', conf], path.join(dir, 'stdout.log'));
  const stop = once(async () => {
    await stopChild(child, 10_000);
    removeDir(dir);
  });
  try {
    await waitFor('Dovecot', async () => {
      if (exited(child)) throw new Error('exited');
      return tcpOpen(port);
    });
  } catch (e) {
    const output = `${tail(path.join(dir, 'stdout.log'))}\n${tail(path.join(dir, 'dovecot.log'))}`;
    await stop();
    throw new Error(`Dovecot did not start: ${(e as Error).message}\n${output}`, { cause: e });
  }
  const url = `imap://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}/INBOX`;
  return { host: '127.0.0.1', port, user, password, url, stop };
}
