import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { LicenseStep, LicenseStepChange, LicenseTrackerResponse, StepProgress } from '@medallion/contracts/license-tracker';
import { ApiClientError, apiFetch } from '@/lib/api-client';
import { clearGuestProgress, readGuestProgress } from '@/lib/guest-license-progress';
import { defineQuery, getJson } from './define-query';

/*
 * The license tracker (modules/license-tracker): the signed-in user's 8 steps and countdown, read by
 * the guide (/steps) and the dashboard's card; a guest's progress is in the browser (guest-license-progress.ts)
 * and joins the account at the first read after sign-in.
 */

export const licenseTrackerKeys = {
  all: ['license-tracker'] as const,
  tracker: () => [...licenseTrackerKeys.all, 'tracker'] as const,
};

const readTracker = getJson<LicenseTrackerResponse>('/license-tracker');

/**
 * GET /license-tracker; a guest's progress left in this browser is merged first (POST /license-tracker/merge,
 * idempotent on the server, so two tabs doing it at once is harmless) and then forgotten here.
 */
async function getLicenseTracker(signal: AbortSignal): Promise<LicenseTrackerResponse> {
  const guest = readGuestProgress();
  if (guest.length === 0) return readTracker(signal);
  try {
    const merged = await apiFetch<LicenseTrackerResponse>('/license-tracker/merge', { method: 'POST', body: { steps: guest }, signal });
    clearGuestProgress();
    return merged;
  } catch (error) {
    // A progress the server refuses as a whole (edited by hand, from an older page) is dropped rather than asked again and again.
    if (!(error instanceof ApiClientError && error.status === 400)) throw error;
    clearGuestProgress();
    return readTracker(signal);
  }
}

export const licenseTrackerQueryOptions = defineQuery(licenseTrackerKeys.tracker, getLicenseTracker, { staleTime: 30_000 });
/** Only asked for when someone is signed in. */
export const useLicenseTracker = (enabled: boolean) => useQuery({ ...licenseTrackerQueryOptions(), enabled });

export function putLicenseStep(step: LicenseStep, body: LicenseStepChange): Promise<LicenseTrackerResponse> {
  return apiFetch<LicenseTrackerResponse>(`/license-tracker/steps/${step}`, { method: 'PUT', body });
}

export function putLicenseReminders(on: boolean): Promise<LicenseTrackerResponse> {
  return apiFetch<LicenseTrackerResponse>('/license-tracker/reminders', { method: 'PUT', body: { on } });
}

/** The reminder e-mail's link: reminders off for the signed token (no sign-in). */
export function postLicenseUnsubscribe(token: string): Promise<unknown> {
  return apiFetch('/license-tracker/unsubscribe', { method: 'POST', query: { token } });
}

export function licenseCalendarUrl(step: LicenseStep): string {
  return `/api/license-tracker/steps/${step}/calendar.ics`;
}

export function setLicenseTracker(client: QueryClient, answer: LicenseTrackerResponse): void {
  client.setQueryData(licenseTrackerQueryOptions().queryKey, answer);
}

export type { StepProgress };
