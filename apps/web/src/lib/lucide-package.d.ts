// The two files of lucide-react that the server's Icon (lib/lucide-icon-server.ts) takes from the package,
// under the names the build resolves to them (vite.config.ts, serverIcons).
declare module 'lucide-react/package-icon' {
  import type { ForwardRefExoticComponent } from 'react';
  const Icon: ForwardRefExoticComponent<Record<string, unknown>>;
  export default Icon;
}
declare module 'lucide-react/package-context' {
  export function useLucideContext(): object | null;
}
