import { Button, Stack, Text } from '@chakra-ui/react';
import { SIGNATURE_NAMES, type Claim, type ClaimState, type InsuredLabel } from '@labeldesk/contracts';
import { useState, type ReactElement } from 'react';
import { PageHeader } from '../../../components/ui/page-header';
import { TitledSection } from '../../../components/ui/titled-section';
import { Table } from '../../../components/ui/responsive-table';
import { StatusBadge } from '../../../components/ui/status-badge';
import { TableEmpty, TableError, TableSkeleton } from '../../../components/ui/table-states';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { formatCents, formatDateTime } from '../../../libs/format';
import type { StatusTone } from '../../../theme/system';
import { useClaims, useInsuredLabels } from '../../../services/claims/claims';
import { TestClaimBadge, TestLabelBadge } from '../../../components/ui/test-mode-badge';
import { useListMode } from '../../../stores/ui.store';
import { FileClaimDialog } from './file-claim-dialog';

const STATE_TONES: Readonly<Record<ClaimState, StatusTone>> = { submitted: 'pending', approved: 'processing', rejected: 'failed', paid: 'completed' };
const STATE_NAMES: Readonly<Record<ClaimState, string>> = { submitted: 'Submitted', approved: 'Approved', rejected: 'Rejected', paid: 'Paid' };

const InsuredLabelsTable = ({ labels, claims, onFile, test }: { labels: readonly InsuredLabel[]; claims: readonly Claim[]; onFile: (label: InsuredLabel) => void; test: boolean }): ReactElement => (
  <Table.ScrollArea borderWidth="1px" rounded="md">
    <Table.Root size="sm" aria-label="Insured labels">
      <Table.Header>
        <Table.Row bg="bg.subtle">
          <Table.ColumnHeader>Bought</Table.ColumnHeader>
          <Table.ColumnHeader>Tracking number</Table.ColumnHeader>
          <Table.ColumnHeader>To</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Insured for</Table.ColumnHeader>
          <Table.ColumnHeader>Signature</Table.ColumnHeader>
          <Table.ColumnHeader>Claim</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {labels.map((label) => {
          const claim = claims.find((c) => c.id === label.claimId);
          return (
            <Table.Row key={label.orderId} data-testid="insured-label-row" data-tracking={label.trackingNumber}>
              <Table.Cell whiteSpace="nowrap">{formatDateTime(label.purchasedAt)}</Table.Cell>
              <Table.Cell fontFamily="mono">
                {label.trackingNumber}
                {test && <TestLabelBadge ms="1.5" />}
              </Table.Cell>
              <Table.Cell>
                {label.receiverName}
                <Text textStyle="xs" color="fg.muted">
                  {label.serviceName}
                </Text>
              </Table.Cell>
              <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                {formatCents(label.insuredValueCents)}
              </Table.Cell>
              <Table.Cell>{SIGNATURE_NAMES[label.signature]}</Table.Cell>
              <Table.Cell>
                {claim ? (
                  <StatusBadge tone={STATE_TONES[claim.state]}>{STATE_NAMES[claim.state]}</StatusBadge>
                ) : (
                  <Button size="xs" variant="outline" onClick={() => onFile(label)} aria-label={`File a claim on label ${label.trackingNumber}`}>
                    File a claim
                  </Button>
                )}
              </Table.Cell>
            </Table.Row>
          );
        })}
      </Table.Body>
    </Table.Root>
  </Table.ScrollArea>
);

const ClaimsTable = ({ claims, test }: { claims: readonly Claim[]; test: boolean }): ReactElement => (
  <Table.ScrollArea borderWidth="1px" rounded="md">
    <Table.Root size="sm" aria-label="Your claims">
      <Table.Header>
        <Table.Row bg="bg.subtle">
          <Table.ColumnHeader>Filed</Table.ColumnHeader>
          <Table.ColumnHeader>Label</Table.ColumnHeader>
          <Table.ColumnHeader>Type</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Claimed</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Paid</Table.ColumnHeader>
          <Table.ColumnHeader>State</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {claims.map((claim) => (
          <Table.Row key={claim.id} data-testid="claim-row" data-state={claim.state} data-mode={test ? 'test' : 'live'}>
            <Table.Cell whiteSpace="nowrap">{formatDateTime(claim.createdAt)}</Table.Cell>
            <Table.Cell fontFamily="mono">
              {claim.trackingNumber}
              {test && <TestClaimBadge ms="1.5" />}
            </Table.Cell>
            <Table.Cell>{claim.type === 'lost' ? 'Lost' : 'Damaged'}</Table.Cell>
            <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
              {formatCents(claim.amountCents)}
            </Table.Cell>
            <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
              {claim.state === 'paid' && claim.approvedCents !== null ? formatCents(claim.approvedCents) : '--'}
            </Table.Cell>
            <Table.Cell minW="40">
              <StatusBadge tone={STATE_TONES[claim.state]}>{STATE_NAMES[claim.state]}</StatusBadge>
              {claim.reason && (
                <Text textStyle="xs" color="fg.muted" mt="1">
                  {claim.reason}
                </Text>
              )}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  </Table.ScrollArea>
);


/**
 * Claims (decision 102): the seller's insured labels, each with "File a claim" until it has one, and their claims with
 * where each stands (submitted, approved, rejected with the reason, paid to the balance). With the Test mode switch on,
 * the test labels and their claims instead, each badged Test (decision 127).
 */
export const ClaimsPage = (): ReactElement => {
  useDocumentTitle('Claims');
  const mode = useListMode();
  const test = mode === 'test';
  const labels = useInsuredLabels(mode);
  const claims = useClaims(mode);
  const [filing, setFiling] = useState<InsuredLabel | null>(null);
  const claimList = claims.data ?? [];

  return (
    <Stack gap="4">
      <PageHeader title="Claims" description="File a claim for an insured parcel that was lost or arrived damaged; an approved claim is paid to your balance." />
      <TitledSection id="insured-labels-heading" title="Insured labels">
        {labels.isPending ? (
          <TableSkeleton rows={3} label="Loading insured labels" />
        ) : labels.isError ? (
          <TableError title="Insured labels could not be loaded" onRetry={() => void labels.refetch()} retrying={labels.isFetching} />
        ) : labels.data.length === 0 ? (
          test ? (
            <TableEmpty title="No insured test labels" description="Test labels bought with insurance through the API with a test key (ld_test_…) show here, ready for a test claim." />
          ) : (
            <TableEmpty title="No insured labels" description="Insure a parcel on Order Label: its label shows here, ready for a claim." />
          )
        ) : (
          <InsuredLabelsTable labels={labels.data} claims={claimList} onFile={setFiling} test={test} />
        )}
      </TitledSection>
      <TitledSection id="claims-heading" title="Your claims">
        {claims.isPending ? (
          <TableSkeleton rows={3} label="Loading claims" />
        ) : claims.isError ? (
          <TableError title="Claims could not be loaded" onRetry={() => void claims.refetch()} retrying={claims.isFetching} />
        ) : claimList.length === 0 ? (
          <TableEmpty title={test ? 'No test claims' : 'No claims'} description={test ? 'A claim on a test label shows here: the sandbox decides it and pays it to the test balance.' : 'A claim you file shows here with its state until it is paid.'} />
        ) : (
          <ClaimsTable claims={claimList} test={test} />
        )}
      </TitledSection>
      <FileClaimDialog label={filing} onClose={() => setFiling(null)} />
    </Stack>
  );
};
