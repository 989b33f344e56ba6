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
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    bytes.set(part, offset);
    offset += part.byteLength;
  }
  return bytes;
}
