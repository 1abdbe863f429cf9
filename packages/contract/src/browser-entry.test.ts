import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import * as Contract from './index';
import * as Browser from './browser';

const BROWSER_ENTRY = new URL('./browser.ts', import.meta.url);

const isDefinition = (value: unknown): value is Contract.EndpointDefinition =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { method?: unknown }).method === 'string' &&
  typeof (value as { path?: unknown }).path === 'string' &&
  'success' in value;

/** Every endpoint group the contract exports, by its export name. */
const groups = Object.entries(Contract)
  .filter(
    ([, value]) =>
      typeof value === 'object' &&
      value !== null &&
      Object.values(value).length > 0 &&
      Object.values(value).every(isDefinition),
  )
  .sort(([a], [b]) => a.localeCompare(b)) as [string, Record<string, Contract.EndpointDefinition>][];

/** The browser entry as the definitions make it, formatted as the repository formats code. */
async function browserEntry(): Promise<string> {
  const filepath = fileURLToPath(BROWSER_ENTRY);
  const options = await prettier.resolveConfig(filepath);
  return prettier.format(entrySource(), { ...options, filepath });
}

function entrySource(): string {
  const lines = [
    '// Written from the endpoint definitions by `npm run contract:browser`; `npm test` checks that it is current.',
    '// The web app resolves the contract here (the `browser` condition): each group holds only the method and',
    "// path of its endpoints, typed by their definitions, so a page's bundle carries no schema it does not use.",
    "import { endpointRoute } from './endpoint';",
    "import type * as Contract from './index';",
    '',
    "export * from './index';",
  ];
  for (const [group, endpoints] of groups) {
    lines.push('', `export const ${group} = {`);
    for (const [name, definition] of Object.entries(endpoints)) {
      lines.push(
        `  ${name}: endpointRoute<typeof Contract.${group}.${name}>('${definition.method}', '${definition.path}'),`,
      );
    }
    lines.push('};');
  }
  return `${lines.join('\n')}\n`;
}

describe('the browser entry of the contract', () => {
  it('holds the method and path of every endpoint definition, under the same names', async () => {
    const expected = await browserEntry();
    if (process.env.WRITE_BROWSER_ENTRY) writeFileSync(BROWSER_ENTRY, expected);
    expect(
      readFileSync(BROWSER_ENTRY, 'utf8'),
      'run `npm run contract:browser` and commit src/browser.ts',
    ).toBe(expected);
    for (const [group, endpoints] of groups) {
      const routes = (Browser as unknown as Record<string, Record<string, unknown>>)[group];
      for (const [name, definition] of Object.entries(endpoints)) {
        expect(routes?.[name]).toEqual({ method: definition.method, path: definition.path });
      }
    }
  });
});
