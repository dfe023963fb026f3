export interface Progress {
  readonly on: boolean;
  step(text: string, n?: number, of?: number): void;
}
export function createProgress(options?: { level?: string; write?: (line: string) => void }): Progress;
