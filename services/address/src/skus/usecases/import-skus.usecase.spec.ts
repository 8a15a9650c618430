import { ErrorCode } from '@labeldesk/contracts';
import type { SkuRepository } from '../sku.repository';
import { ImportSkusUseCase } from './import-skus.usecase';

const good = (sku: string) => ({ sku, maxQty: '4', weight: '1.5', length: '10', width: '8', height: '4', description: 'Mug' });

const setup = (existing: string[] = []) => {
  const repo = {
    existingSkus: jest.fn().mockResolvedValue(new Set(existing)),
    insertAll: jest.fn().mockImplementation((_u: string, rows: unknown[]) => Promise.resolve(rows)),
  };
  return { useCase: new ImportSkusUseCase(repo as unknown as SkuRepository), repo };
};

describe('ImportSkusUseCase', () => {
  it('saves every row when all are valid, numbers read from CSV text', async () => {
    const { useCase, repo } = setup();
    await useCase.execute('u1', [good('A-1'), good('B-2')]);
    expect(repo.insertAll).toHaveBeenCalledWith('u1', [
      expect.objectContaining({ sku: 'A-1', maxQty: 4, weight: 1.5 }),
      expect.objectContaining({ sku: 'B-2' }),
    ]);
  });

  it('names every bad row with its number and saves nothing', async () => {
    const { useCase, repo } = setup();
    const error = await useCase.execute('u1', [good('A-1'), { ...good(''), weight: '0' }, { ...good('C'), maxQty: '0' }]).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: ErrorCode.VALIDATION_FAILED, message: '2 row(s) have errors; nothing was saved' });
    expect((error as { issues: Array<{ message: string }> }).issues.map((i) => i.message)).toEqual([
      'Row 2: SKU is required',
      'Row 2: Weight must be greater than 0',
      'Row 3: Max Quantity must be greater than 0',
    ]);
    expect(repo.insertAll).not.toHaveBeenCalled();
  });

  it('refuses a SKU repeated in the file or already saved', async () => {
    const { useCase } = setup(['OLD']);
    const error = await useCase.execute('u1', [good('X'), good('X'), good('OLD')]).catch((e: unknown) => e);
    expect((error as { issues: Array<{ message: string }> }).issues.map((i) => i.message)).toEqual([
      'Row 2: SKU X repeats row 1',
      'Row 3: SKU OLD already exists',
    ]);
  });

  it("answers a single bad row with the spec's own message", async () => {
    const { useCase } = setup();
    await expect(useCase.execute('u1', [{ ...good('A'), height: '-1' }])).rejects.toMatchObject({ message: 'Height must be greater than 0' });
  });
});
