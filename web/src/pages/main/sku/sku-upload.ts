import { isApiError } from '../../../libs/http-client';
import { SkuCsvError } from './sku-csv';

/** Every row the server refused ('Row 3: Weight must be greater than 0'), or its one message. */
export const uploadProblems = (error: unknown): string[] => {
  if (error instanceof SkuCsvError) return [error.message];
  if (isApiError(error) && error.issues?.length) return error.issues.map((issue) => issue.message);
  if (isApiError(error) && error.fromServer) return [error.message];
  return ['The file could not be sent. Check your connection, then try again.'];
};
