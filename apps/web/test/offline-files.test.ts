import { describe, expect, it } from 'vitest';
import { OFFLINE_FILES, offlineChunks } from '../vite.config';

/** What the service worker keeps for the offline exam (decision 0012), from Vite's manifest. */
describe('the offline exam files (vite.config.ts)', () => {
  const manifest = {
    'index.html': { file: 'assets/index-a.js', isEntry: true, css: ['assets/index-a.css'], dynamicImports: ['src/app/start.tsx'] },
    'src/app/start.tsx': {
      file: 'assets/start-b.js',
      imports: ['_api-client.js'],
      dynamicImports: ['src/app/routes/exam.tsx', 'src/app/routes/marketplace.tsx', 'src/components/ui/toast-impl.ts'],
    },
    '_api-client.js': { file: 'assets/api-client-c.js', dynamicImports: ['src/locales/en/exam.json', 'src/locales/ru/exam.json'] },
    'src/locales/en/exam.json': { file: 'assets/exam-en.js' },
    'src/locales/ru/exam.json': { file: 'assets/exam-ru.js' },
    'src/components/ui/toast-impl.ts': { file: 'assets/toast-d.js' },
    'src/app/routes/exam.tsx': { file: 'assets/exam-e.js', imports: ['_question-map.js'], dynamicImports: ['src/features/exam/components/result-dialog.tsx'] },
    '_question-map.js': { file: 'assets/question-map-f.js', dynamicImports: ['src/features/exam/components/exam-map.tsx'] },
    'src/features/exam/components/exam-map.tsx': { file: 'assets/exam-map-g.js', css: ['assets/exam-map-g.css'] },
    'src/features/exam/components/result-dialog.tsx': { file: 'assets/result-dialog-h.js' },
    'src/app/routes/marketplace.tsx': { file: 'assets/marketplace-i.js', dynamicImports: ['src/features/listings/photo-viewer.tsx'] },
    'src/features/listings/photo-viewer.tsx': { file: 'assets/photo-viewer-j.js' },
  };

  it('keeps the entry, the app, the exam route and all it loads (popups, the map and its data, texts), but no other route', () => {
    const files = offlineChunks(manifest).sort();
    expect(files).toEqual(
      [
        'assets/index-a.js',
        'assets/index-a.css',
        'assets/start-b.js',
        'assets/api-client-c.js',
        'assets/exam-en.js',
        'assets/exam-ru.js',
        'assets/toast-d.js',
        'assets/exam-e.js',
        'assets/question-map-f.js',
        'assets/exam-map-g.js',
        'assets/exam-map-g.css',
        'assets/result-dialog-h.js',
      ].sort(),
    );
  });

  it('keeps the fonts of both languages, the icons and the manifest, and no other font subset', () => {
    const keeps = (file: string) => OFFLINE_FILES.some((pattern) => pattern.test(file));
    for (const file of [
      'assets/inter-latin-wght-normal-x1.woff2',
      'assets/inter-cyrillic-ext-wght-normal-x2.woff2',
      'manifest.webmanifest',
      'icons/icon-512.png',
    ]) {
      expect(keeps(file), file).toBe(true);
    }
    for (const file of ['assets/inter-greek-wght-normal-x3.woff2', 'assets/inter-vietnamese-wght-normal-x4.woff2', 'index.html', 'media/photo.webp']) {
      expect(keeps(file), file).toBe(false);
    }
  });
});
