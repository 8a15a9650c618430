import type { WebhookEventType } from '@labeldesk/contracts';

/** What each event means to a person choosing which to receive. */
export const EVENT_LABELS: Record<WebhookEventType, string> = {
  'label.purchased': 'Label purchased',
  'label.voided': 'Label voided',
  'label.refunded': 'Label refunded',
  'batch.completed': 'Batch completed',
  'tracking.updated': 'Tracking updated',
  'balance.credited': 'Balance credited',
};
