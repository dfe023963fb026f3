import { describe, expect, it } from 'vitest';
import { fontPreloadTag, PRELOADED_FONT } from '../vite.config';

const emitted = [
  'assets/index-D6srInx2.js',
  'assets/inter-latin-ext-wght-normal-DO1Apj_S.woff2',
  'assets/inter-cyrillic-wght-normal-DqGufNeO.woff2',
  'assets/inter-latin-wght-normal-Dx4kXJAl.woff2',
  'assets/index-Cx5MgqPu.css',
];

describe('the web font preload (vite.config.ts)', () => {
  it("links the emitted Latin file of Inter's variable font, as the stylesheet asks for it", () => {
    expect(fontPreloadTag(emitted, PRELOADED_FONT)).toEqual({
      tag: 'link',
      attrs: { rel: 'preload', href: '/assets/inter-latin-wght-normal-Dx4kXJAl.woff2', as: 'font', type: 'font/woff2', crossorigin: '' },
      injectTo: 'head',
    });
  });

  it('follows the base path, and finds nothing when the font is not emitted', () => {
    expect(fontPreloadTag(emitted, PRELOADED_FONT, '/app/')?.attrs.href).toBe('/app/assets/inter-latin-wght-normal-Dx4kXJAl.woff2');
    expect(
      fontPreloadTag(
        emitted.filter((f) => !f.includes('inter-latin-wght')),
        PRELOADED_FONT,
      ),
    ).toBeNull();
  });
});
