import { DomainError, ErrorCode } from '@labeldesk/contracts';
import { UserShippingServiceEntity } from '../shipping-service.entities';
import type { ShippingServiceRepository } from '../shipping-service.repository';
import { RenameUserShippingServiceUseCase } from './rename-user-shipping-service.usecase';

const USER = '6565c5d5-6f6c-4baf-a307-daaaaed3489f';
const copy = (id: string, name: string) => Object.assign(new UserShippingServiceEntity(), { id, name, userId: USER, uid: id, maxWeight: 70, enabled: true, prices: [] });

const setup = () => {
  const priority = copy('p', 'USPS Priority Mail');
  const ground = copy('g', 'USPS Ground Advantage');
  const repository = {
    listForUser: jest.fn(async () => [priority, ground]),
    updateUserShippingService: jest.fn(async (userId: string, id: string, change: (s: UserShippingServiceEntity) => void) => {
      const target = [priority, ground].find((s) => s.id === id && s.userId === userId);
      if (!target) throw new DomainError(ErrorCode.NOT_FOUND, 'Service not found');
      change(target);
      return target;
    }),
  };
  return { useCase: new RenameUserShippingServiceUseCase(repository as unknown as ShippingServiceRepository), repository, priority };
};

describe('RenameUserShippingServiceUseCase', () => {
  it("renames the user's own copy, checking names against that user's shipping services only", async () => {
    const { useCase, repository, priority } = setup();
    await expect(useCase.execute(USER, 'p', 'Priority for Acme')).resolves.toBe(priority);
    expect(priority.name).toBe('Priority for Acme');
    expect(repository.listForUser).toHaveBeenCalledWith(USER);
    expect(repository.updateUserShippingService).toHaveBeenCalledWith(USER, 'p', expect.any(Function));
  });

  it('refuses a name another of their shipping services has, so their orders stay unambiguous', async () => {
    const { useCase, repository } = setup();
    await expect(useCase.execute(USER, 'p', 'USPS GROUND ADVANTAGE')).rejects.toMatchObject({ code: ErrorCode.CONFLICT });
    expect(repository.updateUserShippingService).not.toHaveBeenCalled();
  });

  it("answers not found for a shipping service that is not this user's", async () => {
    const { useCase } = setup();
    await expect(useCase.execute('00000000-0000-4000-8000-000000000000', 'p', 'Mine now')).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
  });
});
