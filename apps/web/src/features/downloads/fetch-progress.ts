/**
 * A response body read to the end as a Blob, reporting bytes as they arrive (the total is the
 * Content-Length, 0 when the server streams without one).
 */
export async function readWithProgress(response: Response, onProgress: (received: number, total: number) => void): Promise<Blob> {
  const total = Number(response.headers.get('content-length')) || 0;
  const type = response.headers.get('content-type') ?? '';
  if (!response.body) {
    const blob = await response.blob();
    onProgress(blob.size, blob.size);
    return blob;
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress(received, total);
  }
  onProgress(received, received);
  return new Blob(chunks as BlobPart[], { type });
}
