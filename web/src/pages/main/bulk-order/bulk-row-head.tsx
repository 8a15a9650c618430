import type { BulkTemplateColumn } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { AlertIcon, TrashIcon } from '../../../components/ui/icons';
import { addressLine } from '../../../services/orders/verify-address';
import type { RowSuggestion } from './bulk-address-suggestions';
import { zipFixLabel, type ZipFix } from './bulk-zip-fixes';
import type { RowProps } from './bulk-table-row';
import { OrderItemsLine } from './order-items-line';
import { ShippedLine } from './shipped-line';

type Problem = { key: BulkTemplateColumn | null; message: string };

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

interface ZipFixOffer {
  fix: ZipFix;
  disabled: boolean;
  onUse: () => void;
}

/**
 * The row's messages on a second line that stays in view while the table scrolls sideways; each one jumps to its
 * cell. A ZIP that lost its leading zeros is put right with "Use 02134", first so the fading end never hides it.
 */
const ProblemsLine = ({ problems, onShow, zipFix }: { problems: readonly Problem[]; onShow: (key: BulkTemplateColumn) => void; zipFix: ZipFixOffer | null }): ReactElement => (
  <span className="bulk-row-messages" data-testid="bulk-row-messages">
    {zipFix ? (
      <button type="button" className="bulk-msg bulk-zip-fix" disabled={zipFix.disabled} onClick={zipFix.onUse} data-testid="bulk-row-zip-fix">
        {zipFixLabel(zipFix.fix)}
      </button>
    ) : null}
    {problems.map(({ key, message }) =>
      key ? (
        <button key={key} type="button" className="bulk-msg" onClick={() => onShow(key)} title="Go to the cell">
          {message}
        </button>
      ) : (
        <span key="row" className="bulk-msg">
          {message}
        </span>
      ),
    )}
  </span>
);

/** The row number, its problem count and Delete. */
const RowHeadInner = ({ index, errorCount, readOnly, onDelete }: { index: number; errorCount: number; readOnly: boolean; onDelete: () => void }): ReactElement => (
  <span className="bulk-rowhead-inner">
    <span className="bulk-rownum">{index + 1}</span>
    {errorCount > 0 ? (
      <span className="bulk-rowflag" title={`${errorCount} problem${errorCount === 1 ? '' : 's'} in this row`} data-testid="bulk-row-error">
        <AlertIcon aria-hidden="true" />
        <span>{errorCount}</span>
        <span className="bulk-visually-hidden">{errorCount === 1 ? ' error' : ' errors'}</span>
      </span>
    ) : null}
    <button type="button" className="bulk-delete" aria-label={`Delete row ${index + 1}`} title="Delete row" disabled={readOnly} onClick={onDelete}>
      <TrashIcon aria-hidden="true" />
    </button>
  </span>
);

/**
 * The row's header cell: its number and Delete, then one line of messages: its errors first, then the order
 * already shipped (money), then the carrier's suggestion, then the address warnings, then the order's items.
 */
export const BulkRowHead = (props: RowProps & { problems: readonly Problem[] }): ReactElement => {
  const { row, index, readOnly, onDelete, onShowCell, suggestion, warnings, onAcceptSuggestion, zipFix, onFixZips, shipped, onBuyAnother, problems } = props;
  const errorCount = problems.length;
  const zipFixOffer = zipFix && onFixZips ? { fix: zipFix, disabled: readOnly, onUse: () => onFixZips(row.id) } : null;
  const showShipped = errorCount === 0 && shipped !== undefined && onBuyAnother !== undefined;
  return (
    <th scope="row" className="bulk-rowhead">
      <RowHeadInner index={index} errorCount={errorCount} readOnly={readOnly} onDelete={() => onDelete(row, index)} />
      {errorCount > 0 && <ProblemsLine problems={problems} onShow={(key) => onShowCell(row.id, key)} zipFix={zipFixOffer} />}
      {showShipped ? <ShippedLine rowNumber={index + 1} shipped={shipped} buyAnother={row.buyAnother === true} disabled={readOnly} onChange={(checked) => onBuyAnother(row.id, checked)} /> : null}
      {errorCount === 0 && !showShipped && suggestion && onAcceptSuggestion ? <SuggestionLine suggestion={suggestion} disabled={readOnly} onAccept={() => onAcceptSuggestion(row.id)} /> : null}
      {errorCount === 0 && !showShipped && !suggestion && (!warnings || warnings.length === 0) && row.items ? <OrderItemsLine items={row.items} /> : null}
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
  );
};
