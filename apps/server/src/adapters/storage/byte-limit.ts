import { Transform } from 'node:stream';
import { FileTooLarge } from './file-store';

/** Passes bytes through, counting them; fails the stream once more than `maxBytes` went through. */
export class ByteLimit extends Transform {
  bytes = 0;

  constructor(private readonly maxBytes = Number.POSITIVE_INFINITY) {
    super();
  }

  override _transform(
    chunk: Buffer,
    _encoding: BufferEncoding,
    done: (error?: Error | null, data?: Buffer) => void,
  ) {
    this.bytes += chunk.length;
    done(this.bytes > this.maxBytes ? new FileTooLarge() : null, chunk);
  }
}
