/** The app's only way to the API: same-origin `/site/v1` routes, which the server answers with its own key. */

export const SITE_API = "/site/v1";

/** An answer in the API's error envelope (or no answer at all: code `network`). */
export class ApiProblem extends Error {
  override name = "ApiProblem";
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly retryAfterS?: number,
  ) {
    super(message);
  }
}

type Query = Record<string, string | number | undefined>;

export function siteUrl(path: string, query: Query = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== "") params.set(name, String(value));
  }
  const search = params.toString();
  return `${SITE_API}${path}${search === "" ? "" : `?${search}`}`;
}

export async function siteGet<T>(path: string, query: Query = {}, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch(siteUrl(path, query), {
      headers: { accept: "application/json" },
      signal: signal ?? null,
    });
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new ApiProblem(0, "network", "the server could not be reached; check the connection and try again");
  }
  const body = (await response.json().catch(() => undefined)) as
    | { error?: { code: string; message: string; retryAfter?: number } }
    | undefined;
  if (!response.ok) {
    const error = body?.error;
    throw new ApiProblem(
      response.status,
      error?.code ?? "internal",
      error?.message ?? `the server answered ${response.status}`,
      error?.retryAfter,
    );
  }
  return body as T;
}
