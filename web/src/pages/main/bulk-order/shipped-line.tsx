import type { ShippedOrder } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { formatDateTime } from '../../../libs/format';

interface ShippedLineProps {
  /** 1-based, for the checkbox's name. */
  rowNumber: number;
  shipped: ShippedOrder;
  buyAnother: boolean;
  disabled: boolean;
  onChange: (buyAnother: boolean) => void;
}

/** Issue 47: the row's order already has a label; it is left out of the purchase unless the user buys another. */
export const ShippedLine = ({ rowNumber, shipped, buyAnother, disabled, onChange }: ShippedLineProps): ReactElement => (
  // The checkbox first, so the line's fading end (a phone shows little of it) never hides it.
  <span className="bulk-row-messages bulk-row-shipped" data-testid="bulk-row-shipped">
    <label className="bulk-msg bulk-buy-another">
      <input
        type="checkbox"
        checked={buyAnother}
        disabled={disabled}
        aria-label={`Buy another label for row ${rowNumber}`}
        onChange={(event) => onChange(event.target.checked)}
      />
      Buy another label
    </label>
    <span className="bulk-msg" title={`Tracking ${shipped.trackingNumber}`}>
      Already shipped on {formatDateTime(shipped.shippedAt)}, tracking {shipped.trackingNumber}
    </span>
  </span>
);
