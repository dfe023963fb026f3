export const ROOT: string;
export const SERVER_SCRIPT: string;
export function needsBuild(): boolean;
export function buildIfNeeded(options?: { quiet?: boolean }): boolean;
