/** Stored files: the module, the repository and entity, the token that names files. */
export { FilesModule } from './files.module';
export { fileNameToken } from './file-name-token';
export { FileRepository } from './file.repository';
export { DownloadRegistry, fileInScope, fileNotFound, UUID, type DownloadRequest, type DownloadResolver } from './download-registry';
export { StoredFileEntity } from './stored-file.entity';
