import { Module } from '@nestjs/common';
import { FileRepository } from './file.repository';

/** Stored files (labels, batch files, forms) and their chunks; the downloads feature serves them. */
@Module({ providers: [FileRepository], exports: [FileRepository] })
export class FilesModule {}
