import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/**
 * The scan behind the "who writes a status" tests: every place of a source file that writes the
 * lifecycle columns of the given tables (drizzle `update(t).set({...})`, `insert(t).values({...})` with a
 * status other than the table's initial constant, or an SQL UPDATE of the table).
 */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The calls chained on `call` (`db.update(listings).set(...).where(...)`): their method names and arguments. */
function chainedCalls(call: ts.CallExpression): Array<{ name: string; args: readonly ts.Expression[] }> {
  const calls: Array<{ name: string; args: readonly ts.Expression[] }> = [];
  let node: ts.Node = call;
  while (ts.isPropertyAccessExpression(node.parent) && ts.isCallExpression(node.parent.parent) && node.parent.parent.expression === node.parent) {
    calls.push({ name: node.parent.name.text, args: node.parent.parent.arguments });
    node = node.parent.parent;
  }
  return calls;
}

function propertyName(name: ts.PropertyName): string | null {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name)) return name.text;
  return null;
}

/**
 * What in this object (a `.set()` or `.values()` argument) may write a lifecycle column; `allowed` says
 * which value of which column is fine. An update's spread or variable could carry one, so it counts; an
 * insert's spread is the new row's content (its status is named after it, see below).
 */
function lifecycleWrites(
  arg: ts.Expression | undefined,
  LIFECYCLE_COLUMNS: ReadonlySet<string>,
  { allowed = () => false, spreads = false }: { allowed?: (column: string, value: ts.Expression) => boolean; spreads?: boolean } = {},
): string[] {
  if (!arg) return [];
  if (!ts.isObjectLiteralExpression(arg)) return [`a value that is not an object literal (${arg.getText()})`];
  const found: string[] = [];
  for (const property of arg.properties) {
    if (ts.isSpreadAssignment(property)) {
      if (!spreads) found.push(`a spread (...${property.expression.getText()})`);
      continue;
    }
    const name = property.name ? propertyName(property.name) : null;
    if (name === null) {
      found.push(`a computed key (${property.getText()})`);
      continue;
    }
    if (!LIFECYCLE_COLUMNS.has(name)) continue;
    const value = ts.isPropertyAssignment(property) ? property.initializer : ts.isShorthandPropertyAssignment(property) ? property.name : null;
    if (value && allowed(name, value)) continue;
    found.push(`${name}`);
  }
  return found;
}

/** Every place of `text` that writes a listing's lifecycle columns, as "line: what". */
export function lifecycleWritesIn(
  fileName: string,
  text: string,
  tables: Record<string, { sql: string; initial: string }>,
  columns: ReadonlySet<string>,
): string[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const report = (node: ts.Node, what: string) => found.push(`${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${what}`);
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const [table] = node.arguments;
      if ((method === 'update' || method === 'insert') && table && ts.isIdentifier(table) && table.text in tables) {
        const next = chainedCalls(node);
        if (method === 'update') {
          const set = next.find((c) => c.name === 'set');
          for (const what of lifecycleWrites(set?.args[0], columns)) report(node, `update(${table.text}).set writes ${what}`);
        } else {
          // A listing is created in the lifecycle's first status, named by the lifecycle.
          const values = next.find((c) => c.name === 'values');
          const rows = values?.args[0] && ts.isArrayLiteralExpression(values.args[0]) ? values.args[0].elements : values?.args;
          for (const row of rows ?? []) {
            const allowed = (column: string, value: ts.Expression) => column === 'status' && value.getText() === tables[table.text]!.initial;
            for (const what of lifecycleWrites(row, columns, { allowed, spreads: true })) report(node, `insert(${table.text}).values writes ${what}`);
          }
        }
      }
    }
    if (ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node) || ts.isStringLiteral(node)) {
      for (const { sql } of Object.values(tables)) {
        if (new RegExp(`\\bupdate\\s+"?${sql}"?\\s`, 'i').test(node.getText())) report(node, `an SQL UPDATE of ${sql}`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}
