import { DomainError, ErrorCode } from '@labeldesk/contracts';

interface Named {
  id: string;
  name: string;
}

/**
 * Customers order and quote by an offering's name (case-insensitive, see QuoteUseCase), so two offerings of one list
 * sharing a name would make an order ambiguous: the rename is refused instead.
 */
export const requireUniqueOfferingName = (offerings: readonly Named[], id: string, name: string): void => {
  const wanted = name.trim().toLowerCase();
  const clash = offerings.find((offering) => offering.id !== id && offering.name.trim().toLowerCase() === wanted);
  if (clash) throw new DomainError(ErrorCode.CONFLICT, `Another service is already named "${clash.name}"`);
};
