import { setTimeout as sleep } from 'node:timers/promises';
import type { ClusterMember } from './cluster-process';

export interface KillRecord {
  name: string;
  pid: number;
  /** Milliseconds from the SIGKILL until the primary reported the restarted worker listening. */
  backAfterMs: Promise<number>;
}

/** `kill -9` of one API worker, and the time until its replacement listens on the public port. */
export function killApiProcess(member: ClusterMember, limitMs = 180_000): KillRecord {
  const pid = member.pid;
  if (pid === undefined) throw new Error(`${member.name} has no running process to kill`);
  const killedAt = performance.now();
  process.kill(pid, 'SIGKILL');
  const backAfterMs = (async () => {
    while (performance.now() - killedAt < limitMs) {
      if (member.ready && member.pid !== undefined && member.pid !== pid) return performance.now() - killedAt;
      await sleep(25);
    }
    throw new Error(`${member.name} was not back within ${limitMs / 1000} s of its kill`);
  })();
  backAfterMs.catch(() => undefined);
  return { name: member.name, pid, backAfterMs };
}
