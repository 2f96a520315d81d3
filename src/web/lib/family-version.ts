import { familyVersionHeader } from "../../contract/live-updates";

/**
 * The family's data version the reads answered at (their `x-family-version` header,
 * server/http/family-version.ts). The event stream opens after the first paint; its `ready`
 * names the version it saw once listening, and a screen whose oldest read is older than that
 * missed a change committed in between (api/live-updates, docs/decisions/009-live-updates-over-sse.md).
 * Versions of two families never mix for long: a family change restarts the stream, and a
 * version lower than the stream's only ever costs a refetch.
 */
type Listener = (version: number) => void;

export type ReadVersions = {
  /** The lowest version any read answered at since the page loaded; undefined before any. */
  oldest(): number | undefined;
  /** Calls `listener` with each read's version from now on; returns the unsubscribe. */
  onRead(listener: Listener): () => void;
};

export function createReadVersions(): ReadVersions & { note(response: Response): void } {
  let oldest: number | undefined;
  const listeners = new Set<Listener>();
  return {
    note(response) {
      const version = Number(response.headers.get(familyVersionHeader) ?? Number.NaN);
      if (!Number.isSafeInteger(version)) return;
      if (oldest === undefined || version < oldest) oldest = version;
      for (const listener of listeners) listener(version);
    },
    oldest: () => oldest,
    onRead(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The app's one record, fed by lib/api-client.ts's reads. */
export const readVersions = createReadVersions();
