import type { BoughtLabel } from '../carriers';
import type { ApiMode, BulkOrderItem, BulkStatus, LabelFormat } from '@labeldesk/contracts';

/** A bulk_orders row as PostgreSQL returns it (bigint arrives as a string). */
export interface BulkOrderRow {
  id: string;
  user_id: string;
  status: BulkStatus;
  total_count: number;
  processed_count: number;
  failed_count: number;
  quoted_cents: string | number;
  charged_cents: string | number;
  /** What rate rules save against the dearest rates if every row is bought (decision 086); null: no row under a rule. */
  quoted_saved_cents: string | number | null;
  /** What rate rules saved on the labels bought. */
  saved_cents: string | number;
  label_format: LabelFormat;
  sort_by_sku: boolean;
  round: number;
  hold_id: string | null;
  hold_cents: string | number;
  /** Live, or test for a batch made with a test key (decision 124): bought from the sandbox, held on the test balance. */
  mode: ApiMode;
  /**
   * The batch's labels file, the merged PDF or a `zpl` batch's .zpl (decision 047), and its `pdf_name`: the wire's pdfName
   * or zplName, `labelFileId`/`labelName` once built (BuiltFiles). The columns keep their old names because renaming one in
   * place breaks the previous release's replicas still running during a rolling update: the label names are code-only.
   */
  pdf_file_id: string | null;
  result_file_id: string | null;
  confirm_file_id: string | null;
  pdf_name: string | null;
  result_csv_name: string | null;
  auto_confirm_csv_name: string | null;
  error: string | null;
  stuck_at: Date | string | null;
  lease_until: Date | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export type BulkItemStatus = 'pending' | 'labelled' | 'succeeded' | 'failed';

/**
 * What the result CSV and the confirmation file print of an item: its own columns and five fields of its row, taken
 * out in the database (reading and parsing each row's whole data was most of those two files' time).
 */
export interface BulkFileRow {
  row_no: number;
  status: BulkItemStatus;
  service_name: string;
  price_cents: number;
  tracking_number: string | null;
  error: string | null;
  order_id: string | null;
  order_item_id: string | null;
  sku_number: string | null;
  recipient: string;
  quantity: number;
}

/**
 * An item's file row with its bought label's bytes, PDF or ZPL (the code's label file). The column keeps its old name
 * `label_pdf` because renaming one in place breaks the previous release's replicas still running during a rolling update.
 */
export interface BulkFileRowWithLabel extends BulkFileRow {
  label_pdf: Buffer | null;
}

/** What a batch view shows of a failed row. */
export interface FailedItemRow {
  id: string;
  row_no: number;
  error: string | null;
  order_id: string | null;
  order_item_id: string | null;
  sku_number: string | null;
  recipient: string | null;
}

export interface NewBulkItem {
  id: string;
  userId: string;
  /** 0-based position in the submitted rows. */
  rowNo: number;
  serviceName: string;
  serviceUid: string;
  /** The courier carrying its label: the row's, or its service's when the row named none (written into the item's row). */
  courier: string;
  priceCents: number;
  sku: string | null;
  /** What the rate rule saved against the dearest rate offered for the row's parcel; absent or null for a row of its own service. */
  savedCents?: number | null;
  /**
   * Why the row cannot be bought (its customs break its receiver's rules, decision 100; its service cannot be insured,
   * decision 122): stored failed, never held.
   */
  refusal?: string | null;
  /** The refusal is the row's insurance, not its customs (decision 122). */
  uninsurable?: boolean;
}

/** A staged row's addresses and package: the parcel the carriers rate. */
export type StagedParcel = Pick<BulkOrderItem, 'sender' | 'receiver' | 'package'>;

/** What pricing reads of a staged row; the row itself is copied into its item inside the database. */
export interface StagedRowSummary {
  rowNo: number;
  serviceName: string;
  weightLb: number;
  /** The row's courier (usps, ups…): the service pricing names must be its; null: the service's own. */
  courier: string | null;
  sku: string | null;
  /** The file's order ID, by which a row already shipped is known (issue 47). */
  orderId: string | null;
  /** The seller buys another label for an order that already has one. */
  buyAnother: boolean;
  /** Where the row goes, which decides whether it needs customs (decision 100); absent in summaries made by hand. */
  receiver?: { country: string; state: string };
  /** The value the row insures (decision 122); absent or null: not insured. */
  declaredValueCents?: number | null;
}

/** A pending item this worker claimed. */
export interface ClaimedItem {
  id: string;
  bulk_order_id: string;
  user_id: string;
  row_no: number;
  round: number;
  service_uid: string;
  service_name: string;
  price_cents: number;
  data: BulkOrderItem;
  /** The batch's labelFormat: a `zpl` batch buys ZPL labels. */
  batch_label_format: LabelFormat;
  /** The batch's mode: a test batch's labels are bought from the sandbox alone (decision 124). */
  batch_mode: ApiMode;
  /** When the item last became pending (its round began): a label unconfirmed for ORDER_GIVE_UP_HOURS since fails. */
  pending_since: Date | string;
  /** The batch's hold when the item was claimed: the hold of the item's round (a round begins only once none is pending). */
  hold_id: string | null;
}

/** What charging a bought item takes: its batch's hold for the item's round, its price, its row for the ledger. */
export interface ItemCharge {
  holdId: string | null;
  priceCents: number;
  rowNo: number;
}

export type ItemOutcome =
  | {
      ok: true;
      itemId: string;
      orderId: string;
      label: BoughtLabel;
      charge: ItemCharge;
      /** The journal's attempt that bought the label, settled where the label is stored; none when already settled. */
      purchase?: { idempotencyKey: string; attemptId: string } | null;
    }
  | { ok: false; itemId: string; orderId: string; error: string };
