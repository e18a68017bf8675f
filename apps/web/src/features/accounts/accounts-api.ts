import type {
  AuthProvidersResponse,
  ChangePasswordRequest,
  LanguageHandoffRequest,
  LanguageHandoffResponse,
  LoginRequest,
  MeResponse,
  OkResponse,
  SessionResponse,
  SetPasswordRequest,
  SignupRequest,
} from '@husly/contracts';
import { LOGOUT_PATHS } from '@husly/contracts/browser';
import type { ApiClient } from '../../lib/api-client';

// The accounts calls of spec section 7 ("Users and session"), one function each.

export const login = (api: ApiClient, body: LoginRequest) => api.post<SessionResponse>('/auth/login', body);
export const signup = (api: ApiClient, body: SignupRequest) => api.post<SessionResponse>('/users', body);
export const fetchMe = (api: ApiClient) => api.get<MeResponse>('/users/me');
export const verifyEmailLink = (api: ApiClient, token: string) => api.get<SessionResponse>('/users/verify', { query: { token } });
export const requestPasswordReset = (api: ApiClient, email: string) => api.put<OkResponse>('/users/reset-password', { email });
export const verifyPasswordLink = (api: ApiClient, data: Record<string, string>) => api.post<SessionResponse>('/users/verify-password', { data });
/** Both answer a fresh token: a new password ends every session, this one goes on with it. */
export const changePassword = (api: ApiClient, body: ChangePasswordRequest) => api.post<SessionResponse>('/users/me/pass', body);
export const setPassword = (api: ApiClient, body: SetPasswordRequest) => api.put<SessionResponse>('/users/me/set-password', body);
export const changeEmail = (api: ApiClient, email: string) => api.post<MeResponse>('/users/me/email', { email });
export const setEmail = (api: ApiClient, email: string) => api.post<MeResponse>('/users/me/set-email', { email });
export const resendVerification = (api: ApiClient, email: string) => api.post<OkResponse>('/users/me/resend-verification', { email });
export const changeName = (api: ApiClient, name: string) => api.post<MeResponse>('/users/me/change-name', { name });
export const setConsent = (api: ApiClient, consent: boolean) => api.post<MeResponse>('/users/me/consent', { consent });
export const exportMyData = (api: ApiClient) => api.get<Record<string, unknown>>('/users/me/export');
export const deleteAccount = (api: ApiClient) => api.delete<void>('/users/me');
export const fetchAuthProviders = (api: ApiClient) => api.get<AuthProvidersResponse>('/auth/providers');
export const requestLanguageHandoff = (api: ApiClient, body: LanguageHandoffRequest) => api.post<LanguageHandoffResponse>('/auth/handoff', body);
/** Ends `token`'s session on the server (both language hosts); `everywhere`: all of the user's. */
export const logout = (api: ApiClient, token: string, { everywhere = false } = {}) =>
  api.post<void>(everywhere ? LOGOUT_PATHS.everywhere : LOGOUT_PATHS.session, undefined, { headers: { Authorization: `Bearer ${token}` } });
