import type { MigrationObject } from '@mikro-orm/core';
import { Migration001Orders } from './migration-001-orders';
import { Migration002Bulk } from './migration-002-bulk';
import { Migration003SandboxLabels } from './migration-003-sandbox-labels';
import { Migration004LabelCounts } from './migration-004-label-counts';
import { Migration005AdminLookups } from './migration-005-admin-lookups';
import { Migration006CarrierRecords } from './migration-006-carrier-records';
import { Migration007FinishedLabelLookups } from './migration-007-finished-label-lookups';
import { Migration008CarrierAlerts } from './migration-008-carrier-alerts';
import { Migration009LabelLifecycle } from './migration-009-label-lifecycle';
import { Migration010ScanForms } from './migration-010-scan-forms';
import { Migration011Webhooks } from './migration-011-webhooks';
import { Migration012WebhookRetention } from './migration-012-webhook-retention';
import { Migration013FilePartsUncompressed } from './migration-013-file-parts-uncompressed';
import { Migration014BulkLabelsInline } from './migration-014-bulk-labels-inline';
import { Migration015LabelledItems } from './migration-015-labelled-items';
import { Migration016UnreadableAnswers } from './migration-016-unreadable-answers';
import { Migration017ShippedOrderIds } from './migration-017-shipped-order-ids';

export const ordersMigrations: MigrationObject[] = [
  { name: 'Migration001Orders', class: Migration001Orders },
  { name: 'Migration002Bulk', class: Migration002Bulk },
  { name: 'Migration003SandboxLabels', class: Migration003SandboxLabels },
  { name: 'Migration004LabelCounts', class: Migration004LabelCounts },
  { name: 'Migration005AdminLookups', class: Migration005AdminLookups },
  { name: 'Migration006CarrierRecords', class: Migration006CarrierRecords },
  { name: 'Migration007FinishedLabelLookups', class: Migration007FinishedLabelLookups },
  { name: 'Migration008CarrierAlerts', class: Migration008CarrierAlerts },
  { name: 'Migration009LabelLifecycle', class: Migration009LabelLifecycle },
  { name: 'Migration010ScanForms', class: Migration010ScanForms },
  { name: 'Migration011Webhooks', class: Migration011Webhooks },
  { name: 'Migration012WebhookRetention', class: Migration012WebhookRetention },
  { name: 'Migration013FilePartsUncompressed', class: Migration013FilePartsUncompressed },
  { name: 'Migration014BulkLabelsInline', class: Migration014BulkLabelsInline },
  { name: 'Migration015LabelledItems', class: Migration015LabelledItems },
  { name: 'Migration016UnreadableAnswers', class: Migration016UnreadableAnswers },
  { name: 'Migration017ShippedOrderIds', class: Migration017ShippedOrderIds },
];
