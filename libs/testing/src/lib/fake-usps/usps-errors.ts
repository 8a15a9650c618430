import type { SpecError } from '../openapi/openapi-validator';

/**
 * USPS's error shape (`ErrorMessage` in every v3 OpenAPI): `{apiVersion, error:{code, message, errors:[{status, code,
 * title, detail, source:{parameter}}]}}`, as in the cancel examples of the Labels OpenAPI 3.9.13. The codes are those
 * of USPS/api-examples `Error Inventory/API Error Consolidated List.xlsx` where it lists the error.
 */
export interface UspsErrorItem {
  code: string;
  detail: string;
  parameter?: string;
}

export interface UspsErrorBody {
  apiVersion: string;
  error: {
    code: string;
    message: string;
    errors: Array<{ status: string; code: string; title: string; detail: string; source?: { parameter: string } }>;
  };
}

const TITLES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

export const errorBody = (apiVersion: string, status: number, items: readonly UspsErrorItem[]): UspsErrorBody => {
  const title = TITLES[status] ?? 'Error';
  return {
    apiVersion,
    error: {
      code: String(status),
      message: title,
      errors: items.map((item) => ({
        status: String(status),
        code: item.code,
        title,
        detail: item.detail,
        ...(item.parameter ? { source: { parameter: item.parameter } } : {}),
      })),
    },
  };
};

/**
 * One error per way a request breaks the published spec, naming the parameter as USPS does: a body field by its
 * dotted path (`toAddress.ZIPCode`), a header as `Header: X-Idempotency-Key`, a query parameter by its name. USPS
 * publishes no code for these; `SCHEMA` marks them.
 */
export const specErrorItems = (errors: readonly SpecError[]): UspsErrorItem[] =>
  errors.map((error) => {
    const parameter = error.in === 'header' ? `Header: ${error.at}` : error.at || error.in;
    return { code: 'SCHEMA', parameter, detail: `${error.at || `the ${error.in}`} ${error.message}` };
  });
