/**
 * Looking up a server message in a catalogue of translations (English text → translated text), kept
 * free of zod so the web's fetch client can use it on every page. A catalogue key may hold
 * placeholders, {{name}}, for the parts of a message that vary ("{{title}}" is out of stock…);
 * they match any text and are put back into the translation.
 */
export type MessageCatalogue = Record<string, string>;

interface Template {
  pattern: RegExp;
  names: string[];
  translation: string;
}

const PLACEHOLDER = /\{\{(\w+)\}\}/g;
const compiled = new WeakMap<MessageCatalogue, Template[]>();

function templatesOf(catalogue: MessageCatalogue): Template[] {
  let templates = compiled.get(catalogue);
  if (!templates) {
    templates = Object.entries(catalogue)
      .filter(([key]) => key.includes('{{'))
      .map(([key, translation]) => {
        const names = [...key.matchAll(PLACEHOLDER)].map((m) => m[1]!);
        const source = key
          .split(PLACEHOLDER)
          .map((part, i) => (i % 2 === 1 ? '(.+?)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
          .join('');
        return { pattern: new RegExp(`^${source}$`, 's'), names, translation };
      });
    compiled.set(catalogue, templates);
  }
  return templates;
}

/** The translation of `message`, or undefined when the catalogue does not know it. */
export function translateMessage(catalogue: MessageCatalogue | undefined, message: string): string | undefined {
  if (!catalogue) return undefined;
  const exact = catalogue[message];
  if (exact !== undefined) return exact;
  for (const { pattern, names, translation } of templatesOf(catalogue)) {
    const match = pattern.exec(message);
    if (!match) continue;
    const values = Object.fromEntries(names.map((name, i) => [name, match[i + 1]!]));
    return translation.replace(PLACEHOLDER, (whole, name: string) => values[name] ?? whole);
  }
  return undefined;
}
