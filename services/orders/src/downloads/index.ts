/** Downloads of every file kind: the module only. */
export { DownloadsModule } from './downloads.module';
