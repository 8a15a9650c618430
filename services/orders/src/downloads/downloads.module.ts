import { Module } from '@nestjs/common';
import { FilesModule } from '../files';
import { FilesController } from './files.controller';

/** Downloads of every kind of file: the registry asks the feature that makes a file whether the caller may have it. */
@Module({ imports: [FilesModule], controllers: [FilesController] })
export class DownloadsModule {}
