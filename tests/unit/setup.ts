// The components project's setup (vitest.config.ts): Testing Library's matchers, and each test's
// drawing unmounted after it.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());
