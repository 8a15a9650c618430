import { DomainError, ErrorCode, type Caller } from '@labeldesk/contracts';
import { ownerFilterOf, type OwnerScope } from '@labeldesk/nest-transport';
import { BatchDownloads, type BulkOrderRow, type BulkOrdersRepository } from '../bulk';
import { LabelDownloads, type OrderEntity, type OrderRepository } from '../orders';
import type { OnModuleInit } from '@nestjs/common';
import { DownloadRegistry, type FileRepository, type StoredFileEntity } from '../files';
import { LabelPaper, type LabelSettingsRepository } from '../label-size';
import { FilesController } from './files.controller';
import { CarrierRegistry } from '../carriers';
import { ScriptedCarrier } from '../carriers/testing/scripted-carrier';
import { FormDownloads, type PackingSlipsRepository, PackingSlipsUseCase, type ScanFormsRepository, ScanFormUseCase } from '../shipping-day';

const ORDER_ID = '6f1c2b3a-0000-4000-8000-000000000001';
const BATCH_ID = '6f1c2b3a-0000-4000-8000-000000000002';
const ZPL_ORDER_ID = '6f1c2b3a-0000-4000-8000-000000000003';
const ZPL_BATCH_ID = '6f1c2b3a-0000-4000-8000-000000000004';
const owner: Caller = { userId: 'owner', role: 'user' };
const stranger: Caller = { userId: 'stranger', role: 'user' };
const admin: Caller = { userId: 'admin', role: 'admin' };
const withheldAdmin: Caller = { userId: 'admin', role: 'admin', adminPowersWithheld: true };

const order = { id: ORDER_ID, userId: 'owner', status: 'completed', labelName: 'label_9205_x.pdf', labelFileId: 'f1' } as OrderEntity;
const batch = { id: BATCH_ID, user_id: 'owner', status: 'completed', pdf_file_id: 'f2', result_file_id: 'f3', confirm_file_id: null, pdf_name: 'Labels_1-1_x.pdf' } as unknown as BulkOrderRow;
const zplOrder = { id: ZPL_ORDER_ID, userId: 'owner', status: 'completed', labelName: 'label_9205_z.zpl', labelFileId: 'f4', labelFormat: 'ZPL' } as OrderEntity;
const zplBatch = { ...batch, id: ZPL_BATCH_ID, label_format: 'zpl', pdf_file_id: 'f5', pdf_name: 'Labels_1-1_z.zpl' } as unknown as BulkOrderRow;
const file = (id: string) => ({ id, ownerId: 'owner', name: `${id}.pdf`, contentType: 'application/pdf', sizeBytes: 4 }) as StoredFileEntity;

/** Rows filtered by owner as the repositories' queries do: none outside the caller's scope. */
const inScope = <T>(rows: readonly T[], ownerOf: (row: T) => string, scope: OwnerScope, match: (row: T) => boolean): T | null => {
  const owner = ownerFilterOf(scope).userId;
  return rows.find((row) => match(row) && (owner === undefined || ownerOf(row) === owner)) ?? null;
};
const files = {
  findInfo: async (id: string) => file(id),
  findOwnedInfo: async (id: string, scope: OwnerScope) => inScope([file(id)], (f) => f.ownerId, scope, () => true),
  readChunk: async () => Buffer.from('%PDF'),
} as unknown as FileRepository;
const batches = {
  findOwned: async (id: string, scope: OwnerScope) => inScope([batch, zplBatch], (b) => b.user_id, scope, (b) => b.id === id),
  findOwnedByFileName: async (name: string, scope: OwnerScope) => inScope([batch, zplBatch], (b) => b.user_id, scope, (b) => b.pdf_name === name),
} as unknown as BulkOrdersRepository;
const noForms = { findOwned: async () => null } as unknown as ScanFormsRepository;
const orders = {
  findOwned: async (id: string, scope: OwnerScope) => inScope([order, zplOrder], (o) => o.userId, scope, (o) => o.id === id),
  findByLabelName: async (name: string, scope: OwnerScope) => inScope([order, zplOrder], (o) => o.userId, scope, (o) => o.labelName === name),
} as unknown as OrderRepository;
/** The registry as the service starts it: each feature registers the kinds it serves. */
const registryOf = (...features: Array<(registry: DownloadRegistry) => OnModuleInit>): DownloadRegistry => {
  const registry = new DownloadRegistry(files);
  for (const feature of features) feature(registry).onModuleInit();
  registry.onApplicationBootstrap();
  return registry;
};
const scanForms = new ScanFormUseCase(noForms, files, batches, new CarrierRegistry([new ScriptedCarrier('sandbox')]));
const everyFeature = [
  (registry: DownloadRegistry) => new BatchDownloads(registry, batches),
  (registry: DownloadRegistry) => new LabelDownloads(registry, orders, new LabelPaper(files, { labelSize: async () => '4x6' } as unknown as LabelSettingsRepository)),
  (registry: DownloadRegistry) => new FormDownloads(registry, batches, scanForms, new PackingSlipsUseCase(batches, files, {} as PackingSlipsRepository)),
];
const controller = new FilesController(registryOf(...everyFeature), files);

const refusal = async (caller: Caller, kind: 'v2' | 'pdf' | 'result-csv' | 'zpl' | 'scan-form' | 'packing-slips', id: string) => {
  const error: unknown = await controller.info(caller, { kind, id }).then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(DomainError);
  const { code, message, issues } = error as DomainError;
  return { code, message, issues };
};

describe('FilesController', () => {
  it("answers a stranger asking for someone else's batch's SCAN form or packing slips as for a batch that does not exist", async () => {
    for (const kind of ['scan-form', 'packing-slips'] as const) {
      const theirs = await refusal(stranger, kind, BATCH_ID);
      const missing = await refusal(stranger, kind, '6f1c2b3a-0000-4000-8000-0000000000ff');
      expect(theirs).toEqual(missing);
      expect(theirs.code).toBe(ErrorCode.NOT_FOUND);
    }
  });

  it('gives the owner the file', async () => {
    await expect(controller.info(owner, { kind: 'v2', id: order.labelName ?? '' })).resolves.toMatchObject({ status: 'ready', fileId: 'f1' });
    await expect(controller.info(owner, { kind: 'result-csv', id: BATCH_ID })).resolves.toMatchObject({ status: 'ready', fileId: 'f3' });
  });

  it("gives a zpl batch's .zpl at download/zpl/{orderId} and answers its PDF as missing, and the other way round", async () => {
    await expect(controller.info(owner, { kind: 'zpl', id: ZPL_BATCH_ID })).resolves.toMatchObject({ status: 'ready', fileId: 'f5' });
    await expect(controller.info(owner, { kind: 'zpl', id: 'Labels_1-1_z.zpl' })).resolves.toMatchObject({ status: 'ready', fileId: 'f5' });
    expect((await refusal(owner, 'pdf', ZPL_BATCH_ID)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await refusal(owner, 'zpl', BATCH_ID)).code).toBe(ErrorCode.NOT_FOUND);
    await expect(controller.info(owner, { kind: 'pdf', id: BATCH_ID })).resolves.toMatchObject({ status: 'ready', fileId: 'f2' });
  });

  it('gives a single ZPL label by its name or at download/zpl/{orderId}, never as a PDF', async () => {
    await expect(controller.info(owner, { kind: 'v2', id: 'label_9205_z.zpl' })).resolves.toMatchObject({ status: 'ready', fileId: 'f4' });
    await expect(controller.info(owner, { kind: 'zpl', id: ZPL_ORDER_ID })).resolves.toMatchObject({ status: 'ready', fileId: 'f4' });
    expect((await refusal(owner, 'pdf', ZPL_ORDER_ID)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await refusal(owner, 'zpl', ORDER_ID)).code).toBe(ErrorCode.NOT_FOUND);
    expect((await refusal(stranger, 'zpl', ZPL_ORDER_ID)).code).toBe(ErrorCode.NOT_FOUND);
  });

  it("answers a stranger asking for someone else's label exactly as for a label that does not exist", async () => {
    const missing = await refusal(stranger, 'v2', 'label_9205_y.pdf');
    expect(missing.code).toBe(ErrorCode.NOT_FOUND);
    expect(await refusal(stranger, 'v2', order.labelName ?? '')).toEqual(missing);
    expect(await refusal(stranger, 'v2', ORDER_ID)).toEqual(missing);
    expect(await refusal(stranger, 'v2', '6f1c2b3a-0000-4000-8000-00000000000f')).toEqual(missing);
  });

  it("answers a stranger asking for someone else's batch file exactly as for one that does not exist", async () => {
    const missing = await refusal(stranger, 'pdf', 'Labels_1-1_y.pdf');
    expect(await refusal(stranger, 'pdf', batch.pdf_name ?? '')).toEqual(missing);
    expect(await refusal(stranger, 'result-csv', BATCH_ID)).toEqual(missing);
  });

  it("gives an admin someone else's files and their parts", async () => {
    await expect(controller.info(admin, { kind: 'v2', id: ORDER_ID })).resolves.toMatchObject({ status: 'ready', fileId: 'f1' });
    await expect(controller.info(admin, { kind: 'pdf', id: batch.pdf_name ?? '' })).resolves.toMatchObject({ status: 'ready', fileId: 'f2' });
    await expect(controller.chunk(admin, { fileId: 'f1', offset: 0, length: 4 })).resolves.toMatchObject({ done: true });
  });

  it("answers a stranger asking for a part of someone else's file as for a missing file", async () => {
    const error: unknown = await controller.chunk(stranger, { fileId: 'f1', offset: 0, length: 4 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: ErrorCode.NOT_FOUND, message: 'File not found. This file may not have been generated yet.' });
  });

  it("tells an admin whose powers are withheld to turn on two factors, for a customer's file of every kind and its parts (decision 070)", async () => {
    for (const [kind, id] of [['v2', ORDER_ID], ['zpl', ZPL_ORDER_ID], ['pdf', batch.pdf_name ?? ''], ['result-csv', BATCH_ID], ['scan-form', BATCH_ID], ['packing-slips', BATCH_ID]] as const) {
      expect((await refusal(withheldAdmin, kind, id)).code).toBe(ErrorCode.AUTH_TWO_FACTOR_ENROLMENT_REQUIRED);
    }
    const error: unknown = await controller.chunk(withheldAdmin, { fileId: 'f1', offset: 0, length: 4 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: ErrorCode.AUTH_TWO_FACTOR_ENROLMENT_REQUIRED });
  });

  it('refuses to start while a kind of download has no feature to serve it, naming the kind', () => {
    expect(() => registryOf(...everyFeature.slice(0, 2))).toThrow('No feature serves the download kinds scan-form, packing-slips');
  });
});
