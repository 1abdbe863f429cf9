import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/**
 * Lints `text` as if it were the file at `filePath`; the files it imports are read from disk. A
 * misconfigured import plugin skips TypeScript files without a word, so the rule is shown to bite.
 */
async function cycleErrors(filePath: string, text: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: repoRoot });
  const [result] = await eslint.lintText(text, { filePath: path.join(repoRoot, filePath) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'import/no-cycle').map((m) => m.message);
}

describe('import cycles', () => {
  it('are lint errors in the server', async () => {
    // plugins/auth.ts imports lib/errors.ts, so lib/errors.ts may not import it back.
    const back = "import { requireMember } from '../plugins/auth';\nexport const hook = requireMember;\n";
    expect(await cycleErrors('apps/server/src/lib/errors.ts', back)).toHaveLength(1);
    expect(await cycleErrors('apps/server/src/lib/time.ts', back)).toEqual([]);
  });

  it('are lint errors in the web app', async () => {
    // lib/session.ts imports lib/storage.ts, so lib/storage.ts may not import it back.
    const back = "import { getToken } from './session';\nexport const token = getToken;\n";
    expect(await cycleErrors('apps/web/src/lib/storage.ts', back)).toHaveLength(1);
    expect(await cycleErrors('apps/web/src/lib/format.ts', back)).toEqual([]);
  });

  it('ignore imports of types only', async () => {
    const back = "import type { getToken } from './session';\nexport type Token = typeof getToken;\n";
    expect(await cycleErrors('apps/web/src/lib/storage.ts', back)).toEqual([]);
  });
});
