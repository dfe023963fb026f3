import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * A listing's status moves only through the lifecycle (`modules/listings/listing-lifecycle.ts`): no
 * other file of the API writes `status`, `deleted_at`, `published_at` or `rejection_reason` of
 * `listings`. The demo seed (packages/demo) inserts listings in every status: that is seeding, not a
 * move, and is not scanned.
 */
const SRC = join(import.meta.dirname, '../src');
const LIFECYCLE = 'modules/listings/listing-lifecycle.ts';
const LIFECYCLE_COLUMNS = new Set(['status', 'deletedAt', 'publishedAt', 'rejectionReason']);

function sourceFiles(dir: string): string[] {
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
function lifecycleWritesIn(fileName: string, text: string): string[] {
  const file = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const report = (node: ts.Node, what: string) => found.push(`${file.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${what}`);
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const [table] = node.arguments;
      if ((method === 'update' || method === 'insert') && table && ts.isIdentifier(table) && table.text === 'listings') {
        const next = chainedCalls(node);
        if (method === 'update') {
          const set = next.find((c) => c.name === 'set');
          for (const what of lifecycleWrites(set?.args[0])) report(node, `update(listings).set writes ${what}`);
        } else {
          // A listing is created in the lifecycle's first status, named by the lifecycle.
          const values = next.find((c) => c.name === 'values');
          const rows = values?.args[0] && ts.isArrayLiteralExpression(values.args[0]) ? values.args[0].elements : values?.args;
          for (const row of rows ?? []) {
            const allowed = (column: string, value: ts.Expression) => column === 'status' && value.getText() === 'INITIAL_LISTING_STATUS';
            for (const what of lifecycleWrites(row, { allowed, spreads: true })) report(node, `insert(listings).values writes ${what}`);
          }
        }
      }
    }
    if (ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node) || ts.isStringLiteral(node)) {
      if (/\bupdate\s+"?listings"?\s/i.test(node.getText())) report(node, 'an SQL UPDATE of listings');
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

describe('who writes a listing’s status', () => {
  it('only the lifecycle module writes status, deleted_at, published_at or rejection_reason of listings', () => {
    const offenders = sourceFiles(SRC)
      .map((path) => relative(SRC, path))
      .filter((path) => path !== LIFECYCLE)
      .flatMap((path) => lifecycleWritesIn(path, readFileSync(join(SRC, path), 'utf8')).map((what) => `${path}:${what}`));
    expect(offenders).toEqual([]);
  });

  it('the lifecycle module is where the scan expects it', () => {
    expect(sourceFiles(SRC).map((path) => relative(SRC, path))).toContain(LIFECYCLE);
  });

  it('the scan finds the ways a writer could set a status itself', () => {
    const code = `
      await db.update(listings).set({ status: 'INACTIVE', updatedAt: sql\`now()\` }).where(eq(listings.id, id));
      await tx.update(listings).set({ ...change, updatedAt: sql\`now()\` }).where(eq(listings.id, id)).returning();
      await tx.update(listings).set(change);
      await tx.update(listings).set({ ['status']: to });
      await tx.update(listings).set({ deletedAt: sql\`now()\`, rejectionReason });
      await db.execute(sql\`UPDATE listings SET status = 'ACTIVE' WHERE id = \${id}\`);
      await db.insert(listings).values({ userId, status: 'ACTIVE' });
      await db.insert(listings).values([{ userId, publishedAt: new Date() }]);
    `;
    expect(lifecycleWritesIn('sample.ts', code)).toEqual([
      '2: update(listings).set writes status',
      '3: update(listings).set writes a spread (...change)',
      '4: update(listings).set writes a value that is not an object literal (change)',
      "5: update(listings).set writes a computed key (['status']: to)",
      '6: update(listings).set writes deletedAt',
      '6: update(listings).set writes rejectionReason',
      '7: an SQL UPDATE of listings',
      '8: insert(listings).values writes status',
      '9: insert(listings).values writes publishedAt',
    ]);
  });

  it('leaves other tables and other columns of listings alone', () => {
    const code = `
      await tx.update(listings).set({ viewCount: sql\`\${listings.viewCount} + 1\` }).where(eq(listings.id, id));
      await tx.update(payments).set({ status: 'succeeded' });
      await tx.update(listingReports).set({ status: 'actioned' });
      await db.insert(listings).values({ ...values, userId, status: INITIAL_LISTING_STATUS });
      const query = sql\`select status from listings\`;
    `;
    expect(lifecycleWritesIn('sample.ts', code)).toEqual([]);
  });
});
