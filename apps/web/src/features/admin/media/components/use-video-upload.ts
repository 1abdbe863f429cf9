import { useCallback, useEffect, useRef, useState } from 'react';
import { Upload, defaultOptions, type DetailedError, type PreviousUpload } from 'tus-js-client';
import {
  AdminMediaMessages,
  AdminVideoUploadEndpoints,
  API_BASE,
  type UploadResult,
} from '@reeltime/contract';
import { getToken } from '../../../../lib/session';
import { createRateMeter, type UploadRate } from './upload-rate';

/**
 * What one PATCH carries: about a twentieth of the file, between 1 MB and 32 MB. A proxy's body
 * limit or timeout never meets a whole file, and behind a proxy that buffers requests a dropped
 * connection loses at most one piece.
 */
export const chunkBytesFor = (size: number) =>
  Math.min(32 * 1024 * 1024, Math.max(1024 * 1024, Math.ceil(size / 20)));
/** Waits between attempts after a dropped connection: about five minutes in all, then it gives up. */
export const RETRY_DELAYS = [0, 1000, 2000, 4000, 8000, ...Array<number>(28).fill(10_000)];

export const UPLOAD_ENDPOINT = `${API_BASE}${AdminVideoUploadEndpoints.create.path}`;

/** What an upload is for: a movie (title) or an episode, and how the console names it. */
export interface UploadTarget {
  titleId?: number;
  episodeId?: number;
  label: string;
}

export type UploadPhase = 'idle' | 'uploading' | 'paused' | 'reconnecting' | 'checking' | 'done' | 'failed';

export interface UploadState {
  phase: UploadPhase;
  fileName: string;
  sent: number;
  total: number;
  rate: UploadRate;
  /** Why it failed, in the server's words when it gave any. */
  error: string | null;
  result: UploadResult | null;
}

const IDLE: UploadState = {
  phase: 'idle',
  fileName: '',
  sent: 0,
  total: 0,
  rate: { bytesPerSecond: 0, secondsLeft: null },
  error: null,
  result: null,
};

/** The message of an error envelope in a tus answer, if it holds one. */
function serverMessage(error: Error): string | null {
  const response = (error as DetailedError).originalResponse;
  if (!response) return null;
  try {
    const body = JSON.parse(response.getBody()) as { message?: unknown };
    return typeof body.message === 'string' ? body.message : null;
  } catch {
    return null;
  }
}

const statusOf = (error: Error) => (error as DetailedError).originalResponse?.getStatus() ?? 0;

/** A dropped connection, a timeout or a server error is worth another attempt; a refusal (4xx) is not. */
const worthRetrying = (error: Error) => {
  const status = statusOf(error);
  return status === 0 || status >= 500 || status === 409 || status === 423;
};

/** The uploads this browser started and did not finish (after a reload, say), newest first. */
export async function unfinishedUploads(): Promise<PreviousUpload[]> {
  const storage = defaultOptions.urlStorage as Partial<typeof defaultOptions.urlStorage> | undefined;
  // Without web storage (a private window may refuse it) nothing can be resumed after a reload.
  if (typeof storage?.findAllUploads !== 'function') return [];
  const all = await storage.findAllUploads().catch(() => []);
  return all
    .filter((upload) => upload.uploadUrl?.startsWith(UPLOAD_ENDPOINT))
    .sort((a, b) => b.creationTime.localeCompare(a.creationTime));
}

/** Forgets the stored fingerprints of an upload (its URL), so it is not offered for resuming. */
async function forgetUpload(uploadUrl: string): Promise<void> {
  for (const stored of await unfinishedUploads()) {
    if (stored.uploadUrl === uploadUrl) await defaultOptions.urlStorage.removeUpload(stored.urlStorageKey);
  }
}

/** Forgets an unfinished upload and asks the server to delete what it holds of it. */
export async function discardUpload(upload: PreviousUpload): Promise<void> {
  await defaultOptions.urlStorage.removeUpload(upload.urlStorageKey);
  if (!upload.uploadUrl) return;
  await fetch(upload.uploadUrl, {
    method: 'DELETE',
    headers: { 'Tus-Resumable': '1.0.0', Authorization: `Bearer ${getToken() ?? ''}` },
  }).catch(() => undefined);
}

/**
 * One resumable video upload with tus-js-client: resumes an upload of the same file this browser
 * started before (after a reload) for the same target, survives dropped connections by retrying
 * from the offset the server holds, and can be paused, resumed and cancelled. Progress, speed and
 * time left are measured here.
 */
export function useVideoUpload() {
  const [state, setState] = useState<UploadState>(IDLE);
  const uploadRef = useRef<Upload | null>(null);
  const meter = useRef(createRateMeter());

  const update = useCallback(
    (patch: Partial<UploadState>) => setState((current) => ({ ...current, ...patch })),
    [],
  );

  useEffect(() => {
    // Back online: try now rather than at the end of the current retry delay.
    const onOnline = () => {
      const upload = uploadRef.current;
      setState((current) => {
        if (upload && current.phase === 'reconnecting') {
          void upload.abort().then(() => upload.start());
          return { ...current, phase: 'uploading' };
        }
        return current;
      });
    };
    window.addEventListener('online', onOnline);
    return () => {
      window.removeEventListener('online', onOnline);
      void uploadRef.current?.abort();
    };
  }, []);

  const start = useCallback(
    async (file: File, target: UploadTarget) => {
      meter.current.reset();
      setState({ ...IDLE, phase: 'uploading', fileName: file.name, total: file.size });
      const targetFields: Record<string, string> = target.episodeId
        ? { episode_id: String(target.episodeId) }
        : { title_id: String(target.titleId) };
      const upload = new Upload(file, {
        endpoint: UPLOAD_ENDPOINT,
        chunkSize: chunkBytesFor(file.size),
        retryDelays: RETRY_DELAYS,
        removeFingerprintOnSuccess: true,
        metadata: { filename: file.name, filetype: file.type, target_label: target.label, ...targetFields },
        headers: { Authorization: `Bearer ${getToken() ?? ''}` },
        onShouldRetry: (error) => {
          const retry = worthRetrying(error);
          if (retry) update({ phase: 'reconnecting' });
          return retry;
        },
        onProgress: (sent, total) => {
          const rate = meter.current.add(performance.now(), sent, total);
          update({ phase: sent === total ? 'checking' : 'uploading', sent, total, rate });
        },
        onSuccess: ({ lastResponse }) => {
          let result: UploadResult | null = null;
          try {
            result = (JSON.parse(lastResponse.getBody()) as { data?: UploadResult }).data ?? null;
          } catch {
            // Finished in an earlier attempt whose answer was lost: the video exists all the same.
          }
          update({ phase: 'done', result });
          uploadRef.current = null;
        },
        onError: (error) => {
          // Refused (not a video, too large, gone): the server kept nothing, so neither does this browser.
          if (!worthRetrying(error) && upload.url) void forgetUpload(upload.url);
          update({
            phase: 'failed',
            error:
              serverMessage(error) ??
              (worthRetrying(error) ? AdminMediaMessages.uploadFailed : error.message),
          });
        },
      });
      uploadRef.current = upload;
      // The same file, for the same target, started before: go on from where the server is.
      const previous = (await upload.findPreviousUploads()).find(
        (earlier) =>
          earlier.metadata.title_id === targetFields.title_id &&
          earlier.metadata.episode_id === targetFields.episode_id,
      );
      if (previous) upload.resumeFromPreviousUpload(previous);
      upload.start();
    },
    [update],
  );

  const pause = useCallback(async () => {
    await uploadRef.current?.abort();
    meter.current.reset();
    update({ phase: 'paused', rate: { bytesPerSecond: 0, secondsLeft: null } });
  }, [update]);

  const resume = useCallback(() => {
    if (!uploadRef.current) return;
    meter.current.reset();
    update({ phase: 'uploading', error: null });
    uploadRef.current.start();
  }, [update]);

  /** Stops the upload for good: the server deletes what it received. */
  const cancel = useCallback(async () => {
    const upload = uploadRef.current;
    uploadRef.current = null;
    setState(IDLE);
    await upload?.abort(true).catch(() => undefined);
  }, []);

  const reset = useCallback(() => {
    uploadRef.current = null;
    setState(IDLE);
  }, []);

  return { state, start, pause, resume, cancel, reset };
}
