import type {
  BoligagentFrequencyValue,
  BoligagentMapAreaInputBody,
  BoligagentPrefInputBody,
  BoligagentView,
  CreateBoligagentResponse,
} from '@husly/contracts';
import { isBoligagentErrorCode, type BoligagentErrorCode } from '@husly/domain';
import { isHttpError, type ApiClient } from '../../lib/api-client';

/** Calls of spec section 7 "Boligagents". `token` names a visitor's agent; without it the bearer token's user. */
export function boligagentApi(api: ApiClient) {
  return {
    create: (body: { email?: string; prefs: BoligagentPrefInputBody[]; mapAreas?: BoligagentMapAreaInputBody[] }) => api.post<CreateBoligagentResponse>('/boligagents', body),
    byToken: (token: string) => api.get<BoligagentView>(`/boligagents/${encodeURIComponent(token)}`),
    mine: () => api.get<{ agent: BoligagentView | null }>('/boligagents'),
    verify: (token: string) => api.post<BoligagentView>(`/boligagents/${encodeURIComponent(token)}/verify`),
    /** `mapAreas` adds drawn areas or, for one the agent has (the area is the key), sets its sliders and switches it on. */
    update: (body: {
      token?: string;
      id?: number;
      area?: string;
      prefs?: BoligagentPrefInputBody[];
      mapAreas?: BoligagentMapAreaInputBody[];
      frequency?: BoligagentFrequencyValue;
      enabled?: boolean;
    }) => api.put<BoligagentView>('/boligagents', body),
    activatePref: (ref: { token?: string; id?: number; area: string }) => api.put<BoligagentView>('/boligagents/pref', ref),
    deletePref: (ref: { token?: string; id?: number; area: string }) => api.delete<BoligagentView>('/boligagents/pref', { query: ref }),
    /** One drawn area by its id; idempotent (an area already gone answers the agent as it is). */
    deleteMapArea: (ref: { token?: string; id?: number; areaId: number }) => api.delete<BoligagentView>('/boligagents/map-area', { query: ref }),
    remove: (ref: { token?: string; id?: number }) => api.delete<void>('/boligagents', { query: ref }),
    /** The adjust call {area, current, user, detail}: the API widens a watched area when autoAdjust is on. */
    adjust: (body: { area: string; current: { rent?: number; rooms?: number; size?: number }; user?: number; detail?: number }) =>
      api.post<{ adjusted: boolean; agent: BoligagentView | null }>('/boligagents/adjust', body),
    settings: (body: { token?: string; autoAdjust?: boolean; frequency?: BoligagentFrequencyValue; enabled?: boolean; changeAlerts?: boolean }) =>
      api.post<BoligagentView>('/boligagents/settings', body),
    unsubscribe: (token: string) => api.post<{ unsubscribed: true }>(`/boligagents/unsubscribe/${encodeURIComponent(token)}`),
    /** The change mail's "stop mails about changes" (ADR 0062): change alerts off, nothing else. */
    changeAlertsOff: (token: string) => api.post<{ changeAlerts: false }>(`/boligagents/change-alerts-off/${encodeURIComponent(token)}`),
    logNotification: (body: { user: string; source: string; type: string; dwellingId?: number }) => api.post<void>('/notificationLog', body),
  };
}
export type BoligagentApi = ReturnType<typeof boligagentApi>;

/** The section 5 code of a failed call ('error' for anything else), for the section 8 message. */
export function boligagentErrorCode(error: unknown): BoligagentErrorCode {
  if (isHttpError(error) && error.body && typeof error.body === 'object') {
    const code = (error.body as { code?: unknown }).code;
    if (isBoligagentErrorCode(code)) return code;
  }
  return 'error';
}

export function isNotFound(error: unknown): boolean {
  return isHttpError(error, 404);
}
