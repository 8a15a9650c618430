import type { SystemStyleObject } from '@chakra-ui/react';
import { BULK_COLUMNS } from './bulk-columns';

/** Fixed heights keep 10,000 rows cheap to lay out: a row with errors has a second line for them. */
export const ROW_HEIGHT = 38;
export const ERROR_ROW_HEIGHT = 56;
/** A row under a rate rule shows its choice under its service: with a line of messages too, it has three lines. */
export const RATED_LINE_HEIGHT = 16;
export const HEADER_HEIGHT = 40;
export const ROW_COLUMN_WIDTH = 100;
export const TABLE_WIDTH = ROW_COLUMN_WIDTH + BULK_COLUMNS.reduce((sum, column) => sum + column.width, 0);

/**
 * The look of the Bulk Order Items sheet, written once as class rules instead of per-cell props so that a
 * windowed page of rows stays cheap to render.
 */
export const BULK_TABLE_CSS: SystemStyleObject = {
  '& table': { tableLayout: 'fixed', borderCollapse: 'separate', borderSpacing: 0, textStyle: 'sm' },
  '& thead th': {
    position: 'sticky',
    top: 0,
    zIndex: 2,
    height: `${HEADER_HEIGHT}px`,
    px: '2',
    bg: 'bg.muted',
    color: 'fg',
    fontWeight: 'semibold',
    textAlign: 'start',
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    borderBottomWidth: '1px',
    borderColor: 'border',
    fontSize: 'xs',
  },
  '& thead th[data-align=end]': { textAlign: 'end' },
  '& thead th:first-of-type': { left: 0, zIndex: 3, borderEndWidth: '1px' },
  '& .bulk-unit': { color: 'fg.muted', fontWeight: 'normal', ms: '1' },
  '& .bulk-required': { color: 'fg.error', ms: '0.5' },
  '& tbody td, & tbody th': { p: 0, borderBottomWidth: '1px', borderColor: 'border.muted', height: `${ROW_HEIGHT}px`, verticalAlign: 'top' },
  // A row under a rate rule has a second line too: the price and service its rule picked, under its service.
  '& tbody tr[data-invalid] td, & tbody tr[data-invalid] th, & tbody tr[data-suggested] td, & tbody tr[data-suggested] th, & tbody tr[data-shipped] td, & tbody tr[data-shipped] th, & tbody tr[data-rated] td, & tbody tr[data-rated] th, & tbody tr[data-items] td, & tbody tr[data-items] th': {
    height: `${ERROR_ROW_HEIGHT}px`,
  },
  '& tbody tr[data-rated]:is([data-invalid], [data-suggested], [data-shipped], [data-items]) :is(td, th)': { height: `${ERROR_ROW_HEIGHT + RATED_LINE_HEIGHT}px` },
  '& tbody tr[data-rated] .bulk-row-messages': { top: `${ROW_HEIGHT - 4 + RATED_LINE_HEIGHT}px` },
  // A row left out is dimmed: it will not be bought unless "Buy another label" is ticked.
  '& tbody tr[data-left-out] td .bulk-value': { color: 'fg.muted', textDecoration: 'line-through' },
  '& tbody tr:hover td': { bg: 'bg.subtle' },
  containerType: 'inline-size',
  scrollPaddingInlineStart: `${ROW_COLUMN_WIDTH}px`,
  scrollPaddingBlockStart: `${HEADER_HEIGHT}px`,
  '& .bulk-rowhead': {
    position: 'sticky',
    overflow: 'visible',
    left: 0,
    zIndex: 1,
    bg: 'bg',
    borderEndWidth: '1px',
    borderStartWidth: '3px',
    borderStartColor: 'transparent',
    fontWeight: 'normal',
  },
  '& tr[data-invalid] .bulk-rowhead': { borderStartColor: 'border.error', bg: 'bg.error' },
  '& .bulk-rowhead-inner': { display: 'flex', alignItems: 'center', gap: '1', height: `${ROW_HEIGHT - 1}px`, ps: '1.5', pe: '1' },
  '& .bulk-rownum': { flex: '1', color: 'fg.muted', fontVariantNumeric: 'tabular-nums', fontSize: 'xs' },
  '& .bulk-rowflag': { display: 'inline-flex', alignItems: 'center', gap: '0.5', color: 'fg.error', fontSize: 'xs', fontWeight: 'semibold' },
  '& .bulk-delete': {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    boxSize: '7',
    rounded: 'sm',
    color: 'fg.muted',
    cursor: 'pointer',
    _hover: { color: 'fg.error', bg: 'bg.error' },
    _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.focusRing' },
    _disabled: { opacity: 0.4, cursor: 'not-allowed' },
  },
  '& .bulk-cell': {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'stretch',
    justifyContent: 'flex-start',
    width: '100%',
    height: '100%',
    px: '2',
    pt: '2',
    textAlign: 'start',
    cursor: 'text',
    _hover: { bg: 'bg.muted' },
    _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '-2px' },
    _disabled: { cursor: 'default' },
  },
  '& td[data-align=end] .bulk-cell': { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
  '& .bulk-value': { display: 'block', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', lineHeight: '1.25rem' },
  '& .bulk-empty': { color: 'fg.subtle' },
  // A rate rule's choice under the row's service (decision 086): smaller, and red when the rule picks nothing.
  '& .bulk-rule-choice': { display: 'block', whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', fontSize: 'xs', lineHeight: `${RATED_LINE_HEIGHT}px`, color: 'fg.muted', fontVariantNumeric: 'tabular-nums' },
  '& .bulk-rule-choice[data-problem]': { color: 'fg.error' },
  '& td[data-invalid]': { bg: 'bg.error', boxShadow: 'inset 0 0 0 1px var(--chakra-colors-border-error)' },
  '& .bulk-row-messages': {
    position: 'absolute',
    insetInlineStart: 0,
    top: `${ROW_HEIGHT - 4}px`,
    width: '100cqw',
    display: 'flex',
    gap: '3',
    px: '2',
    overflow: 'hidden',
    whiteSpace: 'nowrap',
    fontSize: 'xs',
    lineHeight: '1.25rem',
    color: 'fg.error',
    fontWeight: 'medium',
    maskImage: 'linear-gradient(to right, black calc(100% - 2rem), transparent)',
  },
  '& .bulk-row-suggestion': { color: 'fg.info' },
  '& .bulk-row-warning': { color: 'fg.warning' },
  '& .bulk-row-items': { color: 'fg.muted', fontWeight: 'normal' },
  '& .bulk-row-shipped': { color: 'status.stuck.fg', alignItems: 'center' },
  '& .bulk-buy-another': { display: 'inline-flex', alignItems: 'center', gap: '1', color: 'fg', cursor: 'pointer' },
  '& .bulk-buy-another input': { accentColor: 'var(--chakra-colors-color-palette-solid)' },
  '& .bulk-msg': { flexShrink: 0 },
  '& button.bulk-msg': {
    cursor: 'pointer',
    textDecoration: 'underline',
    textDecorationStyle: 'dotted',
    textUnderlineOffset: '2px',
    _hover: { textDecorationStyle: 'solid' },
    _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.focusRing' },
  },
  // A fix among the row's errors ("Use 02134") is an action, not one more message: the brand's colour, framed.
  '& button.bulk-zip-fix': {
    color: 'brand.fg',
    textDecoration: 'none',
    borderWidth: '1px',
    borderColor: 'brand.emphasized',
    rounded: 'sm',
    px: '1.5',
    bg: 'bg',
    _hover: { bg: 'brand.subtle' },
  },
  '& .bulk-editor': {
    width: '100%',
    height: `${ROW_HEIGHT - 1}px`,
    px: '2',
    bg: 'bg',
    color: 'fg',
    borderWidth: '2px',
    borderColor: 'colorPalette.solid',
    rounded: 'none',
    outline: 'none',
  },
  '& .bulk-visually-hidden': {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
  },
};
