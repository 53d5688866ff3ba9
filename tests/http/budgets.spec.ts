/**
 * Byte budgets of the default build (dist/), as the test server sends it. The same budgets hold
 * the production-like build in tests/http/production-like.spec.ts.
 */
import { budgetTests } from './budget-checks.ts';
import { DIST } from './page-weight.ts';

budgetTests({ name: 'default build', root: () => DIST, origin: () => '' });
