import { describe, expect, it } from 'vitest';
import { parseClusterArgs, UsageError } from './args';

describe('npm run start:cluster arguments', () => {
  it('reads the counts and the port, with defaults', () => {
    expect(parseClusterArgs(['--api', '3', '--workers', '0', '--port', '8080'])).toEqual({
      api: 3,
      workers: 0,
      port: 8080,
    });
    expect(parseClusterArgs([])).toEqual({ api: 2, workers: 1, port: undefined });
  });

  it.each([
    [['--api', '0'], '--api must be a whole number from 1 to 32 (got "0")'],
    [['--api', '-1'], '--api must be a whole number from 1 to 32 (got "-1")'],
    [['--api', 'abc'], '--api must be a whole number from 1 to 32 (got "abc")'],
    [['--api', '1.5'], '--api must be a whole number from 1 to 32 (got "1.5")'],
    [['--api', '33'], '--api must be a whole number from 1 to 32 (got "33")'],
    [['--workers', '-1'], '--workers must be a whole number from 0 to 32 (got "-1")'],
    [['--workers', '1e3'], '--workers must be a whole number from 0 to 32 (got "1e3")'],
    [['--port', '0'], '--port must be a whole number from 1 to 65535 (got "0")'],
    [['--port', '70000'], '--port must be a whole number from 1 to 65535 (got "70000")'],
    [['--port', ''], '--port must be a whole number from 1 to 65535 (got "")'],
  ])('refuses %j with one line naming the flag', (argv, message) => {
    expect(() => parseClusterArgs(argv)).toThrow(new UsageError(message));
  });

  it('refuses an unknown flag and shows the usage', () => {
    expect(() => parseClusterArgs(['--apis', '2'])).toThrow(/--apis.*usage: npm run start:cluster/);
  });
});
