/** Same-origin JSON calls with the session cookie; errors carry the server's {code, message}. */
import { apiErrorSchema } from "@poleatlas/shared";

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "ApiRequestError";
  }
}

async function failure(res: Response): Promise<ApiRequestError> {
  const body: unknown = await res.json().catch(() => undefined);
  const parsed = apiErrorSchema.safeParse(body);
  return parsed.success
    ? new ApiRequestError(res.status, parsed.data.code, parsed.data.message)
    : new ApiRequestError(res.status, "http_error", `${res.status} ${res.statusText}`);
}

/** Anything with zod's `parse`: the response is checked against the shared contract. */
interface Schema<T> {
  parse(data: unknown): T;
}

export async function getJson<T>(url: string, schema: Schema<T>, signal?: AbortSignal): Promise<T> {
  const res = await fetch(url, {
    credentials: "same-origin",
    headers: { Accept: "application/json" },
    signal,
  });
  if (!res.ok) throw await failure(res);
  return schema.parse(await res.json());
}

export async function sendDelete(url: string): Promise<void> {
  const res = await fetch(url, { method: "DELETE", credentials: "same-origin" });
  if (!res.ok) throw await failure(res);
}
