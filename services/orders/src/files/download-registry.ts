import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { DOWNLOAD_KINDS, DomainError, ErrorCode, type Caller, type DownloadKind, type FileInfo, type LabelSize, type SlipVariant } from '@labeldesk/contracts';
import { foundInScope, ownerScopeOf, type OwnerScope } from '@labeldesk/nest-transport';
import { FileRepository } from './file.repository';

/** Spec 8 "Downloads" wording, so API clients read the same text as the web app shows. */
const FILE_NOT_FOUND = 'File not found. This file may not have been generated yet.';

/** The one answer for a file that does not exist, is not ready to exist, or is someone else's. */
export const fileNotFound = (): DomainError => new DomainError(ErrorCode.NOT_FOUND, FILE_NOT_FOUND);

/**
 * What a read in the caller's scope found, or the downloads' one not-found answer: the same for another user's file
 * as for a missing one, and decision 070's 403 for an admin whose powers are withheld.
 */
export const fileInScope = <T>(found: T | null, scope: OwnerScope): T => foundInScope(found, scope, FILE_NOT_FOUND);

export interface DownloadRequest {
  caller: Caller;
  /** A batch's, an order's or a form's id, or a file's name, as the kind reads it. */
  id: string;
  variant: SlipVariant;
  /** The paper asked for this download of a single PDF label; left out, the caller's label size (decision 096). */
  labelSize?: LabelSize;
}

/**
 * What a feature answers for one of its kinds: the file's info ('processing' while it is being made), or null when
 * the id names none of its files. Someone else's file is null too, or the not-found error: never a different answer.
 */
export type DownloadResolver = (request: DownloadRequest) => Promise<FileInfo | null>;

/**
 * Every kind of download and the features that answer it (decision 081). Each feature registers its kinds when its
 * module starts; the downloads controller only asks the registry. A kind may be answered by more than one feature
 * (`pdf`: a batch's labels or one order's label, by their ids or names): the first that finds the id answers.
 */
@Injectable()
export class DownloadRegistry implements OnApplicationBootstrap {
  private readonly resolvers = new Map<DownloadKind, DownloadResolver[]>();

  constructor(private readonly files: FileRepository) {}

  register(kinds: readonly DownloadKind[], resolver: DownloadResolver): void {
    for (const kind of kinds) this.resolvers.set(kind, [...(this.resolvers.get(kind) ?? []), resolver]);
  }

  async resolve(kind: DownloadKind, request: DownloadRequest): Promise<FileInfo> {
    for (const resolver of this.resolvers.get(kind) ?? []) {
      const found = await resolver(request);
      if (found) return found;
    }
    // No feature found the id in the caller's scope: the not-found answer (or the withheld admin's 403).
    return fileInScope<FileInfo>(null, ownerScopeOf(request.caller));
  }

  /** A stored file as a ready download, or the not-found answer when it is gone. */
  async ready(fileId: string | null, notice?: string): Promise<FileInfo> {
    const file = fileId ? await this.files.findInfo(fileId) : null;
    if (!file) throw fileNotFound();
    return { status: 'ready', fileId: file.id, fileName: file.name, contentType: file.contentType, sizeBytes: file.sizeBytes, ...(notice ? { notice } : {}) };
  }

  /** A kind no feature answers is a link that always 404s: refused when the service starts, not found by a customer. */
  onApplicationBootstrap(): void {
    const unserved = DOWNLOAD_KINDS.filter((kind) => !this.resolvers.has(kind));
    if (unserved.length > 0) throw new Error(`No feature serves the download kinds ${unserved.join(', ')}`);
  }
}

/** Ids that name a batch, an order or a form; anything else is a file's name. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
