import { readdirSync, readFileSync } from 'node:fs';

/** A process of this machine, as /proc tells it. */
export interface ProcessEntry {
  pid: number;
  ppid: number;
  /** The executable's name (at most 15 characters). */
  command: string;
}

/** Every process of this machine (Linux: read from /proc); ones that end while reading are left out. */
export function listProcesses(): ProcessEntry[] {
  const entries: ProcessEntry[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // "pid (command) state ppid ...": the command may hold spaces and parentheses.
      const close = stat.lastIndexOf(')');
      const command = stat.slice(stat.indexOf('(') + 1, close);
      const ppid = Number(stat.slice(close + 2).split(' ')[1]);
      entries.push({ pid: Number(name), ppid, command });
    } catch {
      // ended meanwhile
    }
  }
  return entries;
}

/** The processes descended from `root` (children, their children...), not counting `root`. */
export function descendantsOf(root: number, processes = listProcesses()): ProcessEntry[] {
  const found: ProcessEntry[] = [];
  let parents = new Set([root]);
  while (parents.size > 0) {
    const children = processes.filter((entry) => parents.has(entry.ppid));
    found.push(...children);
    parents = new Set(children.map((entry) => entry.pid));
  }
  return found;
}

/** True while a process with this pid exists (a zombie counts as ended). */
export function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}
