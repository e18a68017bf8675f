import { z } from 'zod';

// The Content-Security-Policy allows no eval (common/security-headers.ts in the API), so zod's
// compiled parsers (new Function) are off. Its own module, imported first by entry-client: zod
// decides (and probes eval, which the policy reports) when a schema is created, at import time.
z.config({ jitless: true });
