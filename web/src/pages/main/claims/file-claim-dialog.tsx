import { Field, Text, Textarea } from '@chakra-ui/react';
import { CLAIM_TYPES, claimTypeSchema, type ClaimType, type InsuredLabel } from '@labeldesk/contracts';
import { useState, type ReactElement } from 'react';
import { FormDialog } from '../../../components/ui/form-dialog';
import { FormField } from '../../../components/ui/form-field';
import { SelectField } from '../../../components/ui/select-field';
import { notify } from '../../../components/ui/toaster';
import { dollarInputToCents, formatCents } from '../../../libs/format';
import { errorMessage } from '../../../libs/http-client';
import { useFileClaim } from '../../../services/claims/claims';

const TYPE_NAMES: Readonly<Record<ClaimType, string>> = { lost: 'Lost: it never arrived', damaged: 'Damaged: it arrived broken' };

/** Files a claim on one insured label: what happened, how much (at most the insured value), and in the seller's words. */
export const FileClaimDialog = ({ label, onClose }: { label: InsuredLabel | null; onClose: () => void }): ReactElement => {
  const file = useFileClaim();
  const [type, setType] = useState<ClaimType>('damaged');
  const [amount, setAmount] = useState('');
  const [description, setDescription] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const close = () => {
    setAmount('');
    setDescription('');
    setProblem(null);
    file.reset();
    onClose();
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!label) return;
    const amountCents = dollarInputToCents(amount);
    if (amountCents === null || amountCents < 1) return setProblem('Enter the amount to claim in dollars, for example 120.00');
    setProblem(null);
    file.mutate(
      { orderId: label.orderId, body: { type, amount_cents: amountCents, description } },
      {
        onSuccess: () => {
          notify.success(`Claim filed for ${formatCents(amountCents)}: its state is under Your claims.`);
          close();
        },
      },
    );
  };

  return (
    <FormDialog
      title={label ? `File a claim on label ${label.trackingNumber}` : 'File a claim'}
      open={label !== null}
      onClose={close}
      onSubmit={onSubmit}
      submitting={file.isPending}
      submitLabel="File claim"
      submittingLabel="Filing claim"
      error={file.isError ? errorMessage(file.error, 'The claim could not be filed. Try again.') : null}
      formId="file-claim-form"
    >
      {label && <Text fontSize="sm">Insured for {formatCents(label.insuredValueCents)}: a claim can ask up to that.</Text>}
      <SelectField label="What happened" name="type" value={type} onChange={(value) => setType(claimTypeSchema.catch('damaged').parse(value))}>
        {CLAIM_TYPES.map((option) => (
          <option key={option} value={option}>
            {TYPE_NAMES[option]}
          </option>
        ))}
      </SelectField>
      <FormField
        label="Amount to claim (USD)"
        name="amount"
        inputMode="decimal"
        required
        value={amount}
        onChange={(event) => setAmount(event.target.value)}
        state={{ invalid: problem !== null, message: problem ?? undefined }}
      />
      <Field.Root required>
        <Field.Label>
          What happened, in your words
          <Field.RequiredIndicator />
        </Field.Label>
        <Textarea name="description" rows={4} value={description} onChange={(event) => setDescription(event.target.value)} />
        <Field.HelperText>At least 10 characters: what was inside, what arrived (or did not), when.</Field.HelperText>
      </Field.Root>
    </FormDialog>
  );
};
