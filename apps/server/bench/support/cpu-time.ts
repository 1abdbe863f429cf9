import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/** Clock ticks per second of /proc's CPU times (USER_HZ; 100 on every Linux architecture in use). */
const TICKS_PER_SECOND = 100;

/** utime + stime of a /proc/<pid>/stat or /proc/<pid>/task/<tid>/stat line, in seconds. */
function cpuSecondsOfStat(file: string): number {
  try {
    const text = readFileSync(file, 'utf8');
    // The command name (field 2) may contain spaces; the fields after it are space-separated.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    // The process or thread has exited (or this is not Linux): it uses no more CPU.
    return 0;
  }
}

/** Whole-machine busy and total CPU seconds since boot, from the first line of /proc/stat. */
function machineSeconds(): { busy: number; total: number } {
  try {
    const [, ...values] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
    // user nice system idle iowait irq softirq steal (guest time is already counted in user).
    const ticks = values.slice(0, 8).map(Number);
    const idle = ticks[3]! + ticks[4]!;
    const total = ticks.reduce((sum, value) => sum + value, 0);
    return { busy: (total - idle) / TICKS_PER_SECOND, total: total / TICKS_PER_SECOND };
  } catch {
    return { busy: 0, total: 0 };
  }
}

/**
 * CPU seconds used so far by this process's main thread and by its other threads. The others are
 * the whole process (getrusage, which keeps the time of threads that have ended, such as each
 * run's load generator) less the main thread.
 */
function ownThreads(): { main: number; others: number } {
  const { user, system } = process.cpuUsage();
  const all = (user + system) / 1e6;
  const main = cpuSecondsOfStat(`/proc/self/task/${process.pid}/stat`);
  return { main, others: Math.max(0, all - main) };
}

export interface CpuSample {
  at: number;
  /** The cluster primaries: they accept each connection and hand it to an API worker. */
  primary: number;
  /** This process: the load generator's worker thread, its main thread's bookkeeping, V8 and libuv helpers. */
  loadGenerator: number;
  /** The API processes together. */
  api: number;
  /** Each PostgreSQL backend serving the site's database, by pid (they come and go with the pools). */
  postgres: Map<number, number>;
  machineBusy: number;
}

/** A reading of CPU time so far; two readings give the CPU used between them. */
export function sampleCpu(
  apiPids: Array<number | undefined>,
  postgresPids: number[] = [],
  primaryPids: number[] = [],
): CpuSample {
  const threads = ownThreads();
  const machine = machineSeconds();
  return {
    at: performance.now(),
    primary: primaryPids.reduce((sum, pid) => sum + cpuSecondsOfStat(`/proc/${pid}/stat`), 0),
    loadGenerator: threads.main + threads.others,
    api: apiPids.reduce<number>((sum, pid) => sum + (pid ? cpuSecondsOfStat(`/proc/${pid}/stat`) : 0), 0),
    postgres: new Map(postgresPids.map((pid) => [pid, cpuSecondsOfStat(`/proc/${pid}/stat`)])),
    machineBusy: machine.busy,
  };
}

/** Cores in use on average between two readings, by part; `rest` is everything else on the machine. */
export interface CoresUsed {
  loadGenerator: number;
  primary: number;
  api: number;
  /** The PostgreSQL backends serving the site's database. */
  postgres: number;
  /** Redis and any other work on the machine. */
  rest: number;
  machine: number;
  /** Wall-clock seconds the readings span (to weigh several spans together). */
  seconds: number;
}

export function coresUsed(before: CpuSample, after: CpuSample): CoresUsed {
  const seconds = Math.max(1e-3, (after.at - before.at) / 1000);
  const per = (key: 'primary' | 'loadGenerator' | 'api' | 'machineBusy') =>
    Math.max(0, after[key] - before[key]) / seconds;
  const loadGenerator = per('loadGenerator');
  const primary = per('primary');
  const api = per('api');
  let postgresSeconds = 0;
  for (const [pid, used] of after.postgres)
    postgresSeconds += Math.max(0, used - (before.postgres.get(pid) ?? 0));
  const postgres = postgresSeconds / seconds;
  const machine = Math.min(availableParallelism(), per('machineBusy'));
  return {
    loadGenerator,
    primary,
    api,
    postgres,
    rest: Math.max(0, machine - loadGenerator - primary - api - postgres),
    machine,
    seconds,
  };
}

/** The time-weighted mean of several spans. */
export function meanCores(spans: CoresUsed[]): CoresUsed {
  const seconds = spans.reduce((sum, span) => sum + span.seconds, 0) || 1;
  const mean = (key: keyof Omit<CoresUsed, 'seconds'>) =>
    spans.reduce((sum, span) => sum + span[key] * span.seconds, 0) / seconds;
  return {
    loadGenerator: mean('loadGenerator'),
    primary: mean('primary'),
    api: mean('api'),
    postgres: mean('postgres'),
    rest: mean('rest'),
    machine: mean('machine'),
    seconds,
  };
}
