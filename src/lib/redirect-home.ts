/** Replaces the current history entry with `/` (keeping the query, so UTM parameters survive). */
export function redirectHome(location: Pick<Location, 'replace' | 'search' | 'hash'>): void {
  location.replace(`/${location.search}${location.hash}`);
}
