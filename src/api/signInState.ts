import type { AxiosResponse } from 'axios';
import type { SignInState } from '@contract/api/auth';
import { serviceApi } from './client';

/**
 * An answer with the server's clock when it was sent (its `Date` header; null when a proxy
 * stripped it), so the SPA can count the idle limit down on the page's own clock.
 */
export type Timed<T> = T & { serverNow: number | null };

export function timed<T>(response: AxiosResponse<T>): Timed<T> {
  const date = Date.parse(String(response.headers.date ?? ''));
  return { ...response.data, serverNow: Number.isFinite(date) ? date : null };
}

/**
 * Who is signed in to this browser's session (`GET /services/auth/session`, a read that never
 * moves the idle limit). Its own module: the first page needs it, the rest of the auth service
 * (api/auth.ts) loads with the pages that use it.
 */
export function getSignInState(): Promise<Timed<SignInState>> {
  return serviceApi('auth').get<SignInState>('/session').then(timed);
}
