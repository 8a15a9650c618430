import { DOWNLOAD_MESSAGES, DownloadError, downloadFile, type DownloadOptions } from './download-file';
import { monthDay } from './format';

/** A batch's shipping-day files: its SCAN form (USPS PS Form 5630) and its packing slips, with or without prices. */
export const SHIPPING_DAY_KINDS = ['scan-form', 'packing-slips', 'gift-slips'] as const;
export type ShippingDayKind = (typeof SHIPPING_DAY_KINDS)[number];

export const SHIPPING_DAY_LABELS: Record<ShippingDayKind, string> = {
  'scan-form': 'SCAN form',
  'packing-slips': 'Packing slips',
  'gift-slips': 'Gift slips',
};

/** `GET /api/orders/download/scan-form/{id}`, `…/packing-slips/{id}` and `…/packing-slips/{id}?variant=gift`. */
export const shippingDayPath = (kind: ShippingDayKind, id: string): string => {
  const encoded = encodeURIComponent(id);
  switch (kind) {
    case 'scan-form':
      return `/api/orders/download/scan-form/${encoded}`;
    case 'packing-slips':
      return `/api/orders/download/packing-slips/${encoded}`;
    case 'gift-slips':
      return `/api/orders/download/packing-slips/${encoded}?variant=gift`;
  }
};

const fallbackName = (kind: ShippingDayKind, date: Date = new Date()): string =>
  `${kind === 'scan-form' ? 'SCAN_Form' : kind === 'gift-slips' ? 'Gift_Slips' : 'Packing_Slips'}_${monthDay(date)}.pdf`;

/** Saves one of a batch's shipping-day files (a SCAN form is made on its first download). */
export const downloadShippingDayFile = (kind: ShippingDayKind, batchId: string, options: DownloadOptions = {}): Promise<string> => {
  if (!batchId.trim()) return Promise.reject(new DownloadError(DOWNLOAD_MESSAGES.orderIdRequired));
  return downloadFile(shippingDayPath(kind, batchId), fallbackName(kind), options);
};

/** Saves one SCAN form of single labels by its own download path. */
export const downloadScanForm = (downloadPath: string, options: DownloadOptions = {}): Promise<string> => downloadFile(downloadPath, fallbackName('scan-form'), options);
