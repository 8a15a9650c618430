import { Injectable } from '@nestjs/common';
import { OrdersRpc } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import type { DefaultServiceEntity, UserServiceEntity } from '../offering.entities';
import { ServiceRepository } from '../offering.repository';

/**
 * Reads of the catalogue with the two lazy steps a fresh install needs: defaults are synced from the carrier the
 * first time anyone needs them, and a user without services gets the defaults (spec: initialize).
 */
@Injectable()
export class ServiceCatalog {
  constructor(
    private readonly services: ServiceRepository,
    private readonly rpc: RpcClient,
  ) {}

  async rawServices() {
    return (await this.rpc.call(OrdersRpc.carrierServices, {}, { asService: true })).services;
  }

  async sync(): Promise<DefaultServiceEntity[]> {
    await this.services.syncDefaults(await this.rawServices());
    return this.services.listDefaults();
  }

  async defaults(): Promise<DefaultServiceEntity[]> {
    const defaults = await this.services.listDefaults();
    return defaults.length > 0 ? defaults : this.sync();
  }

  async initializeUser(userId: string): Promise<UserServiceEntity[]> {
    await this.services.initializeUser(userId, await this.defaults());
    return this.services.listForUser(userId);
  }

  /** Whether the platform still offers a service: its default exists and is enabled (a user's copy's `status`). */
  async isOffered(uid: string): Promise<boolean> {
    return (await this.defaults()).some((d) => d.uid === uid && d.enabled);
  }

  /** The user's services with whether the platform still offers each. */
  async forUser(userId: string, initializeWhenEmpty: boolean): Promise<Array<{ service: UserServiceEntity; offered: boolean }>> {
    let mine = await this.services.listForUser(userId);
    if (mine.length === 0 && initializeWhenEmpty) mine = await this.initializeUser(userId);
    const enabledDefaults = new Set((await this.defaults()).filter((d) => d.enabled).map((d) => d.uid));
    return mine.map((service) => ({ service, offered: enabledDefaults.has(service.uid) }));
  }
}
