import { Transform } from 'node:stream';
import { EgressError } from './egress-error.ts';

/**
 * A pass-through that errors with `too_large` on the first chunk that would
 * take the total past `maxBytes`. That chunk is not forwarded, so a consumer
 * never sees more than `maxBytes`, and the stream holds at most one
 * highWaterMark of data (backpressure stops the socket reads).
 */
export function createByteCap(maxBytes: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > maxBytes) {
        callback(new EgressError('too_large', `The file is larger than the limit of ${maxBytes} bytes.`));
        return;
      }
      callback(null, chunk);
    },
  });
}
