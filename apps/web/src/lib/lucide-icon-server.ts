import type { ReactElement } from 'react';
// The package's own Icon and context (vite.config.ts, serverIcons, resolves these two names to its files).
import PackageIcon from 'lucide-react/package-icon';
import { useLucideContext } from 'lucide-react/package-context';

/**
 * lucide-react's `Icon` for the server bundle only (the build puts it in place of the package's; the
 * browser keeps the package's). The package's builds an icon's element anew on every render: its
 * attributes merged from three objects, its class names split and joined, an element for each path,
 * ~14% of a marketplace render (about 100 icons). On the server an icon with the same props in the
 * same context is the same element every time, and React elements never change: the package's
 * element is made once per icon, props and context, and given out again. An icon with children or
 * a prop that is not a plain value (a ref, a handler, a style object) is built each time. A ref is
 * never attached on the server, so the markup is the package's either way.
 */
type IconProps = Record<string, unknown> & { icon?: object; children?: unknown };
type RenderIcon = (props: IconProps, ref: null) => ReactElement;

const render = (PackageIcon as unknown as { render: RenderIcon }).render;

/** The elements made so far: by context value (the package's default one without a provider), icon, and props. */
const built = new WeakMap<object, WeakMap<object, Map<string, ReactElement>>>();
/** How many prop combinations one icon remembers (they are a handful in the app's code): then it starts over. */
const REMEMBERED_PROPS = 200;

/** The props as a key, or null when one is not a plain value (or there are children). */
function propsKey(props: IconProps): string | null {
  let key = '';
  for (const name in props) {
    if (name === 'icon') continue;
    const value = props[name];
    const type = typeof value;
    if (value === undefined || value === null) key += `${name}\u0001${value === null ? 'null' : ''}`;
    else if ((type === 'string' || type === 'number' || type === 'boolean') && name !== 'children') key += `${name}\u0000${String(value)}\u0000`;
    else return null;
  }
  return key;
}

/** A function component: React 19 hands it the ref (of createLucideIcon's forwardRef) as a prop. */
export default function ServerIcon(props: IconProps): ReactElement {
  const context = useLucideContext();
  const key = props.icon && context ? propsKey(props) : null;
  // The package's render calls its context hook too: a component renders once on the server, so the hooks need not match between calls.
  if (key === null) return render(props, null);
  let byIcon = built.get(context!);
  if (!byIcon) built.set(context!, (byIcon = new WeakMap()));
  let elements = byIcon.get(props.icon!);
  if (!elements) byIcon.set(props.icon!, (elements = new Map()));
  let element = elements.get(key);
  if (!element) {
    if (elements.size >= REMEMBERED_PROPS) elements.clear();
    element = render(props, null);
    elements.set(key, element);
  }
  return element;
}
