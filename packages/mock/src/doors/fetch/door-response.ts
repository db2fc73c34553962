// The fetch door's Response for a text answer: a standard Response (instanceof Response, its
// status, headers and every body method) that keeps the answer's text as it is, so that reading
// it as text or JSON (what clients do) needs no stream. A Response built on a string makes a
// ReadableStream for its body (a fifth of an in-process call), and reading it back drains that
// stream (another sixth). The stream is made only when something asks for `body` or reads the
// body another way (bytes, a Blob, a form); reading the body twice fails as it does on any Response.
/** String methods of Node 20 that TypeScript's library for the package's target does not list. */
type WellFormed = string & { isWellFormed(): boolean; toWellFormed(): string };

/**
 * A Response of the answer's text. The class is made on first use: naming `Response` makes Node
 * load its fetch implementation (undici), which importing the mock must not (vitest-early-start.test).
 */
export function textResponse(text: string, init: ResponseInit): Response {
  DoorResponse ??= defineDoorResponse();
  return new DoorResponse(text, init);
}
let DoorResponse: ReturnType<typeof defineDoorResponse> | undefined;

const isRecord = (headers: HeadersInit | undefined): headers is Record<string, string> =>
  typeof headers === 'object' && !Array.isArray(headers) && !(headers instanceof Headers);

const defineDoorResponse = () =>
  class DoorResponse extends Response {
    readonly #text: string;
    /** A Response holding the same bytes, made when the body is read as anything but text. */
    #bytes: Response | undefined;
    #read = false;

    constructor(text: string, init: ResponseInit) {
      // A record of headers appended one by one: given to the constructor, it first goes through
      // WebIDL's record conversion, which made a door's Response a third dearer.
      const record = isRecord(init.headers) ? init.headers : undefined;
      super(null, record ? { status: init.status, statusText: init.statusText } : init);
      if (record) {
        const headers = this.headers;
        for (const name of Object.keys(record)) headers.append(name, record[name]!);
      }
      this.#text = text;
    }

    #asBytes(): Response {
      this.#bytes ??= new Response(this.#text);
      return this.#bytes;
    }

    /** The text a Response decodes from these bytes: lone surrogates were sent as U+FFFD, and a leading byte order mark is dropped. */
    #take(): Promise<string> {
      if (this.bodyUsed) return Promise.reject(new TypeError('Body is unusable: Body has already been read'));
      this.#read = true;
      const text = (this.#text as WellFormed).isWellFormed() ? this.#text : (this.#text as WellFormed).toWellFormed();
      return Promise.resolve(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    }

    override get body(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
      if (this.#read && !this.#bytes) {
        // As on any Response read already: a stream that was drained.
        this.#bytes = new Response('');
        void this.#bytes.arrayBuffer();
      }
      return this.#asBytes().body;
    }

    override get bodyUsed(): boolean {
      return this.#read || (this.#bytes?.bodyUsed ?? false);
    }

    override text(): Promise<string> {
      return this.#bytes ? this.#bytes.text() : this.#take();
    }

    override json(): Promise<any> {
      return this.#bytes ? this.#bytes.json() : this.#take().then(JSON.parse);
    }

    override arrayBuffer(): Promise<ArrayBuffer> {
      return this.#read ? (this.#take() as never) : this.#asBytes().arrayBuffer();
    }

    override bytes(): Promise<Uint8Array<ArrayBuffer>> {
      return this.#read ? (this.#take() as never) : this.#asBytes().bytes();
    }

    override blob(): Promise<Blob> {
      return this.#read ? (this.#take() as never) : this.#asBytes().blob();
    }

    override formData(): Promise<FormData> {
      return this.#read ? (this.#take() as never) : this.#asBytes().formData();
    }

    override clone(): Response {
      if (this.bodyUsed) throw new TypeError('Response.clone: Body has already been consumed.');
      if (this.#bytes) return this.#bytes.clone();
      return new DoorResponse(this.#text, { status: this.status, statusText: this.statusText, headers: this.headers });
    }
  };
