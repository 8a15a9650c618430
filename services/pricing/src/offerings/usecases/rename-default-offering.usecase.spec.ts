import { ErrorCode } from '@labeldesk/contracts';
import { DefaultOfferingEntity } from '../offering.entities';
import type { OfferingRepository } from '../offering.repository';
import { RenameDefaultOfferingUseCase } from './rename-default-offering.usecase';

const offering = (id: string, name: string) => Object.assign(new DefaultOfferingEntity(), { id, name, uid: id, maxWeight: 70, enabled: true, prices: [] });

const setup = () => {
  const priority = offering('p', 'USPS Priority Mail');
  const ground = offering('g', 'USPS Ground Advantage');
  const repository = {
    listDefaults: jest.fn(async () => [priority, ground]),
    updateDefault: jest.fn(async (id: string, change: (s: DefaultOfferingEntity) => void) => {
      const target = [priority, ground].find((s) => s.id === id);
      if (!target) throw new Error('not found');
      change(target);
      return target;
    }),
  };
  return { useCase: new RenameDefaultOfferingUseCase(repository as unknown as OfferingRepository), repository, priority };
};

describe('RenameDefaultOfferingUseCase', () => {
  it('gives the default offering its new name', async () => {
    const { useCase, priority } = setup();
    await expect(useCase.execute('p', 'Priority (2-3 days)')).resolves.toBe(priority);
    expect(priority.name).toBe('Priority (2-3 days)');
  });

  it('refuses the name of another default offering and changes nothing', async () => {
    const { useCase, repository, priority } = setup();
    await expect(useCase.execute('p', 'usps ground advantage')).rejects.toMatchObject({ code: ErrorCode.CONFLICT });
    expect(repository.updateDefault).not.toHaveBeenCalled();
    expect(priority.name).toBe('USPS Priority Mail');
  });
});
