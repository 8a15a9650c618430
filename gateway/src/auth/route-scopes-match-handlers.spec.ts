import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as ts from 'typescript';
import { controllersOf } from '@labeldesk/nest-transport';
import { GatewayModule } from '../app.module';
import { routesOf } from '../docs/route-catalogue';
import { inProcessGatewayEnv } from '../testing/in-process-env';

/**
 * An API key passes two checks (decision 049): the gateway route's scope, then the scope of every service handler
 * the route calls on the key's behalf. The two are declared apart (`@SignedIn(scope)` here, `@Allow(..., { scope })`
 * in the service) and must agree: a handler asking another scope, or none (sessions only), refuses the keys the route
 * lets through. The route's scope is read as the AccessGuard reads it (its metadata); which handlers a route calls
 * with the request's caller, through its controller's helpers and injected gateway classes, and each handler's
 * scope, are read from the sources.
 *
 * The same two declarations say whether a login-as session is refused (decision 069): `@HolderOnly()` on the route,
 * `@Allow(..., { holderOnly: true })` on the handler. They must agree too: a route marked holder-only over a handler that
 * is not leaves another caller of that handler free to change the customer's sign-in; a handler marked holder-only
 * under a route that is not refuses login-as sessions the route's documentation lets through.
 */

const root = join(__dirname, '../../..');

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'test' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') && !entry.name.endsWith('.d.ts') ? [path] : [];
  });

const parse = (path: string) => ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);

const decoratorCalls = (node: ts.Node): ts.CallExpression[] =>
  (ts.canHaveDecorators(node) ? (ts.getDecorators(node) ?? []) : []).flatMap((d) => (ts.isCallExpression(d.expression) ? [d.expression] : []));

const calleeName = (call: ts.CallExpression): string => call.expression.getText();

const stringLiteral = (node: ts.Node | undefined): string | null => (node && ts.isStringLiteral(node) ? node.text : null);

/** A property of an `@Allow(who, { scope, holderOnly })` options object, or undefined. */
const option = (node: ts.Node | undefined, name: string): ts.Expression | undefined => {
  if (!node || !ts.isObjectLiteralExpression(node)) return undefined;
  for (const property of node.properties) {
    if (ts.isPropertyAssignment(property) && property.name.getText() === name) return property.initializer;
  }
  return undefined;
};

interface HandlerDeclaration {
  /** The scope its handler declares; null: sessions only. */
  scope: string | null;
  /** `holderOnly: true`: a login-as session is refused. */
  holderOnly: boolean;
}

/** `OrdersRpc.bulkStage` → what its handler declares, for every service's handlers. */
const handlerDeclarations = (): Map<string, HandlerDeclaration> => {
  const declarations = new Map<string, HandlerDeclaration>();
  for (const path of sourceFiles(join(root, 'services'))) {
    const visit = (node: ts.Node): void => {
      if (ts.isMethodDeclaration(node)) {
        const calls = decoratorCalls(node);
        const handler = calls.find((call) => calleeName(call) === 'RpcHandler');
        const allow = calls.find((call) => calleeName(call) === 'Allow');
        const pattern = handler?.arguments[0]?.getText();
        if (pattern && allow) {
          const holderOnly = option(allow.arguments[1], 'holderOnly')?.kind === ts.SyntaxKind.TrueKeyword;
          declarations.set(pattern, { scope: stringLiteral(option(allow.arguments[1], 'scope')), holderOnly });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(parse(path));
  }
  return declarations;
};

interface MethodFacts {
  /** RPCs called with the request's caller (`ctx`, or a caller taken from it): the key's own calls. */
  rpcs: string[];
  /** Other methods it calls: `this.name(…)` or `this.member.name(…)`. */
  calls: Array<{ member: string | null; method: string }>;
}

interface ClassFacts {
  methods: Map<string, MethodFacts>;
  /** Constructor parameter properties: member name → its type's name. */
  members: Map<string, string>;
}

/** Whether an RPC's options carry the request's caller: `ctx`, `{ ...ctx, … }`, `{ caller, … }`, or a variable made of one. */
const onCallersBehalf = (options: ts.Expression | undefined, body: ts.Node): boolean => {
  if (!options) return false;
  let text = options.getText();
  if (ts.isIdentifier(options)) {
    const declaration = findVariable(body, options.text);
    if (declaration) text = declaration;
  }
  if (/asService|asVisitor/.test(text)) return false;
  return /\bctx\b|\bcaller\b/.test(text);
};

const findVariable = (body: ts.Node, name: string): string | null => {
  let found: string | null = null;
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && node.name.getText() === name && node.initializer) found = node.initializer.getText();
    ts.forEachChild(node, visit);
  };
  visit(body);
  return found;
};

const methodFacts = (method: ts.MethodDeclaration): MethodFacts => {
  const facts: MethodFacts = { rpcs: [], calls: [] };
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const target = node.expression.expression;
      const name = node.expression.name.text;
      if ((name === 'call' || name === 'callForText') && target.getText().endsWith('rpc')) {
        const pattern = node.arguments[0];
        if (pattern && ts.isPropertyAccessExpression(pattern) && onCallersBehalf(node.arguments[2], method)) facts.rpcs.push(pattern.getText());
      } else if (target.kind === ts.SyntaxKind.ThisKeyword) {
        facts.calls.push({ member: null, method: name });
      } else if (ts.isPropertyAccessExpression(target) && target.expression.kind === ts.SyntaxKind.ThisKeyword) {
        facts.calls.push({ member: target.name.text, method: name });
      }
    }
    ts.forEachChild(node, visit);
  };
  if (method.body) visit(method.body);
  return facts;
};

/** Every class of the gateway, by name. */
const gatewayClasses = (): Map<string, ClassFacts> => {
  const classes = new Map<string, ClassFacts>();
  for (const path of sourceFiles(join(root, 'gateway/src'))) {
    const visit = (node: ts.Node): void => {
      if (ts.isClassDeclaration(node) && node.name) {
        const facts: ClassFacts = { methods: new Map(), members: new Map() };
        for (const member of node.members) {
          if (ts.isConstructorDeclaration(member)) {
            for (const parameter of member.parameters) {
              if (parameter.modifiers?.length && parameter.type && ts.isTypeReferenceNode(parameter.type)) {
                facts.members.set(parameter.name.getText(), parameter.type.typeName.getText());
              }
            }
          }
          if (ts.isMethodDeclaration(member)) facts.methods.set(member.name.getText(), methodFacts(member));
        }
        classes.set(node.name.text, facts);
      }
      ts.forEachChild(node, visit);
    };
    visit(parse(path));
  }
  return classes;
};

/** The RPCs a method calls on the caller's behalf, through the methods and injected gateway classes it calls. */
const reachedRpcs = (classes: Map<string, ClassFacts>, className: string, method: string, seen = new Set<string>()): Set<string> => {
  const key = `${className}.${method}`;
  const reached = new Set<string>();
  if (seen.has(key)) return reached;
  seen.add(key);
  const owner = classes.get(className);
  const facts = owner?.methods.get(method);
  if (!owner || !facts) return reached;
  for (const rpc of facts.rpcs) reached.add(rpc);
  for (const call of facts.calls) {
    const target = call.member === null ? className : owner.members.get(call.member);
    if (target && classes.has(target)) for (const rpc of reachedRpcs(classes, target, call.method, seen)) reached.add(rpc);
  }
  return reached;
};

const classes = gatewayClasses();
const declarations = handlerDeclarations();
const handlers = new Map([...declarations].map(([pattern, declared]) => [pattern, declared.scope]));
const env = inProcessGatewayEnv();
/** Every signed-in route, with its declared policy (as the AccessGuard reads it) and what it calls for the caller. */
const signedIn = routesOf(controllersOf(GatewayModule.forEnv(env)))
  .filter((route) => route.policy && route.policy.who !== 'public')
  .map((route) => {
    const [className = '', method = ''] = route.where.split('.');
    return {
      name: `${route.method.toUpperCase()} ${route.path} (${route.where})`,
      scope: route.policy?.scope ?? null,
      holderOnly: route.policy?.holderOnly === true,
      read: classes.get(className)?.methods.has(method) ?? false,
      rpcs: [...reachedRpcs(classes, className, method)].sort(),
    };
  });
/** The routes that take API keys. */
const scoped = signedIn.filter((route) => route.scope);
/** The routes that call a service for the caller, and the handlers marked holder-only. */
const calling = signedIn.filter((route) => route.rpcs.length > 0);
const holderOnlyHandlers = [...declarations].filter(([, declared]) => declared.holderOnly).map(([pattern]) => pattern);

describe('API-key scopes: each gateway route and the service handlers it calls for the key', () => {
  it('reads the source of every route that takes API keys, and the handlers of every service', () => {
    expect(scoped.length).toBeGreaterThan(30);
    expect(scoped.filter((route) => !route.read).map((route) => route.name)).toEqual([]);
    expect(handlers.size).toBeGreaterThan(100);
  });

  it('finds a service call on the key\'s behalf in every route that takes API keys', () => {
    expect(scoped.filter((route) => route.rpcs.length === 0).map((route) => route.name)).toEqual([]);
  });

  it.each(scoped.map((route) => [route.name, route] as const))('%s: every handler it calls for the key asks the route\'s scope', (_name, route) => {
    const asked = Object.fromEntries(route.rpcs.map((rpc) => [rpc, handlers.has(rpc) ? handlers.get(rpc) : 'no handler found']));
    expect(asked).toEqual(Object.fromEntries(route.rpcs.map((rpc) => [rpc, route.scope])));
  });
});

describe('login-as sessions: each gateway route and the service handlers it calls for the caller', () => {
  it('finds routes marked holder-only, and handlers marked holder-only, to compare', () => {
    expect(signedIn.filter((route) => !route.read).map((route) => route.name)).toEqual([]);
    expect(signedIn.filter((route) => route.holderOnly).length).toBeGreaterThanOrEqual(6);
    expect(holderOnlyHandlers.length).toBeGreaterThanOrEqual(6);
  });

  it('reaches every holder-only handler from a holder-only route', () => {
    const reached = new Set(calling.filter((route) => route.holderOnly).flatMap((route) => route.rpcs));
    expect(holderOnlyHandlers.filter((pattern) => !reached.has(pattern))).toEqual([]);
  });

  it.each(calling.map((route) => [`${route.name}${route.holderOnly ? ' [holder only]' : ''}`, route] as const))(
    '%s: every handler it calls for the caller refuses a login-as session as the route does',
    (_name, route) => {
      const declared = Object.fromEntries(route.rpcs.map((rpc) => [rpc, declarations.get(rpc)?.holderOnly ?? 'no handler found']));
      expect(declared).toEqual(Object.fromEntries(route.rpcs.map((rpc) => [rpc, route.holderOnly])));
    },
  );
});
