/**
 * A request or response body already in memory (bytes or text), read the way fetch reads one:
 * at most once, as text, bytes or a stream. Building a fetch Request or Response around it would
 * stream the same bytes again, which costs more than the rest of a small write's answer.
 */
export class HeldBody {
  #used = false;
  #stream: ReadableStream<Uint8Array<ArrayBuffer>> | undefined;

  constructor(private readonly content: Uint8Array<ArrayBuffer> | string | undefined) {}

  get isEmpty(): boolean {
    return this.content === undefined;
  }

  get used(): boolean {
    return this.#used;
  }

  /** A stream of the bytes; looking at it does not use the body, reading it does. */
  get stream(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
    if (this.content === undefined) return null;
    this.#stream ??= new ReadableStream(
      {
        pull: (controller) => {
          controller.enqueue(this.take((bytes) => bytes));
          controller.close();
        },
      },
      { highWaterMark: 0 }
    );
    return this.#stream;
  }

  text(): Promise<string> {
    return this.read((content) =>
      typeof content === 'string' ? content : new TextDecoder().decode(content)
    );
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text()) as unknown;
  }

  arrayBuffer(): Promise<ArrayBuffer> {
    return this.read((content) => asBytes(content).slice().buffer);
  }

  /** A body with the same content, not yet used (a clone's); refused once this one is used. */
  copy(): HeldBody {
    if (this.#used) throw new TypeError('The body was already read');
    return new HeldBody(this.content);
  }

  private take<T>(convert: (bytes: Uint8Array<ArrayBuffer>) => T): T {
    if (this.#used) throw new TypeError('The body was already read');
    this.#used = this.content !== undefined;
    return convert(asBytes(this.content ?? ''));
  }

  private read<T>(convert: (content: Uint8Array<ArrayBuffer> | string) => T): Promise<T> {
    try {
      if (this.#used) throw new TypeError('The body was already read');
      this.#used = this.content !== undefined;
      return Promise.resolve(convert(this.content ?? ''));
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }
}

function asBytes(content: Uint8Array<ArrayBuffer> | string): Uint8Array<ArrayBuffer> {
  return typeof content === 'string' ? new TextEncoder().encode(content) : content;
}

const heldBodies = new WeakMap<object, HeldBody>();

/** Gives a request or response (of a class that reads held bodies) the body it reads from. */
export function holdBody(target: Request | Response, body: HeldBody): void {
  heldBodies.set(target, body);
}

export function heldBodyOf(target: Request | Response): HeldBody {
  const body = heldBodies.get(target);
  if (!body) throw new TypeError('No body is held for this object');
  return body;
}

/**
 * Makes a Request or Response subclass read its body from what holdBody gave each instance:
 * body, bodyUsed, text, json and arrayBuffer (the readers the fake server and msw use).
 */
export function readsHeldBody(prototype: Request | Response): void {
  Object.defineProperties(prototype, {
    body: {
      get: function (this: Request) {
        return heldBodyOf(this).stream;
      },
    },
    bodyUsed: {
      get: function (this: Request) {
        return heldBodyOf(this).used;
      },
    },
    text: {
      value: function (this: Request) {
        return heldBodyOf(this).text();
      },
    },
    json: {
      value: function (this: Request) {
        return heldBodyOf(this).json();
      },
    },
    arrayBuffer: {
      value: function (this: Request) {
        return heldBodyOf(this).arrayBuffer();
      },
    },
  });
}
