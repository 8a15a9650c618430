import type { LabelFormat, SavedAddress } from '@labeldesk/contracts';
import { useState } from 'react';
import { useLabelSettings } from '../../../services/label-settings/label-settings';
import { useAuthStore } from '../../../stores/auth.store';
import type { BulkSettingsProps } from './bulk-settings';
import { notifyOnce } from './bulk-toasts';
import type { ServiceScope } from './use-bulk-rows';

/** The batch choices this hook owns: everything in the settings card but the lists it picks from. */
export type BulkChoices = Pick<
  BulkSettingsProps,
  'serviceName' | 'onServiceChange' | 'onApplyToAll' | 'senderId' | 'onSenderChange' | 'labelFormat' | 'onLabelFormatChange' | 'sortBySku' | 'onSortBySkuChange'
>;

/**
 * The choices that apply to the whole batch. Picking a service fills the rows without one; 'Apply to all' puts it
 * on every row. Spec 9: the first saved address is the sender unless the user picks another; the label format follows
 * the user's label size (Letter: 2 a sheet) unless they pick another.
 */
export const useBulkChoices = (addresses: readonly SavedAddress[] | undefined, applyService: (name: string, scope: ServiceScope) => number): BulkChoices => {
  const [serviceName, setServiceName] = useState('');
  const [pickedSenderId, setSenderId] = useState('');
  const [pickedFormat, setLabelFormat] = useState<LabelFormat | null>(null);
  const [sortBySku, setSortBySku] = useState(false);

  const senderId = addresses?.some((address) => address._id === pickedSenderId) ? pickedSenderId : (addresses?.[0]?._id ?? '');
  // Decision 096: a seller whose label size is Letter starts a batch on Letter, two labels a sheet, until they pick.
  const userId = useAuthStore((state) => state.user?._id ?? '');
  const labelSize = useLabelSettings(userId).data?.labelSize;
  const labelFormat = pickedFormat ?? (labelSize === 'letter' ? 'letter_2up' : '4x6');

  const onServiceChange = (name: string) => {
    setServiceName(name);
    if (name !== '') applyService(name, 'missing');
  };

  const onApplyToAll = () => {
    const changed = applyService(serviceName, 'all');
    if (changed > 0) notifyOnce('bulk-row-updated', 'success', 'Row updated successfully!', `${changed.toLocaleString('en-US')} row(s) now use ${serviceName}.`);
  };

  return {
    serviceName,
    onServiceChange,
    onApplyToAll,
    senderId,
    onSenderChange: setSenderId,
    labelFormat,
    onLabelFormatChange: setLabelFormat,
    sortBySku,
    onSortBySkuChange: setSortBySku,
  };
};
