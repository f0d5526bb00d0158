/**
 * A stand-in for the browser's XMLHttpRequest, installed at the network boundary only: the
 * caller's own code (progress, error handling) runs for real against it.
 */
type Handler = ((event?: unknown) => void) | null;

export class FakeXhr {
  static sent: FakeXhr[] = [];

  method = "";
  url = "";
  status = 0;
  responseText = "";
  body: FormData | null = null;
  settled = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: Handler = null;
  onerror: Handler = null;
  onabort: Handler = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }

  abort() {
    this.settle(() => this.onabort?.());
  }

  get fileName(): string {
    const file = this.body?.get("file");
    return file instanceof File ? file.name : "";
  }

  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }

  reply(status: number, body: unknown) {
    this.settle(() => {
      this.status = status;
      this.responseText = typeof body === "string" ? body : JSON.stringify(body);
      this.onload?.();
    });
  }

  networkError() {
    this.settle(() => this.onerror?.());
  }

  private settle(fn: () => void) {
    if (this.settled) return;
    this.settled = true;
    fn();
  }
}

export function openRequests(): FakeXhr[] {
  return FakeXhr.sent.filter((xhr) => !xhr.settled);
}
