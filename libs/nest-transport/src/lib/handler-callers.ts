import type { DynamicModule, Type } from '@nestjs/common';
import { MODULE_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { PATTERN_HANDLER_METADATA, PATTERN_METADATA } from '@nestjs/microservices/constants';
import { PatternHandler } from '@nestjs/microservices/enums/pattern-handler.enum';
import type { HandlerPolicy } from '@labeldesk/contracts';
import { HANDLER_ACCESS } from './handler-access';
import { CALLER_REQUIRING_FACTORIES } from './rpc-handler.decorator';

/** One message handler of a controller, as Nest will serve it. */
export interface HandlerCaller {
  subject: string;
  kind: 'rpc' | 'event';
  /** Where it is: `Controller.method`. */
  where: string;
  /** True when a parameter refuses the call without a verified caller token (`@CurrentCaller` and its kin). */
  requiresCaller: boolean;
  /** The access its contract declares (`@RpcHandler(contract)`, decision 080), null for a handler served without one. */
  policy: HandlerPolicy | null;
}

interface RouteArg {
  factory?: unknown;
}

/** Every @MessagePattern/@EventPattern handler of a controller, with whether it takes a caller token. */
export const handlerCallersOf = (controller: Type): HandlerCaller[] => {
  const found: HandlerCaller[] = [];
  const prototype = controller.prototype as Record<string, unknown>;
  for (const method of Object.getOwnPropertyNames(prototype)) {
    const handler = prototype[method];
    if (method === 'constructor' || typeof handler !== 'function') continue;
    const patterns = Reflect.getMetadata(PATTERN_METADATA, handler) as unknown[] | undefined;
    if (!patterns) continue;
    const kind = Reflect.getMetadata(PATTERN_HANDLER_METADATA, handler) === PatternHandler.EVENT ? 'event' : 'rpc';
    const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, controller, method) ?? {}) as Record<string, RouteArg>;
    const requiresCaller = Object.values(args).some((arg) => CALLER_REQUIRING_FACTORIES.has(arg.factory));
    const policy = (Reflect.getMetadata(HANDLER_ACCESS, handler) as HandlerPolicy | undefined) ?? null;
    for (const subject of patterns) found.push({ subject: String(subject), kind, where: `${controller.name}.${method}`, requiresCaller, policy });
  }
  return found;
};

const isDynamic = (module: unknown): module is DynamicModule => typeof module === 'object' && module !== null && 'module' in module;

/** Every controller a root module (and the modules it imports, dynamic ones included) brings into an application. */
export const controllersOf = (root: Type | DynamicModule, seen = new Set<unknown>()): Type[] => {
  if (seen.has(root)) return [];
  seen.add(root);
  const moduleClass = isDynamic(root) ? root.module : root;
  const own = (Reflect.getMetadata(MODULE_METADATA.CONTROLLERS, moduleClass) ?? []) as Type[];
  const imports = (Reflect.getMetadata(MODULE_METADATA.IMPORTS, moduleClass) ?? []) as Array<Type | DynamicModule>;
  const dynamic = isDynamic(root) ? { controllers: root.controllers ?? [], imports: (root.imports ?? []) as Array<Type | DynamicModule> } : { controllers: [], imports: [] };
  return [...own, ...dynamic.controllers, ...[...imports, ...dynamic.imports].filter(Boolean).flatMap((child) => controllersOf(child, seen))];
};
