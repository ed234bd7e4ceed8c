import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

const git = (args: string[], cwd = root) => execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();

function run(command: string, args: string[], cwd: string) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} in ${cwd} exited with ${result.status}`);
}

/** This checkout as it is measured: its commit, and whether files differ from it. */
export function describeThisCheckout() {
  const dirty = git(['status', '--porcelain', '--untracked-files=no']) !== '';
  return { root, commit: git(['rev-parse', '--short', 'HEAD']), dirty };
}

/**
 * A second checkout of `ref` to measure against this one: a detached `git worktree` in a temporary
 * folder with its web app built by its own build script. Its node_modules are this checkout's (a
 * symbolic link) when both lockfiles are the same, else installed there with `npm ci`.
 */
export function prepareCheckout(ref: string) {
  const commit = git(['rev-parse', '--short', `${ref}^{commit}`]);
  const dir = mkdtempSync(path.join(tmpdir(), `stoked-bench-${commit}-`));
  git(['worktree', 'add', '--detach', dir, commit]);
  const remove = () => {
    try {
      git(['worktree', 'remove', '--force', dir]);
    } catch {
      rmSync(dir, { recursive: true, force: true });
      git(['worktree', 'prune']);
    }
  };
  try {
    const sameLock = readFileSync(path.join(root, 'package-lock.json'), 'utf8') === readFileSync(path.join(dir, 'package-lock.json'), 'utf8');
    if (sameLock) symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    else run('npm', ['ci', '--no-audit', '--no-fund'], dir);
    console.log(`Building the web app of ${ref} (${commit}) in ${dir}…`);
    run('npx', ['tsx', 'scripts/build-web.ts', '--force'], dir);
    return { ref, commit, dir, installed: sameLock ? 'node_modules of this checkout (same lockfile)' : 'npm ci (its lockfile differs)', remove };
  } catch (error) {
    remove();
    throw error;
  }
}
