import { Text } from '@chakra-ui/react';
import type { ReportColumn } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { formatCents } from '../../libs/format';
import { Table } from '../ui/responsive-table';

/** A cell as the table shows it: money as `$1,234.56`, counts with a thousands comma, nothing as `--`. */
export const shownCell = <Row,>(column: ReportColumn<Row>, row: Row): string => {
  const value = column.value(row);
  if (value === null) return '--';
  if (typeof value === 'string') return value;
  return column.kind === 'cents' ? formatCents(value) : value.toLocaleString('en-US');
};

interface ReportTableViewProps<Row> {
  caption: string;
  columns: ReadonlyArray<ReportColumn<Row>>;
  rows: readonly Row[];
  /** All rows' figures, shown as the table's last line, named by `totalName` in the first column. */
  total?: { row: Row; name: string };
}

/** The chart's numbers as a real table: its first column names the row, the rest are right-aligned figures. */
export const ReportTableView = <Row,>({ caption, columns, rows, total }: ReportTableViewProps<Row>): ReactElement => {
  const [first, ...figures] = columns;
  if (!first) return <Text>No columns</Text>;
  return (
    // A long table scrolls in its frame: the frame takes the keyboard's focus so it can be scrolled without a mouse.
    <Table.ScrollArea borderWidth="1px" borderRadius="md" maxH="96" tabIndex={0} role="region" aria-label={`${caption} (table)`}>
      <Table.Root size="sm" stickyHeader>
        {/* Named for screen readers; sighted readers see the card's heading right above. */}
        <Table.Caption srOnly>
          {caption}
        </Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader scope="col">{first.header}</Table.ColumnHeader>
            {figures.map((column) => (
              // Headings wrap, so a table of many figures stays a table down to a laptop's width.
              <Table.ColumnHeader key={column.key} scope="col" textAlign="end" whiteSpace="normal" verticalAlign="bottom">
                {column.header}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row, index) => (
            // Two rows may name the same thing (two customers of one name): the position keeps their keys apart.
            <Table.Row key={`${index}:${String(first.value(row))}`}>
              <Table.ColumnHeader scope="row" fontWeight="normal">
                {shownCell(first, row)}
              </Table.ColumnHeader>
              {figures.map((column) => (
                <Table.Cell key={column.key} textAlign="end" fontVariantNumeric="tabular-nums" data-column={column.key}>
                  {shownCell(column, row)}
                </Table.Cell>
              ))}
            </Table.Row>
          ))}
        </Table.Body>
        {total && (
          <Table.Footer>
            <Table.Row fontWeight="semibold">
              <Table.ColumnHeader scope="row">{total.name}</Table.ColumnHeader>
              {figures.map((column) => (
                <Table.Cell key={column.key} textAlign="end" fontVariantNumeric="tabular-nums" data-column={column.key}>
                  {shownCell(column, total.row)}
                </Table.Cell>
              ))}
            </Table.Row>
          </Table.Footer>
        )}
      </Table.Root>
    </Table.ScrollArea>
  );
};
