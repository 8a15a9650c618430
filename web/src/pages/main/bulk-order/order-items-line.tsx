import type { ReactElement } from 'react';
import type { OrderItem } from './order-items';

/** 'CND-CEDAR-8 × 2': an item by its SKU, or its description when it has none. */
const itemText = (item: OrderItem): string => `${item.sku.trim() || item.description.trim() || 'Item'} × ${item.quantity.trim() || '1'}`;

/**
 * Under a row that ships an order's several items (decision 091): how many and which, so the seller sees that the
 * order's extra lines were joined to it, not lost.
 */
export const OrderItemsLine = ({ items }: { items: readonly OrderItem[] }): ReactElement => (
  <span className="bulk-row-messages bulk-row-items" data-testid="bulk-row-items">
    <span className="bulk-msg">{items.length} items in one parcel:</span>
    {items.map((item, position) => (
      // Two lines of an order may name the same SKU: the position tells them apart.
      <span key={position} className="bulk-msg">
        {itemText(item)}
      </span>
    ))}
  </span>
);
