import { US_STATE_CODES, US_STATES } from '@labeldesk/contracts';
import type { BulkTemplateColumn, ShippedOrder } from '@labeldesk/contracts';
import { memo, useRef, useState } from 'react';
import type { KeyboardEvent, ReactElement } from 'react';
import { AlertIcon, TrashIcon } from '../../../components/ui/icons';
import { BULK_COLUMNS } from './bulk-columns';
import type { BulkColumn } from './bulk-columns';
import type { RowSuggestion } from './bulk-address-suggestions';
import type { BulkRow } from './bulk-rows';
import { addressLine } from '../../../services/orders/verify-address';
import { ShippedLine } from './shipped-line';

const cellLabel = (column: BulkColumn, index: number, value: string, error: string | undefined): string =>
  `${column.header}, row ${index + 1}: ${value || 'empty'}${error ? `. ${error}` : ''}`;

/** How an edit ended: from the keyboard (the cell keeps the focus) or by leaving the cell (the focus moves on). */
export type EditEnd = 'key' | 'blur';

interface CellEditorProps {
  column: BulkColumn;
  initial: string;
  serviceNames: readonly string[];
  onDone: (value: string | null, end: EditEnd) => void;
}

/** The one editing cell: Enter or leaving the cell keeps the value, Escape puts the old one back. */
const CellEditor = ({ column, initial, serviceNames, onDone }: CellEditorProps): ReactElement => {
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

  if (column.kind === 'service' || column.kind === 'state') {
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

interface RowProps {
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
  /** The label the row's order already has (issue 47): the row is left out unless "Buy another label" is ticked. */
  shipped?: ShippedOrder | undefined;
  onBuyAnother?: ((rowId: number, buyAnother: boolean) => void) | undefined;
}

/** "Did you mean …?" for the row's From and To, with one Accept for both, first so the fading end never hides it. */
const SuggestionLine = ({ suggestion, disabled, onAccept }: { suggestion: RowSuggestion; disabled: boolean; onAccept: () => void }): ReactElement => (
  <span className="bulk-row-messages bulk-row-suggestion" data-testid="bulk-row-suggestion">
    <button type="button" className="bulk-msg bulk-accept" disabled={disabled} onClick={onAccept}>
      Accept
    </button>
    {suggestion.from ? <span className="bulk-msg">Did you mean From {addressLine(suggestion.from)}?</span> : null}
    {suggestion.to ? <span className="bulk-msg">Did you mean To {addressLine(suggestion.to)}?</span> : null}
  </span>
);

/** A row's messages in column order, each with the cell it belongs to (none for a row-wide one). */
const rowProblems = (row: BulkRow): { key: BulkTemplateColumn | null; message: string }[] => {
  const errors = row.errors;
  if (!errors) return [];
  const problems: { key: BulkTemplateColumn | null; message: string }[] = errors.row ? [{ key: null, message: errors.row }] : [];
  BULK_COLUMNS.forEach((column) => {
    const message = errors[column.key];
    if (message) problems.push({ key: column.key, message });
  });
  return problems;
};

/** One row; memoised, so scrolling renders only the rows that come into view. */
export const BulkTableRow = memo(({ row, index, editing, serviceNames, readOnly, measure, onEdit, onEditDone, onDelete, focusRef, onShowCell, suggestion, warnings, onAcceptSuggestion, shipped, onBuyAnother }: RowProps): ReactElement => {
  const problems = rowProblems(row);
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
      aria-rowindex={index + 2}
    >
      <th scope="row" className="bulk-rowhead">
        <span className="bulk-rowhead-inner">
          <span className="bulk-rownum">{index + 1}</span>
          {errorCount > 0 ? (
            <span className="bulk-rowflag" title={`${errorCount} problem${errorCount === 1 ? '' : 's'} in this row`} data-testid="bulk-row-error">
              <AlertIcon aria-hidden="true" />
              <span>{errorCount}</span>
              <span className="bulk-visually-hidden">{errorCount === 1 ? ' error' : ' errors'}</span>
            </span>
          ) : null}
          <button type="button" className="bulk-delete" aria-label={`Delete row ${index + 1}`} title="Delete row" disabled={readOnly} onClick={() => onDelete(row, index)}>
            <TrashIcon aria-hidden="true" />
          </button>
        </span>
        {errorCount > 0 && (
          // The row's messages on a second line that stays in view while the table scrolls sideways;
          // each one jumps to its cell.
          <span className="bulk-row-messages" data-testid="bulk-row-messages">
            {problems.map(({ key, message }) =>
              key ? (
                <button key={key} type="button" className="bulk-msg" onClick={() => onShowCell(row.id, key)} title="Go to the cell">
                  {message}
                </button>
              ) : (
                <span key="row" className="bulk-msg">
                  {message}
                </span>
              ),
            )}
          </span>
        )}
        {showShipped ? <ShippedLine rowNumber={index + 1} shipped={shipped} buyAnother={row.buyAnother === true} disabled={readOnly} onChange={(checked) => onBuyAnother(row.id, checked)} /> : null}
        {errorCount === 0 && !showShipped && suggestion && onAcceptSuggestion ? <SuggestionLine suggestion={suggestion} disabled={readOnly} onAccept={() => onAcceptSuggestion(row.id)} /> : null}
        {errorCount === 0 && !showShipped && !suggestion && warnings && warnings.length > 0 ? (
          <span className="bulk-row-messages bulk-row-warning" data-testid="bulk-row-address-warning">
            {warnings.map((warning) => (
              <span key={warning} className="bulk-msg">
                {warning}
              </span>
            ))}
          </span>
        ) : null}
      </th>
      {BULK_COLUMNS.map((column) => {
        const value = row.values[column.key];
        const error = row.errors?.[column.key];
        return (
          <td key={column.key} data-col={column.key} data-invalid={error ? true : undefined} data-align={column.align} aria-invalid={error ? true : undefined}>
            {editing === column.key ? (
              <CellEditor column={column} initial={value} serviceNames={serviceNames} onDone={(next, end) => onEditDone(row, column.key, next, end)} />
            ) : (
              <button
                type="button"
                className="bulk-cell"
                ref={focusRef(row.id, column.key)}
                aria-label={cellLabel(column, index, value, error)}
                title={error ?? (value.length > 18 ? value : undefined)}
                disabled={readOnly}
                onClick={() => onEdit(row.id, column.key)}
              >
                <span className="bulk-value">{value === '' ? <span className="bulk-empty">—</span> : value}</span>
              </button>
            )}
          </td>
        );
      })}
    </tr>
  );
});
BulkTableRow.displayName = 'BulkTableRow';
