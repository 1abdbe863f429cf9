import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** A `<script>` with a body and no `src`: the web build's first-load script (decision 0051). */
const INLINE_SCRIPT = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]+?)<\/script>/gi;

/** The page policy's `'sha256-…'` source for each inline script of `html`. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)].map(
    ([, body]) =>
      `'sha256-${createHash('sha256')
        .update(body ?? '', 'utf8')
        .digest('base64')}'`,
  );
}

/**
 * The hashes of the built index.html's inline scripts, read once at start: the policy allows
 * exactly the scripts of the build being served, and no other inline script.
 */
export function webBuildScriptHashes(webDistDir: string): string[] {
  const indexFile = path.join(webDistDir, 'index.html');
  return existsSync(indexFile) ? inlineScriptHashes(readFileSync(indexFile, 'utf8')) : [];
}
