import { DomainError, ErrorCode } from '@labeldesk/contracts';

interface Named {
  id: string;
  name: string;
}

/**
 * Customers order and quote by service name (case-insensitive, see QuoteUseCase), so two services of one list
 * sharing a name would make an order ambiguous: the rename is refused instead.
 */
export const requireUniqueServiceName = (services: readonly Named[], id: string, name: string): void => {
  const wanted = name.trim().toLowerCase();
  const clash = services.find((service) => service.id !== id && service.name.trim().toLowerCase() === wanted);
  if (clash) throw new DomainError(ErrorCode.CONFLICT, `Another service is already named "${clash.name}"`);
};
