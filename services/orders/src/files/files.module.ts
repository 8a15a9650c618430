import { Module } from '@nestjs/common';
import { DownloadRegistry } from './download-registry';
import { FileRepository } from './file.repository';

/** Stored files (labels, batch files, forms) and their chunks, and the registry of the kinds of download that serve them. */
@Module({ providers: [FileRepository, DownloadRegistry], exports: [FileRepository, DownloadRegistry] })
export class FilesModule {}
