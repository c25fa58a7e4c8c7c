import { HeldBody } from '../engine/held-body';

/**
 * A Request whose body the host has already read into memory. Its readers (text, json, arrayBuffer,
 * body) answer from those bytes instead of streaming them again, which is most of what building a
 * fetch Request with a body costs; everything else (url, method, headers, signal) is fetch's own.
 */
export class BufferedRequest extends Request {
  #body: HeldBody;

  constructor(url: URL, method: string, headers: Headers, bytes: Uint8Array<ArrayBuffer> | undefined) {
    super(url, { method, headers });
    this.#body = new HeldBody(bytes);
  }

  override get body(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
    return this.#body.stream;
  }

  override get bodyUsed(): boolean {
    return this.#body.used;
  }

  override text(): Promise<string> {
    return this.#body.text();
  }

  override json(): Promise<unknown> {
    return this.#body.json();
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return this.#body.arrayBuffer();
  }

  override clone(): BufferedRequest {
    const copy = new BufferedRequest(new URL(this.url), this.method, new Headers(this.headers), undefined);
    copy.#body = this.#body.copy();
    return copy;
  }
}
