/** Stored files: the module, the repository and entity, the token that names files. */
export { FilesModule } from './files.module';
export { fileNameToken } from './file-name-token';
export { FileRepository } from './file.repository';
export { DownloadRegistry, fileNotFound, FILE_NOT_FOUND, UUID, type DownloadRequest, type DownloadResolver } from './download-registry';
export { StoredFileEntity } from './stored-file.entity';
