import { type IncomingHttpHeaders, request } from 'node:http';

export interface RawRequest {
  method: string;
  /** Sent byte for byte: no encoding is applied, so invalid percent-encoding reaches the server. */
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/**
 * One request on a fresh connection, exactly as given (supertest would fix up what these tests
 * want to send broken). A server that answers before reading a huge body still counts as answering.
 */
export function sendRaw(baseUrl: string, { method, path, headers = {}, body }: RawRequest): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    let answered = false;
    let failure: Error | undefined;
    const outgoing = request({ host: hostname, port, method, path, headers, agent: false }, (incoming) => {
      answered = true;
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('end', () =>
        resolve({
          status: incoming.statusCode ?? 0,
          headers: incoming.headers,
          text: Buffer.concat(chunks).toString(),
        }),
      );
      incoming.on('error', reject);
    });
    // Writing the rest of a refused huge body may fail (EPIPE) once the answer is on its way.
    outgoing.on('error', (error) => (failure = error));
    outgoing.on('close', () => {
      if (!answered) reject(failure ?? new Error(`${method} ${path}: connection closed without an answer`));
    });
    if (body !== undefined) outgoing.setHeader('Content-Length', Buffer.byteLength(body));
    outgoing.end(body);
  });
}
