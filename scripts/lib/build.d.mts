export const ROOT: string;
export const SERVER_SCRIPT: string;
export function needsBuild(): boolean;
export function buildIfNeeded(options?: { quiet?: boolean }): boolean;
/** The environment of `npm run build`: the caller's, always with NODE_ENV=production. */
export function buildEnv(env: Record<string, string | undefined>): Record<string, string | undefined>;
