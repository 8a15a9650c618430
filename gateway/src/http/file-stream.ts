import { DOWNLOAD_NOTICE_HEADER, FILE_CHUNK_BYTES, OrdersRpc, type FileInfo } from '@labeldesk/contracts';
import type { RpcClient } from '@labeldesk/nest-transport';
import type { Response } from 'express';
import type { CallContext } from '../auth/request-context';

const contentDisposition = (fileName: string) => `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`;

/** Streams a ready file from orders in chunks (NATS refuses messages over 1 MB), with its type, size and name. */
export const streamFile = async (rpc: RpcClient, info: Extract<FileInfo, { status: 'ready' }>, ctx: CallContext, res: Response): Promise<void> => {
  res.status(200);
  res.setHeader('Content-Type', info.contentType);
  res.setHeader('Content-Length', String(info.sizeBytes));
  res.setHeader('Content-Disposition', contentDisposition(info.fileName));
  res.setHeader('Cache-Control', 'no-store');
  // Percent-encoded: a header carries Latin-1 only, and the words name carriers and labels.
  if (info.notice) res.setHeader(DOWNLOAD_NOTICE_HEADER, encodeURIComponent(info.notice));
  for (let offset = 0; offset < info.sizeBytes; offset += FILE_CHUNK_BYTES) {
    const chunk = await rpc.call(OrdersRpc.fileChunk, { fileId: info.fileId, offset, length: FILE_CHUNK_BYTES }, ctx);
    res.write(Buffer.from(chunk.base64, 'base64'));
    if (chunk.done) break;
  }
  res.end();
};
