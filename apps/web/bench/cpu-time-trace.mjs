/**
 * Lighthouse's simulated throttling takes each main-thread task's duration from the trace as the
 * wall-clock time it lasted, and multiplies it by the CPU slowdown. On a machine whose cores are
 * busy with other work, a task's wall-clock time is mostly time the thread waited for a core:
 * tasks measured at 400 ms had used 8 ms of CPU. TBT and LCP then say more about the machine's
 * load than about the page.
 *
 * `atCpuTime(trace)` rewrites a trace so that every top-level task lasts the CPU time its thread
 * spent in it (`tdur`), with the events inside it scaled along, and everything else left as it
 * was: the same trace as on an idle machine, as far as the CPU goes. Network timings, and the
 * order and start of every task, are untouched.
 */

/** The trace event that runs one task of a thread's message loop. */
const TOP_LEVEL_TASK = 'RunTask';

/**
 * A copy of `trace` in which each thread's top-level tasks last their thread time. Tasks without
 * a thread time, or whose thread time is not shorter, are kept as they are.
 */
export function atCpuTime(trace) {
  const events = trace.traceEvents.map((event) => ({ ...event }));
  const byThread = new Map();
  for (const event of events) {
    if (event.ph !== 'X' || typeof event.dur !== 'number') continue;
    const key = `${event.pid}:${event.tid}`;
    if (!byThread.has(key)) byThread.set(key, []);
    byThread.get(key).push(event);
  }
  for (const list of byThread.values()) {
    // Parents before their children: by start, then the longer first, then the task itself.
    list.sort(
      (a, b) =>
        a.ts - b.ts || b.dur - a.dur || Number(b.name === TOP_LEVEL_TASK) - Number(a.name === TOP_LEVEL_TASK),
    );
    let task = null;
    for (const event of list) {
      if (task && event.ts < task.end) {
        if (task.factor < 1) scale(event, task);
        continue;
      }
      if (event.name !== TOP_LEVEL_TASK) {
        task = null;
        continue;
      }
      const factor =
        typeof event.tdur === 'number' && event.dur > 0 ? Math.min(1, event.tdur / event.dur) : 1;
      task = { start: event.ts, end: event.ts + event.dur, factor };
      if (factor < 1) scale(event, task);
    }
  }
  return { ...trace, traceEvents: events };
}

/** Moves and shortens `event` (the task itself or an event inside it) by the task's factor. */
function scale(event, task) {
  const start = task.start + Math.floor((event.ts - task.start) * task.factor);
  const end = task.start + Math.floor((event.ts + event.dur - task.start) * task.factor);
  event.ts = start;
  event.dur = Math.max(0, end - start);
}
