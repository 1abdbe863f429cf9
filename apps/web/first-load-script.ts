import { build } from 'esbuild';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const INLINE_SOURCE = fileURLToPath(new URL('./src/first-load/inline-script.ts', import.meta.url));
const BOOT_SOURCE = fileURLToPath(new URL('./src/first-load/boot.ts', import.meta.url));

/** One source file and what it imports as one minified script. */
async function bundle(entryPoint: string, format: 'iife' | 'esm'): Promise<string> {
  const result = await build({
    entryPoints: [entryPoint],
    bundle: true,
    minify: true,
    write: false,
    format,
    platform: 'browser',
    conditions: ['browser'],
    target: 'es2020',
    legalComments: 'none',
  });
  return result.outputFiles[0]?.text.trim() ?? '';
}

/** src/first-load/inline-script.ts as one minified script, for index.html. */
export async function buildFirstLoadScript(): Promise<string> {
  const code = await bundle(INLINE_SOURCE, 'iife');
  if (!code || /<\/script|<!--/i.test(code)) throw new Error('first-load script: cannot be inlined');
  return code;
}

/** The built page's entry chunk tag, as Vite writes it. */
const ENTRY_TAG = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
/** The preloads of the chunks the entry imports, as Vite writes them. */
const MODULE_PRELOAD_TAG = /<link rel="modulepreload" crossorigin href="[^"]+">/g;
/** Marks the chunks the entry imports, which the boot module evaluates one at a time before it. */
const STEP_ATTRIBUTE = 'data-app-step';
/** Marks the template of the app's chunks; the server adds the page's own chunks to it. */
export const APP_MODULES_ATTRIBUTE = 'data-app-modules';

/**
 * The first load of decision 0051:
 * - src/first-load/inline-script.ts inline in index.html's head, so the page's first request
 *   starts while the HTML is read (the server allows it by its hash, from the built index.html);
 * - in the build, the entry chunk and the chunks it imports listed in an inert
 *   `<template data-app-modules>` (as `<link rel="modulepreload">`, the entry's marked
 *   `data-app-entry`), and src/first-load/boot.ts (`assets/boot-<hash>.js`) loaded instead: once
 *   the first view has been drawn it puts the list in the head, so the chunks download together,
 *   and runs the entry. Until then the page's picture has the connection to itself;
 * - the chunks the entry imports marked `data-app-step`: the boot module evaluates each in a task
 *   of its own before the entry (decision 0054).
 */
export function firstLoadScript(): Plugin {
  let bootFile = '';
  return {
    name: 'reeltime-first-load-script',
    generateBundle: {
      order: 'pre',
      async handler() {
        const source = await bundle(BOOT_SOURCE, 'esm');
        const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
        bootFile = `assets/boot-${hash}.js`;
        this.emitFile({ type: 'asset', fileName: bootFile, source });
      },
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        const inline = { tag: 'script', children: await buildFirstLoadScript(), injectTo: 'head' as const };
        if (context.server || !bootFile) return [inline];
        const entry = ENTRY_TAG.exec(html);
        if (!entry) throw new Error('first-load script: the entry chunk tag was not found in index.html');
        const preloads = html.match(MODULE_PRELOAD_TAG) ?? [];
        const modules =
          `<template ${APP_MODULES_ATTRIBUTE}>` +
          `<link rel="modulepreload" crossorigin href="${entry[1]}" data-app-entry>` +
          preloads.map((tag) => tag.replace(/>$/, ` ${STEP_ATTRIBUTE}>`)).join('') +
          '</template>';
        return {
          html: preloads
            .reduce((page, tag) => page.replace(tag, ''), html)
            .replace(entry[0], `${modules}<script type="module" crossorigin src="/${bootFile}"></script>`),
          tags: [inline],
        };
      },
    },
  };
}
