import type { z } from 'zod';

/**
 * USPS's error shape (`ErrorMessage` in every v3 OpenAPI): `{apiVersion, error:{code, message, errors:[{status, code,
 * title, detail, source:{parameter}}]}}`, as in the cancel examples of the Labels OpenAPI 3.9.13. The codes are those
 * of USPS/api-examples `Error Inventory/API Error Consolidated List.xlsx` where it lists the error; `SCHEMA` marks a
 * field that breaks the published schema (USPS does not publish the code it gives those).
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

/** One error per schema issue, naming the parameter by its JSON path (`toAddress.ZIPCode`). */
export const schemaErrors = (error: z.ZodError): UspsErrorItem[] =>
  error.issues.flatMap((issue) => {
    const path = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ code: 'SCHEMA', parameter: path ? `${path}.${key}` : key, detail: `${key} is not a known field` }));
    }
    const uspsCode = issue.code === 'custom' ? (issue.params as { uspsCode?: string } | undefined)?.uspsCode : undefined;
    return [{ code: uspsCode ?? 'SCHEMA', parameter: path, detail: `${path} ${issue.message}` }];
  });
