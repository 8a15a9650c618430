import { Body, Controller, Get, HttpCode, Param, Patch, Post, Put } from '@nestjs/common';
import { PricingRpc, pricesBodySchema, renameBodySchema, toggleBodySchema, type AvailableService, type PriceTier, type RawService, type Service } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import type { z } from 'zod';
import { AdminOnly } from '../auth/access.decorators';
import { Ctx, type CallContext } from '../auth/request-context';
import { ZodBody } from './zod-body.pipe';

/** Spec 7 "Services": customers read their own; admins configure defaults and per-user prices. */
@Controller()
export class ServicesController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('userServices/:userId/available')
  async available(@Param('userId') userId: string, @Ctx() ctx: CallContext): Promise<AvailableService[]> {
    return (await this.rpc.call(PricingRpc.availableServices, { userId }, ctx)).services;
  }

  @Get('userServices/:userId')
  async userServices(@Param('userId') userId: string, @Ctx() ctx: CallContext): Promise<Service[]> {
    return (await this.rpc.call(PricingRpc.listUserServices, { userId }, ctx)).services;
  }

  @Post('userServices/:userId/initialize')
  @HttpCode(200)
  async initialize(@Param('userId') userId: string, @Ctx() ctx: CallContext): Promise<Service[]> {
    return (await this.rpc.call(PricingRpc.initializeUserServices, { userId }, ctx)).services;
  }

  @Put('userServices/:userId/:serviceId/prices')
  @AdminOnly()
  setUserPrices(@Param('userId') userId: string, @Param('serviceId') serviceId: string, @Body(new ZodBody(pricesBodySchema)) body: z.output<typeof pricesBodySchema>, @Ctx() ctx: CallContext): Promise<Service> {
    return this.rpc.call(PricingRpc.setUserPrices, { userId, serviceId, prices: body.prices }, ctx);
  }

  @Patch('userServices/:userId/:serviceId/toggle')
  @AdminOnly()
  toggleUser(@Param('userId') userId: string, @Param('serviceId') serviceId: string, @Body(new ZodBody(toggleBodySchema)) body: z.output<typeof toggleBodySchema>, @Ctx() ctx: CallContext): Promise<Service> {
    return this.rpc.call(PricingRpc.toggleUserService, { userId, serviceId, enabled: body.enabled }, ctx);
  }

  @Get('defaultServices')
  @AdminOnly()
  async defaults(@Ctx() ctx: CallContext): Promise<Service[]> {
    return (await this.rpc.call(PricingRpc.listDefaultServices, {}, ctx)).services;
  }

  @Get('rawServices')
  @AdminOnly()
  async raw(@Ctx() ctx: CallContext): Promise<RawService[]> {
    return (await this.rpc.call(PricingRpc.listRawServices, {}, ctx)).services;
  }

  @Patch('defaultServices/:id/toggle')
  @AdminOnly()
  toggleDefault(@Param('id') id: string, @Body(new ZodBody(toggleBodySchema)) body: z.output<typeof toggleBodySchema>, @Ctx() ctx: CallContext): Promise<Service> {
    return this.rpc.call(PricingRpc.toggleDefaultService, { id, enabled: body.enabled }, ctx);
  }

  /** Spec: "gives prices". */
  @Put('defaultServices/:id/prices')
  @AdminOnly()
  async setDefaultPrices(@Param('id') id: string, @Body(new ZodBody(pricesBodySchema)) body: z.output<typeof pricesBodySchema>, @Ctx() ctx: CallContext): Promise<PriceTier[]> {
    return (await this.rpc.call(PricingRpc.setDefaultPrices, { id, prices: body.prices }, ctx)).prices;
  }

  @Put('defaultServices/:id/name')
  @AdminOnly()
  rename(@Param('id') id: string, @Body(new ZodBody(renameBodySchema)) body: z.output<typeof renameBodySchema>, @Ctx() ctx: CallContext): Promise<Service> {
    return this.rpc.call(PricingRpc.renameDefaultService, { id, name: body.name }, ctx);
  }

  @Post('defaultServices/sync')
  @HttpCode(200)
  @AdminOnly()
  async sync(@Ctx() ctx: CallContext): Promise<Service[]> {
    return (await this.rpc.call(PricingRpc.syncDefaultServices, {}, ctx)).services;
  }
}
