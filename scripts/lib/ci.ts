/**
 * Whether this runs under CI (`CI=true`, as GitHub Actions sets it). There every program a test
 * needs is installed, so a missing one fails the run instead of skipping its tests.
 */
export const onCi = (): boolean => ['true', '1'].includes(process.env['CI'] ?? '');
