/**
 * A cache keyed by what clients send (a Host header, an Accept-Encoding): the request checks
 * remember good hosts in one, the answers their negotiated encodings in another.
 */

/** A small cache: a client cannot grow it without bound. */
export class BoundedCache<V> {
  private map = new Map<string, V>();
  private readonly limit: number;
  constructor(limit = 200) {
    this.limit = limit;
  }
  get(key: string) {
    return this.map.get(key);
  }
  has(key: string) {
    return this.map.has(key);
  }
  set(key: string, value: V) {
    if (this.map.size >= this.limit) this.map.clear();
    this.map.set(key, value);
    return this;
  }
}
