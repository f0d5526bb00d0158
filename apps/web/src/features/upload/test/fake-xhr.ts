/**
 * A stand-in for the browser's XMLHttpRequest, installed at the network boundary only: the
 * dialog's own code (queue, progress, error handling) runs for real against it.
 */
import type { ImageRecord } from "@poleatlas/shared";

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

export function requestFor(name: string): FakeXhr {
  const xhr = openRequests().find((x) => x.fileName === name);
  if (!xhr)
    throw new Error(
      `no open upload for ${name}; open: ${openRequests()
        .map((x) => x.fileName)
        .join(", ")}`,
    );
  return xhr;
}

let nextImage = 0;
/** A record as the server returns it for a stored upload. */
export function imageRecord(name: string): ImageRecord {
  nextImage += 1;
  return {
    id: `img-${nextImage}`,
    user_id: "user-1",
    image_url: `/files/utility-poles/user-1/${nextImage}.jpg`,
    thumbnail_url: `/files/utility-poles/user-1/${nextImage}.thumb.webp`,
    name,
    date: "2024-05-01",
    created_at: "2024-05-02T10:00:00.000Z",
    latitude: 52.520008,
    longitude: 13.404954,
    pole_id: "pole-1",
    risk: null,
    notes: null,
    sha256: null,
    uploaded_by: null,
    rated_by: null,
    version: 1,
    updated_at: null,
    updated_by: null,
    taken_at: null,
    local_time: null,
    heading: null,
    metadata: {
      latitude: 52.520008,
      longitude: 13.404954,
      timestamp: "2024-05-01T10:22:33",
      filename: name,
      fileSize: 1000,
      fileType: "image/jpeg",
      lastModified: 1714557753000,
    },
  };
}
