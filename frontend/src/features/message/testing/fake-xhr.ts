import { act } from '@testing-library/react';

type Handler = ((event: ProgressEvent) => void) | null;

/** Stands in for XMLHttpRequest; a test drives upload progress and the server's answer. */
export class FakeXhr {
  static instances: FakeXhr[] = [];

  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  sent = false;
  /** Answered, failed or aborted: a test waits for the next request after it. */
  settled = false;
  responseHeaders: Record<string, string> = {};
  withCredentials = false;
  status = 0;
  statusText = '';
  responseText = '';
  aborted = false;
  upload: { onprogress: Handler } = { onprogress: null };
  onload: Handler = null;
  onerror: Handler = null;
  onabort: Handler = null;

  constructor() {
    FakeXhr.instances.push(this);
  }

  static install(): void {
    FakeXhr.instances = [];
    (globalThis as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeXhr;
  }

  /** The request of that method the page sent last and nobody answered yet. */
  static open(method: string): FakeXhr | undefined {
    return FakeXhr.instances.findLast((xhr) => xhr.method === method && xhr.sent && !xhr.settled);
  }

  static latest(): FakeXhr | undefined {
    return FakeXhr.instances[FakeXhr.instances.length - 1];
  }

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  send(body: unknown) {
    this.body = body;
    this.sent = true;
  }

  getResponseHeader(name: string): string | null {
    const found = Object.entries(this.responseHeaders).find(([key]) => key.toLowerCase() === name.toLowerCase());
    return found ? found[1] : null;
  }

  abort() {
    this.aborted = true;
    this.settled = true;
    act(() => this.onabort?.(new ProgressEvent('abort')));
  }

  /** The connection drops mid-request. */
  async fail() {
    this.settled = true;
    await act(async () => this.onerror?.(new ProgressEvent('error')));
  }

  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.(new ProgressEvent('progress', { lengthComputable: true, loaded, total })));
  }

  async respond(status: number, body: unknown, headers: Record<string, string> = {}) {
    this.status = status;
    this.responseHeaders = headers;
    this.settled = true;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    await act(async () => this.onload?.(new ProgressEvent('load')));
  }
}
