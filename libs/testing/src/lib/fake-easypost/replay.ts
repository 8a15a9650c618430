import { startScriptedHttp, type ScriptedReply, type ScriptedRequest } from '../scripted-http';
import { NOT_FOUND } from './errors';
import { fakePngLabel } from './png';
import type { EasyPostRecordedEntry } from './recorded';

/** EasyPost's file host, as the recordings name it (both spellings appear). */
const FILE_HOST = /https:\/\/easypost-files\.s3[.-]us-west-2\.amazonaws\.com/g;

/** Small stand-ins for the files a recording points at: enough to be told apart by their first bytes. */
const FILES: Record<string, () => Buffer> = {
  pdf: () => Buffer.from('%PDF-1.4\n% a recorded answer replayed\n%%EOF\n', 'latin1'),
  zpl: () => Buffer.from('^XA^FO50,50^A0N,30,30^FDREPLAYED^FS^XZ', 'latin1'),
  png: fakePngLabel,
};

export interface EasyPostReplay {
  url: string;
  /** Every request received, in order, the file downloads included. */
  readonly requests: ScriptedRequest[];
  /**
   * Answers the next request to the entry's recorded method and path (query included) with its recorded status and
   * body, file addresses pointing at this server; `body` replaces the recorded body (a state derived from it).
   */
  answer(entry: EasyPostRecordedEntry, body?: unknown): void;
  /** Answers the next `method path` as scripted. */
  script(method: string, path: string, reply: ScriptedReply): void;
  close(): Promise<void>;
}

/**
 * A server answering EasyPost's recorded bodies one request at a time, for replaying them through an adapter: what
 * is not scripted is answered 404 (EasyPost's recorded NOT_FOUND), and `/files/…` with a small file of the name's
 * extension.
 */
export const startEasyPostReplay = async (): Promise<EasyPostReplay> => {
  const queues = new Map<string, ScriptedReply[]>();
  const http = await startScriptedHttp((request) => {
    const queued = queues.get(`${request.method} ${request.path}`)?.shift();
    if (queued) return queued;
    const file = request.method === 'GET' && request.path.startsWith('/files/') ? FILES[request.path.split('.').pop() ?? ''] : undefined;
    if (file) return { status: 200, body: file().toString('latin1'), headers: { 'Content-Type': 'application/octet-stream' } };
    return { status: NOT_FOUND.status, body: NOT_FOUND.body };
  });
  const url = http.url;
  const enqueue = (method: string, path: string, reply: ScriptedReply) => queues.set(`${method} ${path}`, [...(queues.get(`${method} ${path}`) ?? []), reply]);
  return {
    url,
    requests: http.requests,
    answer: (entry, body = entry.body) => enqueue(entry.request.method, entry.request.path, { status: entry.status, body: JSON.parse(JSON.stringify(body).replace(FILE_HOST, url)) as unknown }),
    script: enqueue,
    close: () => http.close(),
  };
};
