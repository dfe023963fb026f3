// Types of scripts/lib/cluster.mjs for the TypeScript that uses it (the cluster test, bench:cluster).
import type { ChildProcess } from 'node:child_process';

export interface ClusterOptions {
  instances?: number;
  port?: number;
  basePort?: number;
  ports?: number[];
  host?: string;
  databaseUrl?: string;
  /** null: no Redis. */
  redisUrl?: string | null;
  redisKeyPrefix?: string;
  storage?: 's3' | 'shared';
  /** An external S3 (S3_* variables) instead of a local s3rver. */
  s3?: Record<string, string>;
  s3Port?: number;
  smtpUrl?: string;
  publicUrl?: string;
  workDir?: string;
  removeWorkDir?: boolean;
  env?: Record<string, string>;
  logs?: 'files' | 'inherit';
  accessLog?: boolean;
  nginxWorkers?: number;
  log?: (line: string) => void;
}

export interface ClusterInstance {
  id: string;
  port: number;
  url: string;
  logFile: string;
  child: ChildProcess | undefined;
  exited: Promise<string> | undefined;
  start(timeoutMs?: number): Promise<ClusterInstance>;
  running(): boolean;
  stop(signal?: NodeJS.Signals, killAfterMs?: number): Promise<string>;
}

export interface Cluster {
  url: string;
  publicUrl: string;
  workDir: string;
  instances: ClusterInstance[];
  env: Record<string, string | undefined>;
  nginxPid: number | undefined;
  nginxLog: string;
  useInstances(ids: string[], sample?: number): Promise<void>;
  stop(): Promise<void>;
}

export const NGINX_TEMPLATE: string;
export const NGINX_MISSING: string;
export function findNginx(): string | undefined;
export function canConnect(host: string, port: number, timeoutMs?: number): Promise<boolean>;
export function redisAnswers(url: string, timeoutMs?: number): Promise<boolean>;
export function ensureDatabase(url: string): Promise<boolean>;
export function dropDatabase(url: string): Promise<void>;
export function nginxConfig(options: {
  prefix: string;
  host: string;
  port: number;
  upstreamPorts: number[];
  workers?: number;
  accessLog?: boolean;
  maxFails?: number;
  failTimeoutS?: number;
}): string;
export function startCluster(options?: ClusterOptions): Promise<Cluster>;
