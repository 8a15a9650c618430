import { US_STATE_CODES, US_STATES } from '@labeldesk/contracts';
import type { BulkTemplateColumn, ShippedOrder } from '@labeldesk/contracts';
import { memo, useRef, useState } from 'react';
import type { KeyboardEvent, ReactElement } from 'react';
import { BULK_COLUMNS } from './bulk-columns';
import type { BulkColumn } from './bulk-columns';
import type { RowSuggestion } from './bulk-address-suggestions';
import type { ZipFix } from './bulk-zip-fixes';
import { rowProblems } from './bulk-rows';
import type { BulkRow } from './bulk-rows';
import { BulkRowHead } from './bulk-row-head';
import type { RowRateChoice } from './bulk-rate-preview';
import { formatCents } from '../../../libs/format';
import { rowCountry } from './row-customs';
import { insuredLine } from './row-insurance';

const cellLabel = (column: BulkColumn, index: number, value: string, error: string | undefined): string =>
  `${column.header}, row ${index + 1}: ${value || 'empty'}${error ? `. ${error}` : ''}`;

/** How an edit ended: from the keyboard (the cell keeps the focus) or by leaving the cell (the focus moves on). */
export type EditEnd = 'key' | 'blur';

interface CellEditorProps {
  column: BulkColumn;
  initial: string;
  serviceNames: readonly string[];
  /** The row's receiver country: abroad, the To State cell takes the province as text (decision 100). */
  country: string;
  onDone: (value: string | null, end: EditEnd) => void;
}

/** The one editing cell: Enter or leaving the cell keeps the value, Escape puts the old one back. */
const CellEditor = ({ column, initial, serviceNames, country, onDone }: CellEditorProps): ReactElement => {
  const [value, setValue] = useState(initial);
  const finished = useRef(false);
  const finish = (next: string | null, end: EditEnd) => {
    if (finished.current) return;
    finished.current = true;
    onDone(next, end);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement | HTMLSelectElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      finish(value, 'key');
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      finish(null, 'key');
    }
  };
  const common = {
    className: 'bulk-editor',
    'aria-label': column.header,
    autoFocus: true,
    onKeyDown,
    onBlur: () => finish(value, 'blur'),
  };

  const usStates = column.kind === 'state' && (column.key !== 'ToStateProvince' || country === 'US');
  if (column.kind === 'service' || usStates) {
    const known = column.kind === 'service' ? serviceNames : US_STATE_CODES;
    return (
      <select
        {...common}
        value={value}
        // Kept on Enter or when the cell is left: arrow keys move through the options without committing each one.
        onChange={(event) => setValue(event.target.value)}
      >
        <option value="">{column.kind === 'service' ? 'Select a service' : '—'}</option>
        {value !== '' && !known.includes(value) && <option value={value}>{value} (not valid)</option>}
        {column.kind === 'service'
          ? serviceNames.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))
          : US_STATES.map(([code, name]) => (
              <option key={code} value={code} title={name}>
                {code}
              </option>
            ))}
      </select>
    );
  }
  return (
    <input
      {...common}
      value={value}
      inputMode={column.kind === 'number' ? 'decimal' : undefined}
      spellCheck={false}
      autoComplete="off"
      onFocus={(event) => event.target.select()}
      onChange={(event) => setValue(event.target.value)}
    />
  );
};

export interface RowProps {
  row: BulkRow;
  index: number;
  /** The column being edited in this row, if any. */
  editing: BulkTemplateColumn | null;
  serviceNames: readonly string[];
  readOnly: boolean;
  measure: (node: HTMLTableRowElement | null) => void;
  onEdit: (rowId: number, key: BulkTemplateColumn) => void;
  onEditDone: (row: BulkRow, key: BulkTemplateColumn, value: string | null, end: EditEnd) => void;
  onDelete: (row: BulkRow, index: number) => void;
  focusRef: (rowId: number, key: BulkTemplateColumn) => (node: HTMLButtonElement | null) => void;
  onShowCell: (rowId: number, key: BulkTemplateColumn) => void;
  /** The carrier's standardized addresses for this row, if it has any to offer. */
  suggestion?: RowSuggestion | undefined;
  /** What the server doubts about the row's addresses without refusing them (a city other than the ZIP's usual one). */
  warnings?: readonly string[] | undefined;
  onAcceptSuggestion?: ((rowId: number) => void) | undefined;
  /** The row's ZIPs with their lost leading zeros back ("2134" with MA → "02134"), offered with one click. */
  zipFix?: ZipFix | undefined;
  onFixZips?: ((rowId: number) => void) | undefined;
  /** The label the row's order already has (issue 47): the row is left out unless "Buy another label" is ticked. */
  shipped?: ShippedOrder | undefined;
  onBuyAnother?: ((rowId: number, buyAnother: boolean) => void) | undefined;
  /** The row is under a rate rule: the service and price it will be bought at, or why none (decision 086). */
  rateChoice?: RowRateChoice | undefined;
}

interface DataCellProps extends Pick<RowProps, 'row' | 'index' | 'serviceNames' | 'readOnly' | 'onEdit' | 'onEditDone' | 'focusRef' | 'rateChoice'> {
  column: BulkColumn;
  editing: boolean;
}

/** The rule's choice in words, the price first: a narrow cell cuts the service's name, never the price. */
const choiceText = (choice: RowRateChoice): string => ('problem' in choice ? choice.problem : `${formatCents(choice.priceCents)} · ${choice.serviceName}`);

/**
 * Under a row's service, what its rate rule picked: the service and its price, or why nothing (in the error colour).
 * Its words end the cell's name too, as they are shown (a name must hold the visible text).
 */
const RuleChoiceLine = ({ choice }: { choice: RowRateChoice }): ReactElement =>
  'problem' in choice ? (
    <span className="bulk-rule-choice" data-problem="" data-testid="bulk-rule-choice">
      {choiceText(choice)}
    </span>
  ) : (
    <span className="bulk-rule-choice" data-testid="bulk-rule-choice">
      → {choiceText(choice)}
    </span>
  );

/** One cell: its editor while it is edited, else a button that starts editing it. */
const DataCell = ({ row, index, column, editing, serviceNames, readOnly, onEdit, onEditDone, focusRef, rateChoice }: DataCellProps): ReactElement => {
  const value = row.values[column.key];
  const chosen = column.key === 'ServiceName' ? rateChoice : undefined;
  // Under the Declared Value, what the row insures (when its SKUs give it) and the insurance price, before buying.
  const insurance = column.key === 'DeclaredValue' && row.insured ? insuredLine(row.insured) : undefined;
  const error = row.errors?.[column.key];
  return (
    <td data-col={column.key} data-invalid={error ? true : undefined} data-align={column.align} aria-invalid={error ? true : undefined}>
      {editing ? (
        <CellEditor column={column} initial={value} serviceNames={serviceNames} country={rowCountry(row.values)} onDone={(next, end) => onEditDone(row, column.key, next, end)} />
      ) : (
        <button
          type="button"
          className="bulk-cell"
          ref={focusRef(row.id, column.key)}
          aria-label={`${cellLabel(column, index, value, error)}${chosen ? ` ${'problem' in chosen ? '' : '→ '}${choiceText(chosen)}` : ''}${insurance ? ` ${insurance}` : ''}`}
          title={error ?? (value.length > 18 ? value : undefined)}
          disabled={readOnly}
          onClick={() => onEdit(row.id, column.key)}
        >
          <span className="bulk-value">{value === '' ? <span className="bulk-empty">—</span> : value}</span>
          {chosen && (
            <>
              {' '}
              <RuleChoiceLine choice={chosen} />
            </>
          )}
          {insurance && (
            <>
              {' '}
              <span className="bulk-rule-choice" data-testid="bulk-insurance">
                {insurance}
              </span>
            </>
          )}
        </button>
      )}
    </td>
  );
};

/** One row; memoised, so scrolling renders only the rows that come into view. */
export const BulkTableRow = memo((props: RowProps): ReactElement => {
  const { row, index, editing, measure, suggestion, shipped, onBuyAnother } = props;
  const problems = rowProblems(row.errors);
  const errorCount = problems.length;
  // One line of messages fits under a row: its errors first, then the order already shipped (money), then the rest.
  const showShipped = errorCount === 0 && shipped !== undefined && onBuyAnother !== undefined;
  return (
    <tr
      ref={measure}
      data-index={index}
      data-testid="bulk-row"
      data-row={index + 1}
      data-row-id={row.id}
      data-invalid={errorCount > 0 || undefined}
      data-suggested={(errorCount === 0 && !showShipped && suggestion !== undefined) || undefined}
      data-shipped={showShipped || undefined}
      data-left-out={(showShipped && !row.buyAnother) || undefined}
      data-rated={props.rateChoice !== undefined || row.insured !== undefined || undefined}
      data-items={row.items !== undefined || undefined}
      aria-rowindex={index + 2}
    >
      <BulkRowHead {...props} problems={problems} />
      {BULK_COLUMNS.map((column) => (
        <DataCell key={column.key} {...props} column={column} editing={editing === column.key} />
      ))}
    </tr>
  );
});
BulkTableRow.displayName = 'BulkTableRow';
