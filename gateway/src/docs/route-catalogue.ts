import { Injectable, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { z } from 'zod';
import { ADMIN_ONLY, PUBLIC_ROUTE } from '../auth/access.decorators';
import { API_DOC, type ApiDocOptions } from './api-doc.decorator';

export interface DocumentedRoute {
  method: string;
  /** OpenAPI style: `/api/orders/{userId}`. */
  path: string;
  access: 'public' | 'signed in' | 'admin';
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

/** Every HTTP route Nest registered, read from the same metadata the router uses. */
@Injectable()
export class RouteCatalogue {
  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
  ) {}

  routes(): DocumentedRoute[] {
    const routes: DocumentedRoute[] = [];
    for (const wrapper of this.discovery.getControllers()) {
      const { instance, metatype } = wrapper;
      if (!instance || !metatype) continue;
      const base = this.reflector.get<string | undefined>(PATH_METADATA, metatype) ?? '';
      const prototype = Object.getPrototypeOf(instance) as Record<string, unknown>;
      for (const name of this.scanner.getAllMethodNames(prototype)) {
        const handler = prototype[name];
        if (typeof handler !== 'function') continue;
        const path = this.reflector.get<string | undefined>(PATH_METADATA, handler);
        const method = this.reflector.get<RequestMethod | undefined>(METHOD_METADATA, handler);
        if (path === undefined || method === undefined) continue;
        const targets = [handler, metatype];
        const access = this.reflector.getAllAndOverride<boolean>(PUBLIC_ROUTE, targets)
          ? 'public'
          : this.reflector.getAllAndOverride<boolean>(ADMIN_ONLY, targets)
            ? 'admin'
            : 'signed in';
        routes.push({
          method: RequestMethod[method].toLowerCase(),
          path: joinPath('api', base, path).replace(/:([A-Za-z]+)/g, '{$1}'),
          access,
          doc: this.reflector.get<ApiDocOptions | undefined>(API_DOC, handler) ?? null,
          validated: validatedSchemas(metatype, name),
        });
      }
    }
    return routes.sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  }
}
