import { DomainError, ErrorCode, type Caller } from '@labeldesk/contracts';
import type { BulkRepository } from '../bulk/bulk.repository';
import type { BulkOrderRow } from '../bulk/bulk.rows';
import type { OrderRepository } from '../orders/order.repository';
import type { OrderEntity } from '../orders/order.entity';
import type { FileRepository } from './file.repository';
import type { StoredFileEntity } from './stored-file.entity';
import { FilesController } from './files.controller';

const ORDER_ID = '6f1c2b3a-0000-4000-8000-000000000001';
const BATCH_ID = '6f1c2b3a-0000-4000-8000-000000000002';
const owner: Caller = { userId: 'owner', role: 'user' };
const stranger: Caller = { userId: 'stranger', role: 'user' };

const order = { id: ORDER_ID, userId: 'owner', status: 'completed', pdfName: 'label_9205_x.pdf', pdfFileId: 'f1' } as OrderEntity;
const batch = { id: BATCH_ID, user_id: 'owner', status: 'completed', pdf_file_id: 'f2', result_file_id: 'f3', confirm_file_id: null, pdf_name: 'Labels_1-1_x.pdf' } as unknown as BulkOrderRow;
const file = (id: string) => ({ id, ownerId: 'owner', name: `${id}.pdf`, contentType: 'application/pdf', sizeBytes: 4 }) as StoredFileEntity;

const controller = new FilesController(
  { findInfo: async (id: string) => file(id) } as unknown as FileRepository,
  { findById: async (id: string) => (id === ORDER_ID ? order : null), findByPdfName: async (name: string) => (name === order.pdfName ? order : null) } as unknown as OrderRepository,
  { find: async (id: string) => (id === BATCH_ID ? batch : null), findByFileName: async (name: string) => (name === batch.pdf_name ? batch : null) } as unknown as BulkRepository,
);

const refusal = async (caller: Caller, kind: 'v2' | 'pdf' | 'result-csv', id: string) => {
  const error: unknown = await controller.info(caller, { kind, id }).then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(DomainError);
  const { code, message, issues } = error as DomainError;
  return { code, message, issues };
};

describe('FilesController', () => {
  it('gives the owner the file', async () => {
    await expect(controller.info(owner, { kind: 'v2', id: order.pdfName ?? '' })).resolves.toMatchObject({ status: 'ready', fileId: 'f1' });
    await expect(controller.info(owner, { kind: 'result-csv', id: BATCH_ID })).resolves.toMatchObject({ status: 'ready', fileId: 'f3' });
  });

  it("answers a stranger asking for someone else's label exactly as for a label that does not exist", async () => {
    const missing = await refusal(stranger, 'v2', 'label_9205_y.pdf');
    expect(missing.code).toBe(ErrorCode.NOT_FOUND);
    expect(await refusal(stranger, 'v2', order.pdfName ?? '')).toEqual(missing);
    expect(await refusal(stranger, 'v2', ORDER_ID)).toEqual(missing);
    expect(await refusal(stranger, 'v2', '6f1c2b3a-0000-4000-8000-00000000000f')).toEqual(missing);
  });

  it("answers a stranger asking for someone else's batch file exactly as for one that does not exist", async () => {
    const missing = await refusal(stranger, 'pdf', 'Labels_1-1_y.pdf');
    expect(await refusal(stranger, 'pdf', batch.pdf_name ?? '')).toEqual(missing);
    expect(await refusal(stranger, 'result-csv', BATCH_ID)).toEqual(missing);
  });
});
