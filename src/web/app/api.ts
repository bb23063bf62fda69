/** The app's only way to the API: same-origin `/site/v1` routes, which the server answers with its own key. */

export const SITE_API = "/site/v1";

/**
 * An answer in the API's error envelope, or none the app can use: code `network` when no answer came,
 * `unexpected_response` when it was not the API's JSON.
 */
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
    // A proxy's refusal may carry its wait in the header alone.
    const header = response.headers.get("retry-after")?.trim() ?? "";
    throw new ApiProblem(
      response.status,
      error?.code ?? (response.status >= 500 ? "internal" : "unexpected_response"),
      error?.message ?? `the server answered ${response.status}`,
      error?.retryAfter ?? (/^\d+$/.test(header) ? Number(header) : undefined),
    );
  }
  // A page in place of the API's JSON (a proxy's, a captive portal's): nothing the app can read.
  if (typeof body !== "object" || body === null) {
    throw new ApiProblem(
      response.status,
      "unexpected_response",
      "the server's answer was not the API's JSON",
    );
  }
  return body as T;
}
