import { Injectable } from '@nestjs/common';
import { OrdersRpc } from '@labeldesk/contracts';
import { RpcClient } from '@labeldesk/nest-transport';
import type { DefaultOfferingEntity, UserOfferingEntity } from '../offering.entities';
import { OfferingRepository } from '../offering.repository';

/**
 * Reads of the catalogue with the two lazy steps a fresh install needs: defaults are synced from the carrier the
 * first time anyone needs them, and a user without offerings gets the defaults (spec: initialize).
 */
@Injectable()
export class OfferingCatalog {
  constructor(
    private readonly offerings: OfferingRepository,
    private readonly rpc: RpcClient,
  ) {}

  /** What the carrier offers, as it lists it (the contract still calls these raw services). */
  async rawOfferings() {
    return (await this.rpc.call(OrdersRpc.carrierServices, {}, { asService: true })).services;
  }

  async sync(): Promise<DefaultOfferingEntity[]> {
    await this.offerings.syncDefaults(await this.rawOfferings());
    return this.offerings.listDefaults();
  }

  async defaults(): Promise<DefaultOfferingEntity[]> {
    const defaults = await this.offerings.listDefaults();
    return defaults.length > 0 ? defaults : this.sync();
  }

  async initializeUser(userId: string): Promise<UserOfferingEntity[]> {
    await this.offerings.initializeUser(userId, await this.defaults());
    return this.offerings.listForUser(userId);
  }

  /** Whether the platform still offers an offering: its default exists and is enabled (a user's copy's `status`). */
  async isOffered(uid: string): Promise<boolean> {
    return (await this.defaults()).some((d) => d.uid === uid && d.enabled);
  }

  /** The user's offerings with whether the platform still offers each. */
  async forUser(userId: string, initializeWhenEmpty: boolean): Promise<Array<{ offering: UserOfferingEntity; offered: boolean }>> {
    let mine = await this.offerings.listForUser(userId);
    if (mine.length === 0 && initializeWhenEmpty) mine = await this.initializeUser(userId);
    const enabledDefaults = new Set((await this.defaults()).filter((d) => d.enabled).map((d) => d.uid));
    return mine.map((offering) => ({ offering, offered: enabledDefaults.has(offering.uid) }));
  }
}
