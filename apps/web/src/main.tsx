import '@fontsource-variable/inter';
import './index.css';
import { afterFirstView } from './lib/after-first-view';
import { captureInstallPrompt } from './lib/install-prompt';

/**
 * The browser's entry, kept tiny: the stylesheet and the font, then the app (app/start.tsx) as soon as
 * the page the server rendered has painted its first view, with the page's modules preloaded at that
 * moment. See lib/after-first-view.ts and decision 0013.
 */
// The browser's install offer may come before the app has loaded: kept for the exam's Install button.
captureInstallPrompt();
void afterFirstView()
  .then(() => import('./app/start'))
  .then(({ start }) => start());
