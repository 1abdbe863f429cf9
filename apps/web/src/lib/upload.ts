import type {
  DefinitionOf,
  EndpointData,
  EndpointDefinition,
  EndpointRoute,
  Envelope,
} from '@reeltime/contract';
import { ApiError, buildUrl, endSession, REQUEST_TIMEOUT_MS } from './api-client';
import { getToken } from './session';

/** An endpoint that takes its body as a multipart form. */
export type FormEndpoint = EndpointRoute<EndpointDefinition & { encoding: 'form' | 'json-or-form' }>;

/** How much of a request body has gone up, 0 to 100. */
export type UploadPercent = number;

interface UploadOptions {
  onProgress?: (percent: UploadPercent) => void;
  signal?: AbortSignal;
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function failure(status: number, payload: unknown): ApiError {
  const envelope = payload as {
    status?: unknown;
    message?: unknown;
    errors?: Record<string, string[]>;
  } | null;
  if (envelope && envelope.status === false && typeof envelope.message === 'string') {
    return new ApiError(status, envelope.message, envelope.errors);
  }
  return new ApiError(status, '');
}

/**
 * Sends a multipart form to the endpoint with XMLHttpRequest, the one browser API that reports upload
 * progress. Same rules as the JSON client: bearer token, the envelope, a 401 ends the session.
 */
export function uploadForm<E extends FormEndpoint>(
  endpoint: E,
  form: FormData,
  options: UploadOptions = {},
): Promise<Envelope<EndpointData<DefinitionOf<E>>>> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(endpoint.method, buildUrl(endpoint.path));
    request.timeout = REQUEST_TIMEOUT_MS;
    request.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);

    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) {
        options.onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    });
    request.addEventListener('load', () => {
      const payload = parse(request.responseText);
      if (request.status === 401) {
        endSession();
        reject(failure(401, payload));
        return;
      }
      const ok = request.status >= 200 && request.status < 300;
      if (ok && (payload as { status?: unknown } | null)?.status === true) {
        options.onProgress?.(100);
        resolve(payload as Envelope<EndpointData<DefinitionOf<E>>>);
        return;
      }
      reject(failure(request.status, payload));
    });
    const noAnswer = () => reject(new ApiError(0, ''));
    request.addEventListener('error', noAnswer);
    request.addEventListener('timeout', noAnswer);
    request.addEventListener('abort', noAnswer);
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });

    request.send(form);
  });
}
