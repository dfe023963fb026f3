import { useMutation } from '@tanstack/react-query';
import type { SetupIntentResponse } from '@medallion/contracts/payments';
import { apiFetch } from '@/lib/api-client';

/** POST /payments/create-setup-intent */
export function createSetupIntent(): Promise<SetupIntentResponse> {
  return apiFetch<SetupIntentResponse>('/payments/create-setup-intent', { method: 'POST' });
}

export function useCreateSetupIntent() {
  return useMutation({ mutationFn: createSetupIntent });
}
