import { useMutation } from '@tanstack/react-query';
import type { PaymentMethod, SandboxConfirmSetupRequest, SandboxConfirmSetupResponse } from '@medallion/contracts/payments';
import { apiFetch } from '@/lib/api-client';

/** POST /payments/sandbox/confirm-setup: the sandbox's stand-in for Stripe's confirmCardSetup. */
export async function confirmSandboxSetup(body: SandboxConfirmSetupRequest): Promise<PaymentMethod> {
  const res = await apiFetch<SandboxConfirmSetupResponse>('/payments/sandbox/confirm-setup', { method: 'POST', body });
  return res.data;
}

export function useConfirmSandboxSetup() {
  return useMutation({ mutationFn: confirmSandboxSetup });
}
