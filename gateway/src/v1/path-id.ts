import { DomainError, ErrorCode } from '@labeldesk/contracts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A v1 path's id is a UUID: anything else is not found, as another user's object is (ids cannot be probed). */
export const pathId = (id: string, notFound: string): string => {
  if (!UUID.test(id)) throw new DomainError(ErrorCode.NOT_FOUND, notFound);
  return id;
};
