import { vi } from 'vitest';
import type { Reply } from './fetch-mock';

/** One request sent through the fake XMLHttpRequest, answered by the test when it chooses. */
export interface PendingUpload {
  method: string;
  url: URL;
  headers: Headers;
  body: FormData;
  /** Reports upload progress, as the browser does while the body goes up. */
  progress: (loaded: number, total: number) => void;
  respond: (reply: Reply<unknown>) => void;
  /** The connection drops without an answer. */
  failNetwork: () => void;
}

type Listener = (event: ProgressEvent) => void;

class ListenerSet {
  private readonly listeners = new Map<string, Listener[]>();
  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  removeEventListener(type: string, listener: Listener) {
    this.listeners.set(
      type,
      (this.listeners.get(type) ?? []).filter((item) => item !== listener),
    );
  }
  emit(type: string, init: ProgressEventInit = {}) {
    for (const listener of this.listeners.get(type) ?? []) listener(new ProgressEvent(type, init));
  }
}

/**
 * Replaces XMLHttpRequest for one test (uploads with progress). Each `send` adds a
 * {@link PendingUpload} to `requests`; nothing is answered until the test calls `respond`.
 */
export function mockUploads() {
  const requests: PendingUpload[] = [];

  class FakeXMLHttpRequest extends ListenerSet {
    readonly upload = new ListenerSet();
    status = 0;
    responseText = '';
    timeout = 0;
    private method = 'GET';
    private url = '';
    private readonly headers = new Headers();

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers.set(name, value);
    }
    abort() {
      this.emit('abort');
    }
    send(body: FormData) {
      requests.push({
        method: this.method,
        url: new URL(this.url, 'http://localhost'),
        headers: this.headers,
        body,
        progress: (loaded, total) => this.upload.emit('progress', { lengthComputable: true, loaded, total }),
        respond: (reply) => {
          this.status = reply.status;
          this.responseText = JSON.stringify(reply.body);
          this.emit('load');
        },
        failNetwork: () => this.emit('error'),
      });
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXMLHttpRequest);
  return {
    requests,
    /** The latest request, once it has been sent. */
    latest: () => {
      const request = requests.at(-1);
      if (!request) throw new Error('No upload was sent');
      return request;
    },
  };
}
