import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy…/waitFor: the 2-core machine runs other suites at the same time; 1 s (the default) is too
// tight for a first render with a real HTTP round trip, and under load (7–10 on 2 cores) so was
// 5 s. A limit for a hung wait only, below the project's testTimeout (vitest.config.mts) so the
// failure names what was awaited.
configure({ asyncUtilTimeout: 20_000 });

// jsdom has no scrolling; React Router's <ScrollRestoration> calls it on every navigation.
window.scrollTo = () => undefined;

afterEach(() => cleanup());
