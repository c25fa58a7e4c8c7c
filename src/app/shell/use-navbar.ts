import { useDisclosure, useLocalStorage, useMediaQuery } from '@mantine/hooks';

/** Where the side navigation's open state is remembered on this device, on wide screens. */
export const NAVBAR_OPEN_KEY = 'carequeue.navbar-open';

/** Where it is remembered for portrait-tablet widths, apart: there it starts closed. */
export const NAVBAR_OPEN_TABLET_KEY = 'carequeue.navbar-open.tablet';

/** Below this width (768 px) the navigation folds away and closes after a link is followed. */
export const SMALL_SCREEN_QUERY = '(max-width: 47.99em)';

/**
 * From 768 px up to this width (992 px, a portrait tablet) the navigation sits beside the page but
 * starts closed, so lists and the task page get the whole width until the user opens it.
 */
export const TABLET_QUERY = '(min-width: 48em) and (max-width: 61.99em)';

export interface NavbarState {
  /** Open on wide screens (remembered). */
  desktopOpen: boolean;
  /** Open on small screens (starts closed). */
  mobileOpen: boolean;
  /** Whether the navigation of the current width is open: what the toggle announces. */
  open: boolean;
  /** The logo button: opens or closes the navigation for the current width. */
  toggle(): void;
  /** After a link was followed: closes the navigation on small screens. */
  linkFollowed(): void;
}

/**
 * The side navigation's open state: on wide screens remembered on the device (local storage, open
 * at first), on a portrait tablet remembered apart (closed at first), on small screens closed at
 * first and after every link.
 */
export function useNavbar(): NavbarState {
  const [wideOpen, setWideOpen] = useLocalStorage<boolean>({
    key: NAVBAR_OPEN_KEY,
    defaultValue: true,
    getInitialValueInEffect: false,
  });
  const [tabletOpen, setTabletOpen] = useLocalStorage<boolean>({
    key: NAVBAR_OPEN_TABLET_KEY,
    defaultValue: false,
    getInitialValueInEffect: false,
  });
  const [mobileOpen, mobile] = useDisclosure(false);
  const options = { getInitialValueInEffect: false };
  const small = useMediaQuery(SMALL_SCREEN_QUERY, false, options) ?? false;
  const tablet = useMediaQuery(TABLET_QUERY, false, options) ?? false;
  const desktopOpen = tablet ? tabletOpen : wideOpen;
  const setDesktopOpen = tablet ? setTabletOpen : setWideOpen;
  return {
    desktopOpen,
    mobileOpen,
    open: small ? mobileOpen : desktopOpen,
    toggle: () => (small ? mobile.toggle() : setDesktopOpen((open) => !open)),
    linkFollowed: () => {
      if (small) mobile.close();
    },
  };
}
