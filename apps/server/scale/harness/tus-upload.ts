import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { API_BASE } from '@reeltime/contract';

const b64 = (text: string) => Buffer.from(text).toString('base64');

/**
 * Uploads a video for a title as the console does (tus 1.0.0), the upload created on one API
 * process and its bytes sent to another, so the upload's state must be shared. The PATCH that
 * completes the file answers with the new video and its transcode job, which a worker runs.
 */
export async function uploadVideo(options: {
  createOn: string;
  patchOn: string;
  token: string;
  file: string;
  titleId: number;
}): Promise<{ videoId: number; jobId: number }> {
  const bytes = await readFile(options.file);
  const headers = { authorization: `Bearer ${options.token}`, 'tus-resumable': '1.0.0' };
  const created = await fetch(`${options.createOn}${API_BASE}/admin/uploads`, {
    method: 'POST',
    headers: {
      ...headers,
      'upload-length': String(bytes.length),
      'upload-metadata': `filename ${b64(path.basename(options.file))},title_id ${b64(String(options.titleId))}`,
    },
  });
  if (created.status !== 201) throw new Error(`upload creation: ${created.status} ${await created.text()}`);
  const location = created.headers.get('location');
  if (!location) throw new Error('upload creation gave no Location');
  const uploadPath = new URL(location, options.createOn).pathname;
  const patched = await fetch(`${options.patchOn}${uploadPath}`, {
    method: 'PATCH',
    headers: {
      ...headers,
      'upload-offset': '0',
      'content-type': 'application/offset+octet-stream',
    },
    body: bytes,
    signal: AbortSignal.timeout(120_000),
  });
  const text = await patched.text();
  if (patched.status !== 200) throw new Error(`upload PATCH: ${patched.status} ${text}`);
  const body = JSON.parse(text) as {
    data?: { video_id: number; job_id: number };
    video_id?: number;
    job_id?: number;
  };
  const result = body.data ?? body;
  if (typeof result.video_id !== 'number') throw new Error(`upload PATCH answered ${text}`);
  return { videoId: result.video_id, jobId: result.job_id! };
}
