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

/**
 * The first load of decision 0051:
 * - src/first-load/inline-script.ts inline in index.html's head, so the page's first request
 *   starts while the HTML is read (the server allows it by its hash, from the built index.html);
 * - in the build, the entry chunk only preloaded (`<link rel="modulepreload" data-app-entry>`)
 *   and src/first-load/boot.ts (`assets/boot-<hash>.js`) loaded instead: it runs the entry once
 *   the first view has been drawn.
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
        return {
          html: html.replace(
            entry[0],
            `<link rel="modulepreload" crossorigin href="${entry[1]}" data-app-entry>` +
              `<script type="module" crossorigin src="/${bootFile}"></script>`,
          ),
          tags: [inline],
        };
      },
    },
  };
}
