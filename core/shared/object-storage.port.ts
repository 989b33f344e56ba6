import type { TeamId } from './ids';

/** The bucket holding custom app icons (spec 3). */
export const APP_ICON_BUCKET = 'app-icon-images';

export interface StoredObject {
  readonly key: string;
  readonly contentType: string;
  readonly data: Uint8Array;
  readonly updatedAt: Date;
}

/**
 * Files kept for a workspace in one bucket (an instance is bound to its bucket). Keys are
 * relative paths of letters, digits, '.', '-', '_' and '/', without '..'. Every call is scoped
 * by the team id: another workspace's object under the same key is invisible.
 */
export interface ObjectStorage {
  readonly bucket: string;
  /** Stores or replaces the object. */
  put(teamId: TeamId, object: StoredObject): Promise<void>;
  get(teamId: TeamId, key: string): Promise<StoredObject | null>;
  /** true when something was deleted. */
  delete(teamId: TeamId, key: string): Promise<boolean>;
}

const KEY_PATTERN = /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/;

/** Throws on a key that could escape its folder or is not portable. */
export function assertValidObjectKey(key: string): void {
  if (key.length === 0 || key.length > 512 || !KEY_PATTERN.test(key) || key.split('/').some((part) => part === '.' || part === '..')) {
    throw new Error(`Invalid object key: ${JSON.stringify(key)}`);
  }
}
