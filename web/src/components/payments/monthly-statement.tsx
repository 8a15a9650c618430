import { Button, Flex } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState, type ReactElement } from 'react';
import { downloadErrorMessage } from '../../libs/download-file';
import { downloadStatement, monthLabel, statementMonths } from '../../services/payments/download-statement';
import { SelectField } from '../ui/select-field';
import { notify } from '../ui/toaster';

interface MonthlyStatementPickerProps {
  userId: string;
  /** When the account was opened: the first month offered. */
  registeredAt: string | null | undefined;
  size?: 'sm' | 'md';
}

/** A month (UTC) and "Download PDF": the customer's monthly statement from the ledger (decision 094). */
export const MonthlyStatementPicker = ({ userId, registeredAt, size = 'md' }: MonthlyStatementPickerProps): ReactElement => {
  const months = statementMonths(registeredAt);
  const [month, setMonth] = useState(months[0] ?? '');
  const download = useMutation({
    mutationFn: (chosen: string) => downloadStatement(userId, chosen),
    onSuccess: (fileName) => notify.success(`${fileName} downloaded.`),
    onError: (error) => notify.error(downloadErrorMessage(error)),
  });
  return (
    <Flex gap="3" align="flex-end" wrap="wrap">
      <Flex minW="12rem" flex="0 1 16rem">
        <SelectField label="Month (UTC)" value={month} onChange={setMonth} size={size}>
          {months.map((m) => (
            <option key={m} value={m}>
              {monthLabel(m)}
            </option>
          ))}
        </SelectField>
      </Flex>
      <Button size={size} colorPalette="brand" loading={download.isPending} loadingText="Preparing PDF..." disabled={!month} onClick={() => download.mutate(month)}>
        Download PDF
      </Button>
    </Flex>
  );
};
