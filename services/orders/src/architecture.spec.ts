import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/**
 * The orders service's folders as layers (docs/decisions/077): each folder imports only folders of lower layers, so
 * reading the imports shows no upward arrow and no circle. eslint's orders/feature-walls rule says the same per import.
 */
const SRC = __dirname;
const LAYERS = (JSON.parse(readFileSync(join(SRC, '../feature-layers.json'), 'utf8')) as { layers: string[][] }).layers;

interface Edge {
  from: string;
  to: string;
  file: string;
  specifier: string;
}

const IMPORT = /(?:import|export)\s[^'";]*?from\s+'(\.[^']+)'|import\(\s*'(\.[^']+)'\s*\)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** The top folder of a path in src, or the file's own name for the files at the top (app.module.ts, service.ts, main.ts). */
const topOf = (path: string) => relative(SRC, path).split(sep)[0]!;

/** Every relative import between two top folders of src (a file at the top counts as its own folder). */
function folderEdges(): Edge[] {
  return sourceFiles(SRC).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(IMPORT)]
      .map((match) => match[1] ?? match[2]!)
      .map((specifier) => ({ from: topOf(file), to: topOf(resolve(dirname(file), specifier)), file: relative(SRC, file), specifier }))
      .filter((edge) => edge.from !== edge.to && !edge.to.startsWith('..')),
  );
}

const isComposition = (folder: string) => folder.endsWith('.ts');

/** The imports that reach a folder not below the importer's (a file at the top of src may import any folder). */
function upwardEdges(edges: readonly Edge[], layers: readonly string[][]): string[] {
  const layerOf = new Map(layers.flatMap((folders, layer) => folders.map((folder) => [folder, layer] as const)));
  return edges
    .filter((edge) => !isComposition(edge.from))
    .filter((edge) => !((layerOf.get(edge.to) ?? Infinity) < (layerOf.get(edge.from) ?? -Infinity)))
    .map((edge) => `${edge.file} imports ${edge.specifier} (${edge.from} -> ${edge.to})`);
}

/** Each circle of folders that import one another, as `a -> b -> a`, found by a depth-first walk. */
function circles(edges: readonly Edge[]): string[] {
  const next = new Map<string, Set<string>>();
  for (const { from, to } of edges) next.set(from, (next.get(from) ?? new Set()).add(to));
  const found = new Set<string>();
  const done = new Set<string>();
  const walk = (folder: string, path: string[]) => {
    const at = path.indexOf(folder);
    if (at >= 0) {
      found.add([...path.slice(at), folder].join(' -> '));
      return;
    }
    if (done.has(folder)) return;
    for (const to of next.get(folder) ?? []) walk(to, [...path, folder]);
    done.add(folder);
  };
  for (const folder of next.keys()) walk(folder, []);
  return [...found];
}

describe('the orders feature folders', () => {
  const edges = folderEdges();

  it('places every folder of src in exactly one layer', () => {
    const folders = readdirSync(SRC).filter((name) => statSync(join(SRC, name)).isDirectory()).sort();
    const placed = LAYERS.flat();

    expect([...placed].sort()).toEqual(folders);
    expect(new Set(placed).size).toBe(placed.length);
  });

  it('imports only folders of lower layers, and never the files that compose them', () => {
    expect(edges.length).toBeGreaterThan(0);
    expect(upwardEdges(edges, LAYERS)).toEqual([]);
  });

  it('has no circle of imports between folders', () => {
    expect(circles(edges)).toEqual([]);
  });
});

describe('the layering checks', () => {
  const edge = (from: string, to: string): Edge => ({ from, to, file: `${from}/a.ts`, specifier: `../${to}` });

  it('report an import of a folder of the same or a higher layer, or of app.module', () => {
    const layers = [['common', 'printing'], ['carriers'], ['bulk']];
    const edges = [edge('bulk', 'carriers'), edge('carriers', 'bulk'), edge('common', 'printing'), edge('bulk', 'app.module.ts'), edge('app.module.ts', 'bulk')];

    expect(upwardEdges(edges, layers)).toEqual([
      'carriers/a.ts imports ../bulk (carriers -> bulk)',
      'common/a.ts imports ../printing (common -> printing)',
      'bulk/a.ts imports ../app.module.ts (bulk -> app.module.ts)',
    ]);
  });

  it('report a circle of folders, however long', () => {
    expect(circles([edge('a', 'b'), edge('b', 'c'), edge('c', 'a'), edge('c', 'd')])).toEqual(['a -> b -> c -> a']);
  });
});
