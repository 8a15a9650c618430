/** Stored files: the module, the repository and entity, the token that names files. */
export { FilesModule } from './files.module';
export { fileNameToken } from './file-name-token';
export { FileRepository } from './file.repository';
export { StoredFileEntity } from './stored-file.entity';
