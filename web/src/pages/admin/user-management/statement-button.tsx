import { Box, Button, CloseButton, Dialog, IconButton, Portal, Text } from '@chakra-ui/react';
import type { PublicUser } from '@labeldesk/contracts';
import { useState, type ReactElement } from 'react';
import { MonthlyStatementPicker } from '../../../components/payments/monthly-statement';
import { DownloadIcon } from '../../../components/ui/icons';

/** A user's monthly statement, for the admin (decision 094): a month and "Download PDF" in a dialog of the row's own. */
export const StatementButton = ({ user }: { user: PublicUser }): ReactElement => {
  const [open, setOpen] = useState(false);
  const label = `Monthly statement of ${user.name}`;
  return (
    <>
      <Box as="span" display="inline-flex" title={label}>
        <IconButton size="2xs" variant="outline" colorPalette="gray" aria-label={label} onClick={() => setOpen(true)}>
          <DownloadIcon />
        </IconButton>
      </Box>
      <Dialog.Root open={open} placement="center" onOpenChange={(details) => setOpen(details.open)}>
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner px="4">
            <Dialog.Content>
              <Dialog.Header>
                <Dialog.Title>Monthly statement</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Text color="fg.muted" mb="4">
                  {user.name} ({user.email}): the month&apos;s opening balance, every movement of the balance and the closing balance, as a PDF.
                </Text>
                {open && <MonthlyStatementPicker userId={user._id} registeredAt={user.registeredDate} />}
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" colorPalette="gray" onClick={() => setOpen(false)}>
                  Close
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" colorPalette="gray" aria-label="Close" />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
};
