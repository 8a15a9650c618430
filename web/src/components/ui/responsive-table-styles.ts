import type { SystemStyleObject } from '@chakra-ui/react';

/** Room for a column's name in front of each value in card mode. */
const LABEL_WIDTH = '7.5rem';

const visuallyHidden: SystemStyleObject = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: '0',
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  borderWidth: '0',
};

/**
 * Card mode (the frame's `data-layout="cards"`): every row a block, every cell a line "Column name   value". The
 * header row stays in the document (hidden from sight but for its controls), so the table keeps its column headers for
 * screen readers.
 * Keyed on the frame's attribute (not added by JS) so the selectors outrank the table recipe and per-cell style props
 * (a cell's `truncate` or `maxW` would cut a card's value short).
 */
export const cardModeStyles: SystemStyleObject = {
  '&[data-layout="cards"]': {
    overflowX: 'visible',
    '& table, & tbody, & tfoot, & tr': { display: 'block', width: '100%' },
    // Column names move into the cards; header cells holding a control (select all, sort by) stay, as a bar on top.
    '& thead': { display: 'block' },
    '& thead > tr': { display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: '4', rowGap: '1', paddingInline: '1', paddingBlock: '1', borderBottomWidth: '1px', borderColor: 'border' },
    '& thead > tr > th': { display: 'block', borderWidth: '0', width: 'auto', paddingInline: '2' },
    '& thead:not(:has(button, input, select, a[href])), & thead > tr > th:not(:has(button, input, select, a[href]))': visuallyHidden,
    '& tbody > tr, & tfoot > tr': { borderBottomWidth: '1px', borderColor: 'border', paddingBlock: '2' },
    '& tbody > tr:last-of-type, & tfoot > tr:last-of-type': { borderBottomWidth: '0' },
    '& tfoot': { borderTopWidth: '2px', borderColor: 'border' },
    '& tbody > tr > :is(td, th), & tfoot > tr > :is(td, th)': {
      // A block that contains its floats: the cell grows to hold a column name that wraps onto two lines.
      display: 'flow-root',
      width: 'auto',
      maxWidth: 'none',
      minWidth: '0',
      textAlign: 'start',
      whiteSpace: 'normal',
      overflowWrap: 'anywhere',
      borderWidth: '0',
      paddingBlock: '1',
      paddingInlineEnd: '3',
      paddingInlineStart: `calc(${LABEL_WIDTH} + var(--chakra-spacing-6))`,
      minHeight: '8',
    },
    '& tbody > tr > :is(td, th)::before, & tfoot > tr > :is(td, th)::before': {
      // The name is read from the column header already; `/ ""` keeps the copy out of the cell's accessible text.
      content: 'attr(data-label) / ""',
      // Floated back into the cell's start padding (its margin box is then narrower than nothing, so the value's lines
      // are not pushed aside) rather than positioned: a positioned name two lines high ran over the next line.
      float: 'inline-start',
      width: LABEL_WIDTH,
      marginInlineStart: `calc(-1 * (${LABEL_WIDTH} + var(--chakra-spacing-3)))`,
      fontFamily: 'body',
      fontSize: 'xs',
      // The first line sits level with a line of text or a small control beside it; a second line follows close.
      lineHeight: '1.25rem',
      paddingBlockStart: '1',
      letterSpacing: 'normal',
      fontWeight: 'semibold',
      color: 'fg.muted',
      overflowWrap: 'anywhere',
    },
    // A cell's buttons and stacked lines start under the value column, not at the card's far edge.
    '& tbody > tr > :is(td, th) > div': { justifyContent: 'flex-start', alignItems: 'flex-start' },
    // ...and no wider than it, so a truncated line (a long e-mail) still ends in an ellipsis.
    '& tbody > tr > :is(td, th) > div > *': { maxWidth: '100%' },
    '& tbody > tr > :is(td, th)[data-label=""], & tfoot > tr > :is(td, th)[data-label=""]': { paddingInlineStart: '3' },
    '& tbody > tr > :is(td, th):empty': { display: 'none' },
  },
};
