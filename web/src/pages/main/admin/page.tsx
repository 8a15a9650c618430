import { Button, Card, Text } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ArrowRightIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { useDocumentTitle } from '../../../hooks/use-document-title';

/** Spec 2: the customer area's Admin Panel entry opens this page, which leads to the admin area. */
export const AdminPanelPage = (): ReactElement => {
  useDocumentTitle('Admin Panel');
  return (
    <>
      <PageHeader title="Admin Panel" description="Run the business: users, prices, services, referrals, orders and the audit log." />
      <Card.Root maxW="xl">
        <Card.Body gap="4">
          <Text color="fg.muted">The admin area opens in its own layout. Its sidebar has a link back to your customer dashboard.</Text>
          <Button asChild alignSelf="flex-start">
            <RouterLink to="/admin/dashboard">
              Open the Admin Panel
              <ArrowRightIcon />
            </RouterLink>
          </Button>
        </Card.Body>
      </Card.Root>
    </>
  );
};
