import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { installDomShims } from './dom-shims';

installDomShims();
// A screen is waited for until it appears or the test's own timeout ends: on a busy machine the
// replica, the fake server and Mantine's transitions can take longer than the library's 1 s default.
configure({ asyncUtilTimeout: 10_000 });
afterEach(() => cleanup());
