import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './inline-script-hashes';

const hash = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`;

describe('the hashes of a page’s inline scripts', () => {
  it('are those of the scripts with a body, not of scripts loaded from a file', () => {
    const html =
      '<head><script>start()</script><script type="module" crossorigin src="/assets/boot-1.js"></script>' +
      '<script async src="/x.js"></script></head><body><script>\nlater();\n</script></body>';
    expect(inlineScriptHashes(html)).toEqual([hash('start()'), hash('\nlater();\n')]);
  });

  it('are none for a page without inline scripts', () => {
    expect(inlineScriptHashes('<head><script type="module" src="/a.js"></script></head>')).toEqual([]);
  });
});
