import { useDisclosure, useLocalStorage, useMediaQuery } from '@mantine/hooks';

/** Where the side navigation's open state is remembered on this device. */
export const NAVBAR_OPEN_KEY = 'carequeue.navbar-open';

/** Below this width (768 px) the navigation folds away and closes after a link is followed. */
export const SMALL_SCREEN_QUERY = '(max-width: 47.99em)';

export interface NavbarState {
  /** Open on wide screens (remembered). */
  desktopOpen: boolean;
  /** Open on small screens (starts closed). */
  mobileOpen: boolean;
  /** The logo button: opens or closes the navigation for the current width. */
  toggle(): void;
  /** After a link was followed: closes the navigation on small screens. */
  linkFollowed(): void;
}

/**
 * The side navigation's open state: on wide screens remembered on the device (local storage), on
 * small ones closed at first and after every link.
 */
export function useNavbar(): NavbarState {
  const [desktopOpen, setDesktopOpen] = useLocalStorage<boolean>({
    key: NAVBAR_OPEN_KEY,
    defaultValue: true,
    getInitialValueInEffect: false,
  });
  const [mobileOpen, mobile] = useDisclosure(false);
  const small = useMediaQuery(SMALL_SCREEN_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  return {
    desktopOpen,
    mobileOpen,
    toggle: () => (small ? mobile.toggle() : setDesktopOpen((open) => !open)),
    linkFollowed: () => {
      if (small) mobile.close();
    },
  };
}
