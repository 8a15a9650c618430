import { basePathOf, type OpenApiDocument, type OpenApiOperation } from './openapi-document';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** One loaded spec: its document, the `$id` ajv knows it by and the path its servers share. */
export interface LoadedSpec {
  id: string;
  basePath: string;
  document: OpenApiDocument;
}

/** An operation found for a request: where it stands in its spec and the path parameters the URL gave. */
export interface FoundOperation {
  spec: LoadedSpec;
  /** `/label/{trackingNumber}`, as the spec writes it. */
  template: string;
  method: string;
  operation: OpenApiOperation;
  /** `['paths', template, method]`: the operation's place in the document. */
  segments: string[];
  pathParameters: Record<string, string>;
}

interface Route {
  spec: LoadedSpec;
  template: string;
  pattern: RegExp;
  names: string[];
  /** Literal segments win over templated ones (`/label/batch` before `/label/{trackingNumber}`). */
  templated: number;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A path segment as the server reads it; one that is not valid percent-encoding is kept as it came. */
const decoded = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

const routeOf = (spec: LoadedSpec, template: string): Route => {
  const names: string[] = [];
  const source = template
    .split(/(\{[^}]+\})/)
    .map((piece) => {
      const name = /^\{([^}]+)\}$/.exec(piece)?.[1];
      if (name === undefined) return escapeRegExp(piece);
      names.push(name);
      return '([^/]+)';
    })
    .join('');
  return { spec, template, pattern: new RegExp(`^${escapeRegExp(spec.basePath)}${source}/?$`), names, templated: names.length };
};

/** Every operation of the loaded specs, found by method and request path (the servers' base path included). */
export class OperationIndex {
  private readonly routes: Route[];

  constructor(specs: readonly LoadedSpec[]) {
    this.routes = specs.flatMap((spec) => Object.keys(spec.document.paths).map((template) => routeOf(spec, template))).sort((a, b) => a.templated - b.templated);
  }

  /** The spec whose servers serve `path`, or null. */
  specFor(path: string): LoadedSpec | null {
    return this.routes.find((route) => path === route.spec.basePath || path.startsWith(`${route.spec.basePath}/`))?.spec ?? null;
  }

  /** The operation, `'no path'` when no spec has the path, or `'no method'` when the path has no such method. */
  find(method: string, path: string): FoundOperation | 'no path' | 'no method' {
    const wanted = method.toLowerCase();
    let pathKnown = false;
    for (const route of this.routes) {
      const match = route.pattern.exec(path);
      if (!match) continue;
      pathKnown = true;
      const item = route.spec.document.paths[route.template] ?? {};
      const operation = METHODS.includes(wanted as (typeof METHODS)[number]) ? item[wanted] : undefined;
      if (operation === undefined) continue;
      const pathParameters = Object.fromEntries(route.names.map((name, i) => [name, decoded(match[i + 1] ?? '')]));
      return { spec: route.spec, template: route.template, method: wanted, operation: operation as OpenApiOperation, segments: ['paths', route.template, wanted], pathParameters };
    }
    return pathKnown ? 'no method' : 'no path';
  }
}

export const loadedSpecOf = (document: OpenApiDocument): LoadedSpec => {
  const basePath = basePathOf(document);
  return { id: `openapi:${document.info.title.replace(/\W+/g, '-').toLowerCase()}-${document.info.version}`, basePath, document };
};
