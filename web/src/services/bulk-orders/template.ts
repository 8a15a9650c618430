import { useMutation } from '@tanstack/react-query';
import { downloadFile } from '../../libs/download-file';

/** The template's file name when the server names none (the gateway sends `Bulk_Template.csv`). */
export const BULK_TEMPLATE_FILE_NAME = 'Bulk_Template.csv';

/** GET /api/orders/file/template: the CSV header (the spec's bulk row columns) and one example row. */
export const downloadBulkTemplate = (): Promise<string> => downloadFile('/api/orders/file/template', BULK_TEMPLATE_FILE_NAME);

export const useDownloadBulkTemplate = () => useMutation({ mutationFn: downloadBulkTemplate });
