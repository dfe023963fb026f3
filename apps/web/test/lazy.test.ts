import type { ComponentType } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyNamed } from '@/components/ui/lazy';

const Dialog: ComponentType<{ open: boolean }> = () => null;

describe('lazyNamed', () => {
  it('loads the module once, however often it is preloaded', async () => {
    const load = vi.fn(async () => ({ Dialog }));
    const Lazy = lazyNamed(load, 'Dialog');
    expect(load).not.toHaveBeenCalled();
    await Promise.all([Lazy.preload(), Lazy.preload()]);
    await Lazy.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ Dialog });
    const Lazy = lazyNamed(load as () => Promise<{ Dialog: typeof Dialog }>, 'Dialog');
    await expect(Lazy.preload()).rejects.toThrow('offline');
    await expect(Lazy.preload()).resolves.toEqual({ Dialog });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
