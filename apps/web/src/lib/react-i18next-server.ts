import type { i18n as I18n } from 'i18next';
import { useContext } from 'react';
// Resolves to the package itself: the build points only the app's imports here (vite.config.ts, serverTranslation).
import { getI18n, I18nContext, type useTranslation as packageUseTranslation } from 'react-i18next';

export * from 'react-i18next';

/** i18next's `t`, as this module calls it (the app's code sees the package's types). */
type AnyT = (...args: unknown[]) => unknown;
type ServerI18n = I18n & { reportNamespaces?: { addUsedNamespaces(namespaces: readonly string[]): void } };

/**
 * react-i18next's `useTranslation` for the server bundle only (the build aliases the app's
 * `react-i18next` imports here; the browser keeps the package's hook). A server render happens once,
 * in one language, with every text loaded: nothing can change, suspend or re-render. The package's hook
 * still does a browser's work in every component on every render: a copy of the whole i18next
 * instance (its wrapper, ~100 own properties), a new `t`, a subscription and six other hooks. Here the
 * hook reports the namespaces the page used (they go along with the page for hydration, as the
 * package's hook does) and hands out one `t` per language, namespaces and key prefix for the life
 * of the process, which remembers what it translated (the texts never change while the process runs).
 */
function useServerTranslation(ns?: string | readonly string[], options?: { i18n?: I18n; lng?: string; keyPrefix?: string }) {
  const context = useContext(I18nContext) as { i18n?: I18n; defaultNS?: string | readonly string[] } | undefined;
  const i18n = (options?.i18n ?? context?.i18n ?? getI18n()) as ServerI18n;
  const named = ns ?? context?.defaultNS ?? (i18n.options.defaultNS as string | readonly string[] | undefined) ?? 'translation';
  const namespaces: readonly string[] = typeof named === 'string' ? [named] : named;
  i18n.reportNamespaces?.addUsedNamespaces(namespaces);
  const t = fixedT(i18n, options?.lng ?? i18n.language, namespaces, options?.keyPrefix);
  return Object.assign([t, i18n, true], { t, i18n, ready: true });
}

export const useTranslation = useServerTranslation as unknown as typeof packageUseTranslation;

/** The `t`s handed out so far, by i18next instance (one per language on the server), language, namespaces and key prefix. */
const translators = new WeakMap<I18n, Map<string, AnyT>>();
/** How many distinct calls one `t` remembers (calls with values, e.g. a price, are many): then it starts over. */
const REMEMBERED_CALLS = 2000;

function fixedT(i18n: I18n, language: string, namespaces: readonly string[], keyPrefix: string | undefined): AnyT {
  const id = `${language}\u0000${namespaces.join(',')}\u0000${keyPrefix ?? ''}`;
  let ofInstance = translators.get(i18n);
  if (!ofInstance) {
    ofInstance = new Map();
    translators.set(i18n, ofInstance);
  }
  let t = ofInstance.get(id);
  if (!t) {
    // As the package's hook asks for it (its default nsMode: the first namespace, the others by prefix).
    const getFixedT = i18n.getFixedT as unknown as (...args: unknown[]) => AnyT;
    t = remembering(getFixedT.call(i18n, language, namespaces[0] ?? null, keyPrefix, { scopeNs: [...namespaces] }));
    ofInstance.set(id, t);
  }
  return t;
}

const isPlain = (value: unknown) =>
  value === null || value === undefined || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/** `t` that remembers the texts of plain calls: a key, or a key with values that are strings, numbers or booleans. */
function remembering(t: AnyT): AnyT {
  const texts = new Map<string, unknown>();
  const remembered = (key: unknown, ...rest: unknown[]) => {
    let id: string | undefined;
    if (typeof key === 'string') {
      if (rest.length === 0) id = key;
      else if (rest.length === 1 && typeof rest[0] === 'object' && rest[0] !== null && Object.values(rest[0]).every(isPlain)) {
        id = `${key}\u0000${JSON.stringify(rest[0])}`;
      }
    }
    if (id === undefined) return t(key, ...rest);
    if (texts.has(id)) return texts.get(id);
    const text = t(key, ...rest);
    if (texts.size >= REMEMBERED_CALLS) texts.clear();
    texts.set(id, text);
    return text;
  };
  const { lng, ns, keyPrefix } = t as AnyT & { lng?: string; ns?: string; keyPrefix?: string };
  return Object.assign(remembered, { lng, ns, keyPrefix });
}
