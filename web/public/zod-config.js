// The CSP allows no eval, so zod must not even probe for it (the probe is itself reported as a violation). zod reads
// this object when it loads; objects decide at definition, so it is set before any module runs (index.html).
globalThis.__zod_globalConfig = { jitless: true };
