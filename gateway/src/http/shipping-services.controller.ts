import { Body, Controller, Get, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import {
  availableServicesResponseSchema,
  groupPricesBodySchema,
  pricesBodySchema,
  priceTiersResponseSchema,
  pricingBodySchema,
  PricingRpc,
  rawServicesResponseSchema,
  renameBodySchema,
  serviceSchema,
  servicesResponseSchema,
  toggleBodySchema,
  type AvailableService,
  type PriceTier,
  type RawService,
  type Service,
} from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import { ApiDoc } from '../docs/api-doc.decorator';
import type { z } from 'zod';
import { Forwards } from '../auth/access.decorators';
import { Ctx, type CallContext } from '../auth/request-context';
import { ZodBody } from './zod-body.pipe';
import { Audited, param } from '../audit/audited.decorator';
import { defaultServicesSnapshot, userServicesSnapshot } from '../audit/snapshots';

/**
 * Spec 7 "Services": customers read their own; admins configure defaults and per-user prices. Shipping services are what the
 * spec, the routes and the contracts call shipping services (USPS Priority Mail, …), named apart in code so they are
 * never taken for the system's services; the routes, their parameters and the audit actions keep the spec's names.
 */
@Controller()
export class ShippingServicesController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiDoc({ summary: 'Services the user can buy', response: availableServicesResponseSchema })
  @Forwards(PricingRpc.availableServices)
  @Get('userServices/:userId/available')
  async available(@Param('userId') userId: string, @Ctx() ctx: CallContext): Promise<AvailableService[]> {
    return (await this.rpc.call(PricingRpc.availableServices, { userId }, ctx)).services;
  }

  @ApiDoc({ summary: 'The user\'s services and prices', response: servicesResponseSchema })
  @Forwards(PricingRpc.listUserServices)
  @Get('userServices/:userId')
  async userShippingServices(@Param('userId') userId: string, @Ctx() ctx: CallContext): Promise<Service[]> {
    return (await this.rpc.call(PricingRpc.listUserServices, { userId }, ctx)).services;
  }

  @ApiDoc({ summary: 'Give a user the default services (idempotent)', response: servicesResponseSchema })
  @Forwards(PricingRpc.initializeUserServices)
  @Post('userServices/:userId/initialize')
  @HttpCode(200)
  async initialize(@Param('userId') userId: string, @Ctx() ctx: CallContext): Promise<Service[]> {
    return (await this.rpc.call(PricingRpc.initializeUserServices, { userId }, ctx)).services;
  }

  @ApiDoc({ summary: 'Set a user\'s weight tiers for a service', body: pricesBodySchema, response: serviceSchema })
  @Audited({ action: 'user.services.prices', targetType: 'user', target: param('userId'), snapshot: userServicesSnapshot })
  @Forwards(PricingRpc.setUserPrices)
  @Put('userServices/:userId/:serviceId/prices')
  setUserPrices(@Param('userId') userId: string, @Param('serviceId') serviceId: string, @Body(new ZodBody(pricesBodySchema)) body: z.output<typeof pricesBodySchema>, @Ctx() ctx: CallContext): Promise<Service> {
    return this.rpc.call(PricingRpc.setUserPrices, { userId, serviceId, prices: body.prices }, ctx);
  }

  @ApiDoc({ summary: 'Set how a user\'s service is priced: weight tiers, or carrier cost + markup (their own, over the default\'s)', body: pricingBodySchema, response: serviceSchema })
  @Audited({ action: 'user.services.pricing', targetType: 'user', target: param('userId'), snapshot: userServicesSnapshot })
  @Forwards(PricingRpc.setUserPricing)
  @Put('userServices/:userId/:serviceId/pricing')
  setUserPricing(@Param('userId') userId: string, @Param('serviceId') serviceId: string, @Body(new ZodBody(pricingBodySchema)) body: z.output<typeof pricingBodySchema>, @Ctx() ctx: CallContext): Promise<Service> {
    return this.rpc.call(PricingRpc.setUserPricing, { userId, serviceId, ...body }, ctx);
  }

  @ApiDoc({ summary: 'Set a user\'s weight tiers for one country group abroad (their own, over the default\'s; an empty list clears them)', body: groupPricesBodySchema, response: serviceSchema })
  @Audited({ action: 'user.services.group-prices', targetType: 'user', target: param('userId'), snapshot: userServicesSnapshot })
  @Forwards(PricingRpc.setUserGroupPrices)
  @Put('userServices/:userId/:serviceId/groupPrices')
  setUserGroupPrices(@Param('userId') userId: string, @Param('serviceId') serviceId: string, @Body(new ZodBody(groupPricesBodySchema)) body: z.output<typeof groupPricesBodySchema>, @Ctx() ctx: CallContext): Promise<Service> {
    return this.rpc.call(PricingRpc.setUserGroupPrices, { userId, serviceId, ...body }, ctx);
  }

  @ApiDoc({ summary: 'Enable or disable a service for a user', body: toggleBodySchema, response: serviceSchema })
  @Audited({ action: 'user.services.toggle', targetType: 'user', target: param('userId'), snapshot: userServicesSnapshot })
  @Forwards(PricingRpc.toggleUserService)
  @Patch('userServices/:userId/:serviceId/toggle')
  toggleUser(@Param('userId') userId: string, @Param('serviceId') serviceId: string, @Body(new ZodBody(toggleBodySchema)) body: z.output<typeof toggleBodySchema>, @Ctx() ctx: CallContext): Promise<Service> {
    return this.rpc.call(PricingRpc.toggleUserService, { userId, serviceId, enabled: body.enabled }, ctx);
  }

  @ApiDoc({ summary: 'Rename a user\'s copy of a service (the name they see and order by)', body: renameBodySchema, response: serviceSchema })
  @Audited({ action: 'user.services.name', targetType: 'user', target: param('userId'), snapshot: userServicesSnapshot })
  @Forwards(PricingRpc.renameUserService)
  @Put('userServices/:userId/:serviceId/name')
  renameUser(@Param('userId') userId: string, @Param('serviceId') serviceId: string, @Body(new ZodBody(renameBodySchema)) body: z.output<typeof renameBodySchema>, @Ctx() ctx: CallContext): Promise<Service> {
    return this.rpc.call(PricingRpc.renameUserService, { userId, serviceId, name: body.name }, ctx);
  }

  @ApiDoc({ summary: 'Default services', response: servicesResponseSchema })
  @Forwards(PricingRpc.listDefaultServices)
  @Get('defaultServices')
  async defaults(@Ctx() ctx: CallContext): Promise<Service[]> {
    return (await this.rpc.call(PricingRpc.listDefaultServices, {}, ctx)).services;
  }

  @ApiDoc({ summary: 'The carrier\'s raw services', response: rawServicesResponseSchema })
  @Forwards(PricingRpc.listRawServices)
  @Get('rawServices')
  async raw(@Ctx() ctx: CallContext): Promise<RawService[]> {
    return (await this.rpc.call(PricingRpc.listRawServices, {}, ctx)).services;
  }

  @ApiDoc({ summary: 'Enable or disable a default service', body: toggleBodySchema, response: serviceSchema })
  @Audited({ action: 'default-services.toggle', targetType: 'default-service', target: param('id'), snapshot: defaultServicesSnapshot })
  @Forwards(PricingRpc.toggleDefaultService)
  @Patch('defaultServices/:id/toggle')
  toggleDefault(@Param('id') id: string, @Body(new ZodBody(toggleBodySchema)) body: z.output<typeof toggleBodySchema>, @Ctx() ctx: CallContext): Promise<Service> {
    return this.rpc.call(PricingRpc.toggleDefaultService, { id, enabled: body.enabled }, ctx);
  }

  /** Spec: "gives prices". */
  @ApiDoc({ summary: 'Set a default service\'s weight tiers', body: pricesBodySchema, response: priceTiersResponseSchema })
  @Audited({ action: 'default-services.prices', targetType: 'default-service', target: param('id'), snapshot: defaultServicesSnapshot })
  @Forwards(PricingRpc.setDefaultPrices)
  @Put('defaultServices/:id/prices')
  async setDefaultPrices(@Param('id') id: string, @Body(new ZodBody(pricesBodySchema)) body: z.output<typeof pricesBodySchema>, @Ctx() ctx: CallContext): Promise<PriceTier[]> {
    return (await this.rpc.call(PricingRpc.setDefaultPrices, { id, prices: body.prices }, ctx)).prices;
  }

  @ApiDoc({ summary: 'Set how a default service is priced: weight tiers, or carrier cost + markup (new users\' copies take it)', body: pricingBodySchema, response: serviceSchema })
  @Audited({ action: 'default-services.pricing', targetType: 'default-service', target: param('id'), snapshot: defaultServicesSnapshot })
  @Forwards(PricingRpc.setDefaultPricing)
  @Put('defaultServices/:id/pricing')
  setDefaultPricing(@Param('id') id: string, @Body(new ZodBody(pricingBodySchema)) body: z.output<typeof pricingBodySchema>, @Ctx() ctx: CallContext): Promise<Service> {
    return this.rpc.call(PricingRpc.setDefaultPricing, { id, ...body }, ctx);
  }

  @ApiDoc({ summary: 'Set a default service\'s weight tiers for one country group abroad (new users\' copies take them; an empty list clears them)', body: groupPricesBodySchema, response: serviceSchema })
  @Audited({ action: 'default-services.group-prices', targetType: 'default-service', target: param('id'), snapshot: defaultServicesSnapshot })
  @Forwards(PricingRpc.setDefaultGroupPrices)
  @Put('defaultServices/:id/groupPrices')
  setDefaultGroupPrices(@Param('id') id: string, @Body(new ZodBody(groupPricesBodySchema)) body: z.output<typeof groupPricesBodySchema>, @Ctx() ctx: CallContext): Promise<Service> {
    return this.rpc.call(PricingRpc.setDefaultGroupPrices, { id, ...body }, ctx);
  }

  @ApiDoc({ summary: 'Rename a default service', body: renameBodySchema, response: serviceSchema })
  @Audited({ action: 'default-services.name', targetType: 'default-service', target: param('id'), snapshot: defaultServicesSnapshot })
  @Forwards(PricingRpc.renameDefaultService)
  @Put('defaultServices/:id/name')
  rename(@Param('id') id: string, @Body(new ZodBody(renameBodySchema)) body: z.output<typeof renameBodySchema>, @Ctx() ctx: CallContext): Promise<Service> {
    return this.rpc.call(PricingRpc.renameDefaultService, { id, name: body.name }, ctx);
  }

  @ApiDoc({ summary: 'Sync default services with the carrier', response: servicesResponseSchema })
  @Audited({ action: 'default-services.sync', targetType: 'default-services', target: () => null, snapshot: defaultServicesSnapshot })
  @Forwards(PricingRpc.syncDefaultServices)
  @Post('defaultServices/sync')
  @HttpCode(200)
  async sync(@Ctx() ctx: CallContext): Promise<Service[]> {
    return (await this.rpc.call(PricingRpc.syncDefaultServices, {}, ctx)).services;
  }
}
