import { DomainError, ErrorCode } from '@labeldesk/contracts';

interface Named {
  id: string;
  name: string;
}

/**
 * Customers order and quote by a shipping service's name (case-insensitive, see QuoteUseCase), so two shipping services of one list
 * sharing a name would make an order ambiguous: the rename is refused instead.
 */
export const requireUniqueShippingServiceName = (shippingServices: readonly Named[], id: string, name: string): void => {
  const wanted = name.trim().toLowerCase();
  const clash = shippingServices.find((shippingService) => shippingService.id !== id && shippingService.name.trim().toLowerCase() === wanted);
  if (clash) throw new DomainError(ErrorCode.CONFLICT, `Another service is already named "${clash.name}"`);
};
