import type { VideoState } from '@reeltime/contract';
import { StatusBadge } from '../../shell/components/status-badge';

const LABELS: Record<VideoState, string> = {
  none: 'No video',
  processing: 'Processing',
  ready: 'Ready',
  failed: 'Failed',
};

/** Where a title's or an episode's full video stands. */
export function VideoStateBadge({ state }: { state: VideoState }) {
  return <StatusBadge status={state} label={LABELS[state]} tone={state === 'none' ? 'neutral' : undefined} />;
}
