import { Injectable, RequestMethod } from '@nestjs/common';
import { GUARDS_METADATA, HTTP_CODE_METADATA, METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { ThrottlerGuard } from '@nestjs/throttler';
import type { AccessPolicy } from '@labeldesk/contracts';
import type { z } from 'zod';
import { ACCESS_POLICY } from '../auth/access.decorators';
import { IdempotencyKey } from '../http/idempotency-key.decorator';
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
  /** `ordersPlaceSingle` for `OrdersController.placeSingle`: made from the handler, so a new route has one for free. */
  operationId: string;
  /** The status of success as the router answers it: the handler's `@HttpCode`, else 201 for POST and 200 for the rest. */
  status: number;
  /** Whether the handler reads the `Idempotency-Key` header (`@IdempotencyKey()`). */
  idempotent: boolean;
  /** Whether a throttler guards the route (sign-in, top-ups): it may answer 429. */
  throttled: boolean;
  /** The handler and its controller, as the guard's execution context gives them. */
  handler: (...args: unknown[]) => unknown;
  controller: ControllerClass;
  doc: ApiDocOptions | null;
  /** The schemas the route's pipes validate its body and query with (`ZodBody`, or any pipe exposing `schema`). */
  validated: { body?: z.ZodType; query?: z.ZodType };
}

interface RouteArgument {
  pipes?: unknown[];
  factory?: unknown;
}

/**
 * The function behind `@IdempotencyKey()`, as Nest keeps it in a handler's argument metadata: read once from a probe
 * class, so a route is found to take the header by the very decorator that reads it.
 */
const idempotencyKeyFactory = ((): unknown => {
  class Probe {
    handle(): void {}
  }
  IdempotencyKey()(Probe.prototype, 'handle', 0);
  const args = Reflect.getMetadata(ROUTE_ARGS_METADATA, Probe, 'handle') as Record<string, RouteArgument>;
  return Object.values(args)[0]?.factory;
})();

const takesIdempotencyKey = (metatype: object, name: string): boolean =>
  Object.values((Reflect.getMetadata(ROUTE_ARGS_METADATA, metatype, name) ?? {}) as Record<string, RouteArgument>).some((argument) => argument.factory === idempotencyKeyFactory);

const isThrottler = (guard: unknown): boolean => typeof guard === 'function' && (guard === ThrottlerGuard || guard.prototype instanceof ThrottlerGuard);

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** `OrdersController.placeSingle` → `ordersPlaceSingle`. */
export const operationIdOf = (controller: string, method: string): string => {
  const base = controller.replace(/Controller$/, '');
  return `${base.charAt(0).toLowerCase()}${base.slice(1)}${capitalised(method)}`;
};

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
      const httpCode = reflector.get<number | undefined>(HTTP_CODE_METADATA, handler);
      routes.push({
        method: RequestMethod[method].toLowerCase(),
        policy,
        where: `${metatype.name}.${name}`,
        operationId: operationIdOf(metatype.name, name),
        status: httpCode ?? (method === RequestMethod.POST ? 201 : 200),
        idempotent: takesIdempotencyKey(metatype, name),
        throttled: [handler, metatype].some((target) => (reflector.get<unknown[] | undefined>(GUARDS_METADATA, target as () => unknown) ?? []).some(isThrottler)),
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
