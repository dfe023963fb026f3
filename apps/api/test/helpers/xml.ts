/**
 * A small, strict XML reader for tests: enough of XML 1.0 for the documents the app writes (a
 * declaration, elements, attributes, text, character and the five predefined entity references,
 * comments), refusing anything that is not well-formed: unclosed or mismatched tags, a bare `&` or
 * `<`, unknown entities, duplicate attributes, undeclared namespace prefixes, text outside the root.
 */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const NAME = '[A-Za-z_][\\w.:-]*';
const ENTITY = /&(?:(amp|lt|gt|quot|apos)|#(\d+)|#x([0-9A-Fa-f]+));/y;
const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(raw: string, where: string): string {
  let out = '';
  for (let i = 0; i < raw.length;) {
    const c = raw[i]!;
    if (c === '<') throw new Error(`a bare < in ${where}`);
    if (c !== '&') {
      out += c;
      i++;
      continue;
    }
    ENTITY.lastIndex = i;
    const m = ENTITY.exec(raw);
    if (!m) throw new Error(`a bare & or an unknown entity in ${where}: ${raw.slice(i, i + 12)}`);
    out += m[1] ? PREDEFINED[m[1]]! : String.fromCodePoint(parseInt(m[2] ?? m[3]!, m[2] ? 10 : 16));
    i += m[0].length;
  }
  return out;
}

export function parseXml(xml: string): XmlElement {
  let pos = 0;
  const declaration = /^<\?xml\s+version="1\.0"(?:\s+encoding="UTF-8")?\s*\?>/.exec(xml);
  if (declaration) pos = declaration[0].length;
  const stack: { element: XmlElement; namespaces: Set<string> }[] = [];
  let root: XmlElement | undefined;
  const tag = new RegExp(`<(/?)(${NAME})((?:\\s+${NAME}\\s*=\\s*(?:"[^"]*"|'[^']*'))*)\\s*(/?)>`, 'y');
  const attribute = new RegExp(`(${NAME})\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'g');

  while (pos < xml.length) {
    const next = xml.indexOf('<', pos);
    const textEnd = next === -1 ? xml.length : next;
    const text = xml.slice(pos, textEnd);
    if (stack.length) stack[stack.length - 1]!.element.text += decode(text, 'text');
    else if (text.trim()) throw new Error(`text outside the root element: ${text.trim().slice(0, 40)}`);
    pos = textEnd;
    if (next === -1) break;
    if (xml.startsWith('<!--', pos)) {
      const end = xml.indexOf('-->', pos + 4);
      if (end === -1) throw new Error('an unclosed comment');
      pos = end + 3;
      continue;
    }
    tag.lastIndex = pos;
    const m = tag.exec(xml);
    if (!m) throw new Error(`a malformed tag at ${pos}: ${xml.slice(pos, pos + 40)}`);
    pos += m[0].length;
    const [, closing, name, attrText, selfClosing] = m as unknown as [string, string, string, string, string];
    if (closing) {
      if (attrText.trim() || selfClosing) throw new Error(`a malformed closing tag </${name}>`);
      const open = stack.pop();
      if (open?.element.name !== name) throw new Error(`</${name}> closes <${open?.element.name ?? 'nothing'}>`);
      continue;
    }
    if (root && !stack.length) throw new Error(`a second root element <${name}>`);
    const attributes: Record<string, string> = {};
    for (const a of attrText.matchAll(attribute)) {
      if (a[1]! in attributes) throw new Error(`a duplicate attribute ${a[1]} on <${name}>`);
      attributes[a[1]!] = decode(a[2] ?? a[3]!, `attribute ${a[1]}`);
    }
    const namespaces = new Set(stack[stack.length - 1]?.namespaces ?? ['xml']);
    for (const key of Object.keys(attributes)) if (key.startsWith('xmlns:')) namespaces.add(key.slice(6));
    for (const qualified of [name, ...Object.keys(attributes).filter((k) => !k.startsWith('xmlns'))]) {
      const prefix = qualified.includes(':') ? qualified.split(':')[0]! : null;
      if (prefix && !namespaces.has(prefix)) throw new Error(`the namespace prefix ${prefix} of ${qualified} is not declared`);
    }
    const element: XmlElement = { name, attributes, children: [], text: '' };
    if (stack.length) stack[stack.length - 1]!.element.children.push(element);
    else root = element;
    if (!selfClosing) stack.push({ element, namespaces });
  }
  if (stack.length) throw new Error(`<${stack[stack.length - 1]!.element.name}> is never closed`);
  if (!root) throw new Error('no root element');
  return root;
}

/** The children named `name`. */
export const childrenNamed = (element: XmlElement, name: string) => element.children.filter((c) => c.name === name);
