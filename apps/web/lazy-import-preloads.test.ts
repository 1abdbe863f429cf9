import { describe, expect, it } from 'vitest';
import type { Rollup } from 'vite';
import { lazyImportPreloads } from './lazy-import-preloads';

function chunk(fileName: string, imports: string[]) {
  return { type: 'chunk', fileName, imports, viteMetadata: { importedCss: new Set() } };
}

/** Runs the plugin's bundle hook on a bundle of chunks and their static imports. */
function preloadsFor(chunks: ReturnType<typeof chunk>[]) {
  const preloads = lazyImportPreloads();
  const hook = preloads.plugin.generateBundle as { handler: (o: unknown, b: Rollup.OutputBundle) => void };
  hook.handler(
    {},
    Object.fromEntries(chunks.map((item) => [item.fileName, item])) as unknown as Rollup.OutputBundle,
  );
  return preloads.resolveDependencies;
}

describe('lazy import preload lists', () => {
  const resolve = preloadsFor([
    chunk('assets/index.js', ['assets/react.js']),
    chunk('assets/react.js', []),
    chunk('assets/card.js', ['assets/index.js']),
    chunk('assets/preview.js', ['assets/react.js', 'assets/index.js', 'assets/engine.js']),
    chunk('assets/engine.js', []),
  ]);

  it('leaves out what the importing chunk already loaded, directly or through its imports', () => {
    expect(
      resolve(
        'assets/preview.js',
        ['assets/preview.js', 'assets/react.js', 'assets/index.js', 'assets/engine.js'],
        { hostId: 'assets/card.js', hostType: 'js' },
      ),
    ).toEqual(['assets/preview.js', 'assets/engine.js']);
  });

  it('keeps the whole list for index.html and unknown importers', () => {
    const deps = ['assets/preview.js', 'assets/react.js'];
    expect(resolve('assets/preview.js', deps, { hostId: 'index.html', hostType: 'html' })).toEqual(deps);
    expect(resolve('assets/preview.js', deps, { hostId: 'assets/other.js', hostType: 'js' })).toEqual(deps);
  });
});
