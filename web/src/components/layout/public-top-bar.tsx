import { Button, Flex, HStack, IconButton, Link, Menu, Portal } from '@chakra-ui/react';
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useAuthStore } from '../../stores/auth.store';
import { ColorModeToggle } from '../ui/color-mode-toggle';
import { MenuIcon } from '../ui/icons';
import { LogoMark } from '../ui/logo';

/** Landing-page sections the top bar scrolls to (the ids are set on the sections themselves). */
export const landingSections = [
  { id: 'how-it-works', label: 'How It Works' },
  { id: 'pricing', label: 'Pricing' },
  { id: 'faq', label: 'FAQ' },
] as const;

const scrollToSection = (id: string): void => {
  const target = document.getElementById(id);
  if (!target) return;
  target.scrollIntoView({ block: 'start' });
  target.focus({ preventScroll: true });
  history.replaceState(null, '', `#${id}`);
};

/** A signed-in visitor is offered the way back into the app; anyone else, Login and Register. */
const AccountButtons = (): ReactElement => {
  const signedIn = useAuthStore((state) => state.token !== null && state.user !== null);
  if (signedIn) {
    return (
      <Button asChild size="sm">
        <RouterLink to="/main/dashboard">Go to dashboard</RouterLink>
      </Button>
    );
  }
  return (
    <>
      <Button asChild variant="ghost" colorPalette="gray" size="sm">
        <RouterLink to="/login">Login</RouterLink>
      </Button>
      <Button asChild size="sm">
        <RouterLink to="/register">Register</RouterLink>
      </Button>
    </>
  );
};

/** The phone's list of page sections (the prerendered landing page renders it open, docs/decisions/021). */
export const SectionMenuContent = (): ReactElement => (
  <Menu.Positioner>
    <Menu.Content>
      {landingSections.map((section) => (
        <Menu.Item key={section.id} value={section.id}>
          {section.label}
        </Menu.Item>
      ))}
    </Menu.Content>
  </Menu.Positioner>
);

export const PublicTopBar = ({ showSections = false }: { showSections?: boolean }): ReactElement => (
  <Flex
    as="header"
    position="sticky"
    top="0"
    zIndex="sticky"
    h="16"
    px={{ base: '3', md: '6' }}
    align="center"
    gap="2"
    bg="bg/90"
    backdropFilter="saturate(180%) blur(8px)"
    borderBottomWidth="1px"
  >
    <Link asChild aria-label="Home" rounded="md">
      <RouterLink to="/">
        <LogoMark />
      </RouterLink>
    </Link>

    {showSections && (
      <HStack as="nav" aria-label="Page sections" gap="1" ms="4" display={{ base: 'none', md: 'flex' }}>
        {landingSections.map((section) => (
          <Button key={section.id} asChild variant="ghost" colorPalette="gray" size="sm">
            <a
              href={`#${section.id}`}
              onClick={(event) => {
                event.preventDefault();
                scrollToSection(section.id);
              }}
            >
              {section.label}
            </a>
          </Button>
        ))}
      </HStack>
    )}

    <HStack gap="1" ms="auto">
      {showSections && (
        <Menu.Root onSelect={(details) => scrollToSection(details.value)}>
          <Menu.Trigger asChild>
            <IconButton aria-label="Page sections" variant="ghost" colorPalette="gray" size="sm" display={{ base: 'inline-flex', md: 'none' }}>
              <MenuIcon />
            </IconButton>
          </Menu.Trigger>
          <Portal>
            <SectionMenuContent />
          </Portal>
        </Menu.Root>
      )}
      <ColorModeToggle />
      <AccountButtons />
    </HStack>
  </Flex>
);
