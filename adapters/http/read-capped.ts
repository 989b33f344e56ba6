/**
 * A response's body, refused with `tooLarge()` as soon as it passes `maxBytes`: by its declared
 * length before reading, else while reading (the rest is never read, the stream is cancelled).
 */
export async function readCapped(response: Response, maxBytes: number, tooLarge: () => Error): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  const parts: Uint8Array[] = [];
  let total = 0;
  for await (const part of (response.body ?? []) as AsyncIterable<Uint8Array>) {
    total += part.byteLength;
    if (total > maxBytes) {
      await response.body?.cancel().catch(() => undefined);
      throw tooLarge();
    }
    parts.push(part);
  }
  return joined(parts, total);
}

/**
 * The first `maxBytes` of a response's body, for a body whose start is worth reading alone (a
 * transcript's first hours): the rest is never read, the stream is cancelled.
 */
export async function readUpTo(response: Response, maxBytes: number): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let total = 0;
  // Leaving the loop early cancels the stream (the async iterator's return).
  for await (const part of (response.body ?? []) as AsyncIterable<Uint8Array>) {
    const room = maxBytes - total;
    parts.push(part.byteLength > room ? part.subarray(0, room) : part);
    total += Math.min(part.byteLength, room);
    if (total >= maxBytes) break;
  }
  return joined(parts, total);
}

function joined(parts: readonly Uint8Array[], total: number): Uint8Array {
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.byteLength;
  }
  return bytes;
}
