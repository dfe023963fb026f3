import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls: string[] = [];
vi.mock('sonner', () => {
  const record = (kind: string) => (message: unknown, data?: unknown) => void calls.push(`${kind}:${String(message)}${data ? `:${JSON.stringify(data)}` : ''}`);
  return { toast: Object.assign(record('toast'), { success: record('success'), error: record('error'), info: record('info') }) };
});

describe('toast (sonner loaded on demand)', () => {
  beforeEach(() => {
    calls.length = 0;
    vi.resetModules();
  });

  it('loads sonner with the first toast, then shows the waiting toasts in order', async () => {
    const { loadToasts, toast, toastsWanted } = await import('@/components/ui/toast');
    const listener = vi.fn();
    toastsWanted.subscribe(listener);
    expect(toastsWanted.get()).toBe(false);

    toast.success('Saved', { duration: 1000 });
    toast.error('Failed');
    toast('Updating…');
    expect(toastsWanted.get()).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(calls).toEqual([]);

    await loadToasts();
    await Promise.resolve();
    expect(calls).toEqual(['success:Saved:{"duration":1000}', 'error:Failed', 'toast:Updating…']);

    // Once loaded, a toast is shown at once.
    toast.info('Hello');
    expect(calls.at(-1)).toBe('info:Hello');
  });

  it('can be loaded ahead of any toast (the first pointer or key press)', async () => {
    const { loadToasts, toast, toastsWanted } = await import('@/components/ui/toast');
    await loadToasts();
    expect(toastsWanted.get()).toBe(true);
    toast.success('At once');
    expect(calls).toEqual(['success:At once']);
  });
});
