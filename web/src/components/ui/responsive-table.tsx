import { Table as ChakraTable, useBreakpointValue } from '@chakra-ui/react';
import type { TableCellProps, TableColumnHeaderProps, TableRootProps, TableRowProps, TableScrollAreaProps } from '@chakra-ui/react';
import { useLayoutEffect, useRef, useState } from 'react';
import type { ComponentProps, ReactElement } from 'react';
import { cardModeStyles } from './responsive-table-styles';
import { labelCellsByHeader, nextLayoutMode } from './responsive-table-layout';
import type { LayoutMode } from './responsive-table-layout';

/**
 * Chakra's Table with the same parts, made to fit any width (issue 26): when the table needs more room than its frame
 * has, each row becomes a card that lists its cells under their column names, instead of hiding columns (and their
 * buttons) past a sideways scroll. Every part carries its ARIA role, because a table laid out as blocks loses its table
 * semantics in browsers; screen readers and role locators see the same table in both layouts.
 */

interface ScrollAreaProps extends TableScrollAreaProps {
  /**
   * A window width (a theme breakpoint) from which the table is always a table, and below which always cards, instead
   * of measuring: for a table laid out to fit its frame from that width (fixed column widths), which its content (a
   * long name, a row being edited) must never turn into cards.
   */
  tableFrom?: 'sm' | 'md' | 'lg' | 'xl';
}

/** The frame (Chakra's ScrollArea) that measures the room and switches the layout. */
const ScrollArea = ({ children, tableFrom, ...props }: ScrollAreaProps): ReactElement => {
  const frame = useRef<HTMLDivElement>(null);
  const [measured, setMeasured] = useState<LayoutMode>({ kind: 'table' });
  // Prerendering (the landing page) has no window to ask: it renders the fallback, which the browser then corrects.
  const wideEnough = useBreakpointValue(tableFrom ? { base: false, [tableFrom]: true } : { base: true }, { ssr: typeof window === 'undefined' }) ?? false;
  const layout: LayoutMode['kind'] = tableFrom ? (wideEnough ? 'table' : 'cards') : measured.kind;

  useLayoutEffect(() => {
    const node = frame.current;
    if (!node) return undefined;
    const measure = () => {
      const table = node.querySelector('table');
      if (!table) return;
      labelCellsByHeader(table);
      if (!tableFrom) setMeasured((current) => nextLayoutMode(current, { available: node.clientWidth, needed: table.scrollWidth }));
    };
    measure();
    const resizes = new ResizeObserver(measure);
    resizes.observe(node);
    // Rows arriving or changing (a page of data, an edit) can make the table wider, and need their cells labelled.
    const changes = new MutationObserver(measure);
    changes.observe(node, { childList: true, subtree: true, characterData: true });
    return () => {
      resizes.disconnect();
      changes.disconnect();
    };
  }, [tableFrom]);

  return (
    <ChakraTable.ScrollArea ref={frame} data-layout={layout} css={cardModeStyles} {...props}>
      {children}
    </ChakraTable.ScrollArea>
  );
};

const Root = (props: TableRootProps): ReactElement => <ChakraTable.Root role="table" {...props} />;
const Header = (props: ComponentProps<typeof ChakraTable.Header>): ReactElement => <ChakraTable.Header role="rowgroup" {...props} />;
const Body = (props: ComponentProps<typeof ChakraTable.Body>): ReactElement => <ChakraTable.Body role="rowgroup" {...props} />;
const Footer = (props: ComponentProps<typeof ChakraTable.Footer>): ReactElement => <ChakraTable.Footer role="rowgroup" {...props} />;
const Row = (props: TableRowProps): ReactElement => <ChakraTable.Row role="row" {...props} />;
const ColumnHeader = (props: TableColumnHeaderProps): ReactElement => (
  <ChakraTable.ColumnHeader role={props.scope === 'row' ? 'rowheader' : 'columnheader'} {...props} />
);
const Cell = (props: TableCellProps): ReactElement => <ChakraTable.Cell role="cell" {...props} />;

export const Table = {
  ScrollArea,
  Root,
  Header,
  Body,
  Footer,
  Row,
  ColumnHeader,
  Cell,
  Caption: ChakraTable.Caption,
  ColumnGroup: ChakraTable.ColumnGroup,
  Column: ChakraTable.Column,
};
