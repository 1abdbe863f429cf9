import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { entryPointFile, nodeArgumentsFor, runsCompiled, serverDir } from './server-files';

describe('the files of the server', () => {
  it('finds the entry points that other processes are started from', () => {
    expect(runsCompiled).toBe(false);
    for (const name of ['main', 'worker', 'transcodeProcessor'] as const) {
      const file = entryPointFile(name);
      expect(file.startsWith(path.join(serverDir, 'src'))).toBe(true);
      expect(existsSync(file)).toBe(true);
      expect(nodeArgumentsFor(file)).toEqual(['--import', 'tsx', file]);
    }
    expect(nodeArgumentsFor(path.join(serverDir, 'dist/main.js'))).toEqual([
      path.join(serverDir, 'dist/main.js'),
    ]);
  });
});

describe('running a compiled command without a build', () => {
  // The launcher in a package folder of its own, with no dist/ beside it.
  const packageDir = mkdtempSync(path.join(tmpdir(), 'reeltime-unbuilt-'));
  mkdirSync(path.join(packageDir, 'scripts'));
  for (const file of ['run-entry.mjs', 'entry-points.mjs']) {
    copyFileSync(path.join(serverDir, 'scripts', file), path.join(packageDir, 'scripts', file));
  }
  afterAll(() => rmSync(packageDir, { recursive: true, force: true }));

  const run = (args: string[], env: NodeJS.ProcessEnv = {}) =>
    spawnSync(process.execPath, [path.join(packageDir, 'scripts/run-entry.mjs'), ...args], {
      cwd: packageDir,
      env: { ...process.env, NODE_ENV: 'development', ...env },
      encoding: 'utf8',
    });

  it('says in one line to run npm run build first', () => {
    const started = run(['--compiled', 'main']);
    expect(started.status).toBe(1);
    expect(started.stderr.trim()).toBe('dist/main.js is missing: run `npm run build` first');
  });

  it('runs the bundle in production, so an unbuilt production command stops the same way', () => {
    const created = run(['admin-create', '--email', 'root@example.com'], { NODE_ENV: 'production' });
    expect(created.status).toBe(1);
    expect(created.stderr.trim()).toBe('dist/cli/admin-create.js is missing: run `npm run build` first');
  });

  it('names the entry points when given an unknown one', () => {
    const started = run(['--compiled', 'server']);
    expect(started.status).toBe(1);
    expect(started.stderr.trim()).toMatch(
      /^run-entry: unknown entry point "server" \(one of: main, worker, /,
    );
  });
});
