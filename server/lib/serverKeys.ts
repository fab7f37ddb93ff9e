import type { Queryable } from '../db/database';
import { ensureServerKey, findServerKey } from './queries/serverKeys';

/**
 * Keys the server makes for itself once and every instance shares (migration 0011,
 * `server_keys`): the first instance to need one writes it, and every other instance, now or
 * after a restart, reads that same one. Each process keeps what it read.
 */
export class ServerKeys {
  private readonly loaded = new Map<string, Promise<string>>();

  constructor(private readonly db: Queryable) {}

  /** The key called `name`; `make` creates its material if no instance has yet. */
  get(name: string, make: () => string): Promise<string> {
    let key = this.loaded.get(name);
    if (!key) {
      key = this.load(name, make);
      // A failed read (database down) is tried again by the next caller.
      key.catch(() => this.loaded.delete(name));
      this.loaded.set(name, key);
    }
    return key;
  }

  /**
   * As `get`, for material that takes a while to make (a throwaway certificate): it is made only
   * when no instance has written it yet.
   */
  getOrMake(name: string, make: () => Promise<string>): Promise<string> {
    let key = this.loaded.get(name);
    if (!key) {
      key = findServerKey(this.db, name).then(
        async (found) => found ?? ensureServerKey(this.db, name, await make()),
      );
      key.catch(() => this.loaded.delete(name));
      this.loaded.set(name, key);
    }
    return key;
  }

  private load(name: string, make: () => string): Promise<string> {
    return ensureServerKey(this.db, name, make());
  }
}
