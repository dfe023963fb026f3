import { describe, expect, it } from 'vitest';
import { buildEnv } from '../../../scripts/lib/build.mjs';

describe('the build of npm start and the cluster test', () => {
  it('is a production build whatever NODE_ENV its caller runs under (vitest sets test)', () => {
    // Under vitest this process runs with NODE_ENV=test: that must not reach `vite build` (React's development build).
    expect(process.env.NODE_ENV).toBe('test');
    expect(buildEnv(process.env).NODE_ENV).toBe('production');
    expect(buildEnv({ NODE_ENV: 'development', PATH: '/usr/bin' })).toEqual({ NODE_ENV: 'production', PATH: '/usr/bin' });
  });
});
