import type { ProcessState, RunningCluster } from './cluster';

/** What the primary of `npm run start:cluster` tells a parent that started it with an IPC channel. */
export interface ClusterReport {
  kind: 'reeltime:cluster';
  processes: ProcessState[];
}

/** What such a parent can ask of it. */
export interface ClusterRequest {
  kind: 'reeltime:add-worker';
}

export const hasParentChannel = (): boolean => typeof process.send === 'function';

/** Sends the processes' states to the parent (the scale suites and benchmark), if there is one. */
export function reportToParent(processes: ProcessState[]) {
  if (!process.connected) return;
  const report: ClusterReport = { kind: 'reeltime:cluster', processes };
  process.send?.(report);
}

/** Lets the parent add BullMQ workers; the channel does not keep the primary alive. */
export function answerParent(cluster: RunningCluster) {
  if (!hasParentChannel()) return;
  process.on('message', (message: ClusterRequest) => {
    if (message?.kind === 'reeltime:add-worker') cluster.addWorker();
  });
  process.channel?.unref();
}
