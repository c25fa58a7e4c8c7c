import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { installDomShims } from './dom-shims';

installDomShims();
afterEach(() => cleanup());
