import type { Plugin, ResolveModulePreloadDependenciesFn } from 'vite';

/**
 * Shorter preload lists for lazy imports. For each `import()`, Vite lists every chunk the imported
 * chunk needs, to fetch them side by side. The chunks that the importing chunk itself imports
 * statically are already loaded when its code runs, so they are left out: a lazy import in a
 * page's first load (a card's trailer preview) then costs no list of the page's own chunks.
 * (Vite passes no stylesheets here: it keeps them all, and loads a lazy chunk's CSS from them.)
 */
export function lazyImportPreloads(): {
  plugin: Plugin;
  resolveDependencies: ResolveModulePreloadDependenciesFn;
} {
  /** Per chunk: the chunks it imports statically. */
  const staticImports = new Map<string, readonly string[]>();

  const loadedWith = (fileName: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(fileName)) return seen;
    seen.add(fileName);
    for (const imported of staticImports.get(fileName) ?? []) loadedWith(imported, seen);
    return seen;
  };

  return {
    plugin: {
      name: 'reeltime-lazy-import-preloads',
      apply: 'build',
      // Before Vite writes the lists (its own generateBundle), note which chunk imports which.
      generateBundle: {
        order: 'pre',
        handler(_options, bundle) {
          staticImports.clear();
          for (const item of Object.values(bundle)) {
            if (item.type !== 'chunk') continue;
            staticImports.set(item.fileName, item.imports);
          }
        },
      },
    },
    resolveDependencies: (_fileName, deps, { hostId, hostType }) => {
      if (hostType !== 'js' || !staticImports.has(hostId)) return deps;
      const loaded = loadedWith(hostId);
      return deps.filter((dep) => !loaded.has(dep));
    },
  };
}
