import { Injectable } from '@nestjs/common';
import { OrdersRpc } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import type { DefaultShippingServiceEntity, UserShippingServiceEntity } from '../shipping-service.entities';
import { ShippingServiceRepository } from '../shipping-service.repository';

/**
 * Reads of the catalogue with the two lazy steps a fresh install needs: defaults are synced from the carrier the
 * first time anyone needs them, and a user without shipping services gets the defaults (spec: initialize).
 */
@Injectable()
export class ShippingServiceCatalog {
  constructor(
    private readonly shippingServices: ShippingServiceRepository,
    private readonly rpc: RpcClient,
  ) {}

  /** What the carrier offers, as it lists it (the contract still calls these raw services). */
  async rawShippingServices() {
    return (await this.rpc.call(OrdersRpc.carrierServices, {}, { asService: true })).services;
  }

  async sync(): Promise<DefaultShippingServiceEntity[]> {
    await this.shippingServices.syncDefaults(await this.rawShippingServices());
    return this.shippingServices.listDefaults();
  }

  async defaults(): Promise<DefaultShippingServiceEntity[]> {
    const defaults = await this.shippingServices.listDefaults();
    return defaults.length > 0 ? defaults : this.sync();
  }

  async initializeUser(userId: string): Promise<UserShippingServiceEntity[]> {
    await this.shippingServices.initializeUser(userId, await this.defaults());
    return this.shippingServices.listForUser(userId);
  }

  /** Whether the platform still offers a shipping service: its default exists and is enabled (a user's copy's `status`). */
  async isOffered(uid: string): Promise<boolean> {
    return (await this.defaults()).some((d) => d.uid === uid && d.enabled);
  }

  /** The user's shipping services with whether the platform still offers each. */
  async forUser(userId: string, initializeWhenEmpty: boolean): Promise<Array<{ shippingService: UserShippingServiceEntity; offered: boolean }>> {
    let mine = await this.shippingServices.listForUser(userId);
    if (mine.length === 0 && initializeWhenEmpty) mine = await this.initializeUser(userId);
    const enabledDefaults = new Set((await this.defaults()).filter((d) => d.enabled).map((d) => d.uid));
    return mine.map((shippingService) => ({ shippingService, offered: enabledDefaults.has(shippingService.uid) }));
  }
}
