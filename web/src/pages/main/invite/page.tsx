import { Box, Heading, SimpleGrid, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { GiftIcon, LinkIcon, UsersIcon } from '../../../components/ui/icons';
import { PageHeader } from '../../../components/ui/page-header';
import { Pagination } from '../../../components/ui/pagination';
import { TableEmpty, TableError, TableSkeleton } from '../../../components/ui/table-states';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { usePagedRows } from '../../../hooks/use-paged-rows';
import { errorMessage } from '../../../libs/http-client';
import { useReferralCode } from '../../../services/invites/get-referral-code';
import { INVITED_USERS_PAGE_SIZE, useInvitedUsers } from '../../../services/invites/list-invited-users';
import { useAuthStore } from '../../../stores/auth.store';
import { inviteLink } from './invite-link';
import { InvitedUsersTable } from './invited-users-table';
import { ReferralBonusNote } from './referral-bonus-note';
import { ShareBox } from './share-box';

/** Spec section 8: the server's error, else this. */
const LOAD_FALLBACK = 'An error occurred while loading the data';

const InviteContent = ({ userId }: { userId: string }): ReactElement => {
  const referral = useReferralCode(userId);
  const invited = useInvitedUsers(userId);
  const paged = usePagedRows(invited.data ?? [], INVITED_USERS_PAGE_SIZE);

  // Spec section 8: a load error replaces the page with a red message.
  if (referral.isError) {
    return (
      <TableError
        title="Failed to load referral code"
        description={errorMessage(referral.error, LOAD_FALLBACK)}
        onRetry={() => void referral.refetch()}
        retrying={referral.isFetching}
      />
    );
  }
  if (invited.isError) {
    return (
      <TableError
        title="Failed to load invited users"
        description={errorMessage(invited.error, LOAD_FALLBACK)}
        onRetry={() => void invited.refetch()}
        retrying={invited.isFetching}
      />
    );
  }

  const code = referral.data?.referralCode ?? '';
  const table = (): ReactElement => {
    if (invited.isPending) return <TableSkeleton rows={INVITED_USERS_PAGE_SIZE} label="Loading invited users" />;
    if (paged.total === 0) {
      return (
        <TableEmpty
          icon={<UsersIcon />}
          title="No invited users found"
          description="Share your invite link or referral code: everyone who signs up with it is listed here."
        />
      );
    }
    return (
      <>
        <InvitedUsersTable users={paged.pageRows} />
        <Pagination page={paged.page} pageCount={paged.pageCount} pageSize={paged.pageSize} total={paged.total} onPageChange={paged.setPage} itemLabel="invited users" />
      </>
    );
  };

  return (
    <Stack gap="6">
      <ReferralBonusNote />
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4" as="section" aria-label="Your invite link and referral code">
        {referral.isPending ? (
          <>
            <Skeleton height="32" rounded="md" />
            <Skeleton height="32" rounded="md" />
          </>
        ) : (
          <>
            <ShareBox
              label="Invite Link"
              hint="Send this link: the sign-up form opens with your code filled in."
              value={inviteLink(window.location.origin, code)}
              icon={<LinkIcon />}
            />
            <ShareBox label="Referral Code" hint="Or give this code; it can be typed at sign-up or right after." value={code} icon={<GiftIcon />} mono />
          </>
        )}
      </SimpleGrid>

      <Stack as="section" aria-labelledby="invited-users-heading" gap="3">
        <Box>
          <Heading as="h2" size="md" id="invited-users-heading">
            Invited Users
          </Heading>
          <Text color="fg.muted" textStyle="sm">
            Everyone who signed up with your code, newest first, with what they have deposited.
          </Text>
        </Box>
        {table()}
      </Stack>
    </Stack>
  );
};

/** Spec section 2, Invite: share the link or code, and see who signed up with it. */
export const InvitePage = (): ReactElement => {
  useDocumentTitle('Invites');
  const userId = useAuthStore((state) => state.user?._id);
  return (
    <>
      <PageHeader title="Invites" description="Invite other shippers with your link or code, and follow who joined." />
      {/* The shell renders pages only once a user is loaded. */}
      {userId && <InviteContent userId={userId} />}
    </>
  );
};
