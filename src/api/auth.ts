import type {
  ChangeEmailBody,
  ChangeEmailResponse,
  ChangePasswordBody,
  ChangePasswordResponse,
  ConfirmEmailBody,
  ConfirmEmailResponse,
  PasswordResetBody,
  PasswordResetCompleteBody,
  RegisterBody,
  RegisterResponse,
  SignInBody,
  SignInResponse,
  SignInState,
  SignOutReason,
  SignOutResponse,
} from '@contract/api/auth';
import { serviceApi } from './client';
import { timed, type Timed } from './signInState';
import { csrfHeaders } from './session';

/**
 * The authentication service (issue 14, contract/api/auth.ts). A read never moves the idle
 * limit; the sign-in, sign-out and password-change answers come with a new session cookie and
 * a new CSRF token, which the caller must keep.
 */
const auth = () => serviceApi('auth');
const withToken = (csrfToken: string) => ({ headers: csrfHeaders(csrfToken) });

export function signIn(body: SignInBody, csrfToken: string): Promise<Timed<SignInResponse>> {
  return auth().post<SignInResponse>('/sign-in', body, withToken(csrfToken)).then(timed);
}

export function signOut(reason: SignOutReason, csrfToken: string): Promise<SignOutResponse> {
  return auth()
    .post<SignOutResponse>('/sign-out', { reason }, withToken(csrfToken))
    .then((response) => response.data);
}

export function keepAlive(csrfToken: string): Promise<Timed<SignInState>> {
  return auth().post<SignInState>('/keep-alive', {}, withToken(csrfToken)).then(timed);
}

export function requestPasswordReset(body: PasswordResetBody, csrfToken: string): Promise<void> {
  return auth()
    .post('/password-reset', body, withToken(csrfToken))
    .then(() => undefined);
}

export function completePasswordReset(
  body: PasswordResetCompleteBody,
  csrfToken: string,
): Promise<void> {
  return auth()
    .post('/password-reset/complete', body, withToken(csrfToken))
    .then(() => undefined);
}

export function changePassword(
  body: ChangePasswordBody,
  csrfToken: string,
): Promise<ChangePasswordResponse> {
  return auth()
    .post<ChangePasswordResponse>('/password', body, withToken(csrfToken))
    .then((response) => response.data);
}

export function changeEmail(
  body: ChangeEmailBody,
  csrfToken: string,
): Promise<ChangeEmailResponse> {
  return auth()
    .post<ChangeEmailResponse>('/email', body, withToken(csrfToken))
    .then((response) => response.data);
}

/** No session needed: the link may be opened on another device. */
export function confirmEmail(body: ConfirmEmailBody): Promise<ConfirmEmailResponse> {
  return auth()
    .post<ConfirmEmailResponse>('/email/confirm', body)
    .then((response) => response.data);
}

/** Sign-up from anywhere: 202 whether or not the address has an account (it is emailed either way). */
export function register(body: RegisterBody, csrfToken: string): Promise<RegisterResponse> {
  return serviceApi('customer-accounts')
    .post<RegisterResponse>('/accounts/register', body, withToken(csrfToken))
    .then((response) => response.data);
}
