import { isJsonMediaType, mediaTypeOf, multipartPartsOf } from './multipart';
import { type OpenApiMediaType, type OpenApiResponse, resolveIn } from './openapi-document';
import type { FoundOperation } from './operation-index';
import type { SchemaChecker, SpecError } from './schema-checker';

/** An answer as a server wrote it: status, Content-Type and the body's text. */
export interface CheckedAnswer {
  status: number;
  contentType: string | null;
  body: string;
}

/** The response the spec documents for a status: the exact code, then `4XX`-style ranges, then `default`. */
const documentedResponse = (found: FoundOperation, status: number): { key: string } | null => {
  const responses = found.operation.responses ?? {};
  const key = [String(status), `${String(status).charAt(0)}XX`, 'default'].find((candidate) => responses[candidate] !== undefined);
  return key === undefined ? null : { key };
};

/** Whether a part's Content-Type is one the encoding lists (`image/*` style wildcards included). */
const allowedPartType = (listed: string, actual: string): boolean =>
  listed
    .split(',')
    .map((type) => type.trim().toLowerCase())
    .some((type) => type === actual || (type.endsWith('/*') && actual.startsWith(type.slice(0, -1))));

/**
 * A multipart answer: every part named, no name twice, each part's Content-Type one its encoding lists, the JSON parts
 * parsed; then the parts, as one object by name, validated against the media type's schema (which names the parts
 * that may come and what each holds).
 */
const multipartErrors = (checker: SchemaChecker, found: FoundOperation, media: OpenApiMediaType, schemaAt: string[], answer: CheckedAnswer): SpecError[] => {
  const parts = multipartPartsOf(answer.contentType ?? '', answer.body);
  if (parts === null) return [{ in: 'body', at: '', message: 'is not a multipart body with a boundary and a closing delimiter' }];
  const errors: SpecError[] = [];
  const byName: Record<string, unknown> = {};
  for (const [i, part] of parts.entries()) {
    if (part.name === null) {
      errors.push({ in: 'part', at: `#${i + 1}`, message: 'has no name in its Content-Disposition' });
      continue;
    }
    if (Object.hasOwn(byName, part.name)) {
      errors.push({ in: 'part', at: part.name, message: 'comes twice' });
      continue;
    }
    const partType = mediaTypeOf(part.contentType);
    const listed = media.encoding?.[part.name]?.contentType;
    if (listed !== undefined && !allowedPartType(listed, partType)) errors.push({ in: 'part', at: part.name, message: `has Content-Type ${partType || '(none)'}, not one of ${listed}` });
    if (!isJsonMediaType(partType)) {
      byName[part.name] = part.text.trim();
      continue;
    }
    try {
      byName[part.name] = JSON.parse(part.text) as unknown;
    } catch {
      errors.push({ in: 'part', at: part.name, message: 'is not JSON' });
    }
  }
  return [...errors, ...checker.check(found.spec.id, schemaAt, byName, 'part')];
};

/** The status is documented, the Content-Type is one documented for it, and the body matches that media type's schema. */
export const answerErrors = (checker: SchemaChecker, found: FoundOperation, answer: CheckedAnswer): SpecError[] => {
  const documented = documentedResponse(found, answer.status);
  if (documented === null) return [{ in: 'status', at: String(answer.status), message: `is not documented (${Object.keys(found.operation.responses ?? {}).join(', ')})` }];
  const responsesAt = [...found.segments, 'responses', documented.key];
  const { value: response, segments } = resolveIn<OpenApiResponse>(found.spec.document, { value: found.operation.responses?.[documented.key] ?? {}, segments: responsesAt });
  const content = response.content ?? {};
  // `default: {content: {}}` ("other unanticipated errors") says nothing about the body: there is nothing to check.
  if (Object.keys(content).length === 0) {
    return answer.body === '' || documented.key === 'default' ? [] : [{ in: 'body', at: '', message: `status ${answer.status} documents no body` }];
  }
  const mediaType = mediaTypeOf(answer.contentType);
  const key = Object.keys(content).find((candidate) => mediaTypeOf(candidate) === mediaType);
  const media = key === undefined ? undefined : content[key];
  if (key === undefined || media === undefined) return [{ in: 'content-type', at: mediaType || '(none)', message: `is not documented for status ${answer.status} (${Object.keys(content).join(', ')})` }];
  if (media.schema === undefined) return [];
  const schemaAt = [...segments, 'content', key, 'schema'];
  if (mediaType.startsWith('multipart/')) return multipartErrors(checker, found, media, schemaAt, answer);
  if (!isJsonMediaType(mediaType)) return [];
  let json: unknown;
  try {
    json = JSON.parse(answer.body);
  } catch {
    return [{ in: 'body', at: '', message: 'is not JSON' }];
  }
  return checker.check(found.spec.id, schemaAt, json, 'body');
};
