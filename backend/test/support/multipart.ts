export interface Part {
  name: string;
  /** Without one, multipart parsers take the part for a plain field. */
  filename?: string;
  type?: string;
  data: Buffer | string;
}

export const BOUNDARY = 'giftcast-test-boundary-7f3a';

/** A multipart/form-data body written by hand, so that tests can break it on purpose. */
export function multipartBody(parts: Part[], { closed = true, boundary = BOUNDARY } = {}): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const type = part.type ? `\r\nContent-Type: ${part.type}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data));
    chunks.push(Buffer.from('\r\n'));
  }
  if (closed) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

export const multipartType = (boundary = BOUNDARY) => `multipart/form-data; boundary=${boundary}`;
