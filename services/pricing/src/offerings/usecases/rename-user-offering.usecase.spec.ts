import { DomainError, ErrorCode } from '@labeldesk/contracts';
import { UserOfferingEntity } from '../offering.entities';
import type { OfferingRepository } from '../offering.repository';
import { RenameUserOfferingUseCase } from './rename-user-offering.usecase';

const USER = '6565c5d5-6f6c-4baf-a307-daaaaed3489f';
const copy = (id: string, name: string) => Object.assign(new UserOfferingEntity(), { id, name, userId: USER, uid: id, maxWeight: 70, enabled: true, prices: [] });

const setup = () => {
  const priority = copy('p', 'USPS Priority Mail');
  const ground = copy('g', 'USPS Ground Advantage');
  const repository = {
    listForUser: jest.fn(async () => [priority, ground]),
    updateUserOffering: jest.fn(async (userId: string, id: string, change: (s: UserOfferingEntity) => void) => {
      const target = [priority, ground].find((s) => s.id === id && s.userId === userId);
      if (!target) throw new DomainError(ErrorCode.NOT_FOUND, 'Service not found');
      change(target);
      return target;
    }),
  };
  return { useCase: new RenameUserOfferingUseCase(repository as unknown as OfferingRepository), repository, priority };
};

describe('RenameUserOfferingUseCase', () => {
  it("renames the user's own copy, checking names against that user's offerings only", async () => {
    const { useCase, repository, priority } = setup();
    await expect(useCase.execute(USER, 'p', 'Priority for Acme')).resolves.toBe(priority);
    expect(priority.name).toBe('Priority for Acme');
    expect(repository.listForUser).toHaveBeenCalledWith(USER);
    expect(repository.updateUserOffering).toHaveBeenCalledWith(USER, 'p', expect.any(Function));
  });

  it('refuses a name another of their offerings has, so their orders stay unambiguous', async () => {
    const { useCase, repository } = setup();
    await expect(useCase.execute(USER, 'p', 'USPS GROUND ADVANTAGE')).rejects.toMatchObject({ code: ErrorCode.CONFLICT });
    expect(repository.updateUserOffering).not.toHaveBeenCalled();
  });

  it("answers not found for an offering that is not this user's", async () => {
    const { useCase } = setup();
    await expect(useCase.execute('00000000-0000-4000-8000-000000000000', 'p', 'Mine now')).rejects.toMatchObject({ code: ErrorCode.NOT_FOUND });
  });
});
