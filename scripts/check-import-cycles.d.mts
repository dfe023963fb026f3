export interface CycleRoot {
  /** A folder whose .ts and .tsx files are checked. */
  dir: string;
  /** The folder `@/` stands for in that app (null: no alias). */
  alias: string | null;
}
/** The files a module imports at run time (static, not type-only), resolved inside the app. */
export function runtimeImports(file: string, alias: string | null): string[];
/** Every import cycle among the roots' files, each as a path a → b → … → a. */
export function findCycles(roots: CycleRoot[]): string[][];
