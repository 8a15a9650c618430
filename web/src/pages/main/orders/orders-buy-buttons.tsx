import { Button } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useBuyBlockedByTestMode } from '../../../components/layout/test-mode';
import { PrinterIcon, UndoIcon } from '../../../components/ui/icons';

/** To the single-label form; in test mode disabled, pointing at why (the web app buys live only). */
export const OrderLabelButton = (): ReactElement => {
  const buying = useBuyBlockedByTestMode();
  if (buying.blocked) {
    return (
      <Button size="sm" disabled aria-describedby={buying.describedBy}>
        <PrinterIcon />
        Order Label
      </Button>
    );
  }
  return (
    <Button asChild size="sm">
      <RouterLink to="/main/order-label">
        <PrinterIcon />
        Order Label
      </RouterLink>
    </Button>
  );
};

/** Return labels for the ticked orders; in test mode disabled, pointing at why. */
export const BulkReturnsButton = ({ selectedCount, onStart }: { selectedCount: number; onStart: () => void }): ReactElement => {
  const buying = useBuyBlockedByTestMode();
  return (
    <Button size="sm" variant="outline" disabled={selectedCount === 0 || buying.blocked} aria-describedby={buying.describedBy} onClick={onStart} data-testid="bulk-returns-button">
      <UndoIcon />
      {selectedCount > 0 ? `Make return labels (${selectedCount})` : 'Make return labels'}
    </Button>
  );
};
