import { ErrorCode } from '@labeldesk/contracts';
import { DefaultShippingServiceEntity } from '../shipping-service.entities';
import type { ShippingServiceRepository } from '../shipping-service.repository';
import { RenameDefaultShippingServiceUseCase } from './rename-default-shipping-service.usecase';

const shippingService = (id: string, name: string) => Object.assign(new DefaultShippingServiceEntity(), { id, name, uid: id, maxWeight: 70, enabled: true, prices: [] });

const setup = () => {
  const priority = shippingService('p', 'USPS Priority Mail');
  const ground = shippingService('g', 'USPS Ground Advantage');
  const repository = {
    listDefaults: jest.fn(async () => [priority, ground]),
    updateDefault: jest.fn(async (id: string, change: (s: DefaultShippingServiceEntity) => void) => {
      const target = [priority, ground].find((s) => s.id === id);
      if (!target) throw new Error('not found');
      change(target);
      return target;
    }),
  };
  return { useCase: new RenameDefaultShippingServiceUseCase(repository as unknown as ShippingServiceRepository), repository, priority };
};

describe('RenameDefaultShippingServiceUseCase', () => {
  it('gives the default shipping service its new name', async () => {
    const { useCase, priority } = setup();
    await expect(useCase.execute('p', 'Priority (2-3 days)')).resolves.toBe(priority);
    expect(priority.name).toBe('Priority (2-3 days)');
  });

  it('refuses the name of another default shipping service and changes nothing', async () => {
    const { useCase, repository, priority } = setup();
    await expect(useCase.execute('p', 'usps ground advantage')).rejects.toMatchObject({ code: ErrorCode.CONFLICT });
    expect(repository.updateDefault).not.toHaveBeenCalled();
    expect(priority.name).toBe('USPS Priority Mail');
  });
});
