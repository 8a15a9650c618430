import { Button, CloseButton, DataList, Dialog, HStack, Portal, Text } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { CopyButton } from '../../../components/ui/copy-button';
import { BadgeCheckIcon, DownloadIcon } from '../../../components/ui/icons';
import { notify } from '../../../components/ui/toaster';
import { downloadErrorMessage } from '../../../libs/download-file';
import { formatCents } from '../../../libs/format';
import type { CreatedLabel } from '../../../services/orders/create-order';
import { useDownloadLabel } from '../../../services/orders/download-label';
import { createdLabelHint } from './created-label-hint';
import { LabelPaperChoice } from './label-paper-choice';

interface LabelCreatedDialogProps {
  label: CreatedLabel | null;
  onClose: () => void;
}

/** Spec section 2: 'Label Created Successfully!' with the label's download. */
export const LabelCreatedDialog = ({ label, onClose }: LabelCreatedDialogProps): ReactElement => {
  const download = useDownloadLabel();

  const save = () => {
    if (!label) return;
    download.mutate(label.pdfName, { onError: (error) => notify.error(downloadErrorMessage(error)) });
  };

  return (
    <Dialog.Root
      open={label !== null}
      placement="center"
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px="4">
          <Dialog.Content>
            <Dialog.Header>
              <HStack gap="2.5">
                <BadgeCheckIcon color="status.completed.solid" boxSize="6" aria-hidden="true" />
                <Dialog.Title>Label Created Successfully!</Dialog.Title>
              </HStack>
            </Dialog.Header>
            <Dialog.Body>
              {label && (
                <>
                  <Text color="fg.muted" textStyle="sm" mb="4">
                    {createdLabelHint(label.pdfName)}
                  </Text>
                  <DataList.Root orientation="horizontal" size="sm">
                    <DataList.Item>
                      <DataList.ItemLabel>Tracking number</DataList.ItemLabel>
                      <DataList.ItemValue alignItems="center" gap="1">
                        <Text as="span" fontFamily="mono" wordBreak="break-all" data-testid="created-tracking-number">
                          {label.trackingNumber}
                        </Text>
                        <CopyButton value={label.trackingNumber} label="Copy tracking number" />
                      </DataList.ItemValue>
                    </DataList.Item>
                    <DataList.Item>
                      <DataList.ItemLabel>Price</DataList.ItemLabel>
                      <DataList.ItemValue fontVariantNumeric="tabular-nums">{formatCents(label.price)}</DataList.ItemValue>
                    </DataList.Item>
                  </DataList.Root>
                  <LabelPaperChoice pdfName={label.pdfName} />
                </>
              )}
            </Dialog.Body>
            <Dialog.Footer flexWrap="wrap">
              <Button asChild variant="ghost" colorPalette="gray">
                <RouterLink to="/main/orders">View orders</RouterLink>
              </Button>
              <Button variant="outline" colorPalette="gray" onClick={onClose}>
                Create another
              </Button>
              <Button onClick={save} loading={download.isPending} loadingText="Downloading">
                <DownloadIcon />
                Download Label
              </Button>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" colorPalette="gray" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
};
