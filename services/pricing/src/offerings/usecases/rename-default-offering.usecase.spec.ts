import { ErrorCode } from '@labeldesk/contracts';
import { DefaultServiceEntity } from '../offering.entities';
import type { ServiceRepository } from '../offering.repository';
import { RenameDefaultServiceUseCase } from './rename-default-offering.usecase';

const service = (id: string, name: string) => Object.assign(new DefaultServiceEntity(), { id, name, uid: id, maxWeight: 70, enabled: true, prices: [] });

const setup = () => {
  const priority = service('p', 'USPS Priority Mail');
  const ground = service('g', 'USPS Ground Advantage');
  const repository = {
    listDefaults: jest.fn(async () => [priority, ground]),
    updateDefault: jest.fn(async (id: string, change: (s: DefaultServiceEntity) => void) => {
      const target = [priority, ground].find((s) => s.id === id);
      if (!target) throw new Error('not found');
      change(target);
      return target;
    }),
  };
  return { useCase: new RenameDefaultServiceUseCase(repository as unknown as ServiceRepository), repository, priority };
};

describe('RenameDefaultServiceUseCase', () => {
  it('gives the default service its new name', async () => {
    const { useCase, priority } = setup();
    await expect(useCase.execute('p', 'Priority (2-3 days)')).resolves.toBe(priority);
    expect(priority.name).toBe('Priority (2-3 days)');
  });

  it('refuses the name of another default service and changes nothing', async () => {
    const { useCase, repository, priority } = setup();
    await expect(useCase.execute('p', 'usps ground advantage')).rejects.toMatchObject({ code: ErrorCode.CONFLICT });
    expect(repository.updateDefault).not.toHaveBeenCalled();
    expect(priority.name).toBe('USPS Priority Mail');
  });
});
