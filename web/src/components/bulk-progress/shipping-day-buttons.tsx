import { Alert, Button, Flex, Stack } from '@chakra-ui/react';
import { useState, type ReactElement } from 'react';
import { DOWNLOAD_MESSAGES, DownloadError } from '../../libs/download-file';
import { downloadShippingDayFile, SHIPPING_DAY_KINDS, SHIPPING_DAY_LABELS, type ShippingDayKind } from '../../libs/shipping-day-files';
import { DownloadIcon } from '../ui/icons';
import { notify } from '../ui/toaster';

interface ShippingDayButtonsProps {
  batchId: string;
  size?: 'xs' | 'sm' | 'md';
}

const TITLES: Record<ShippingDayKind, string> = {
  'scan-form': 'USPS SCAN form (PS Form 5630): the carrier scans one barcode instead of every parcel',
  'packing-slips': 'One packing slip per order, in the order of the labels',
  'gift-slips': 'Packing slips without prices',
};

/**
 * A batch's SCAN form and packing slips, each a button that shows while its file is made and arrives. A SCAN form
 * file that leaves out a form its carrier has not confirmed says so, and the words stay under the buttons.
 */
export const ShippingDayButtons = ({ batchId, size = 'sm' }: ShippingDayButtonsProps): ReactElement => {
  const [busy, setBusy] = useState<Partial<Record<ShippingDayKind, number>>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const start = async (kind: ShippingDayKind): Promise<void> => {
    if (busy[kind] !== undefined) return;
    setBusy((current) => ({ ...current, [kind]: 0 }));
    if (kind === 'scan-form') setNotice(null);
    try {
      await downloadShippingDayFile(kind, batchId, { onProgress: (percent) => setBusy((current) => ({ ...current, [kind]: percent })), onNotice: setNotice });
      notify.success(`${SHIPPING_DAY_LABELS[kind]} download completed successfully!`);
    } catch (error) {
      notify.error(error instanceof DownloadError ? error.message : DOWNLOAD_MESSAGES.fallback);
    } finally {
      setBusy((current) => {
        const next = { ...current };
        delete next[kind];
        return next;
      });
    }
  };
  return (
    <Stack gap="2">
      <Flex gap="2" wrap="wrap" align="center">
        {SHIPPING_DAY_KINDS.map((kind) => (
          <Button
            key={kind}
            size={size}
            variant="outline"
            colorPalette="gray"
            bg="bg"
            onClick={() => void start(kind)}
            loading={busy[kind] !== undefined}
            loadingText={`Downloading ${busy[kind] ?? 0}%`}
            data-testid={`download-${kind}`}
            title={TITLES[kind]}
          >
            <DownloadIcon />
            {SHIPPING_DAY_LABELS[kind]}
          </Button>
        ))}
      </Flex>
      {notice && (
        <Alert.Root status="warning" variant="subtle" size="sm" data-testid="scan-form-unconfirmed">
          <Alert.Indicator />
          <Alert.Title>{notice}</Alert.Title>
        </Alert.Root>
      )}
    </Stack>
  );
};
