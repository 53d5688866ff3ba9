import { config } from '@keystatic/core';
export default config({ storage: { kind: 'local' }, singletons: {} });
