/**
 * The SPA's HTTP client: the part of axios the API modules used (base address, query
 * parameters, JSON in and out, a time limit, cancellation, which statuses count as success) on
 * the browser's own fetch. axios was a fifth of the first route's download (21 kB gzip of
 * 185 kB, issue 13); this is under 1 kB. Failures reject with what `defaults.failure` makes
 * of an HttpFailure (the app's ApiError).
 */

export type Params = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  signal?: AbortSignal | undefined;
  params?: Params | undefined;
  headers?: Record<string, string> | undefined;
  /** Milliseconds before the request is given up as `timeout`; the client's default otherwise. */
  timeout?: number | undefined;
  /** Which statuses resolve; the rest reject. 2xx by default. */
  validateStatus?: ((status: number) => boolean) | undefined;
  /** `omit` keeps cookies off a call that must not carry the session (the payment service). */
  credentials?: RequestCredentials | undefined;
}

export interface HttpResponse<T> {
  data: T;
  status: number;
  /** Response headers the browser exposes, by lower-case name. */
  headers: Record<string, string>;
}

/** Why a request did not resolve; errors.ts turns it into the app's ApiError. */
export class HttpFailure extends Error {
  override readonly name = 'HttpFailure';
  constructor(
    readonly kind: 'http' | 'network' | 'timeout' | 'cancelled',
    readonly status?: number,
    readonly body?: unknown,
  ) {
    super(kind === 'http' ? `HTTP ${status ?? '?'}` : kind);
  }
}

const ok = (status: number) => status >= 200 && status < 300;

function withParams(url: string, params: Params | undefined): string {
  if (params === undefined) return url;
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value !== undefined && value !== null) query.append(name, String(value));
  }
  const text = query.toString();
  if (text === '') return url;
  return `${url}${url.includes('?') ? '&' : '?'}${text}`;
}

/** A JSON answer as its value, any other text as it is, an empty body as undefined. */
function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export class HttpClient {
  constructor(
    readonly baseURL: string,
    private readonly defaults: {
      timeout: number;
      headers: Record<string, string>;
      /** What a failure rejects with: the app's ApiError (errors.ts), from an HttpFailure. */
      failure: (failure: HttpFailure) => Error;
    },
  ) {}

  get<T>(url: string, options?: RequestOptions): Promise<HttpResponse<T>> {
    return this.request<T>('GET', url, undefined, options);
  }

  delete<T = unknown>(url: string, options?: RequestOptions): Promise<HttpResponse<T>> {
    return this.request<T>('DELETE', url, undefined, options);
  }

  post<T>(url: string, body: unknown, options?: RequestOptions): Promise<HttpResponse<T>> {
    return this.request<T>('POST', url, body, options);
  }

  put<T>(url: string, body: unknown, options?: RequestOptions): Promise<HttpResponse<T>> {
    return this.request<T>('PUT', url, body, options);
  }

  /** An absolute address, so fetch outside a page (tests under Node) can use it too. */
  resolve(url: string): string {
    const joined = /^[a-z][a-z\d+.-]*:/i.test(url)
      ? url
      : `${this.baseURL.replace(/\/+$/, '')}/${url.replace(/^\/+/, '')}`;
    return new URL(joined, window.location.href).href;
  }

  private async request<T>(
    method: string,
    url: string,
    body: unknown,
    options?: RequestOptions,
  ): Promise<HttpResponse<T>> {
    try {
      return await this.send<T>(method, url, body, options);
    } catch (error) {
      throw this.defaults.failure(
        error instanceof HttpFailure ? error : new HttpFailure('network'),
      );
    }
  }

  private async send<T>(
    method: string,
    url: string,
    body: unknown,
    options: RequestOptions = {},
  ): Promise<HttpResponse<T>> {
    const { signal, timeout = this.defaults.timeout, validateStatus = ok } = options;
    if (signal?.aborted) throw new HttpFailure('cancelled');
    // One controller for both ways a request ends early: the caller's signal and the time limit.
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeout);
    const cancel = () => controller.abort();
    signal?.addEventListener('abort', cancel);
    const headers: Record<string, string> = { ...this.defaults.headers, ...options.headers };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    try {
      const response = await fetch(this.resolve(withParams(url, options.params)), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: controller.signal,
        ...(options.credentials === undefined ? {} : { credentials: options.credentials }),
      });
      const data = parseBody(await response.text());
      if (!validateStatus(response.status)) throw new HttpFailure('http', response.status, data);
      const responseHeaders: Record<string, string> = {};
      response.headers.forEach((value, name) => (responseHeaders[name] = value));
      return { data: data as T, status: response.status, headers: responseHeaders };
    } catch (error) {
      if (error instanceof HttpFailure) throw error;
      if (timedOut) throw new HttpFailure('timeout');
      if (controller.signal.aborted) throw new HttpFailure('cancelled');
      throw new HttpFailure('network');
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', cancel);
    }
  }
}
