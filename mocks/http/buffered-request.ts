import { HeldBody, heldBodyOf, holdBody, readsHeldBody } from '../engine/held-body';

/**
 * A Request whose body the host has already read into memory. Its readers (text, json, arrayBuffer,
 * body) answer from those bytes instead of streaming them again, which is most of what building a
 * fetch Request with a body costs; everything else (url, method, headers, signal) is fetch's own.
 */
export class BufferedRequest extends Request {
  constructor(url: URL, method: string, headers: Headers, bytes: Uint8Array<ArrayBuffer> | undefined) {
    super(url, { method, headers });
    holdBody(this, new HeldBody(bytes));
  }

  override clone(): BufferedRequest {
    const copy = new BufferedRequest(new URL(this.url), this.method, new Headers(this.headers), undefined);
    holdBody(copy, heldBodyOf(this).copy());
    return copy;
  }
}
readsHeldBody(BufferedRequest.prototype);
