/**
 * A Request whose body the host has already read into memory. Its readers (text, json, arrayBuffer,
 * body) answer from those bytes instead of streaming them again, which is most of what building a
 * fetch Request with a body costs; everything else (url, method, headers, signal) is fetch's own.
 */
export class BufferedRequest extends Request {
  readonly #bytes: Uint8Array<ArrayBuffer> | undefined;
  #used = false;

  constructor(url: URL, method: string, headers: Headers, bytes: Uint8Array<ArrayBuffer> | undefined) {
    super(url, { method, headers });
    this.#bytes = bytes;
  }

  override get body(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
    const bytes = this.#bytes;
    if (!bytes) return null;
    // Looking at the body does not use it; reading the stream does.
    return new ReadableStream(
      {
        pull: (controller) => {
          this.#take();
          controller.enqueue(bytes);
          controller.close();
        },
      },
      { highWaterMark: 0 }
    );
  }

  override get bodyUsed(): boolean {
    return this.#used;
  }

  override text(): Promise<string> {
    return this.#read(
      (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('utf8'),
      ''
    );
  }

  override async json(): Promise<unknown> {
    return JSON.parse(await this.text()) as unknown;
  }

  override arrayBuffer(): Promise<ArrayBuffer> {
    return this.#read((bytes) => bytes.slice().buffer, new ArrayBuffer(0));
  }

  override clone(): BufferedRequest {
    if (this.#used) throw new TypeError('The request body was already read');
    return new BufferedRequest(new URL(this.url), this.method, new Headers(this.headers), this.#bytes);
  }

  /** The bytes, once: a body is read at most once, as fetch's are (a second read is refused). */
  #take(): Uint8Array<ArrayBuffer> | undefined {
    if (this.#used) throw new TypeError('The request body was already read');
    this.#used = !!this.#bytes;
    return this.#bytes;
  }

  #read<T>(convert: (bytes: Uint8Array<ArrayBuffer>) => T, empty: T): Promise<T> {
    try {
      const bytes = this.#take();
      return Promise.resolve(bytes ? convert(bytes) : empty);
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }
}
