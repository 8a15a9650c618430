import { Button } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import type { ReactElement } from 'react';
import { PlusIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { notify, SHORT_TOAST_MS } from '../../../components/ui/toaster';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { usePackagePresets } from '../../../services/package-presets/list-package-presets';
import { useAuthStore } from '../../../stores/auth.store';
import { AddPackageDialog } from './add-package-dialog';
import { PackageList } from './package-list';

const PackageManagement = ({ userId }: { userId: string }): ReactElement => {
  const presets = usePackagePresets(userId);
  const [adding, setAdding] = useState(false);

  useEffect(() => {
    if (presets.isError) notify.error('Could not load your packages', { durationMs: SHORT_TOAST_MS });
  }, [presets.isError]);

  return (
    <>
      <PageHeader
        title="Packages"
        description="The boxes and mailers you ship in: pick one on Order Label to fill in its size and add its empty weight to the parcel's."
        actions={
          <Button size="sm" onClick={() => setAdding(true)}>
            <PlusIcon />
            Add package
          </Button>
        }
      />
      <PackageList userId={userId} presets={presets} onAdd={() => setAdding(true)} />
      <AddPackageDialog userId={userId} open={adding} onClose={() => setAdding(false)} />
    </>
  );
};

export const PackagesPage = (): ReactElement | null => {
  useDocumentTitle('Packages');
  const user = useAuthStore((state) => state.user);
  return user ? <PackageManagement key={user._id} userId={user._id} /> : null;
};
