/**
 * The value-import graph of a source tree, read with the TypeScript parser: `import type`, imports whose
 * every name is `type`, and `export type … from` carry no code at run time and are left out.
 * Used by the layer checks (import-cycles.test.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export type ImportGraph = Map<string, string[]>;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.(test|fixture)\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

function resolve(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) return null;
  const p = path.resolve(path.dirname(from), spec);
  for (const c of [p, `${p}.ts`, `${p}.tsx`, path.join(p, 'index.ts')]) if (fs.existsSync(c) && fs.statSync(c).isFile()) return c;
  return null;
}

/** Value imports of one file's text (relative specifiers only). */
export function valueImports(text: string): string[] {
  const sf = ts.createSourceFile('x.ts', text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TSX);
  const out: string[] = [];
  // Static imports are top-level statements; the tree is walked for `import()` only when the text has one.
  const visit = (n: ts.Node, deep: boolean) => {
    if (ts.isImportDeclaration(n) && ts.isStringLiteral(n.moduleSpecifier)) {
      const c = n.importClause;
      const typeOnly = !!c && (c.isTypeOnly || (!c.name && !!c.namedBindings && ts.isNamedImports(c.namedBindings)
        && c.namedBindings.elements.length > 0 && c.namedBindings.elements.every((e) => e.isTypeOnly)));
      if (!typeOnly) out.push(n.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(n) && n.moduleSpecifier && ts.isStringLiteral(n.moduleSpecifier)) {
      const typeOnly = n.isTypeOnly || (!!n.exportClause && ts.isNamedExports(n.exportClause)
        && n.exportClause.elements.length > 0 && n.exportClause.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) out.push(n.moduleSpecifier.text);
    } else if (ts.isCallExpression(n) && n.expression.kind === ts.SyntaxKind.ImportKeyword && n.arguments[0] && ts.isStringLiteral(n.arguments[0])) {
      out.push(n.arguments[0].text);
    }
    if (deep) ts.forEachChild(n, (c) => visit(c, true));
  };
  const deep = /\bimport\s*\(/.test(text);
  for (const st of sf.statements) visit(st, deep);
  return out;
}

/** file → files it imports values from, for every non-test source file under `root`. */
export function importGraph(root: string): ImportGraph {
  const g: ImportGraph = new Map();
  for (const f of sourceFiles(root)) {
    const deps = valueImports(fs.readFileSync(f, 'utf8')).map((s) => resolve(f, s)).filter((x): x is string => !!x && x.startsWith(root));
    g.set(f, [...new Set(deps)]);
  }
  return g;
}

/** The strongly connected components of more than one file (or a file importing itself): each is an import cycle. */
export function importCycles(g: ImportGraph): string[][] {
  let next = 0;
  const index = new Map<string, number>(), low = new Map<string, number>(), stack: string[] = [], on = new Set<string>();
  const out: string[][] = [];
  const strong = (v: string) => {
    index.set(v, next); low.set(v, next); next++;
    stack.push(v); on.add(v);
    for (const w of g.get(v) ?? []) {
      if (!index.has(w)) { strong(w); low.set(v, Math.min(low.get(v)!, low.get(w)!)); }
      else if (on.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const c: string[] = [];
      let w: string;
      do { w = stack.pop()!; on.delete(w); c.push(w); } while (w !== v);
      if (c.length > 1 || (g.get(v) ?? []).includes(v)) out.push(c.sort());
    }
  };
  for (const v of g.keys()) if (!index.has(v)) strong(v);
  return out;
}

/** One path around a cycle, for the failure message (a → b → … → a). */
export function cyclePath(g: ImportGraph, members: string[]): string[] {
  const set = new Set(members);
  const start = members[0];
  const prev = new Map<string, string>();
  const q = [start];
  const seen = new Set([start]);
  while (q.length) {
    const v = q.shift()!;
    for (const w of g.get(v) ?? []) {
      if (!set.has(w)) continue;
      if (w === start) {
        const p = [start];
        for (let x = v; x !== start; x = prev.get(x)!) p.splice(1, 0, x);
        return [...p, start];
      }
      if (!seen.has(w)) { seen.add(w); prev.set(w, v); q.push(w); }
    }
  }
  return members;
}
