/** What an API worker tells the cluster's primary once it listens. */
export interface ApiReady {
  kind: 'reeltime:api-ready';
  /** Its own port on 127.0.0.1 (src/cluster/direct-port.ts). */
  directPort: number;
}

export function isApiReady(message: unknown): message is ApiReady {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as { kind?: unknown }).kind === 'reeltime:api-ready' &&
    typeof (message as { directPort?: unknown }).directPort === 'number'
  );
}
