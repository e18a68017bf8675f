import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// jsdom has no scrolling; React Router's <ScrollRestoration> calls it on every navigation.
window.scrollTo = () => undefined;

afterEach(() => cleanup());
