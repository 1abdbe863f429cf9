import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
const root = process.cwd();
const result = await build({ root, configFile: path.join(root, 'vite.config.ts'), logLevel: 'warn', build: { write: false, sourcemap: false, emptyOutDir: false } });
const outputs = (Array.isArray(result) ? result : [result]).flatMap((o) => o.output);
const want = process.argv.slice(2);
for (const chunk of outputs.filter((o) => o.type === 'chunk')) {
  if (!want.some((w) => chunk.fileName.includes(w))) continue;
  console.log(`\n${chunk.fileName} ${chunk.code.length} raw, ${gzipSync(chunk.code,{level:9}).length} gz; imports ${chunk.imports.join(' ')}; dyn ${chunk.dynamicImports.length}`);
  const groups = {};
  for (const [id, m] of Object.entries(chunk.modules)) {
    const key = id.includes('node_modules') ? id.replace(/.*node_modules\/((@[^/]+\/)?[^/]+).*/, '$1') : path.relative(root, id);
    groups[key] = (groups[key] ?? 0) + m.renderedLength;
  }
  for (const [k, v] of Object.entries(groups).sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`  ${String(v).padStart(8)} ${k}`);
}
