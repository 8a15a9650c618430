import { Injectable, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { AccessPolicy } from '@labeldesk/contracts';
import type { z } from 'zod';
import { ACCESS_POLICY } from '../auth/access.decorators';
import { API_DOC, type ApiDocOptions } from './api-doc.decorator';

export interface DocumentedRoute {
  method: string;
  /** OpenAPI style: `/api/orders/{userId}`. */
  path: string;
  access: 'public' | 'signed in' | 'admin';
  /** The route's declared policy (decision 049); null only for a route that forgot one (the guard refuses it). */
  policy: AccessPolicy | null;
  /** `Controller.method`, to name a route in a failing test. */
  where: string;
  /** The handler and its controller, as the guard's execution context gives them. */
  handler: (...args: unknown[]) => unknown;
  controller: ControllerClass;
  doc: ApiDocOptions | null;
  /** The schemas the route's pipes validate its body and query with (`ZodBody`, or any pipe exposing `schema`). */
  validated: { body?: z.ZodType; query?: z.ZodType };
}

interface RouteArgument {
  pipes?: unknown[];
}

const pipeSchema = (pipe: unknown): z.ZodType | undefined =>
  typeof pipe === 'object' && pipe !== null && 'schema' in pipe && typeof (pipe.schema as z.ZodType | undefined)?.safeParse === 'function' ? (pipe.schema as z.ZodType) : undefined;

/** Nest keeps a handler's parameter decorators under `<paramtype>:<index>` on the class, per method name. */
const validatedSchemas = (metatype: object, name: string): DocumentedRoute['validated'] => {
  const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, metatype, name) ?? {}) as Record<string, RouteArgument>;
  const validated: DocumentedRoute['validated'] = {};
  for (const [key, argument] of Object.entries(args)) {
    const schema = argument.pipes?.map(pipeSchema).find((found) => found !== undefined);
    if (!schema) continue;
    const type = Number(key.split(':')[0]);
    if (type === RouteParamtypes.BODY) validated.body = schema;
    if (type === RouteParamtypes.QUERY) validated.query = schema;
  }
  return validated;
};

const joinPath = (...parts: string[]) => `/${parts.flatMap((p) => p.split('/')).filter(Boolean).join('/')}`;

type ControllerClass = abstract new (...args: never[]) => unknown;

/**
 * The HTTP routes of these controllers, read from the same metadata the router uses. Synchronous and without an
 * application, so tests can generate one case per route.
 */
export const routesOf = (controllers: readonly ControllerClass[], reflector = new Reflector(), scanner = new MetadataScanner()): DocumentedRoute[] => {
  const routes: DocumentedRoute[] = [];
  for (const metatype of controllers) {
    const base = reflector.get<string | undefined>(PATH_METADATA, metatype) ?? '';
    const prototype = metatype.prototype as Record<string, unknown>;
    for (const name of scanner.getAllMethodNames(prototype)) {
      const handler = prototype[name];
      if (typeof handler !== 'function') continue;
      const path = reflector.get<string | undefined>(PATH_METADATA, handler);
      const method = reflector.get<RequestMethod | undefined>(METHOD_METADATA, handler);
      if (path === undefined || method === undefined) continue;
      const policy = reflector.getAllAndOverride<AccessPolicy | undefined>(ACCESS_POLICY, [handler, metatype]) ?? null;
      const access = policy?.who === 'public' ? 'public' : policy?.who === 'admin' ? 'admin' : 'signed in';
      routes.push({
        method: RequestMethod[method].toLowerCase(),
        policy,
        where: `${metatype.name}.${name}`,
        handler: handler as (...args: unknown[]) => unknown,
        controller: metatype,
        path: joinPath('api', base, path).replace(/:([A-Za-z]+)/g, '{$1}'),
        access,
        doc: reflector.get<ApiDocOptions | undefined>(API_DOC, handler) ?? null,
        validated: validatedSchemas(metatype, name),
      });
    }
  }
  return routes.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
};

/** Every HTTP route Nest registered in this application. */
@Injectable()
export class RouteCatalogue {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  routes(): DocumentedRoute[] {
    const controllers = this.discovery.getControllers().flatMap(({ instance, metatype }) => (instance && metatype ? [metatype as ControllerClass] : []));
    return routesOf(controllers, this.reflector, this.scanner);
  }
}
