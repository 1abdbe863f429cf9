import { setTimeout as sleep } from 'node:timers/promises';
import type { Backend } from '../../src/cluster/proxy';
import type { Supervised } from '../../src/cluster/supervisor';

export interface KillRecord {
  name: string;
  pid: number;
  /** Milliseconds from the SIGKILL until the supervisor saw the process ready again. */
  backAfterMs: Promise<number>;
}

/**
 * `kill -9` of one supervised API process, and the time until it answers `/readyz` again: the
 * supervisor marks its backend down when it exits and up once the restarted process is ready.
 */
export function killApiProcess(process_: Supervised, backend: Backend, limitMs = 180_000): KillRecord {
  const pid = process_.pid;
  if (pid === undefined) throw new Error(`${backend.name} has no running process to kill`);
  const killedAt = performance.now();
  process.kill(pid, 'SIGKILL');
  const backAfterMs = (async () => {
    let wentDown = false;
    while (performance.now() - killedAt < limitMs) {
      if (!backend.up) wentDown = true;
      else if (wentDown && process_.pid !== pid) return performance.now() - killedAt;
      await sleep(25);
    }
    throw new Error(`${backend.name} was not back within ${limitMs / 1000} s of its kill`);
  })();
  backAfterMs.catch(() => undefined);
  return { name: backend.name, pid, backAfterMs };
}
