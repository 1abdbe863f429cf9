import { execFileSync, spawnSync } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = path.resolve(import.meta.dirname, '../../scripts/check-migrations.mjs');
const check = (dir: string, ...args: string[]) => {
  const result = spawnSync(process.execPath, [script, '--dir', dir, ...args], { encoding: 'utf8' });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
};
const git = (dir: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
    cwd: dir,
    stdio: 'pipe',
  });

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A migrations folder of its own with two migrations, both listed and committed. */
function shippedFolder() {
  dir = mkdtempSync(path.join(tmpdir(), 'migrations-'));
  writeFileSync(path.join(dir, '0001-initial.ts'), 'export async function up() {}\n');
  writeFileSync(path.join(dir, 'dialect.ts'), 'export const x = 1;\n');
  expect(check(dir, '--add').code).toBe(0);
  git(dir, 'init', '-q');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-qm', 'first');
  return dir;
}

describe('the shipped migrations check', () => {
  it('passes on this repository: no shipped migration changed, every migration is listed', () => {
    const result = spawnSync(process.execPath, [script], { encoding: 'utf8' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('fails when a shipped migration changes or disappears, naming it', () => {
    const folder = shippedFolder();
    expect(check(folder).code).toBe(0);
    appendFileSync(path.join(folder, '0001-initial.ts'), '// edited\n');
    expect(check(folder)).toEqual({
      code: 1,
      output: expect.stringContaining('0001-initial.ts has shipped and must not change'),
    });
    rmSync(path.join(folder, '0001-initial.ts'));
    expect(check(folder).output).toContain('0001-initial.ts has shipped and must not be removed');
  });

  it('fails on a migration that is not listed, until --add lists it', () => {
    const folder = shippedFolder();
    writeFileSync(path.join(folder, '0002-more.ts'), 'export async function up() {}\n');
    expect(check(folder)).toEqual({
      code: 1,
      output: expect.stringContaining('0002-more.ts is not in shipped.sha256'),
    });
    expect(check(folder, '--add').code).toBe(0);
    expect(check(folder).code).toBe(0);
  });

  it('fails when a line of the list was changed after it was committed, even with the file to match', () => {
    const folder = shippedFolder();
    appendFileSync(path.join(folder, '0001-initial.ts'), '// edited\n');
    const list = path.join(folder, 'shipped.sha256');
    writeFileSync(
      list,
      readFileSync(list, 'utf8')
        .split('\n')
        .filter((line) => !line.endsWith('0001-initial.ts'))
        .join('\n'),
    );
    expect(check(folder, '--add').code).toBe(0);
    git(folder, 'commit', '-qam', 'rewrite history');
    expect(check(folder)).toEqual({
      code: 1,
      output: expect.stringContaining('shipped.sha256 lost or changed the line of 0001-initial.ts'),
    });
  });
});
