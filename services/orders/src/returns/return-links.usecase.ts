import { Inject, Injectable } from '@nestjs/common';
import { DomainError, ErrorCode, RETURN_LINK_NOT_FOUND, type AnyCaller, type IssuedReturnLink, type PublicReturn } from '@labeldesk/contracts';
import { ORDERS_ENV, type OrdersEnv } from '../config';
import { FileRepository } from '../files';
import { OrderRepository } from '../orders';
import { EVERY_OWNER } from '../database';
import { ReturnLabelsRepository } from './return-labels.repository';
import { ReturnLinksRepository } from './return-links.repository';
import { isBought, ownedReturn, type BoughtReturn } from './return-label.mapper';

const RETURN_NOT_FOUND = 'Return label not found';
const notFound = (): DomainError => new DomainError(ErrorCode.NOT_FOUND, RETURN_LINK_NOT_FOUND);

export interface FileChunk {
  base64: string;
  done: boolean;
}

/**
 * The buyer's link to a return label (decision 101): made by the seller (a new token each time, the earlier one off),
 * turned off by the seller, expiring after RETURN_LINK_DAYS; and what it opens for anyone holding it: the label file and
 * the name to send it back to. Unknown, expired, revoked and malformed tokens get one not-found answer.
 */
@Injectable()
export class ReturnLinksUseCase {
  constructor(
    private readonly returns: ReturnLabelsRepository,
    private readonly links: ReturnLinksRepository,
    private readonly files: FileRepository,
    private readonly orders: OrderRepository,
    @Inject(ORDERS_ENV) private readonly env: Pick<OrdersEnv, 'RETURN_LINK_DAYS'>,
  ) {}

  async issue(caller: AnyCaller, returnId: string): Promise<IssuedReturnLink> {
    const row = await this.owned(caller, returnId);
    const link = await this.links.issue(row.id, row.userId, this.env.RETURN_LINK_DAYS);
    return { token: link.token, createdAt: link.createdAt.toISOString(), expiresAt: link.expiresAt.toISOString(), revoked: false };
  }

  async revoke(caller: AnyCaller, returnId: string): Promise<{ revoked: boolean }> {
    const row = await this.owned(caller, returnId);
    return { revoked: await this.links.revoke(row.id) };
  }

  /** A part of the seller's own return label file. */
  async ownerChunk(caller: AnyCaller, returnId: string, offset: number, length: number): Promise<FileChunk & { fileName: string; sizeBytes: number }> {
    const row = await this.owned(caller, returnId);
    const info = await this.fileOf(row, () => new DomainError(ErrorCode.NOT_FOUND, RETURN_NOT_FOUND));
    return { ...(await this.chunk(info.id, info.sizeBytes, offset, length)), fileName: info.name, sizeBytes: info.sizeBytes };
  }

  async publicReturn(token: string): Promise<PublicReturn> {
    const { row, expiresAt } = await this.opened(token);
    const info = await this.fileOf(row, notFound);
    const order = await this.orders.findOwned(row.orderId, EVERY_OWNER);
    // The buyer sends it back to the name on the parcel they received: the outbound label's ship-from.
    const sellerName = order?.sender.sender_company?.trim() || order?.sender.sender_name.trim() || 'Your seller';
    return { sellerName, courier: row.courier, serviceName: row.serviceName, trackingNumber: row.trackingNumber, expiresAt: expiresAt.toISOString(), fileName: info.name, sizeBytes: info.sizeBytes };
  }

  async publicChunk(token: string, offset: number, length: number): Promise<FileChunk> {
    const { row } = await this.opened(token);
    const info = await this.fileOf(row, notFound);
    return this.chunk(info.id, info.sizeBytes, offset, length);
  }

  private async opened(token: string): Promise<{ row: BoughtReturn; expiresAt: Date }> {
    const link = await this.links.liveReturnOf(token);
    const row = link && (await this.returns.find(link.returnId, EVERY_OWNER));
    if (!link || !row || !isBought(row)) throw notFound();
    return { row, expiresAt: link.expiresAt };
  }

  private async owned(caller: AnyCaller, returnId: string): Promise<BoughtReturn> {
    const row = await ownedReturn(this.returns, caller, returnId, RETURN_NOT_FOUND);
    if (!isBought(row)) throw new DomainError(ErrorCode.NOT_FOUND, RETURN_NOT_FOUND);
    return row;
  }

  private async fileOf(row: BoughtReturn, missing: () => DomainError): Promise<{ id: string; name: string; sizeBytes: number }> {
    const info = row.labelFileId ? await this.files.findInfo(row.labelFileId) : null;
    if (!info) throw missing();
    return { id: info.id, name: info.name, sizeBytes: info.sizeBytes };
  }

  private async chunk(fileId: string, sizeBytes: number, offset: number, length: number): Promise<FileChunk> {
    const bytes = (await this.files.readChunk(fileId, offset, length)) ?? Buffer.alloc(0);
    return { base64: bytes.toString('base64'), done: offset + bytes.length >= sizeBytes };
  }
}
