// A fetch whose answers are read with a byte cap: the body is counted as it arrives (after decompression), and the
// first read past the cap cancels the download (closing the connection) and errors the body with the caller's
// error. Nothing past the cap is kept, so an endless or huge answer costs at most the cap in memory.
// bufferedCappedFetch reads the whole body first, for clients that would take a failed read for an empty body.

/** The error a capped body fails with: made by the caller, so each place names its own cap, source and exit. */
export type TooLarge = (maxBytes: number) => Error;

/** `base` (the global fetch by default) with every response body capped at `maxBytes`. */
export function cappedFetch(maxBytes: number, tooLarge: TooLarge, base: typeof fetch = fetch): typeof fetch {
  return async (input, init) => {
    const response = await base(input, init);
    if (!response.body) return response;
    return like(response, cappedBody(response.body, maxBytes, tooLarge, declaredLength(response.headers)));
  };
}

/**
 * cappedFetch for a client that swallows an error met while reading a body (Octokit reads a failed JSON body as ""):
 * the body is read in full, within the cap, before the fetch resolves, so past the cap the fetch itself fails.
 */
export function bufferedCappedFetch(maxBytes: number, tooLarge: TooLarge, base: typeof fetch = fetch): typeof fetch {
  const capped = cappedFetch(maxBytes, tooLarge, base);
  return async (input, init) => {
    const response = await capped(input, init);
    if (!response.body) return response;
    return like(response, new Uint8Array(await response.arrayBuffer()));
  };
}

// A response with another body and everything else of the original, its URL included (Octokit reads it).
function like(response: Response, body: BodyInit): Response {
  const copy = new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  Object.defineProperty(copy, 'url', { value: response.url });
  return copy;
}

/** The body, erroring with tooLarge(maxBytes) once more than maxBytes arrived (or at once when its declared length is over). */
export function cappedBody(body: ReadableStream<Uint8Array>, maxBytes: number, tooLarge: TooLarge, declared?: number): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let seen = 0;
  const stop = (controller: ReadableStreamDefaultController<Uint8Array>) => {
    // Not awaited: the error must reach the reader even if the peer never acknowledges the close.
    reader.cancel().catch(() => undefined);
    controller.error(tooLarge(maxBytes));
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (declared !== undefined && declared > maxBytes) return stop(controller);
      const { done, value } = await reader.read();
      if (done) return controller.close();
      seen += value.byteLength;
      if (seen > maxBytes) return stop(controller);
      controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

function declaredLength(headers: Headers): number | undefined {
  const raw = headers.get('content-length');
  const n = raw === null ? Number.NaN : Number(raw);
  return Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}
