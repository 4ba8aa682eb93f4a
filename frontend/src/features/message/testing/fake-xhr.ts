import { act } from '@testing-library/react';

type Handler = ((event: ProgressEvent) => void) | null;

/** Stands in for XMLHttpRequest; a test drives upload progress and the server's answer. */
export class FakeXhr {
  static instances: FakeXhr[] = [];

  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
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

  send(body: FormData) {
    this.body = body;
  }

  abort() {
    this.aborted = true;
    act(() => this.onabort?.(new ProgressEvent('abort')));
  }

  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.(new ProgressEvent('progress', { lengthComputable: true, loaded, total })));
  }

  async respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    await act(async () => this.onload?.(new ProgressEvent('load')));
  }
}
