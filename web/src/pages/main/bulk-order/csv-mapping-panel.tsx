import { Alert, Button, Card, Flex, Heading, SimpleGrid, Stack, Table, Text } from '@chakra-ui/react';
import { headerWords } from '@labeldesk/contracts';
import type { BulkTemplateColumn } from '@labeldesk/contracts';
import type { ReactElement } from 'react';
import { SelectField } from '../../../components/ui/select-field';
import { BULK_COLUMNS } from './bulk-columns';
import type { BulkColumn } from './bulk-columns';
import { columnNames } from './foreign-csv';
import type { MappingDefaults } from './foreign-csv';
import type { CsvMappingNote, CsvMappingStep } from './use-csv-mapping';

export interface CsvMappingPanelProps {
  step: CsvMappingStep | null;
  note: CsvMappingNote | null;
}

const GROUPS: { title: string; keys: (key: BulkTemplateColumn) => boolean }[] = [
  { title: 'Recipient', keys: (key) => key.startsWith('To') },
  { title: 'Order and item', keys: (key) => ['orderId', 'orderItemId', 'skuNumber', 'quantity', 'courier', 'ServiceName'].includes(key) },
  { title: 'Package', keys: (key) => key.startsWith('Package') },
  // A row's customs where its SKUs do not give them (decision 116).
  { title: 'Customs', keys: (key) => key === 'ContentsType' || key.startsWith('Customs') },
  // What the row's label is insured for (decision 122).
  { title: 'Insurance', keys: (key) => key === 'DeclaredValue' },
  { title: 'Sender', keys: (key) => key.startsWith('From') },
];

/** A select's value: the file columns, as JSON (a name can hold any character, a join holds several). */
const encode = (columns: readonly string[] | undefined): string => (columns && columns.length > 0 ? JSON.stringify(columns) : '');
const decode = (value: string): string[] | null => (value === '' ? null : (JSON.parse(value) as string[]));

/** First-name and last-name columns of the same party ('shipping_first_name' + 'shipping_last_name'), to join. */
const namePairs = (header: readonly string[]): string[][] => {
  const firsts = header.filter((name) => headerWords(name).includes('first'));
  return firsts.flatMap((first) => {
    const prefix = headerWords(first).filter((word) => word !== 'first' && word !== 'name').join(' ');
    const last = header.find((name) => headerWords(name).includes('last') && headerWords(name).filter((word) => word !== 'last' && word !== 'name').join(' ') === prefix);
    return last ? [[first, last]] : [];
  });
};

/** What an empty choice means for a column: the page fills some of them. */
const emptyLabel = (column: BulkColumn, defaults: MappingDefaults): string => {
  if (column.key.startsWith('From') && defaults.sender) return `Sender picked on the page (${defaults.sender.name})`;
  if (column.key === 'ServiceName' && defaults.serviceName !== '') return `Service picked on the page (${defaults.serviceName})`;
  if (['PackageLength', 'PackageWidth', 'PackageHeight', 'PackageWeight'].includes(column.key) && defaults.skus.length > 0) return 'From the SKU preset';
  return 'Not in this file';
};

const ColumnSelect = ({ column, step, joins }: { column: BulkColumn; step: CsvMappingStep; joins: string[][] }): ReactElement => {
  const current = step.mapping[column.key];
  const isName = column.key === 'ToRecipientName' || column.key === 'FromSenderName';
  const joined = [...(isName ? joins : []), ...(current && current.length > 1 && !joins.some((pair) => encode(pair) === encode(current)) ? [current] : [])];
  const label = column.unit ? `${column.header} (${column.unit})` : column.header;
  return (
    <SelectField size="sm" label={label} required={column.required ?? false} value={encode(current)} onChange={(value) => step.onChange(column.key, decode(value))} disabled={step.saving}>
      <option value="">{emptyLabel(column, step.defaults)}</option>
      {joined.map((columns) => (
        <option key={encode(columns)} value={encode(columns)}>
          {columns.join(' + ')}
        </option>
      ))}
      {step.header.map((name, index) =>
        name === '' ? null : (
          <option key={`${index}:${name}`} value={encode([name])}>
            {name}
          </option>
        ),
      )}
    </SelectField>
  );
};

/** The first rows as they would become table rows, with the columns that get a value. */
const Preview = ({ step }: { step: CsvMappingStep }): ReactElement => {
  // The recipient first: what the file gives is what to check; the page's sender comes last.
  const shown = GROUPS.flatMap((group) => BULK_COLUMNS.filter((column) => group.keys(column.key) && step.preview.some((row) => row.values[column.key] !== '')));
  return (
    <Stack gap="1">
      <Heading as="h3" size="sm" id="csv-mapping-preview-heading">
        Preview of the first {step.preview.length} row(s)
      </Heading>
      <Table.ScrollArea borderWidth="1px" rounded="md" tabIndex={0} aria-labelledby="csv-mapping-preview-heading" maxW="full">
        <Table.Root size="sm" data-testid="csv-mapping-preview">
          <Table.Header>
            <Table.Row>
              {shown.map((column) => (
                <Table.ColumnHeader key={column.key} whiteSpace="nowrap">
                  {column.header}
                </Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {step.preview.map((row, index) => (
              <Table.Row key={index}>
                {shown.map((column) => (
                  <Table.Cell key={column.key} whiteSpace="nowrap">
                    {row.values[column.key]}
                  </Table.Cell>
                ))}
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Stack>
  );
};

const Step = ({ step }: { step: CsvMappingStep }): ReactElement => {
  const joins = namePairs(step.header);
  return (
    <Card.Root as="section" variant="outline" size="sm" aria-labelledby="csv-mapping-heading" data-testid="csv-mapping-step">
      <Card.Header>
        <Heading as="h2" size="md" id="csv-mapping-heading">
          Match your file's columns
        </Heading>
        <Text textStyle="sm" color="fg.muted">
          <strong>{step.fileName}</strong> is not the Bulk Template. {step.saved ? 'Your saved choices are filled in' : 'Our guesses are filled in'}: check each of our columns, then continue. The
          choices are saved for the next file with the same columns.
        </Text>
      </Card.Header>
      <Card.Body>
        <Stack gap="5">
          {GROUPS.map((group) => (
            <Stack as="fieldset" key={group.title} gap="2">
              <Text as="legend" fontWeight="semibold" textStyle="sm" mb="2">
                {group.title}
              </Text>
              <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="3">
                {BULK_COLUMNS.filter((column) => group.keys(column.key)).map((column) => (
                  <ColumnSelect key={column.key} column={column} step={step} joins={joins} />
                ))}
              </SimpleGrid>
            </Stack>
          ))}
          <Preview step={step} />
          {step.missing.length > 0 ? (
            <Alert.Root status="warning" data-testid="csv-mapping-missing">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>Map these required columns: {columnNames(step.missing)}</Alert.Title>
                <Alert.Description>Columns not in the file can be filled in the table after you continue; its rows are marked until then.</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          ) : (
            <Text textStyle="sm" color="fg.muted">
              Every required column has a value.
            </Text>
          )}
          <Flex gap="2" justify="flex-end">
            <Button variant="ghost" colorPalette="gray" onClick={step.onCancel} disabled={step.saving}>
              Cancel
            </Button>
            <Button colorPalette="brand" onClick={step.onContinue} loading={step.saving} loadingText="Saving">
              Continue
            </Button>
          </Flex>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
};

/** Issue 24: the mapping step of a CSV that is not the Bulk Template, or the line saying how the loaded file was mapped. */
export const CsvMappingPanel = ({ step, note }: CsvMappingPanelProps): ReactElement | null => {
  if (step) return <Step step={step} />;
  if (!note) return null;
  return (
    <Flex align="center" gap="2" wrap="wrap" textStyle="sm" data-testid="csv-mapping-note">
      <Text color="fg.muted">
        {note.auto ? 'Columns mapped as last time' : 'Columns mapped'} for <strong>{note.fileName}</strong>.
      </Text>
      <Button variant="plain" size="sm" colorPalette="brand" textDecoration="underline" px="0" onClick={note.onChangeMapping}>
        Change column mapping
      </Button>
    </Flex>
  );
};

