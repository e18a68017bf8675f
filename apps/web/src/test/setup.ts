import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// findBy…/waitFor: the 2-core machine runs other suites at the same time; 1 s (the default) is too
// tight for a first render with a real HTTP round trip.
configure({ asyncUtilTimeout: 5000 });

// jsdom has no scrolling; React Router's <ScrollRestoration> calls it on every navigation.
window.scrollTo = () => undefined;

afterEach(() => cleanup());
